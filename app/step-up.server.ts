// The "confirm it's you" part every sensitive form shares (step-up.ts in the identity module): what
// the loader gives the form, and the proof the action reads from the post.
import {
  CONFIRM_MINUTES,
  identityCheck,
  providerLabel,
  sessionToken,
  type Account,
  type Confirmation,
} from "#modules/identity/index.server.ts";
import type { IdentityCheckView } from "#app/components/confirm-identity.tsx";

export async function identityCheckView(
  request: Request,
  user: Pick<Account, "id">,
  returnTo: string,
): Promise<IdentityCheckView> {
  const check = await identityCheck(user.id, await sessionToken(request));
  return {
    method: check.method,
    twoFactor: check.twoFactor,
    confirmed: check.confirmed,
    minutes: CONFIRM_MINUTES,
    providers: check.providers.map((id) => ({
      label: providerLabel(id),
      href: `/auth/oidc/${id}?intent=confirm&redirect=${encodeURIComponent(returnTo)}`,
    })),
  };
}

/** The password (field `passwordField`) and code typed in the form, with this browser's session and address. */
export async function confirmationFrom(
  request: Request,
  form: FormData,
  ip: string,
  passwordField = "password",
): Promise<Confirmation> {
  return { password: form.get(passwordField), code: form.get("code"), sessionToken: await sessionToken(request), ip };
}
