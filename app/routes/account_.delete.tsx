// /account/delete: deletes the signed-in account for good, after the shared "confirm it's you" part
// (the password, or a provider sign-in in this session; a code when two-factor is on) and a typed
// confirmation. Works without
// JavaScript: a plain POST, errors beside the fields, then the home page with a message.
import { textLink, smallTextLink } from "#app/components/ui/styles.ts";
import { randomUUID } from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  deleteAccount,
  DELETE_CONFIRMATION,
  DeletionRefused,
  requireUser,
  sessionToken,
  signOutResponse,
  TooManySignIns,
  type DeletionField,
} from "#modules/identity/index.server.ts";
import { identityCheckView } from "#app/step-up.server.ts";
import { ConfirmIdentity } from "#app/components/confirm-identity.tsx";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { ErrorBox, Field } from "#app/components/forms.tsx";
import { Button } from "#app/components/ui/button.tsx";

export const meta: MetaFunction = () => [{ title: "Delete your account · Hirewise" }];
export { headers } from "#app/quotas.server.ts";

/** Where the browser lands once the account is gone. */
const DELETED_HOME = "/?account=deleted";

const LOSES = {
  candidate: [
    "Your profile, photo and resumes.",
    "Your applications, answers and drafts. Employers who received an application see “Deleted candidate”, where it stood and their own notes, and nothing you gave them.",
    "Your sessions, on every device.",
  ],
  employer: [
    "Your jobs are closed and disappear from the board. Candidates still waiting on an application are told by email.",
    "Your drafts, company logo and job-writing history.",
    "Your sessions, on every device.",
  ],
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    email: user.email,
    loses: LOSES[user.role],
    word: DELETE_CONFIRMATION,
    confirm: await identityCheckView(request, user, "/account/delete"),
  };
}

// `submission` differs on every refusal, so the password field is remounted empty even with JavaScript on.
type ActionData = { fieldErrors: Partial<Record<DeletionField, string[]>>; confirmation: string; submission: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { form, unstorable } = await readTextForm(request);
  const password = String(form.get("password") ?? "");
  const code = String(form.get("code") ?? "").slice(0, 100);
  const confirmation = String(form.get("confirmation") ?? "").slice(0, 300);
  if (unstorable.length) {
    const fieldErrors = Object.fromEntries(
      unstorable
        .filter((f) => f === "password" || f === "code" || f === "confirmation")
        .map((f) => [f, [UNSTORABLE_FIELD]]),
    );
    return data<ActionData>({ fieldErrors, confirmation, submission: randomUUID() }, { status: 400 });
  }
  try {
    await deleteAccount(
      user.id,
      { password: password.slice(0, 1000), code, confirmation },
      { sessionToken: await sessionToken(request), ip: context.clientIp },
    );
  } catch (error) {
    if (error instanceof DeletionRefused)
      return data<ActionData>(
        { fieldErrors: error.fieldErrors, confirmation, submission: randomUUID() },
        { status: 400 },
      );
    if (error instanceof TooManySignIns) {
      return data<ActionData>(
        { fieldErrors: { password: [error.message] }, confirmation, submission: randomUUID() },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    if (error instanceof QuotaExceededError) {
      return data<ActionData>(
        { fieldErrors: { password: [error.message] }, confirmation, submission: randomUUID() },
        { status: 429, headers: retryAfter(error) },
      );
    }
    throw error;
  }
  // Deleted now, or by a submit that raced this one ("gone"): either way the account is no more.
  return signOutResponse(request, DELETED_HOME);
}

export default function DeleteAccountPage() {
  const { email, loses, word, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <Link to="/account" className={smallTextLink}>
          ← Account
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Delete your account</h1>
        <p className="mt-2 text-muted">
          This deletes {email} and everything it holds, at once and for good. It can't be undone.{" "}
          <Link to="/account/export" className={textLink}>
            Export your data
          </Link>{" "}
          first if you want a copy.
        </p>
      </div>
      <section
        aria-labelledby="delete-heading"
        className="grid gap-4 rounded-2xl border border-danger-line bg-surface p-6 shadow-sm"
      >
        <h2 id="delete-heading" className="text-lg font-semibold">
          What happens
        </h2>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-soft">
          {loses.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {Object.keys(errors).length ? (
          <ErrorBox errors={["Your account was not deleted. Check the fields below."]} />
        ) : null}
        <Form method="post" className="grid gap-4" noValidate>
          <ConfirmIdentity check={confirm} idPrefix="delete" errors={errors} resetKey={result?.submission ?? "first"} />
          <Field
            label={
              <>
                Type <span className="font-mono font-bold">{word}</span> or your email address to confirm
              </>
            }
            errors={errors.confirmation}
            inputProps={{
              id: "confirmation",
              name: "confirmation",
              type: "text",
              autoComplete: "off",
              autoCapitalize: "characters",
              spellCheck: false,
              required: true,
              defaultValue: result?.confirmation ?? "",
            }}
          />
          <DeleteButton />
        </Form>
      </section>
    </section>
  );
}

/** The red submit button: locked, with a spinner, while the deletion is in flight. */
function DeleteButton() {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <Button
      type="submit"
      disabled={pending}
      aria-disabled={pending || undefined}
      variant="destructive"
      size="lg"
      className="w-full sm:w-fit"
    >
      {pending ? (
        <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      ) : null}
      {pending ? "Deleting..." : "Delete my account"}
    </Button>
  );
}
