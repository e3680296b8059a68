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
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "accountPages")("delete.title")} · Hirewise` },
];
export { headers } from "#app/quotas.server.ts";

/** Where the browser lands once the account is gone. */
const DELETED_HOME = "/?account=deleted";

/** What each kind of account loses (catalogue keys under delete.loses). */
const LOSES = {
  candidate: ["profile", "applications", "sessions"],
  employer: ["jobs", "drafts", "sessions"],
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    email: user.email,
    loses: LOSES[user.role].map((line) => `delete.loses.${user.role}.${line}`),
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
  const language = await pageLanguage(request, context);
  const say = (errors: Partial<Record<DeletionField, string[]>>) =>
    Object.fromEntries(
      Object.entries(errors).map(([field, messages]) => [field, messages?.map((m) => translateMessage(language, m))]),
    );
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
        { fieldErrors: say(error.fieldErrors), confirmation, submission: randomUUID() },
        { status: 400 },
      );
    if (error instanceof TooManySignIns) {
      return data<ActionData>(
        { fieldErrors: say({ password: [error.message] }), confirmation, submission: randomUUID() },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    if (error instanceof QuotaExceededError) {
      return data<ActionData>(
        { fieldErrors: say({ password: [error.message] }), confirmation, submission: randomUUID() },
        { status: 429, headers: retryAfter(error) },
      );
    }
    throw error;
  }
  // Deleted now, or by a submit that raced this one ("gone"): either way the account is no more.
  return signOutResponse(request, DELETED_HOME);
}

export default function DeleteAccountPage() {
  const { t } = useTranslation("accountPages");
  const { email, loses, word, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <Link to="/account" className={smallTextLink}>
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("delete.title")}</h1>
        <p className="mt-2 text-muted">
          {t("delete.intro", { email })}
          <Link to="/account/export" className={textLink}>
            {t("delete.exportLink")}
          </Link>
          {t("delete.exportAfter")}
        </p>
      </div>
      <section
        aria-labelledby="delete-heading"
        className="grid gap-4 rounded-2xl border border-danger-line bg-surface p-6 shadow-sm"
      >
        <h2 id="delete-heading" className="text-lg font-semibold">
          {t("delete.happens")}
        </h2>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-soft">
          {loses.map((line) => (
            <li key={line}>{t(line)}</li>
          ))}
        </ul>
        {Object.keys(errors).length ? <ErrorBox errors={[t("delete.notDeleted")]} /> : null}
        <Form method="post" className="grid gap-4" noValidate>
          <ConfirmIdentity check={confirm} idPrefix="delete" errors={errors} resetKey={result?.submission ?? "first"} />
          <Field
            label={
              <>
                {t("delete.typeBefore")}
                <span className="font-mono font-bold">{word}</span>
                {t("delete.typeAfter")}
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
  const { t } = useTranslation("accountPages");
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
      {pending ? t("delete.deleting") : t("delete.submit")}
    </Button>
  );
}
