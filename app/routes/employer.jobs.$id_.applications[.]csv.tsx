// /employer/jobs/{id}/applications.csv: the job's applications as a spreadsheet, streamed.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "#app/team.server.ts";
import { employerJob } from "#modules/hiring/index.server.ts";
import { applicationsCsv } from "#modules/applications/index.server.ts";
import { orQuotaPage } from "#app/quotas.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { contentDisposition } from "#lib/http-files.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const job = await withModuleErrors(() => employerJob(member, params.id ?? ""));
  const name = `${
    job.title
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "job"
  }-applications.csv`;
  const csv = await orQuotaPage(applicationsCsv(member, job.id, job.questions), {
    href: `/employer/jobs/${job.id}`,
    label: "Back to the job",
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", name),
      "Cache-Control": "private, no-store",
    },
  });
}
