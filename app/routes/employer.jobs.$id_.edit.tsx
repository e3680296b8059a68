// /employer/jobs/{id}/edit: the post wizard on a published job. Edits stay a draft until Save
// Changes, so candidates never see a half-edited job.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { wizardChoices } from "#modules/hiring/index.server.ts";
import { wizardAction, wizardLoader } from "#app/job-wizard.server.ts";
import { shownView, wizardUrl } from "#app/job-wizard.ts";
import { JobWizard } from "#app/components/job-wizard.tsx";
import { JobErrorBoundary } from "#app/components/job-bits.tsx";

export { headers } from "#app/quotas.server.ts";
export const meta: MetaFunction = () => [{ title: "Edit Job · Hirewise" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return { view: await wizardLoader(request, params.id ?? ""), choices: wizardChoices() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return wizardAction(request, params.id ?? "");
}

export default function EditJob() {
  const { view: loaded, choices } = useLoaderData<typeof loader>();
  const view = shownView(loaded, useActionData<typeof action>());
  return (
    <JobWizard view={view} choices={choices} actionUrl={wizardUrl(view.jobId!, true, view.step)} title="Edit Job" />
  );
}

export const ErrorBoundary = JobErrorBoundary;
