// /alerts/unsubscribe/{signed token}: the link in every job alert email (and its List-Unsubscribe
// header). Works signed out: the signed token is the authority, no session is read. GET only shows
// a confirmation with a button (mail scanners fetch links, and must not unsubscribe anyone); POST
// unsubscribes, both from that button and as the RFC 8058 one-click POST a mail client sends
// (body "List-Unsubscribe=One-Click", not read: the link alone decides). The edge lets this one
// path through its origin check (lib/http/same-origin.ts). A tampered link changes nothing.
import { textLink } from "#app/components/ui/styles.ts";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translator } from "#locales/index.ts";
import { alertForLink, describeSearch, unsubscribeAlert, UNSUBSCRIBE_PURPOSE } from "#modules/saved/index.server.ts";
import { verifyLink } from "#lib/signed-links.ts";
import { Card } from "#app/components/job-bits.tsx";
import { SubmitButton } from "#app/components/forms.tsx";
import { LinkNotValid } from "#app/components/link-not-valid.tsx";

export const meta: MetaFunction = ({ matches }) => [
  { title: translator(rootLanguage(matches), "alerts")("unsubscribe.title") },
  { name: "robots", content: "noindex" },
];

const INVALID =
  "This unsubscribe link is not valid. Open the link from the email again, or manage your alerts after signing in.";

async function alertFor(token: string | undefined) {
  const id = await verifyLink(UNSUBSCRIBE_PURPOSE, token ?? "");
  if (!id) throw data({ message: INVALID }, { status: 404 });
  return { id, alert: await alertForLink(id) };
}

// The page's language (the email's link carries the recipient's as ?lng=): the search is named in it.
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { alert } = await alertFor(params.token);
  const language = await pageLanguage(request, context);
  return { label: alert ? describeSearch(alert, language) : null, paused: alert?.paused ?? true };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const { id } = await alertFor(params.token);
  const alert = await unsubscribeAlert(id);
  const language = await pageLanguage(request, context);
  return { done: true as const, label: alert ? describeSearch(alert, language) : null };
}

export default function Unsubscribe() {
  const { label, paused } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const { t } = useTranslation("alerts", { keyPrefix: "unsubscribe" });
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">{done || paused ? t("done") : t("ask")}</h1>
        {label ? <p className="mt-3 break-words text-soft">{t("alert", { label })}</p> : null}
        {done || paused ? (
          <p className="mt-3 text-soft" role="status">
            {t("doneText")}
          </p>
        ) : (
          <>
            <p className="mt-3 text-soft">{t("askText")}</p>
            <Form method="post" className="mt-5">
              <SubmitButton pendingLabel={t("unsubscribing")}>{t("button")}</SubmitButton>
            </Form>
          </>
        )}
        <p className="mt-6 text-sm text-muted">
          {t("changedMind")}{" "}
          <Link to="/candidate/alerts" className={textLink}>
            {t("manage")}
          </Link>{" "}
          {t("afterSignIn")}
        </p>
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("alerts");
  return <LinkNotValid message={t("unsubscribe.invalid", { defaultValue: INVALID })} />;
}
