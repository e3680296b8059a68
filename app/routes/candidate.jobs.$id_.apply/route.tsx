// /candidate/jobs/{id}/apply: the three-step apply wizard (Questions, Resume, Review).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { applyAction, applyLoader } from "./apply.server.ts";
import { ApplyErrorBoundary, ApplyWizard } from "#app/components/apply-wizard.tsx";
import { rootLanguage, translator } from "#locales/index.ts";

export { headers } from "#app/quotas.server.ts";
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = translator(rootLanguage(matches), "apply");
  return [{ title: t("title", { title: data?.job.title ?? t("jobFallback") }) }];
};

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

export const ErrorBoundary = () => <ApplyErrorBoundary back="/candidate/jobs" />;
