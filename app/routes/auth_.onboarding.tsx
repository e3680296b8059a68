// /auth/onboarding: a new person who came through a provider chooses candidate or employer (and a
// company) before the account exists. The identity waits on the server (identity_flows) under the
// handle in an httpOnly cookie; nothing the form sends says who they are.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { pageLanguage, translatedReply } from "#app/i18n.server.ts";
import { rootLanguage, translator } from "#locales/index.ts";
import {
  AccountError,
  completeOnboarding,
  currentUser,
  homeFor,
  onboardingCookie,
  onboardingIdentity,
  OnboardingSchema,
  ProviderLinkError,
  safeRedirect,
  signInResponse,
} from "#modules/identity/index.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { ErrorBox, Field, FieldErrors, SubmitButton } from "#app/components/forms.tsx";
import { ProblemPage } from "#app/components/identity-providers.tsx";
import { RolePicker, type AccountRole } from "#app/components/role-picker.tsx";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { cardClass } from "#app/components/ui/card.tsx";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "access")("onboarding.title")} · Hirewise` },
  { name: "robots", content: "noindex" },
];
export { headers } from "#app/quotas.server.ts";

const EXPIRED =
  "This sign-up has expired or was started in another browser. Continue with your provider again to start over.";

async function handleOf(request: Request): Promise<unknown> {
  return onboardingCookie.parse(request.headers.get("Cookie"));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request);
  if (user) throw redirect(homeFor(user.role));
  const identity = await onboardingIdentity(await handleOf(request));
  if (!identity) return data({ identity: null, constraint: null }, { status: 400 });
  return { identity, constraint: getZodConstraint(OnboardingSchema) };
}

type Fields = { role: AccountRole; full_name?: string; company_name?: string; accept: "yes" };

export async function action({ request, context }: ActionFunctionArgs) {
  const { form, unstorable } = await readTextForm(request);
  const parsed = parseWithZod(form, { schema: OnboardingSchema });
  const language = await pageLanguage(request, context);
  const submission = {
    ...parsed,
    reply: ((options) => translatedReply(parsed.reply(options), language)) as typeof parsed.reply,
  };
  if (unstorable.length) {
    return data(
      { result: submission.reply({ fieldErrors: Object.fromEntries(unstorable.map((n) => [n, [UNSTORABLE_FIELD]])) }) },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { account, redirectTo } = await completeOnboarding(
      await handleOf(request),
      submission.value,
      context.clientIp,
    );
    const meta = { ip: context.clientIp, userAgent: request.headers.get("User-Agent") };
    const response = await signInResponse(account, safeRedirect(redirectTo, homeFor(account.role)), meta);
    response.headers.append("Set-Cookie", await onboardingCookie.serialize("", { maxAge: 0 }));
    return response;
  } catch (error) {
    if (error instanceof QuotaExceededError)
      return data(
        { result: submission.reply({ formErrors: [error.message] }) },
        { status: 429, headers: retryAfter(error) },
      );
    if (error instanceof ProviderLinkError || error instanceof AccountError) {
      return data(
        { result: submission.reply({ formErrors: [error instanceof ProviderLinkError ? EXPIRED : error.message] }) },
        { status: 400 },
      );
    }
    throw error;
  }
}

export default function Onboarding() {
  const { t } = useTranslation("access");
  const { identity, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<Fields>({
    id: "onboarding",
    constraint: constraint ?? undefined,
    lastResult: actionData?.result,
    defaultValue: { full_name: identity?.name ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  if (!identity)
    return <ProblemPage title={t("onboarding.expiredTitle")} message={t("messages:signUpExpired")} linking={false} />;
  const role = fields.role.value as Fields["role"] | undefined;
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t("onboarding.heading")}</h1>
        <p className="mt-2 break-words text-muted">
          <Trans
            t={t}
            i18nKey="onboarding.intro"
            values={{ provider: identity.label, email: identity.email }}
            components={{ strong: <strong className="font-semibold text-strong" /> }}
          />
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className={`group grid gap-4 ${cardClass}`}>
        <ErrorBox id={form.errorId} errors={form.errors} />
        <RolePicker checked={role} errorId={fields.role.errorId} errors={fields.role.errors} />
        <Field
          label={t("onboarding.fullName")}
          hint={t("onboarding.fullNameHint")}
          inputProps={{ ...getInputProps(fields.full_name, { type: "text" }), autoComplete: "name" }}
          errors={fields.full_name.errors}
        />
        {/* Shown only while "Hire talent" is selected (CSS :has(), no script needed); always shown with an error. */}
        <Field
          className={
            fields.company_name.errors?.length
              ? ""
              : "hidden group-has-[input[name=role][value=employer]:checked]:block"
          }
          label={t("onboarding.companyName")}
          inputProps={{ ...getInputProps(fields.company_name, { type: "text" }), autoComplete: "organization" }}
          errors={fields.company_name.errors}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-label">
            <input
              type="checkbox"
              name="accept"
              value="yes"
              id={fields.accept.id}
              aria-describedby={fields.accept.errors?.length ? fields.accept.errorId : undefined}
              className="mt-0.5 accent-brand-600"
            />
            <span>{t("onboarding.accept", { provider: identity.label })}</span>
          </label>
          <FieldErrors id={fields.accept.errorId} errors={fields.accept.errors} />
        </div>
        <SubmitButton pendingLabel={t("onboarding.creating")} className="mt-2 w-full">
          {t("onboarding.create")}
        </SubmitButton>
      </Form>
    </section>
  );
}
