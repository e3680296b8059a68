// /employer/jobs/{id}/eeo: the owner's voluntary self-identification report for one job (decision
// 088): how many applicants at each stage chose each answer. Counts below 5 are hidden, and so are
// as many others as keep a hidden count from being worked out from the stage's size; there are no
// totals. Nobody's answers are shown. Recruiters, interviewers and other companies get 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import { eeoReport } from "#modules/applications/index.server.ts";
import { EEO_QUESTION_LABELS, type EeoCell } from "#modules/applications/browser.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { Card, smallTextLink } from "#app/components/ui/index.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Self-identification report · ${data?.report.job.title ?? "Job"} · Hirewise` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  return {
    report: await withModuleErrors(() => eeoReport(member, params.id ?? ""), {
      notFound: "That job could not be found.",
    }),
  };
}

const HIDDEN = "Hidden";

const cell = (count: EeoCell) => (count === null ? HIDDEN : String(count));

export default function EeoReportPage() {
  const { report } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6" aria-labelledby="page-heading">
      <div>
        <Link to={`/employer/jobs/${report.job.id}`} className={smallTextLink}>
          ← {report.job.title}
        </Link>
        <h1 id="page-heading" className="mt-2 text-2xl font-bold">
          Voluntary self-identification
        </h1>
        <p className="mt-1 text-muted">
          How many of this job's applicants at each stage chose each answer. Only owners see this page; nobody sees
          anyone's answers, and reviewers see none of it.
        </p>
        <p className="mt-1 text-sm text-soft">
          {HIDDEN}: fewer than 5 applicants, or a count hidden with one that is, so that no count under 5 can be worked
          out from a stage's size. There are no totals for the same reason.
        </p>
      </div>
      {!report.answered ? (
        <Card>
          <p>No applicant to this job has answered yet.</p>
        </Card>
      ) : (
        report.questions.map((q) => (
          <Card as="section" key={q.question} aria-labelledby={`eeo-${q.question}`} className="overflow-x-auto">
            <h2 id={`eeo-${q.question}`} className="text-lg font-semibold">
              {EEO_QUESTION_LABELS[q.question]}
            </h2>
            <table className="mt-3 w-full text-left text-sm">
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Stage
                  </th>
                  {q.options.map((o) => (
                    <th key={o.code} scope="col" className="py-2 pr-3 font-medium">
                      {o.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {q.stages.map((s) => (
                  <tr key={s.stage} className="border-b border-line last:border-0">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {s.label}
                    </th>
                    {s.counts.map((count, i) => (
                      <td
                        key={q.options[i]!.code}
                        className={`py-2 pr-3 tabular-nums ${count === null ? "text-muted" : ""}`}
                      >
                        {cell(count)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        ))
      )}
    </section>
  );
}
