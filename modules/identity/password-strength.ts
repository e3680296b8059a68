// Well-known and easily guessed passwords are refused where a password is chosen (sign-up, reset,
// change), by zxcvbn-ts with its common-password and English dictionaries, in this process: no
// outside service sees a password. The checker takes 130–240 ms and ~27 MiB to build, so it is
// built once per process, on first use (or by warmPasswordStrength at start).
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/** zxcvbn's score from 0 to 4; below this a password is refused ("safely unguessable" and up). */
export const MIN_PASSWORD_SCORE = 3;
// Longer inputs cost far more to score and are no weaker for being cut here.
const CHECKED_LENGTH = 64;

let checker: Promise<ZxcvbnFactory> | undefined;

function strengthChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    // Levenshtein matching stays off: it costs ~300 ms of CPU per check.
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: CHECKED_LENGTH,
    });
  })();
  return checker;
}

/** Builds the checker now, so the first sign-up doesn't wait for it. */
export function warmPasswordStrength(): Promise<void> {
  return strengthChecker().then(() => undefined);
}

/**
 * Why `password` is too easy to guess, as a sentence for beside the field, or null when it is
 * fine. `personal` are the person's own words (email, names), which make a password weaker.
 */
export async function weakPasswordReason(
  password: string,
  personal: (string | null | undefined)[] = [],
): Promise<string | null> {
  // Each word as given, its parts, and its parts run together ("Ada Lovelace": ada, lovelace, adalovelace).
  const words = personal.flatMap((w) => {
    const parts = (w ?? "")
      .toLowerCase()
      .slice(0, 100)
      .split("@")[0]!
      .split(/[\s._+-]+/)
      .filter((part) => part.length >= 3);
    return w ? [w.slice(0, 100), ...parts, parts.join("")] : [];
  });
  const result = (await strengthChecker()).check(password.slice(0, CHECKED_LENGTH), words);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning ? ` (${result.feedback.warning.replace(/\.$/, "")})` : "";
  return `This password is too easy to guess${warning}. Choose a longer one, such as a few unrelated words.`;
}
