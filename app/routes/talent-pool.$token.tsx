// /talent-pool/{signed token}: the link in the email a candidate gets 30 days before a company's
// retention period anonymises their application (decision 089). Works signed out: the signed token
// is the authority. GET shows what would be kept and a button (mail scanners fetch links and must
// not keep anyone); POST keeps the candidate's closed applications to that company for another period.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { keepInTalentPool, talentPoolOffer } from "#modules/applications/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { INTL_LOCALES, rootLanguage, translator } from "#locales/index.ts";
import { Card } from "#app/components/job-bits.tsx";
import { SubmitButton } from "#app/components/forms.tsx";
import { LinkNotValid } from "#app/components/link-not-valid.tsx";

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "talentPool")("title")} · Hirewise` },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  const offer = await talentPoolOffer(args.params.token ?? "");
  if (!offer) throw data(null, { status: 404 });
  const language = await pageLanguage(args.request, args.context);
  return {
    ...offer,
    due: offer.due ? formatDate(offer.due, INTL_LOCALES[language]) : null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const kept = await keepInTalentPool(args.params.token ?? "");
  if (!kept) throw data(null, { status: 404 });
  return { until: formatDate(kept.until, INTL_LOCALES[await pageLanguage(args.request, args.context)]) };
}

export default function TalentPool() {
  const { t } = useTranslation("talentPool");
  const offer = useLoaderData<typeof loader>();
  const kept = useActionData<typeof action>();
  const company = offer.companyName;
  const words = { company, jobs: offer.jobTitles.join(", "), count: offer.jobTitles.length };
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">
          {kept ? t("keptHeading", { company }) : t("offerHeading", { company })}
        </h1>
        {kept ? (
          <p className="mt-3 text-soft" role="status">
            {t("kept", { ...words, until: kept.until })}
          </p>
        ) : (
          <>
            <p className="mt-3 text-soft">
              {offer.due ? t("due", { ...words, due: offer.due }) : t("later", words)}{" "}
              {t("staying", { months: offer.months, company })}
            </p>
            <Form method="post" className="mt-5">
              <SubmitButton pendingLabel={t("saving")}>{t("keep")}</SubmitButton>
            </Form>
          </>
        )}
        <p className="mt-6 text-sm text-muted">{t("nothing")}</p>
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("talentPool");
  return <LinkNotValid message={t("invalid")} />;
}
