// /jobs/{id}/apply: Apply Now on the public job page and the board's cards. A visitor applies here
// with the candidate's wizard and no account (decision 080); someone signed in goes to the
// candidate's application, as before.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { guestApplyAction, guestApplyLoader } from "./guest-apply.server.ts";
import { ApplyErrorBoundary, ApplyWizard } from "#app/components/apply-wizard.tsx";
import { rootLanguage, translator } from "#locales/index.ts";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = translator(rootLanguage(matches), "apply");
  return [
    { title: t("title", { title: data?.job.title ?? t("jobFallback") }) },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return guestApplyLoader(request, params.id ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return guestApplyAction(request, params.id ?? "", context.clientIp);
}

export default function GuestApplyPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <ApplyWizard view={posted && "step" in posted ? posted : loaded} />;
}

export const ErrorBoundary = () => <ApplyErrorBoundary back="/jobs" />;
