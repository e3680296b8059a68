// /digest/unsubscribe/{signed token}: the link in the weekly digest of waiting applicants (and its
// List-Unsubscribe header). Works signed out, as the job alerts' link does: the signed token is the
// authority. GET shows a button (mail scanners fetch links and must not unsubscribe anyone); POST
// turns the digest off, from that button or as the RFC 8058 one-click POST (lib/http/same-origin.ts).
import { textLink } from "#app/components/ui/styles.ts";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isWaitingDigestLink, unsubscribeWaitingDigest } from "#modules/applications/index.server.ts";
import { Card } from "#app/components/job-bits.tsx";
import { SubmitButton } from "#app/components/forms.tsx";
import { LinkNotValid } from "#app/components/link-not-valid.tsx";
import { rootLanguage, translator } from "#locales/index.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "digestUnsubscribe")("title")} · Hirewise` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  if (!(await isWaitingDigestLink(params.token ?? ""))) throw data(null, { status: 404 });
  return null;
}

export async function action({ params }: ActionFunctionArgs) {
  if (!(await isWaitingDigestLink(params.token ?? ""))) throw data(null, { status: 404 });
  await unsubscribeWaitingDigest(params.token ?? "");
  return { done: true as const };
}

export default function UnsubscribeDigest() {
  const { t } = useTranslation("digestUnsubscribe");
  const done = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">{done ? t("doneHeading") : t("askHeading")}</h1>
        {done ? (
          <p className="mt-3 text-soft" role="status">
            {t("done")}
          </p>
        ) : (
          <>
            <p className="mt-3 text-soft">{t("ask")}</p>
            <Form method="post" className="mt-5">
              <SubmitButton pendingLabel={t("pending")}>{t("action")}</SubmitButton>
            </Form>
          </>
        )}
        <p className="mt-6 text-sm text-muted">
          {t("again")}
          <Link to="/account#emails" className={textLink}>
            {t("settingsLink")}
          </Link>
          {t("afterSignIn")}
        </p>
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("digestUnsubscribe");
  return <LinkNotValid message={t("invalid")} />;
}
