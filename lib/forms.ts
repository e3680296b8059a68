// Reading a form post at the boundary, before any of it reaches a rule or the database. Every
// action reads its form through here (uploads through lib/uploads.ts, which shares the checks):
// - only `application/x-www-form-urlencoded` is a plain form; any other type (or none) is a 415,
//   and a body that breaks off is a 400, where reading it ourselves would have been a 500;
// - PostgreSQL can't store a NUL character in text. A form where people type answers them with a
//   message beside the field (`readTextForm`); any other form is refused whole with a 400.
import { data } from "@remix-run/node";

export const URLENCODED = "application/x-www-form-urlencoded";

/** Shown beside a field whose posted text held a NUL character; the rest of the form is kept. */
export const UNSTORABLE_FIELD =
  "This field contained characters we can't store. We removed them: please check it and send it again.";
/** The whole form refused: no field of it is one people type into. */
export const UNSTORABLE_FORM = "The form contained characters we can't store. Please try again.";

/** A form post's media type, lower case and without parameters ("" when there is none). */
export function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A 400 or 415 answer thrown out of an action: the route's error page shows it with its status. */
export function refuseForm(status: 400 | 415, message: string): never {
  throw data({ message }, { status });
}

const NUL = /\0/g;
const MAX_LIST_INDEX = 999;

/**
 * The form with every NUL character taken out of its names and values, and the names (as cleaned)
 * of the fields that held one.
 */
export function withoutUnstorable(form: FormData): { form: FormData; unstorable: string[] } {
  const cleaned = new FormData();
  const unstorable = new Set<string>();
  for (const [rawName, value] of form) {
    const name = rawName.replace(NUL, "");
    if (typeof value !== "string") {
      cleaned.append(name, value);
      continue;
    }
    if (rawName !== name || value.includes("\0")) unstorable.add(name);
    cleaned.append(name, value.replace(NUL, ""));
  }
  return { form: cleaned, unstorable: [...unstorable] };
}

async function readUrlencoded(request: Request): Promise<FormData> {
  if (mediaType(request) !== URLENCODED) {
    refuseForm(415, "This address takes a form sent as application/x-www-form-urlencoded.");
  }
  let text: string;
  try {
    text = await request.text();
  } catch {
    refuseForm(400, "The form did not arrive complete. Please try again.");
  }
  // As the browser encodes it; a stray % stays as typed and bytes that are not UTF-8 become U+FFFD.
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) {
    // Lists are read into arrays by their index (questions[3].question_text): a huge index would
    // make an array of that length. Our longest list holds a few dozen items.
    if ([...name.matchAll(/\[(\d+)\]/g)].some(([, index]) => Number(index) > MAX_LIST_INDEX)) {
      refuseForm(400, "The form has fields we don't know. Please reload the page and try again.");
    }
    form.append(name, value);
  }
  return form;
}

/**
 * A plain form (buttons, hidden ids, choices). Anything but a urlencoded body is a 415, a broken
 * body a 400, and a NUL character anywhere refuses the whole form with a 400: nothing typed is lost.
 */
export async function readForm(request: Request): Promise<FormData> {
  const { form, unstorable } = withoutUnstorable(await readUrlencoded(request));
  if (unstorable.length) refuseForm(400, UNSTORABLE_FORM);
  return form;
}

/**
 * A form people type into. As `readForm`, but a NUL character is taken out and the field named in
 * `unstorable`, so the action can answer with `UNSTORABLE_FIELD` beside it, save nothing, and show
 * everything else as it was typed.
 */
export async function readTextForm(request: Request): Promise<{ form: FormData; unstorable: string[] }> {
  return withoutUnstorable(await readUrlencoded(request));
}
