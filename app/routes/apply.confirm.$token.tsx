// /apply/confirm/{token}: the link emailed for a visitor's held application (decision 080). The
// GET only looks (mail scanners open links) and offers one button, with a password to set if
// wanted; the POST confirms once: it makes the candidate account (or, for an address that has one,
// needs its owner signed in), signs them in and submits the application through the usual submit.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readTextForm } from "#lib/forms.ts";
import {
  AccountError,
  OptionalPasswordSchema,
  PASSWORD_MIN_LENGTH,
  currentUser,
  hashNewPassword,
  signInResponse,
} from "#modules/identity/index.server.ts";
import { confirmHeldApplication, heldLink } from "#modules/applications/index.server.ts";
import { Field, SubmitButton } from "#app/components/forms.tsx";
import { AuthColumn, cardClass, linkClass } from "#app/components/auth-notices.tsx";
import { DeadLink } from "#app/components/dead-link.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";

export const meta: MetaFunction = () => [
  { title: "Confirm your application · Hirewise" },
  { name: "robots", content: "noindex" },
];

const signInHere = (token: string) => `/auth?mode=signin&redirect=${encodeURIComponent(`/apply/confirm/${token}`)}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const link = await heldLink(params.token ?? "");
  if (!link) return { link: null, signedInAsOwner: false, signInHref: null, minLength: PASSWORD_MIN_LENGTH };
  const viewer = await currentUser(request);
  return {
    link: { jobTitle: link.jobTitle, companyName: link.companyName, email: link.email, hasAccount: !!link.accountId },
    signedInAsOwner: Boolean(link.accountId && viewer?.id === link.accountId),
    signInHref: signInHere(params.token ?? ""),
    minLength: PASSWORD_MIN_LENGTH,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const { form } = await readTextForm(request);
  const parsed = OptionalPasswordSchema.safeParse({ password: form.get("password") ?? "" });
  if (!parsed.success) return data({ passwordError: parsed.error.issues[0]!.message, dead: false }, { status: 400 });
  const link = await heldLink(token);
  if (!link) return data({ passwordError: null, dead: true }, { status: 410 });
  let passwordHash: string | null;
  try {
    passwordHash = link.accountId
      ? null
      : await hashNewPassword(parsed.data.password, [link.email, link.fullName ?? ""]);
  } catch (error) {
    if (error instanceof AccountError) return data({ passwordError: error.message, dead: false }, { status: 400 });
    throw error;
  }
  const viewer = await currentUser(request);
  const done = await confirmHeldApplication(token, viewer, passwordHash);
  if (done.outcome === "gone") return data({ passwordError: null, dead: true }, { status: 410 });
  if (done.outcome === "sign-in") return redirect(signInHere(token));
  const to = done.applicationId ? "/candidate/applications?submitted=1" : `/candidate/jobs/${done.jobId}/apply?step=3`;
  // The owner is signed in already; a new account is signed in on this browser.
  if (!done.newAccount) return redirect(to);
  return signInResponse(done.account, to, { ip: context.clientIp, userAgent: request.headers.get("User-Agent") });
}

export default function ConfirmHeldApplication() {
  const { link, signedInAsOwner, signInHref, minLength } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  if (!link || posted?.dead) return <DeadLink again={{ href: "/jobs", label: "Find the job and apply again" }} />;
  const intro = (
    <>
      Your application for <strong>{link.jobTitle}</strong> at {link.companyName} is waiting. Nothing reaches{" "}
      {link.companyName} before you confirm.
    </>
  );
  if (link.hasAccount && !signedInAsOwner) {
    return (
      <AuthColumn title="Sign in to send your application" intro={intro}>
        <div className={cardClass}>
          <p className="text-soft wrap-anywhere">
            {link.email} has a Hirewise account. Sign in to it and your answers and resume are sent from it.
          </p>
          <ButtonLink to={signInHref!} size="lg" className="w-full">
            Sign in
          </ButtonLink>
          <Link to="/auth/forgot" className={`${linkClass} text-center text-sm`}>
            Forgot your password?
          </Link>
        </div>
      </AuthColumn>
    );
  }
  return (
    <AuthColumn title="Confirm your application" intro={intro}>
      <Form method="post" className={cardClass}>
        {link.hasAccount ? (
          <p className="text-soft">The application is sent from your account.</p>
        ) : (
          <>
            <p className="text-soft wrap-anywhere">
              Confirming makes your job seeker account for {link.email}, signs you in and sends the application.
            </p>
            <input type="email" name="username" value={link.email} autoComplete="username" readOnly hidden />
            <Field
              label="Password (optional)"
              hint={`At least ${minLength} characters. Or leave it empty and set one later with "Forgot password?".`}
              errors={posted?.passwordError ? [posted.passwordError] : undefined}
              inputProps={{ id: "password", name: "password", type: "password", autoComplete: "new-password" }}
            />
          </>
        )}
        <SubmitButton pendingLabel="Sending..." className="w-full">
          Confirm and send my application
        </SubmitButton>
      </Form>
    </AuthColumn>
  );
}
