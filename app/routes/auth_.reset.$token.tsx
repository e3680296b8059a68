// /auth/reset/{token}: the emailed link. The GET only checks the link (mail scanners open links)
// and shows the new-password form; the POST sets the password and uses the link up, then the
// person signs in again (every session of the account ended).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { randomUUID } from "node:crypto";
import {
  AccountError,
  PASSWORD_MIN_LENGTH,
  ResetPasswordSchema,
  resetLinkAccount,
  resetPassword,
} from "#modules/identity/index.server.ts";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { ErrorBox, Field, SubmitButton } from "#app/components/forms.tsx";
import { AuthColumn, cardClass, linkClass, PASSWORD_CHANGED_NOTICE } from "#app/components/auth-notices.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { DeadLink } from "#app/components/dead-link.tsx";
import { pageLanguage, translatedReply } from "#app/i18n.server.ts";
import { rootLanguage, translator } from "#locales/index.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "access")("reset.title")} · Hirewise` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const account = await resetLinkAccount(params.token ?? "");
  return {
    email: account?.email ?? null,
    constraint: getZodConstraint(ResetPasswordSchema),
    minLength: PASSWORD_MIN_LENGTH,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { form, unstorable } = await readTextForm(request);
  // Tells refused submissions apart, so the page empties the password input after each.
  const submissionId = randomUUID();
  const parsed = parseWithZod(form, { schema: ResetPasswordSchema });
  const language = await pageLanguage(request, context);
  const submission = {
    ...parsed,
    reply: ((options) => translatedReply(parsed.reply(options), language)) as typeof parsed.reply,
  };
  if (unstorable.length) {
    const fieldErrors = Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]]));
    return data(
      { submissionId, dead: false, result: submission.reply({ fieldErrors, hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  if (submission.status !== "success")
    return data({ submissionId, dead: false, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const account = await resetPassword(params.token ?? "", submission.value).catch((error: unknown) => {
    if (error instanceof AccountError && error.field) return error;
    throw error;
  });
  if (account instanceof AccountError) {
    return data(
      {
        submissionId,
        dead: false,
        result: submission.reply({ fieldErrors: { [account.field!]: [account.message] }, hideFields: ["password"] }),
      },
      { status: 400 },
    );
  }
  if (!account)
    return data({ submissionId, dead: true, result: submission.reply({ hideFields: ["password"] }) }, { status: 410 });
  return redirectWithNotice("/auth", PASSWORD_CHANGED_NOTICE, { status: 303 });
}

export default function ResetPassword() {
  const { t } = useTranslation("access");
  const { email, constraint, minLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "reset-password",
    constraint,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });

  if (!email || actionData?.dead) {
    return <DeadLink again={{ href: "/auth/forgot", label: t("deadLink.newLink") }} />;
  }
  return (
    <AuthColumn title={t("reset.title")} intro={t("reset.intro", { email })}>
      <Form method="post" {...getFormProps(form)} className={cardClass}>
        <ErrorBox id={form.errorId} errors={form.errors} />
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field
          label={t("reset.password")}
          hint={t("reset.hint", { count: minLength })}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            key: `password-${actionData?.submissionId ?? "initial"}`,
          }}
          errors={fields.password.errors}
        />
        <SubmitButton pendingLabel={t("reset.saving")} className="w-full">
          {t("reset.save")}
        </SubmitButton>
      </Form>
      <p className="text-center text-sm text-muted">
        <Link to="/auth" className={linkClass}>
          {t("forgot.backToSignIn")}
        </Link>
      </p>
    </AuthColumn>
  );
}
