// Demo data for a fresh embedded database, so `npm start` opens onto something to sign in to.
// Never on an operator's DATABASE_URL unless DEMO_DATA=true asks for it.
import { findAccountByEmail, signUp } from "../modules/identity/index.ts";
import type { Logger } from "../lib/logger.ts";

export const DEMO_PASSWORD = "hirewise-demo";

export const DEMO_ACCOUNTS = [
  { email: "employer@demo.hirewise.app", full_name: "Dana Demo", role: "employer", company_name: "Northwind Labs", plan: "startup" },
  { email: "candidate@demo.hirewise.app", full_name: "Casey Demo", role: "candidate", plan: "essential" },
] as const;

/** Creates the demo accounts that do not exist yet; returns the emails created. */
export async function seedDemoData(log?: Logger): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findAccountByEmail(account.email)) continue;
    await signUp({ ...account, password: DEMO_PASSWORD });
    created.push(account.email);
  }
  if (created.length) log?.info({ accounts: created, password: DEMO_PASSWORD }, "demo accounts created");
  return created;
}
