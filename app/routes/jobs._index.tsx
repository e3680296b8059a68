// /jobs: the job search for everyone, signed in or not (search engines too). The same one list
// over the board and the provider as /candidate/jobs; applying goes through sign-up.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { candidateTrialOffer } from "#modules/billing-plans/index.server.ts";
import { loadSearch } from "#app/job-search.server.ts";
import { seoMeta } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { SearchScreen } from "#app/components/job-search.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "Jobs",
    description:
      "Search jobs on Hirewise and across the web in one list: software, data, design, product, marketing, sales and more.",
    path: "/jobs",
    origin: data?.origin,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await loadSearch(request, {
    defaults: { q: "", location: "" },
    basePath: "/jobs",
    audience: "public",
    context,
  });
  return { ...data, origin: siteOrigin(), offer: candidateTrialOffer() };
}

export default function PublicJobs() {
  const data = useLoaderData<typeof loader>();
  return (
    <SearchScreen
      data={data}
      intro={`Jobs on Hirewise and across the web, in one list. Create a job seeker account to apply: ${data.offer}.`}
    />
  );
}
