// /employer/jobs/{id}/edit: the post wizard on a published job. Edits stay a draft until Save
// Changes, so candidates never see a half-edited job.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { rootLanguage, translator } from "#locales/index.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { wizardAction, wizardLoader } from "#app/job-wizard.server.ts";
import { wizardChoicesIn } from "#app/job-wizard-words.server.ts";
import { shownView, wizardUrl } from "#app/job-wizard.ts";
import { JobWizard } from "#app/components/job-wizard.tsx";
import { JobErrorBoundary } from "#app/components/job-bits.tsx";

export { headers } from "#app/quotas.server.ts";
// The title in the root's language, so the error page's title is in it too.
export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "post")("editTitle")} · Hirewise` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const view = await wizardLoader(request, params.id ?? "");
  const language = await pageLanguage(request, context);
  return { view, choices: wizardChoicesIn(language) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return wizardAction(request, params.id ?? "");
}

export default function EditJob() {
  const { view: loaded, choices } = useLoaderData<typeof loader>();
  const { t } = useTranslation("post");
  const view = shownView(loaded, useActionData<typeof action>());
  return (
    <JobWizard
      view={view}
      choices={choices}
      actionUrl={wizardUrl(view.jobId!, true, view.step)}
      title={t("editTitle")}
    />
  );
}

export const ErrorBoundary = JobErrorBoundary;
