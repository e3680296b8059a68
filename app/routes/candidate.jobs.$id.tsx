// /candidate/jobs/{id}: an active job as a candidate reads it, with Apply Now. A missing, closed
// or archived job answers 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "#modules/identity/index.ts";
import { activeJob } from "#modules/hiring/index.ts";
import { salaryEstimate } from "#modules/search/index.ts";
import { jobView } from "#app/job-view.server.ts";
import { JobPosting, PostingNotFound, ReadyToApply } from "#app/components/job-posting.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.job.title ?? "Job"} · Hirewise` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "candidate");
  const job = await activeJob(params.id ?? "");
  if (!job) throw data({ message: "This job posting is no longer available or has been removed." }, { status: 404 });
  const view = jobView(job);
  return { job: view, estimate: view.salary ? null : await salaryEstimate(job) };
}

const BACK = { to: "/candidate/jobs", label: "Back to Jobs" };

export default function CandidateJobPage() {
  const { job, estimate } = useLoaderData<typeof loader>();
  return <JobPosting job={job} estimate={estimate} back={BACK} apply={<ReadyToApply href={`/candidate/jobs/${job.id}/apply`} />} />;
}

export function ErrorBoundary() {
  return <PostingNotFound back={BACK} />;
}
