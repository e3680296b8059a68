// /auth/verify: where a signed-in person whose address is not confirmed yet gets a new link
// (the banner's Resend posts here), and sees whether it is confirmed.
import { languageFor } from "#app/i18n.server.ts";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  requireUser,
  resendVerificationEmail,
  safeRedirect,
  VERIFY_LINK_HOURS,
} from "#modules/identity/index.server.ts";
import { readForm } from "#lib/forms.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { ErrorBox, Notice, SubmitButton } from "#app/components/forms.tsx";
import { AuthColumn, cardClass, linkClass } from "#app/components/auth-notices.tsx";

/** Where to go back to: a path on this site of a sensible length, or none. */
const backTo = (value: FormDataEntryValue | string | null) =>
  typeof value === "string" && value.length <= 1000 ? safeRedirect(value, "") : "";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction = () => [{ title: "Confirm your email address · Hirewise" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  return {
    email: user.email,
    verified: user.emailVerified,
    sent: url.searchParams.get("sent") === "1",
    back: backTo(url.searchParams.get("redirect")),
    validHours: VERIFY_LINK_HOURS,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const back = backTo(form.get("redirect"));
  try {
    // The new link goes out in the account's language, else the one this page is in.
    const outcome = await resendVerificationEmail(user.id, back, await languageFor(request, user));
    const query = new URLSearchParams();
    if (outcome === "queued") query.set("sent", "1");
    if (back) query.set("redirect", back);
    return redirect(query.size ? `/auth/verify?${query}` : "/auth/verify", 303);
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error;
    return data({ error: error.message }, { status: 429, headers: retryAfter(error) });
  }
}

export default function VerifyEmail() {
  const { email, verified, sent, back, validHours } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const address = <strong className="font-semibold text-strong">{email}</strong>;
  return (
    <AuthColumn title={verified ? "Your email address is confirmed" : "Confirm your email address"}>
      <div className={cardClass}>
        {verified ? (
          <p className="break-words text-soft">You confirmed {address}. You can publish jobs and send applications.</p>
        ) : (
          <>
            <ErrorBox errors={actionData?.error ? [actionData.error] : undefined} />
            {sent && !actionData ? <Notice>We sent a new link to {email}.</Notice> : null}
            <p className="break-words text-soft">
              Open the link we sent to {address} to confirm it. Links work for {validHours} hours. Until then you can't
              publish jobs or send applications.
            </p>
            <Form method="post" action="/auth/verify">
              {back ? <input type="hidden" name="redirect" value={back} /> : null}
              <SubmitButton pendingLabel="Sending..." className="w-full">
                Resend the link
              </SubmitButton>
            </Form>
          </>
        )}
        {back ? (
          <p className="text-sm">
            <Link to={back} className={linkClass}>
              Back to where you were
            </Link>
          </p>
        ) : null}
      </div>
    </AuthColumn>
  );
}
