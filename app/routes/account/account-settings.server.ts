// The settings forms of /account (plain urlencoded posts with an intent): names, email address,
// password and signed-in sessions. A refused form answers 400 (429 past a limit) with the message
// beside its field and everything typed kept, except passwords; success redirects to the card on
// /account with a flash notice placed in it.
import type { Submission as ConformSubmission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { redirectWithNotice } from "#app/flash.server.ts";
import { randomUUID } from "node:crypto";
import type { ZodTypeAny } from "zod";
import {
  AccountError,
  cancelEmailChange,
  changePassword,
  EmailChangeSchema,
  endOtherSessions,
  endSessionById,
  namesSchemaFor,
  PasswordChangeSchema,
  requestEmailChange,
  resendEmailChange,
  sessionToken,
  TooManyEmailLinks,
  TooManySignIns,
  updateNames,
  type Account,
} from "#modules/identity/index.server.ts";
import { readTextForm, refuseForm, UNSTORABLE_FIELD, UNSTORABLE_FORM } from "#lib/forms.ts";
import { languageFor, translatedReply } from "#app/i18n.server.ts";
import { translateMessage, type Language } from "#locales/index.ts";

/** Which form answered: the page shows the result in that form only. */
export type SettingsForm = "names" | "email" | "password" | "pending-email";

const HIDDEN = ["current_password", "new_password", "code"];

type Submission = ConformSubmission<Record<string, unknown>>;
type Reply = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

function refused(
  form: SettingsForm,
  submission: Submission,
  reply: Reply,
  language: Language,
  status = 400,
  headers?: HeadersInit,
) {
  // submissionId remounts the password inputs, so a refused password is never shown again.
  const result: SubmissionResult<string[]> = translatedReply(
    submission.reply({ ...reply, hideFields: HIDDEN }),
    language,
  );
  return data({ form, submissionId: randomUUID(), result }, { status, headers });
}

/**
 * Runs a typed form: parse with `schema`, then `work`; refusals become messages beside the fields
 * (or above the form), success a redirect to `done`.
 */
async function typedForm(
  form: SettingsForm,
  formData: FormData,
  unstorable: string[],
  schema: ZodTypeAny,
  work: (value: Record<string, string>) => Promise<unknown>,
  done: AccountNotice,
  language: Language,
) {
  const submission: Submission = parseWithZod(formData, { schema });
  if (unstorable.length)
    return refused(
      form,
      submission,
      { fieldErrors: Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]])) },
      language,
    );
  if (submission.status !== "success") return refused(form, submission, {}, language);
  try {
    await work(submission.value as Record<string, string>);
  } catch (error) {
    if (error instanceof TooManyEmailLinks)
      return refused(form, submission, { fieldErrors: { new_email: [error.message] } }, language, 429);
    if (error instanceof TooManySignIns)
      return refused(form, submission, { formErrors: [error.message] }, language, 429, {
        "Retry-After": String(error.retryAfterSeconds),
      });
    if (!(error instanceof AccountError)) throw error;
    return refused(
      form,
      submission,
      error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] },
      language,
    );
  }
  return accountRedirect(done);
}

/** A confirmation for one card of /account, shown in it after the redirect. */
export interface AccountNotice {
  place: string;
  text: string;
}

/** Back to the card on /account, with its confirmation. */
export const accountRedirect = (notice: AccountNotice) =>
  redirectWithNotice(`/account#${notice.place}`, { kind: "success", ...notice });

const EMAIL_SENT: AccountNotice = { place: "email", text: "Link sent. Open it from your inbox to finish the change." };

export async function settingsAction({ request, context }: ActionFunctionArgs, user: Account) {
  const { form, unstorable } = await readTextForm(request);
  const intent = form.get("intent");
  const ip = context.clientIp;
  const language = await languageFor(request, user);
  switch (intent) {
    case "names":
      return typedForm(
        "names",
        form,
        unstorable,
        namesSchemaFor(user.role),
        (value) => updateNames(user, value as { full_name: string }),
        {
          place: "profile",
          text:
            user.role === "employer"
              ? "Saved. Your name and company name are updated."
              : "Saved. Your name is updated.",
        },
        language,
      );
    case "change-email": {
      const token = await sessionToken(request);
      return typedForm(
        "email",
        form,
        unstorable,
        EmailChangeSchema,
        (value) => requestEmailChange(user, value, ip, token),
        EMAIL_SENT,
        language,
      );
    }
    case "change-password": {
      const keepToken = await sessionToken(request);
      return typedForm(
        "password",
        form,
        unstorable,
        PasswordChangeSchema,
        (value) => changePassword(user, value, { ip, keepToken }),
        {
          place: "password",
          text: "Your password is changed. Every other device was signed out; this one stays signed in.",
        },
        language,
      );
    }
  }
  // The other forms are buttons: nothing typed, so a NUL character refuses the whole post.
  if (unstorable.length) refuseForm(400, UNSTORABLE_FORM);
  switch (intent) {
    case "resend-email":
      try {
        await resendEmailChange(user.id);
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        return data(
          {
            form: "pending-email" as SettingsForm,
            submissionId: randomUUID(),
            message: translateMessage(language, error.message),
          },
          { status: error instanceof TooManyEmailLinks ? 429 : 400 },
        );
      }
      return accountRedirect(EMAIL_SENT);
    case "cancel-email":
      await cancelEmailChange(user.id);
      return accountRedirect({
        place: "email",
        text: `The change is cancelled. Your email address stays ${user.email}.`,
      });
    case "end-session": {
      const id = form.get("session");
      // Someone else's session, this one, or none at all: as if there were nothing to sign out.
      if (typeof id !== "string" || !(await endSessionById(user.id, id, await sessionToken(request)))) {
        throw data({ message: "That session was not found. It may have been signed out already." }, { status: 404 });
      }
      return accountRedirect({ place: "sessions", text: "That session is signed out." });
    }
    case "end-other-sessions":
      await endOtherSessions(user.id, await sessionToken(request));
      return accountRedirect({ place: "sessions", text: "Every other session is signed out." });
  }
  // The image and notification forms post multipart (account.server.ts).
  if (typeof intent === "string" && MULTIPART_INTENTS.includes(intent))
    refuseForm(415, "This form is sent as multipart/form-data.");
  throw data({ message: "Not found" }, { status: 404 });
}

const MULTIPART_INTENTS = ["email-notifications", "upload", "remove", "upload-photo", "remove-photo"];
