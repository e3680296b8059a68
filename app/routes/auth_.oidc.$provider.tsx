// /auth/oidc/{provider}: sends the browser to the provider (a GET whose only effect is the
// sign-in-in-progress cookie). ?intent=confirm signs the signed-in account in again in this
// session, to confirm a sensitive change; connecting a provider starts on Sign-in methods, which
// asks who you are first, so ?intent=link only leads there.
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  currentUser,
  homeFor,
  isIdentityProvider,
  providerLabel,
  requireUser,
  startProviderSignIn,
} from "#modules/identity/index.server.ts";
import { providerProblem } from "#app/provider-sign-in.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { ProblemPage } from "#app/components/identity-providers.tsx";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction = () => [{ title: "Sign in · Hirewise" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.provider ?? "";
  if (!isIdentityProvider(id)) throw new Response("Not found", { status: 404 });
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "link") throw redirect("/account/sign-in-methods");
  const linking = intent === "confirm";
  if (linking) await requireUser(request);
  else {
    const user = await currentUser(request);
    if (user) throw redirect(homeFor(user.role));
  }
  try {
    return await startProviderSignIn(request, id, context.clientIp);
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to the provider
    if (error instanceof QuotaExceededError) {
      const problem = { title: `Could not sign in with ${providerLabel(id)}`, message: error.message, linking };
      return data({ problem }, { status: 429, headers: retryAfter(error) });
    }
    return providerProblem(error, providerLabel(id), linking, context.requestId);
  }
}

export default function ProviderStart() {
  return <ProblemPage {...useLoaderData<typeof loader>().problem} />;
}
