// /candidate/jobs/{id}: an active job as a candidate reads it, with Apply Now, or the candidate's
// application to it (status, applied date, resume). A missing, closed or archived job answers 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "#modules/identity/index.server.ts";
import { activeJob } from "#modules/hiring/index.server.ts";
import { salaryEstimate } from "#modules/search/index.server.ts";
import {
  applicationAllowance,
  candidateApplicationForJob,
  STATUS_MESSAGES,
} from "#modules/applications/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { readFromReplica } from "#lib/http/edge-cache/index.ts";
import { jobView } from "#app/job-view.server.ts";
import { JobPosting, PostingNotFound, ReadyToApply } from "#app/components/job-posting.tsx";
import { Card, StatusBadge } from "#app/components/job-bits.tsx";
import { SaveButton } from "#app/components/save-job.tsx";
import { marksFor, saveModeFor } from "#app/saved-marks.server.ts";
import { allowanceView, type AllowanceView } from "#app/allowance.server.ts";
import { buttonClass } from "#app/components/ui/button.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.job.title ?? "Job"} · Hirewise` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const job = await readFromReplica(() => activeJob(params.id ?? ""));
  if (!job) throw data({ message: "This job posting is no longer available or has been removed." }, { status: 404 });
  const view = jobView(job);
  const url = new URL(request.url);
  const [estimate, application, allowance, marks] = await Promise.all([
    view.salary ? null : salaryEstimate(job),
    candidateApplicationForJob(user.id, job.id),
    applicationAllowance(user.id),
    marksFor(user, [`board:${job.id}`]),
  ]);
  return {
    saved: Boolean(marks[`board:${job.id}`]?.saved),
    saveMode: saveModeFor(user, url.pathname),
    job: view,
    estimate,
    allowance: allowanceView(allowance),
    alreadyApplied: new URL(request.url).searchParams.get("applied") === "already",
    application: application && {
      id: application.id,
      status: application.status,
      message: STATUS_MESSAGES[application.status],
      applied: formatDate(application.appliedAt),
      resumeId: application.resumeId,
    },
  };
}

const BACK = { to: "/candidate/jobs", label: "Back to Jobs" };

export default function CandidateJobPage() {
  const { job, estimate, application, alreadyApplied, allowance, saved, saveMode } = useLoaderData<typeof loader>();
  const applied = application ? (
    <Card>
      <h2 className="text-lg font-semibold">Your Application</h2>
      {alreadyApplied ? (
        <p className="mt-2 text-sm text-soft" role="status">
          You have already applied to this job.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <StatusBadge status={application.status} />
        <span className="text-sm text-muted">Applied {application.applied}</span>
      </div>
      <p className="mt-2 text-sm font-medium">{application.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {application.resumeId ? (
          <a
            href={`/resumes/${application.resumeId}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            View Submitted Resume
          </a>
        ) : null}
        {application.status === "applied_external" && job.imported?.applyLink ? (
          <a
            href={job.imported.applyLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            {job.companyName}'s site <span className="sr-only">(opens in a new tab)</span> ↗
          </a>
        ) : null}
        <a
          href={`/candidate/applications/${application.id}`}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-brand hover:underline"
        >
          View application
        </a>
      </div>
    </Card>
  ) : null;
  const apply = (
    <>
      {applied ??
        (job.imported && !job.imported.applyLink ? null : (
          <ApplyCard
            jobId={job.id}
            external={Boolean(job.imported)}
            companyName={job.companyName}
            allowance={allowance}
          />
        ))}
      <div id="save-job">
        <SaveButton target={`board:${job.id}`} title={job.title} saved={saved} mode={saveMode} anchor="save-job" />
      </div>
    </>
  );
  // The phone's Apply bar leads where the Apply card's link does.
  const applyHref =
    application || (job.imported && !job.imported.applyLink)
      ? null
      : (allowance.planHref ?? `/candidate/jobs/${job.id}/apply`);
  return <JobPosting job={job} estimate={estimate} back={BACK} apply={apply} applyHref={applyHref} />;
}

/** Apply Now with what the plan leaves; at the limit it leads to the plan page, saying why first. */
function ApplyCard({
  jobId,
  external,
  companyName,
  allowance,
}: {
  jobId: string;
  external: boolean;
  companyName: string;
  allowance: AllowanceView;
}) {
  const note = external
    ? `Prepare your answers and resume here, then continue to ${companyName}'s site to apply.`
    : undefined;
  const left = (
    <p
      className={allowance.allowed ? "text-soft" : "font-medium text-warn"}
      role={allowance.allowed ? undefined : "status"}
    >
      {allowance.text}
    </p>
  );
  return <ReadyToApply href={allowance.planHref ?? `/candidate/jobs/${jobId}/apply`} note={note} allowance={left} />;
}

export function ErrorBoundary() {
  return <PostingNotFound back={BACK} />;
}
