// Interview kits' limits and the textarea's reading (issue 34 item 2, decision 087). Browser-safe:
// the kit form reads them too.
export const MAX_KITS = 10;
export const MAX_KIT_NAME = 80;
export const MAX_KIT_QUESTIONS = 20;
export const MAX_KIT_QUESTION = 500;
export const MAX_NOTES_PROMPT = 500;
/** How many questions "Generate questions" asks for at a time. */
export const GENERATED_KIT_QUESTIONS = 8;

/** The questions as the form's textarea holds them: one a line, blank lines dropped, in order. */
export function splitKitQuestions(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s+/, "").trim())
    .filter(Boolean);
}
