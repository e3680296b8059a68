// /candidate/jobs/{id}/apply: the three-step apply wizard (Questions, Resume, Review).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { applyAction, applyLoader } from "#app/apply.server.ts";
import { ApplyWizard } from "#app/components/apply-wizard.tsx";
import { Card } from "#app/components/job-bits.tsx";

export { headers } from "#app/quotas.server.ts";
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Apply: ${data?.job.title ?? "Job"} · Hirewise` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return applyLoader(request, params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return applyAction(request, params.id ?? "");
}

export default function ApplyPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <ApplyWizard view={posted && "step" in posted ? posted : loaded} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{missing ? "Job Not Found" : "Something went wrong"}</h1>
        <p className="mt-3 text-muted">
          {missing
            ? "The job you're trying to apply for could not be found."
            : "An error occurred. Please try again in a moment."}
        </p>
        <Link
          to="/candidate/jobs"
          className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Back to Jobs
        </Link>
      </Card>
    </section>
  );
}
