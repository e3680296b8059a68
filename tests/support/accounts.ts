// Accounts on a paid plan for tests: signed up, then moved to the plan by an administrator (a plan
// named at sign-up is only remembered as the one to upgrade to), with the address confirmed as
// `users:create` does, so they may publish and apply whatever REQUIRE_EMAIL_VERIFICATION says.
import { setPlan } from "../../modules/billing-plans/index.server.ts";
import { signUp, type Account, type SignUpInput } from "../../modules/identity/index.server.ts";

export async function signUpOnPlan(input: SignUpInput & { plan: string }): Promise<Account> {
  const account = await signUp(input, undefined, { emailVerified: true });
  await setPlan(account.id, input.plan);
  return account;
}
