// A message posted from an application page (intent "message", decision 071): one applications call,
// then back to the page's thread. A refusal answers with its status (403 for a reader, 400 for the
// text, 429 past the quota with Retry-After) and the text as typed, shown beside the field.
// The employer's page also drafts one (decision 072): "Use template" answers with the template
// filled in for the application in the text area, "Preview" with the text as the candidate will
// read it above the form; neither saves anything.
import { randomUUID } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import { UNSTORABLE_FIELD } from "#lib/forms.ts";
import { respondToModuleError } from "#app/module-errors.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { ApplicationError } from "#modules/applications/index.server.ts";
import type { MessageActionData } from "#app/components/application-messages.tsx";

interface MessageForm {
  form: FormData;
  /** Fields whose text held NUL (lib/forms.ts#readTextForm). */
  unstorable: string[];
  /** Throws as `post` would for who is asking, before the text is looked at. */
  check: () => Promise<void>;
  notFound: string;
  /** The refusals in the page's language (translateMessage); as they came without it. */
  say?: (message: string) => string;
}

/** Runs `work` on the typed text, answering a refusal with its status and the text as typed. */
async function answerWithText(
  { form, unstorable, check, notFound, say = (message) => message }: MessageForm,
  work: (body: string) => Promise<Response | MessageActionData>,
) {
  const body = String(form.get("body") ?? "");
  const refused = (error: string, status: number, headers?: Record<string, string>) =>
    data<MessageActionData>({ form: "message", body, error: say(error) }, { status, headers });
  try {
    if (unstorable.includes("body")) {
      await check();
      return refused(UNSTORABLE_FIELD, 400);
    }
    const answer = await work(body);
    return answer instanceof Response ? answer : data(answer);
  } catch (error) {
    if (error instanceof QuotaExceededError) return refused(error.message, 429, retryAfter(error));
    return respondToModuleError(error, {
      notFound,
      refused: (refusal, status) =>
        refused(
          refusal instanceof ApplicationError ? (refusal.fieldErrors.body ?? refusal.message) : refusal.message,
          status,
        ),
    });
  }
}

export function answerMessagePost({
  post,
  threadUrl,
  ...message
}: MessageForm & {
  post: (body: string) => Promise<unknown>;
  /** The page's thread (…#messages). */
  threadUrl: string;
}) {
  return answerWithText(message, async (body) => {
    await post(body);
    return redirect(threadUrl);
  });
}

/** "Preview": the text as it will be sent, above the form that still holds what was typed. */
export function answerMessagePreview({
  preview,
  ...message
}: MessageForm & { preview: (body: string) => Promise<string> }) {
  return answerWithText(message, async (body) => ({ form: "message", body, preview: await preview(body) }));
}

/** "Use template": the text area filled with the chosen template (a new key replaces what it held). */
export function answerTemplateUse({
  fill,
  ...message
}: MessageForm & { fill: (templateId: string) => Promise<string> }) {
  const templateId = String(message.form.get("template") ?? "");
  return answerWithText(message, async () => {
    await message.check();
    return { form: "message", body: await fill(templateId), filled: randomUUID(), template: templateId };
  });
}
