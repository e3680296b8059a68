// /auth/forgot: asks for the address to send a reset link to. Every well-formed request gets the
// same answer at the same speed: the action only checks the form and queues the work
// (modules/identity/password-reset.ts).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  currentUser,
  ForgotPasswordSchema,
  requestPasswordReset,
  RESET_LINK_MINUTES,
} from "#modules/identity/index.server.ts";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { ErrorBox, Field, SubmitButton } from "#app/components/forms.tsx";
import { AuthColumn, cardClass, linkClass, Notice } from "#app/components/auth-notices.tsx";
import { pageLanguage, translatedReply } from "#app/i18n.server.ts";
import { rootLanguage, translator } from "#locales/index.ts";

export const meta: MetaFunction = ({ matches }) => {
  const t = translator(rootLanguage(matches), "access");
  return [{ title: `${t("forgot.title")} · Hirewise` }, { name: "description", content: t("forgot.description") }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request);
  return {
    sent: new URL(request.url).searchParams.get("sent") === "1",
    // Signed in (on another device, say): their address, to save typing it.
    email: user?.email ?? "",
    constraint: getZodConstraint(ForgotPasswordSchema),
    validMinutes: RESET_LINK_MINUTES,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form, unstorable } = await readTextForm(request);
  const submission = parseWithZod(form, { schema: ForgotPasswordSchema });
  const language = await pageLanguage(request, context);
  const reply: typeof submission.reply = (options) => translatedReply(submission.reply(options), language);
  if (unstorable.length) {
    return data(
      { result: reply({ fieldErrors: Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]])) }) },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return data({ result: reply() }, { status: 400 });
  await requestPasswordReset(submission.value, context.clientIp);
  return redirect("/auth/forgot?sent=1", 303);
}

export default function ForgotPassword() {
  const { t } = useTranslation("access");
  const { sent, email, constraint, validMinutes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    constraint,
    lastResult: actionData?.result,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });

  if (sent) {
    return (
      <AuthColumn title={t("forgot.sentTitle")}>
        <div className={cardClass}>
          <Notice>{t("forgot.sent")}</Notice>
          <p className="text-soft">{t("forgot.sentBody", { minutes: validMinutes })}</p>
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link to="/auth" className={linkClass}>
              {t("forgot.backToSignIn")}
            </Link>
            <Link to="/auth/forgot" className={linkClass}>
              {t("forgot.another")}
            </Link>
          </p>
        </div>
      </AuthColumn>
    );
  }

  return (
    <AuthColumn title={t("forgot.heading")} intro={t("forgot.intro")}>
      <Form method="post" action="/auth/forgot" {...getFormProps(form)} className={cardClass}>
        <ErrorBox id={form.errorId} errors={form.errors} />
        <Field
          label={t("forgot.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <SubmitButton pendingLabel={t("forgot.sending")} className="w-full">
          {t("forgot.send")}
        </SubmitButton>
      </Form>
      <p className="text-center text-sm text-muted">
        {t("forgot.remembered")}{" "}
        <Link to="/auth" className={linkClass}>
          {t("forgot.signIn")}
        </Link>
      </p>
    </AuthColumn>
  );
}
