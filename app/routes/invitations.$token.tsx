// /invitations/{token}: an invitation to join a company's team. The GET only reads the link (mail
// scanners open links); "Join" is a POST. Signed out, the page leads to sign-up (which joins the
// team as it makes the account) or to sign-in with the invited address and back here. The module
// refuses another address, a candidate account and an account that already runs a company with
// jobs or colleagues, each with a sentence.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { currentUser, requireUser } from "#modules/identity/index.server.ts";
import { acceptInvitation, readInvitation } from "#modules/hiring/index.server.ts";
import { isModuleError, moduleErrorStatus, respondToModuleError } from "#app/module-errors.server.ts";
import { FormError, SubmitButton } from "#app/components/forms.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { JOINED_NOTICE, TEAM_PATH } from "#app/team-page.server.ts";
import { Card } from "#app/components/job-bits.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";

export const meta: MetaFunction = () => [
  { title: "Team invitation · Hirewise" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = (params.token ?? "").slice(0, 300);
  const [invitation, user] = await Promise.all([readInvitation(token), currentUser(request)]);
  if (invitation.kind === "gone") throw data({ message: invitation.message }, { status: 410 });
  const here = `/invitations/${token}`;
  return {
    invitation,
    signedInAs: user ? { email: user.email, role: user.role } : null,
    signUpHref: `/auth?mode=signup&role=employer&redirect=${encodeURIComponent(here)}`,
    signInHref: `/auth?redirect=${encodeURIComponent(here)}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  try {
    await acceptInvitation((params.token ?? "").slice(0, 300), user);
    return redirectWithNotice(TEAM_PATH, JOINED_NOTICE);
  } catch (error) {
    if (isModuleError(error) && error.code !== "not-found")
      return data({ error: error.message }, { status: moduleErrorStatus(error) });
    return respondToModuleError(error);
  }
}

export default function Invitation() {
  const { invitation, signedInAs, signUpHref, signInHref } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const link = "font-semibold text-brand underline hover:text-brand-800";
  const otherAddress = signedInAs && signedInAs.email.toLowerCase() !== invitation.email.toLowerCase();
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold break-words">Join {invitation.companyName} on Hirewise</h1>
        <p className="mt-2 text-label">
          {invitation.inviterName ?? "A colleague"} invited{" "}
          <span className="font-medium break-all">{invitation.email}</span> to join as{" "}
          {invitation.roleLabel.toLowerCase()}.
        </p>
        {answer && "error" in answer ? (
          <div className="mt-4">
            <FormError message={answer.error} />
          </div>
        ) : null}
        {!signedInAs ? (
          <div className="mt-6 space-y-3">
            <p>Create your account to join the team, or sign in if you already have one with {invitation.email}.</p>
            <div className="flex flex-wrap gap-3">
              <Link
                to={signUpHref}
                className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                Create an account
              </Link>
              <ButtonLink to={signInHref} variant="secondary" size="lg">
                Sign in
              </ButtonLink>
            </div>
          </div>
        ) : otherAddress ? (
          <div className="mt-6 space-y-3">
            <p>
              You're signed in as <span className="break-all">{signedInAs.email}</span>. This invitation is for{" "}
              {invitation.email}: sign out, then open the invitation link again and use that address.
            </p>
            <Form method="post" action="/signout">
              <button type="submit" className={link}>
                Sign out
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="mt-6">
            <SubmitButton pendingLabel="Joining…">Join {invitation.companyName}</SubmitButton>
          </Form>
        )}
      </Card>
    </main>
  );
}
