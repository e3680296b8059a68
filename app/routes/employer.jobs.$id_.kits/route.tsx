// /employer/jobs/{id}/kits: the job's interview kits (issue 34 item 2, decision 087), a tab of the
// employer's job. Each kit: the questions to ask, the scorecard attributes it covers, a prompt for
// the interviewer's notes. Owners and recruiters add and change kits (…/kits/new, …/kits/{kitId});
// interviewers assigned to the job read them here and on the application.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import { jobInterviewKits, MAX_KITS } from "#modules/hiring/index.server.ts";
import { jobForPage, jobHeader, jobStatusAction } from "#app/job-page.server.ts";
import { JobErrorBoundary } from "#app/components/job-bits.tsx";
import { JobPageHeader } from "#app/components/job-page-header.tsx";
import { readTextForm } from "#lib/forms.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { Card } from "#app/components/ui/card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { KitBody } from "#app/components/interview-kit.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.job.title ?? "Job"} · Interview kits · Hirewise` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const job = await jobForPage(member, params.id ?? "");
  const kits = await withModuleErrors(() => jobInterviewKits(member, job.id), {
    notFound: "The job you're looking for could not be found.",
  });
  return {
    job: await jobHeader(member, job),
    kits: kits.kits,
    mayEdit: kits.mayEdit,
    mayAdd: kits.kits.length < MAX_KITS,
  };
}

// The header's Close, Reopen and Archive post here.
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const { form } = await readTextForm(request);
  return jobStatusAction(member, jobId, form, `/employer/jobs/${jobId}/kits`);
}

export default function InterviewKitsPage() {
  const { job, kits, mayEdit, mayAdd } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <JobPageHeader job={job} error={answer as { error: string } | undefined} tab="kits" />
      <Card as="section" aria-labelledby="kits-heading">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <h2 id="kits-heading" className="text-lg font-semibold">
              Interview kits
            </h2>
            <p className="mt-1 text-muted">
              What each interviewer asks and which scorecard attributes they judge. An interview uses the kit chosen
              when its times are offered; an application in Interview shows the first kit until then.
            </p>
          </div>
          {mayEdit && mayAdd ? (
            <ButtonLink to={`/employer/jobs/${job.id}/kits/new`} variant="primary">
              New interview kit
            </ButtonLink>
          ) : null}
        </div>
        {kits.length ? null : (
          <p className="mt-4 text-muted">
            {mayEdit
              ? "This job has no interview kit yet. Start one: name it, pick the attributes it covers and write or generate the questions."
              : "This job has no interview kit yet. Owners and recruiters write them."}
          </p>
        )}
      </Card>
      {kits.map((kit, i) => (
        <Card key={kit.id} as="section" aria-labelledby={`kit-${kit.id}`}>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <h2 id={`kit-${kit.id}`} className="min-w-0 flex-1 text-lg font-semibold [overflow-wrap:anywhere]">
              {kit.name}
              {i === 0 ? <span className="ml-2 text-sm font-normal text-muted">(the default)</span> : null}
            </h2>
            {mayEdit ? (
              <ButtonLink
                to={`/employer/jobs/${job.id}/kits/${kit.id}`}
                variant="secondary"
                size="sm"
                aria-label={`Edit ${kit.name}`}
              >
                Edit
              </ButtonLink>
            ) : null}
          </div>
          <KitBody kit={kit} />
        </Card>
      ))}
    </section>
  );
}

export const ErrorBoundary = JobErrorBoundary;
