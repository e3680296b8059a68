// /candidate/jobs (Find Your Next Opportunity): one search over our board and the job-search
// provider. A GET form, so every search, filter, page and detail view is a URL that works without
// JavaScript; Apply Now on a provider listing is a POST that imports it and opens its application.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "#modules/identity/index.server.ts";
import { importProviderListing } from "#modules/search/index.server.ts";
import { lastSearchFor, loadSearch, SEARCH_DEFAULTS } from "#app/job-search.server.ts";
import { requireViewerRole } from "#app/viewer.server.ts";
import { SearchScreen } from "#app/components/job-search.tsx";
import { readForm } from "#lib/forms.ts";

export const meta: MetaFunction = () => [{ title: "Find Your Next Opportunity · Hirewise" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireViewerRole(request, context, "candidate");
  // A shared render's stand-in is nobody: the real viewer's search is kept in the per-viewer step
  // (app/edge-cache.server.ts), and plain visits never take the shared render.
  if (!context?.sharedRender) {
    const back = await lastSearchFor(user.id, new URL(request.url));
    if (back) throw redirect(back, 303);
  }
  return loadSearch(request, {
    defaults: SEARCH_DEFAULTS,
    basePath: "/candidate/jobs",
    audience: "candidate",
    context,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, "candidate");
  const form = await readForm(request);
  const listing = String(form.get("listing") ?? "");
  if (form.get("intent") !== "import" || !listing) return redirect("/candidate/jobs");
  const jobId = await importProviderListing(listing.slice(0, 300));
  if (!jobId) return redirect(`/candidate/jobs?unavailable=1`);
  return redirect(`/candidate/jobs/${jobId}/apply`);
}

export default function CandidateJobs() {
  const data = useLoaderData<typeof loader>();
  return <SearchScreen data={data} />;
}
