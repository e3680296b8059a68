// /auth: sign in and sign up. Works fully without JavaScript; with it, the password can be shown
// and the submit button locks while the request is in flight.
import { textLink } from "#app/components/ui/styles.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { pageLanguage, translatedReply } from "#app/i18n.server.ts";
import { translator } from "#locales/index.ts";
import {
  AccountError,
  currentUser,
  homeFor,
  identityProviderButtons,
  safeRedirect,
  signIn,
  SignInSchema,
  signInResponse,
  signUpOrNotify,
  SignUpFormSchema,
  InvitedSignUpFormSchema,
  type SignUpSchema,
  TooManySignIns,
} from "#modules/identity/index.server.ts";
import { logger } from "#lib/logger.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { ErrorBox, Field, RequiredMark, SubmitButton } from "#app/components/forms.tsx";
import { ProviderLinks } from "#app/components/identity-providers.tsx";
import { RolePicker, type AccountRole as Role } from "#app/components/role-picker.tsx";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { CHECK_EMAIL_NOTICE, ForgotPasswordLink } from "#app/components/auth-notices.tsx";
import { Notice } from "#app/components/forms.tsx";
import { usePageNotice } from "#app/components/ui/notice.tsx";
import { redirectWithNotice, withNotice } from "#app/flash.server.ts";
import { JOINED_NOTICE, TEAM_PATH } from "#app/team-page.server.ts";
import { TRIAL_DAYS } from "#modules/billing-plans/index.server.ts";
import { invitationTokenOf, readInvitation, signUpThroughInvitation } from "#modules/hiring/index.server.ts";
import { isModuleError } from "#app/module-errors.server.ts";
import { cardClass } from "#app/components/ui/card.tsx";

type Mode = "signin" | "signup";
type AuthFields = { email: string; password: string; full_name?: string; company_name?: string; role: Role };

function readQuery(url: URL) {
  const mode: Mode = url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  const role: Role = url.searchParams.get("role") === "employer" ? "employer" : "candidate";
  const plan = url.searchParams.get("plan")?.trim().toLowerCase().slice(0, 40) || "";
  const redirectTo = safeRedirect(url.searchParams.get("redirect"), "");
  return { mode, role, plan, redirectTo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Sign in"} · Hirewise` },
  ...(data ? [{ name: "description", content: data.description }] : []),
];

export { headers } from "#app/quotas.server.ts";

/** The open invitation a sign-up or sign-in started from (its page is where it goes back to), or null. */
async function invitationFor(redirectTo: string) {
  const token = invitationTokenOf(redirectTo);
  const invitation = token ? await readInvitation(token) : null;
  return invitation?.kind === "open"
    ? { companyName: invitation.companyName, email: invitation.email, roleLabel: invitation.roleLabel }
    : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await currentUser(request);
  if (user) throw redirect(homeFor(user.role));
  const query = readQuery(new URL(request.url));
  const t = translator(await pageLanguage(request, context), "auth");
  return {
    ...query,
    title: t(query.mode === "signup" ? "titleSignUp" : "titleSignIn"),
    description: t("description"),
    invitation: await invitationFor(query.redirectTo),
    constraints: { signup: getZodConstraint(SignUpFormSchema), signin: getZodConstraint(SignInSchema) },
    providers: identityProviderButtons(),
    trialDays: TRIAL_DAYS,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form: formData, unstorable } = await readTextForm(request);
  const mode: Mode = formData.get("mode") === "signup" ? "signup" : "signin";
  // Tells refused submissions apart, even identical ones (the page remounts the password input).
  const submissionId = randomUUID();
  const meta = { ip: context.clientIp, userAgent: request.headers.get("User-Agent") };
  // A sign-up from an invitation asks only a name and a password, and joins the team.
  const invitationToken = mode === "signup" ? invitationTokenOf(safeRedirect(formData.get("redirect"), "")) : null;
  const schema = invitationToken ? InvitedSignUpFormSchema : mode === "signup" ? SignUpFormSchema : SignInSchema;
  const submission = parseWithZod(formData, { schema });
  // The module's messages are English: the reply carries them in the page's language.
  const language = await pageLanguage(request, context);
  const reply: typeof submission.reply = (options) => translatedReply(submission.reply(options), language);
  if (unstorable.length) {
    const fieldErrors = Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]]));
    return data({ mode, submissionId, result: reply({ fieldErrors, hideFields: ["password"] }) }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ mode, submissionId, result: reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    if (invitationToken) {
      const { account } = await signUpThroughInvitation(
        invitationToken,
        submission.value as { full_name: string; password: string },
        context.clientIp,
      );
      // A new account has no second step: the sign-in goes straight to the team page, which says welcome.
      return withNotice(await signInResponse(account, TEAM_PATH, meta), JOINED_NOTICE);
    }
    const account =
      mode === "signup"
        ? await signUpOrNotify(submission.value as typeof SignUpSchema._input, context.clientIp, {
            returnTo: safeRedirect(formData.get("redirect"), "") || undefined,
            language,
          })
        : await signIn(submission.value as { email: string; password: string }, context.clientIp);
    // Sign-up answers "check your email" alike for a new address that must be confirmed and for
    // one that has an account (whose owner was emailed), so the answer never tells them apart.
    if (!account)
      return redirectWithNotice(`/auth?${signInQuery(formData.get("redirect"))}`, CHECK_EMAIL_NOTICE, { status: 303 });
    return await signInResponse(account, safeRedirect(formData.get("redirect"), homeFor(account.role)), meta);
  } catch (error) {
    if (error instanceof QuotaExceededError) {
      return data(
        { mode, submissionId, result: reply({ formErrors: [error.message], hideFields: ["password"] }) },
        { status: 429, headers: retryAfter(error) },
      );
    }
    if (isModuleError(error)) {
      // The invitation went (used, revoked, expired) while the form was open.
      return data(
        { mode, submissionId, result: reply({ formErrors: [error.message], hideFields: ["password"] }) },
        { status: 410 },
      );
    }
    if (!(error instanceof AccountError)) {
      logger.error({ err: error, reqId: context.requestId }, "authentication failed unexpectedly");
      return data(
        {
          mode,
          submissionId,
          result: reply({ formErrors: ["An error occurred"], hideFields: ["password"] }),
        },
        { status: 500 },
      );
    }
    const refused = error.field
      ? reply({ fieldErrors: { [error.field]: [error.message] }, hideFields: ["password"] })
      : reply({ formErrors: [error.message], hideFields: ["password"] });
    if (error instanceof TooManySignIns) {
      return data(
        { mode, submissionId, result: refused },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    return data({ mode, submissionId, result: refused }, { status: error.field ? 400 : 401 });
  }
}

/** Sign-in (saying "check your email"), then on to where the person was going. */
function signInQuery(redirectTo: FormDataEntryValue | null): URLSearchParams {
  const query = new URLSearchParams({ mode: "signin" });
  const next = typeof redirectTo === "string" && redirectTo.length <= 1000 ? safeRedirect(redirectTo, "") : "";
  if (next) query.set("redirect", next);
  return query;
}

export default function AuthPage() {
  const query = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  // A confirmation from the flow that led here, or why a sign-in's second step sent the person back (an error).
  const notice = usePageNotice();
  const mode = actionData?.mode ?? query.mode;
  const signup = mode === "signup";
  // A sign-up from a team invitation: no role to choose, no company, the invited address.
  const invited = signup ? query.invitation : null;

  const [form, fields] = useForm<AuthFields>({
    id: `auth-${mode}`,
    constraint: signup ? query.constraints.signup : query.constraints.signin,
    lastResult: actionData?.mode === mode ? actionData.result : undefined,
    // Invited: the address is the invitation's (a sign-in may change it; a sign-up keeps it).
    defaultValue: { role: invited ? "employer" : query.role, email: query.invitation?.email },
    // Validation is the server's, on submit: without a client validator conform would post on every keystroke.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const roleValue = (fields.role.value as Role | undefined) ?? query.role;
  // After a refused submission the password is never kept: the server omits it from the reply,
  // and with JavaScript on the input is remounted (empty) in the same render as the errors.
  const passwordKey = `password-${actionData?.submissionId ?? "initial"}`;

  const queryFor = (next: Record<string, string>) => {
    const params = new URLSearchParams({ mode: query.mode, role: query.role, ...next });
    if (query.plan) params.set("plan", query.plan);
    if (query.redirectTo) params.set("redirect", query.redirectTo);
    return `/auth?${params}`;
  };

  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t(signup ? "headingSignUp" : "headingSignIn")}</h1>
        <p className="mt-2 text-muted">
          {invited
            ? t("joining", { company: invited.companyName, role: invited.roleLabel.toLowerCase() })
            : signup
              ? t("trial", { days: query.trialDays })
              : t("signInIntro")}
        </p>
      </div>

      {notice?.kind === "success" && !actionData ? <Notice>{notice.text}</Notice> : null}

      <nav aria-label={t("tabs")} className="grid grid-cols-2 rounded-xl bg-shade p-1">
        {(["signin", "signup"] as const).map((m) => (
          <Link
            key={m}
            to={queryFor({ mode: m })}
            replace
            aria-current={mode === m ? "page" : undefined}
            className={`rounded-lg px-3 py-2 text-center text-sm font-semibold ${
              mode === m ? "bg-page text-strong shadow" : "text-body hover:text-strong"
            }`}
          >
            {t(m === "signin" ? "tabSignIn" : "tabSignUp")}
          </Link>
        ))}
      </nav>

      {invited ? null : (
        <ProviderLinks
          providers={query.providers}
          redirectTo={query.redirectTo}
          plan={signup ? query.plan : undefined}
        />
      )}

      <Form
        method="post"
        {...getFormProps(form)}
        action={queryFor({ mode })}
        className={`group grid gap-4 ${cardClass}`}
      >
        <input type="hidden" name="mode" value={mode} />
        {query.redirectTo ? <input type="hidden" name="redirect" value={query.redirectTo} /> : null}
        {signup && query.plan && !invited ? <input type="hidden" name="plan" value={query.plan} /> : null}

        <ErrorBox
          id={form.errorId}
          errors={form.errors ?? (notice?.kind === "error" && !actionData ? [notice.text] : undefined)}
        />
        {signup ? (
          <p className="text-sm text-muted">
            <Trans t={t} i18nKey="common:form.requiredNote" components={{ mark: <span className="text-danger" /> }} />
          </p>
        ) : null}

        {signup && !invited ? (
          <RolePicker checked={roleValue} errorId={fields.role.errorId} errors={fields.role.errors} />
        ) : null}

        {signup ? (
          <Field
            label={
              <>
                {t("fullName")}
                <RequiredMark />
              </>
            }
            hint={t("fullNameHint")}
            inputProps={{
              ...getInputProps(fields.full_name, { type: "text" }),
              autoComplete: "name",
              "aria-required": true,
            }}
            errors={fields.full_name.errors}
          />
        ) : null}

        {signup && !invited ? (
          // Shown only while "Hire talent" is selected; CSS :has() does it, so no script is needed.
          <Field
            className="hidden group-has-[input[name=role][value=employer]:checked]:block"
            label={
              <>
                {t("companyName")}
                <RequiredMark />
              </>
            }
            inputProps={{
              ...getInputProps(fields.company_name, { type: "text" }),
              autoComplete: "organization",
              "aria-required": true,
            }}
            errors={fields.company_name.errors}
          />
        ) : null}

        <Field
          label={
            <>
              {t("email")}
              {signup ? <RequiredMark /> : null}
            </>
          }
          hint={invited ? t("invitedEmailHint") : undefined}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            ...(invited ? { readOnly: true, defaultValue: invited.email } : {}),
          }}
          errors={fields.email.errors}
        />
        <PasswordField
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            key: passwordKey,
            autoComplete: signup ? "new-password" : "current-password",
          }}
          errors={fields.password.errors}
          hint={signup ? t("passwordHint") : undefined}
        />
        {signup ? null : <ForgotPasswordLink />}

        <SubmitButton pendingLabel={t(signup ? "creatingAccount" : "signingIn")} className="mt-2 w-full">
          {t(signup ? "createAccount" : "signInButton")}
        </SubmitButton>
      </Form>

      <p className="text-center text-sm text-muted">
        {t(signup ? "haveAccount" : "newHere")}{" "}
        <Link to={queryFor({ mode: signup ? "signin" : "signup" })} className={textLink}>
          {t(signup ? "signInLink" : "createAccountLink")}
        </Link>
      </p>
    </section>
  );
}

// Show/hide needs JavaScript to change the input type, so the button appears once it has loaded.
function PasswordField({
  inputProps,
  errors,
  hint,
}: {
  inputProps: ReturnType<typeof getInputProps> & { id: string; name: string; autoComplete: string; key: string };
  errors?: string[];
  hint?: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation("auth");
  useEffect(() => setHydrated(true), []);
  return (
    <Field
      label={t("password")}
      hint={hint}
      errors={errors}
      inputProps={{ ...inputProps, type: visible ? "text" : "password" }}
      trailing={
        hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={inputProps.id}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand hover:underline"
          >
            {t(visible ? "common:form.hide" : "common:form.show")}
          </button>
        ) : null
      }
    />
  );
}
