// /auth/reset/{token}: the emailed link. The GET only checks the link (mail scanners open links)
// and shows the new-password form; the POST sets the password and uses the link up, then the
// person signs in again (every session of the account ended).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
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

export const meta: MetaFunction = () => [
  { title: "Choose a new password · Hirewise" },
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

export async function action({ request, params }: ActionFunctionArgs) {
  const { form, unstorable } = await readTextForm(request);
  // Tells refused submissions apart, so the page empties the password input after each.
  const submissionId = randomUUID();
  const submission = parseWithZod(form, { schema: ResetPasswordSchema });
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
  const { email, constraint, minLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "reset-password",
    constraint,
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });

  if (!email || actionData?.dead) {
    return <DeadLink again={{ href: "/auth/forgot", label: "Send me a new link" }} />;
  }
  return (
    <AuthColumn
      title="Choose a new password"
      intro={<>For {email}. Every device signed in to this account will be signed out.</>}
    >
      <Form method="post" {...getFormProps(form)} className={cardClass}>
        <ErrorBox id={form.errorId} errors={form.errors} />
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field
          label="New password"
          hint={`At least ${minLength} characters, and not a common password.`}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            key: `password-${actionData?.submissionId ?? "initial"}`,
          }}
          errors={fields.password.errors}
        />
        <SubmitButton pendingLabel="Saving..." className="w-full">
          Set new password
        </SubmitButton>
      </Form>
      <p className="text-center text-sm text-muted">
        <Link to="/auth" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthColumn>
  );
}
