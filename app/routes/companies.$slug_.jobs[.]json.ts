// /companies/{slug}/jobs.json: a company's open jobs for other sites (the embed script reads it):
// id, title, place, type, salary, posted date and the job's public address on PUBLIC_URL. Any site
// may read it (Access-Control-Allow-Origin, set at the edge: lib/http/embeddable.ts); cached like
// the career page, whose board changes clear it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicAnswer, publicJobs, requireCareerPage } from "#app/career-page.server.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await requireCareerPage(params.slug, "/jobs.json");
  return publicAnswer(request, JSON.stringify(publicJobs(page)), "application/json; charset=utf-8");
}
