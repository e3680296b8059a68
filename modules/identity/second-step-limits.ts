// Wrong second-step codes, counted per account across all its pending sign-ins. Each pending
// sign-in takes five, but a right password starts another, so without this a known password
// allows guessing without end. Every code checked is first recorded as a failed sign-in attempt
// of kind "code" for the account's email and the client address (accounts.ts#admitAttempt's
// table and lock): a right password does not clear those, and they hold back password sign-ins
// of that email and address like wrong passwords do. Past the limit the second step answers 429,
// the right code included, and the owner is told once per window that someone has the password.
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { SIGN_IN_WINDOW_MINUTES } from "./accounts.ts";
import { SignInAttempt, User } from "./entities.ts";
import { queueSecurityNotice } from "./security-notices.ts";

export const MAX_WRONG_CODES_PER_ACCOUNT = 10;
const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;

/** Too many wrong codes for the account: no code is checked before `retryAfterSeconds`. */
export class TooManyCodes extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many wrong codes for this account. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`);
    this.name = "TooManyCodes";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const windowStart = () => new Date(now().getTime() - WINDOW_MS);

/**
 * Counts a code before it is checked: under the email's sign-in lock, refuses it (TooManyCodes)
 * when the account already has the maximum of wrong codes in the window, otherwise records it as
 * a failure and returns its id. However many arrive at once, at most the maximum are checked.
 */
export async function admitCode(email: string, ip: string): Promise<number> {
  return transaction(async (tx) => {
    await tx.execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`sign-in:email:${email}`]);
    // The max-th most recent wrong code in the window: while it counts, there are max of them.
    const [oldest] = await tx.execute<{ attempted_at: Date | string }[]>(
      `select attempted_at from sign_in_attempts where email = ? and kind = 'code' and not succeeded and attempted_at > ?
        order by attempted_at desc offset ? limit 1`,
      [email, windowStart(), MAX_WRONG_CODES_PER_ACCOUNT - 1],
    );
    if (oldest) {
      const until = new Date(oldest.attempted_at).getTime() + WINDOW_MS;
      throw new TooManyCodes(Math.max(1, Math.ceil((until - now().getTime()) / 1000)));
    }
    const attempt = tx.create(SignInAttempt, {
      email,
      ip: ip.slice(0, 64),
      succeeded: false,
      kind: "code",
      attemptedAt: now(),
    });
    await tx.flush();
    return attempt.id;
  });
}

/** The code was right: the attempt stops counting. Pass the transaction that signs the person in. */
export async function codeSucceeded(attemptId: number, manager = em()): Promise<void> {
  await manager.nativeUpdate(SignInAttempt, { id: attemptId }, { succeeded: true });
}

/** The code was no guess (a replay of the last one used, a sign-in gone meanwhile): forget the attempt. */
export async function codeNotCounted(attemptId: number): Promise<void> {
  await em().nativeDelete(SignInAttempt, { id: attemptId });
}

/**
 * The code was wrong (its attempt stays a failure). When that makes the maximum, the owner is told
 * that someone got past the password, at most once per window: one conditional update decides.
 */
export async function codeWasWrong(userId: string, email: string): Promise<void> {
  const since = windowStart();
  const wrong = await em().count(SignInAttempt, { email, kind: "code", succeeded: false, attemptedAt: { $gt: since } });
  if (wrong < MAX_WRONG_CODES_PER_ACCOUNT) return;
  await transaction(async (tx) => {
    const marked = await tx.execute<{ user_id: string }[]>(
      `update "two_factor" set "lock_notice_at" = ? where "user_id" = ? and ("lock_notice_at" is null or "lock_notice_at" <= ?) returning "user_id"`,
      [now(), userId, since],
    );
    if (!marked.length) return;
    const user = await tx.findOneOrFail(User, { id: userId });
    await queueSecurityNotice({ kind: "second-step-locked", to: user.email, name: user.fullName ?? null });
  });
}
