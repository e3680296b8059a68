// /auth/oidc/{provider}/callback: the provider sends the browser back here. Every check (state,
// nonce, PKCE, issuer, ID token) is openid-client's; the linking rules are the identity module's.
// Success signs in through signInResponse, goes to onboarding, or back to Sign-in methods; any
// failure is a page that says what happened, and nothing is created.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  clearFlowCookie,
  currentUser,
  finishProviderSignIn,
  homeFor,
  isIdentityProvider,
  onboardingCookie,
  providerLabel,
  safeRedirect,
  signInResponse,
} from "#modules/identity/index.server.ts";
import { providerProblem } from "#app/provider-sign-in.server.ts";
import { withNotice } from "#app/flash.server.ts";
import { ProblemPage } from "#app/components/identity-providers.tsx";

export const meta: MetaFunction = () => [{ title: "Sign in · Hirewise" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.provider ?? "";
  if (!isIdentityProvider(id)) throw new Response("Not found", { status: 404 });
  let outcome;
  try {
    outcome = await finishProviderSignIn(request, id);
  } catch (error) {
    // Signed in: they were connecting a provider (the page links back to Sign-in methods).
    return providerProblem(error, providerLabel(id), Boolean(await currentUser(request)), context.requestId);
  }
  const clear = await clearFlowCookie();
  if (outcome.kind === "connected" || outcome.kind === "confirmed") {
    const done = outcome.kind === "connected" ? "/account/sign-in-methods" : "/account";
    const to = safeRedirect(outcome.redirectTo, done);
    const back = redirect(to, { headers: { "Set-Cookie": clear } });
    // Back on Sign-in methods, the page says the provider is connected.
    throw outcome.kind === "connected" && to === done
      ? await withNotice(back, `${providerLabel(id)} is connected. You can now sign in with it.`)
      : back;
  }
  if (outcome.kind === "onboarding") {
    const headers = new Headers();
    headers.append("Set-Cookie", clear);
    headers.append("Set-Cookie", await onboardingCookie.serialize(outcome.handle));
    throw redirect("/auth/onboarding", { headers });
  }
  // A session started by a provider sign-in counts as confirmed for a few minutes (step-up.ts).
  const meta = { ip: context.clientIp, userAgent: request.headers.get("User-Agent"), viaProvider: true };
  const response = await signInResponse(
    outcome.account,
    safeRedirect(outcome.redirectTo, homeFor(outcome.account.role)),
    meta,
  );
  response.headers.append("Set-Cookie", clear);
  throw response;
}

export default function ProviderCallback() {
  return <ProblemPage {...useLoaderData<typeof loader>().problem} />;
}
