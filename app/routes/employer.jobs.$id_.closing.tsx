// /employer/jobs/{id}/closing: where the closing reminder's Extend and Close lead. A member who
// manages jobs picks a later closing date (intent=extend) or closes the job now (intent=close,
// telling its waiting applicants, as an owner's close does). POST only changes anything; anyone
// else's job is 404.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import { changeJobStatus, HiringError, jobClosing, setJobClosingDate } from "#modules/hiring/index.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { readTextForm } from "#lib/forms.ts";
import { Card, Field, IntentButton, smallTextLink } from "#app/components/ui/index.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Closing date · ${data?.job.title ?? "Job"} · Hirewise` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  return { job: await withModuleErrors(() => jobClosing(member, params.id ?? "")) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const jobId = params.id ?? "";
  const { form } = await readTextForm(request);
  const intent = String(form.get("intent") ?? "");
  const typed = String(form.get("closes_at") ?? "");
  const back = `/employer/jobs/${jobId}/details`;
  if (intent === "close") {
    await withModuleErrors(() => changeJobStatus(member, jobId, "close", { tellApplicants: true }));
    return redirectWithNotice(back, "Job closed. Applicants still waiting will hear it closed.");
  }
  return withModuleErrors(
    async () => {
      await setJobClosingDate(member, jobId, typed);
      return redirectWithNotice(back, "Closing date saved.");
    },
    {
      refused: (error, status) => {
        const errors: string[] = error instanceof HiringError ? (error.fieldErrors.closes_at ?? []) : [];
        return data({ typed, errors: errors.length ? errors : [error.message] }, { status });
      },
    },
  );
}

export default function JobClosingPage() {
  const { job } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold">{job.title}</h1>
        <p className="text-muted">
          {job.open ? (job.when ? `Takes applications until ${job.when}.` : "Open.") : "This job is not open."}
        </p>
      </div>
      {job.open ? (
        <Card>
          <Form method="post" className="grid gap-4">
            <Field
              label="Closing date"
              hint="The job closes at the end of this day in your company's time zone."
              errors={result && "errors" in result ? result.errors : undefined}
              inputProps={{
                id: "closes_at",
                name: "closes_at",
                type: "date",
                defaultValue: result && "typed" in result ? result.typed : job.closesOn,
              }}
            />
            <div className="flex flex-wrap gap-3">
              <IntentButton intent="extend">Save closing date</IntentButton>
              <IntentButton intent="close" variant="secondary">
                Close now
              </IntentButton>
            </div>
          </Form>
        </Card>
      ) : null}
      <Link className={smallTextLink} to={`/employer/jobs/${job.id}/details`}>
        Back to the job
      </Link>
    </section>
  );
}
