// /jobs: the job search for everyone, signed in or not (search engines too). The same one list
// over the board and the provider as /candidate/jobs; applying goes through sign-up.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { candidateTrialOffer } from "#modules/billing-plans/index.server.ts";
import { loadSearch } from "#app/job-search.server.ts";
import { seoMeta } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { SearchScreen } from "#app/components/job-search.tsx";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";
import { useTranslation } from "react-i18next";

// The words come from the catalogue in the root's language: the page's data stays as small as it was.
export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) => {
  const t = translator(rootLanguage(matches), "jobs");
  return seoMeta({
    title: t("title"),
    description: t("description"),
    path: "/jobs",
    origin: data?.origin,
    translated: { search: location.search },
  });
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await loadSearch(request, {
    defaults: { q: "", location: "" },
    basePath: "/jobs",
    audience: "public",
    context,
  });
  const language = await pageLanguage(request, context);
  return { ...data, origin: siteOrigin(), offer: translateMessage(language, candidateTrialOffer()) };
}

export default function PublicJobs() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("jobs");
  return <SearchScreen data={data} intro={t("publicIntro", { offer: data.offer })} />;
}
