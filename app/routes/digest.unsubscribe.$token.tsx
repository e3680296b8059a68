// /digest/unsubscribe/{signed token}: the link in the weekly digest of waiting applicants (and its
// List-Unsubscribe header). Works signed out, as the job alerts' link does: the signed token is the
// authority. GET shows a button (mail scanners fetch links and must not unsubscribe anyone); POST
// turns the digest off, from that button or as the RFC 8058 one-click POST (lib/http/same-origin.ts).
import { textLink } from "#app/components/ui/styles.ts";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { isWaitingDigestLink, unsubscribeWaitingDigest } from "#modules/applications/index.server.ts";
import { Card } from "#app/components/job-bits.tsx";
import { SubmitButton } from "#app/components/forms.tsx";
import { LinkNotValid } from "#app/components/link-not-valid.tsx";

export const meta: MetaFunction = () => [{ title: "Unsubscribe · Hirewise" }, { name: "robots", content: "noindex" }];

const INVALID =
  "This unsubscribe link is not valid. Open the link from the email again, or change your emails in your account settings.";

export async function loader({ params }: LoaderFunctionArgs) {
  if (!(await isWaitingDigestLink(params.token ?? ""))) throw data({ message: INVALID }, { status: 404 });
  return null;
}

export async function action({ params }: ActionFunctionArgs) {
  if (!(await isWaitingDigestLink(params.token ?? ""))) throw data({ message: INVALID }, { status: 404 });
  await unsubscribeWaitingDigest(params.token ?? "");
  return { done: true as const };
}

export default function UnsubscribeDigest() {
  const done = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">
          {done ? "You're unsubscribed" : "Unsubscribe from the weekly digest?"}
        </h1>
        {done ? (
          <p className="mt-3 text-soft" role="status">
            We won&apos;t send you the weekly digest of applicants waiting 14+ days any more. Your other emails are
            unchanged.
          </p>
        ) : (
          <>
            <p className="mt-3 text-soft">
              We&apos;ll stop the weekly email about applicants who have waited 14+ days for a decision. Your other
              emails are unchanged.
            </p>
            <Form method="post" className="mt-5">
              <SubmitButton pendingLabel="Unsubscribing…">Unsubscribe</SubmitButton>
            </Form>
          </>
        )}
        <p className="mt-6 text-sm text-muted">
          Changed your mind? Turn it on again in your{" "}
          <Link to="/account#emails" className={textLink}>
            account settings
          </Link>{" "}
          after signing in.
        </p>
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  return <LinkNotValid message={INVALID} />;
}
