// /jobs/{id}/apply: Apply Now on the public job page and the board's cards. A visitor applies here
// with the candidate's wizard and no account (decision 080); someone signed in goes to the
// candidate's application, as before.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { guestApplyAction, guestApplyLoader } from "./guest-apply.server.ts";
import { ApplyErrorBoundary, ApplyWizard } from "#app/components/apply-wizard.tsx";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Apply: ${data?.job.title ?? "Job"} · Hirewise` },
  { name: "robots", content: "noindex" },
];

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
