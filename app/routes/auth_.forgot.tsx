// /auth/forgot: asks for the address to send a reset link to. Every well-formed request gets the
// same answer at the same speed: the action only checks the form and queues the work
// (modules/identity/password-reset.ts).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  currentUser,
  ForgotPasswordSchema,
  requestPasswordReset,
  RESET_LINK_MINUTES,
} from "#modules/identity/index.server.ts";
import { readTextForm, UNSTORABLE_FIELD } from "#lib/forms.ts";
import { ErrorBox, Field, SubmitButton } from "#app/components/forms.tsx";
import { AuthColumn, cardClass, linkClass, Notice } from "#app/components/auth-notices.tsx";

export const meta: MetaFunction = () => [
  { title: "Reset your password · Hirewise" },
  { name: "description", content: "Get a link to choose a new Hirewise password." },
];

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
  if (unstorable.length) {
    return data(
      {
        result: submission.reply({
          fieldErrors: Object.fromEntries(unstorable.map((name) => [name, [UNSTORABLE_FIELD]])),
        }),
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await requestPasswordReset(submission.value, context.clientIp);
  return redirect("/auth/forgot?sent=1", 303);
}

export default function ForgotPassword() {
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
      <AuthColumn title="Check your email">
        <div className={cardClass}>
          <Notice>If an account exists for that address, we sent a link.</Notice>
          <p className="text-soft">
            The link lets you choose a new password. It works once, for {validMinutes} minutes. If nothing arrives in a
            few minutes, look in your spam folder, or ask again.
          </p>
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link to="/auth" className={linkClass}>
              Back to sign in
            </Link>
            <Link to="/auth/forgot" className={linkClass}>
              Send another link
            </Link>
          </p>
        </div>
      </AuthColumn>
    );
  }

  return (
    <AuthColumn
      title="Forgot your password?"
      intro="Enter the email address of your account and we'll send you a link to choose a new password."
    >
      <Form method="post" action="/auth/forgot" {...getFormProps(form)} className={cardClass}>
        <ErrorBox id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <SubmitButton pendingLabel="Sending..." className="w-full">
          Send reset link
        </SubmitButton>
      </Form>
      <p className="text-center text-sm text-muted">
        Remembered it?{" "}
        <Link to="/auth" className={linkClass}>
          Sign in
        </Link>
      </p>
    </AuthColumn>
  );
}
