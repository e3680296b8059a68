// /employer/jobs/new: the Post a Job wizard. `?draft={id}&step={n}` resumes a draft.
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
  { title: `${translator(rootLanguage(matches), "post")("title")} · Hirewise` },
];

const draftOf = (request: Request) => new URL(request.url).searchParams.get("draft");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const view = await wizardLoader(request, draftOf(request));
  const language = await pageLanguage(request, context);
  return { view, choices: wizardChoicesIn(language) };
}

export async function action({ request }: ActionFunctionArgs) {
  return wizardAction(request, draftOf(request));
}

export default function PostJob() {
  const { view: loaded, choices } = useLoaderData<typeof loader>();
  const { t } = useTranslation("post");
  const view = shownView(loaded, useActionData<typeof action>());
  const actionUrl = view.jobId ? wizardUrl(view.jobId, false, view.step) : "/employer/jobs/new";
  return <JobWizard view={view} choices={choices} actionUrl={actionUrl} title={t("title")} />;
}

export const ErrorBoundary = JobErrorBoundary;
