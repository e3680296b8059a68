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
import { Trans, useTranslation } from "react-i18next";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";

/** Where to go back to: a path on this site of a sensible length, or none. */
const backTo = (value: FormDataEntryValue | string | null) =>
  typeof value === "string" && value.length <= 1000 ? safeRedirect(value, "") : "";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "access")("verify.title")} · Hirewise` },
];

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
    const language = await languageFor(request, user);
    return data({ error: translateMessage(language, error.message) }, { status: 429, headers: retryAfter(error) });
  }
}

export default function VerifyEmail() {
  const { t } = useTranslation("access");
  const { email, verified, sent, back, validHours } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const words = (key: string) => (
    <Trans
      t={t}
      i18nKey={key}
      values={{ email, hours: validHours }}
      components={{ strong: <strong className="font-semibold text-strong" /> }}
    />
  );
  return (
    <AuthColumn title={verified ? t("verify.confirmedTitle") : t("verify.title")}>
      <div className={cardClass}>
        {verified ? (
          <p className="break-words text-soft">{words("verify.confirmed")}</p>
        ) : (
          <>
            <ErrorBox errors={actionData?.error ? [actionData.error] : undefined} />
            {sent && !actionData ? <Notice>{t("verify.sentNew", { email })}</Notice> : null}
            <p className="break-words text-soft">{words("verify.open")}</p>
            <Form method="post" action="/auth/verify">
              {back ? <input type="hidden" name="redirect" value={back} /> : null}
              <SubmitButton pendingLabel={t("verify.sending")} className="w-full">
                {t("verify.resend")}
              </SubmitButton>
            </Form>
          </>
        )}
        {back ? (
          <p className="text-sm">
            <Link to={back} className={linkClass}>
              {t("verify.back")}
            </Link>
          </p>
        ) : null}
      </div>
    </AuthColumn>
  );
}
