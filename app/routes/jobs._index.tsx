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
import { translator } from "#locales/index.ts";

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  seoMeta({
    title: data?.title ?? "Jobs",
    description: data?.description ?? "",
    path: "/jobs",
    origin: data?.origin,
    translated: { search: location.search },
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await loadSearch(request, {
    defaults: { q: "", location: "" },
    basePath: "/jobs",
    audience: "public",
    context,
  });
  const t = translator(await pageLanguage(request, context), "jobs");
  // The trial offer is the plans' own sentence, in English: not translated yet (decision 090).
  return {
    ...data,
    origin: siteOrigin(),
    title: t("title"),
    description: t("description"),
    intro: t("publicIntro", { offer: candidateTrialOffer() }),
  };
}

export default function PublicJobs() {
  const data = useLoaderData<typeof loader>();
  return <SearchScreen data={data} intro={data.intro} />;
}
