// Demo data for a fresh embedded database, so `npm start` opens onto something to sign in to and a
// board of jobs to browse. Never on an operator's DATABASE_URL unless DEMO_DATA=true asks for it.
import { findAccountByEmail, signUp, type Account } from "../modules/identity/index.server.ts";
import { setPlan } from "../modules/billing-plans/index.server.ts";
import { insertDemoJobs } from "./demo-jobs.ts";
import type { Logger } from "../lib/logger.ts";

export const DEMO_PASSWORD = "hirewise-demo";

export const DEMO_ACCOUNTS = [
  {
    email: "employer@demo.hirewise.app",
    full_name: "Dana Demo",
    role: "employer",
    company_name: "Northwind Labs",
    plan: "startup",
  },
  { email: "candidate@demo.hirewise.app", full_name: "Casey Demo", role: "candidate", plan: "essential" },
] as const;

/** Employers that own the rest of the demo board; on Business, so no plan limit gets in the way. */
export const DEMO_EMPLOYERS = [
  { company: "Brightwave Analytics", contact: "Maya Chen" },
  { company: "Harborline Logistics", contact: "Sam Okafor" },
  { company: "Mosaic Health", contact: "Priya Raman" },
  { company: "Tidewater Energy", contact: "Lucas Moreau" },
  { company: "Quillstone Learning", contact: "Hannah Weber" },
  { company: "Ferngrove Finance", contact: "Diego Alvarez" },
  { company: "Atlas Robotics", contact: "Noor Haddad" },
  { company: "Silverpine Security", contact: "Elena Novak" },
].map((e) => ({ ...e, email: `hiring@${e.company.split(" ")[0]!.toLowerCase()}.demo.hirewise.app` }));

/** How many jobs a fresh demo board gets: the demo employer's few, and the rest. */
const DEMO_EMPLOYER_JOBS = { active: 4, closed: 1 };
const DEMO_BOARD_JOBS = 56;

/** The demo employers, created if missing (`created` lists the emails that were new). */
export async function ensureDemoEmployers(): Promise<{ employers: Account[]; created: string[] }> {
  const employers: Account[] = [];
  const created: string[] = [];
  for (const e of DEMO_EMPLOYERS) {
    let account = await findAccountByEmail(e.email);
    if (!account) {
      account = await demoAccount(
        { email: e.email, password: DEMO_PASSWORD, full_name: e.contact, role: "employer", company_name: e.company },
        "business",
      );
      created.push(e.email);
    }
    employers.push(account);
  }
  return { employers, created };
}

/** A demo account, on its plan and with its address confirmed at once, as an administrator would set them. */
async function demoAccount(input: Parameters<typeof signUp>[0], plan: string): Promise<Account> {
  const account = await signUp(input, undefined, { emailVerified: true });
  await setPlan(account.id, plan);
  return account;
}

/** Creates the demo accounts that do not exist yet; returns the emails created. */
export async function seedDemoData(log?: Logger): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findAccountByEmail(account.email)) continue;
    await demoAccount({ ...account, password: DEMO_PASSWORD }, account.plan);
    created.push(account.email);
  }
  // Jobs only along with a new demo employer, so restarts never add more. The demo employer is on
  // Startup (5 active jobs): it gets 4 active, leaving room to publish one from the wizard.
  if (created.includes(DEMO_ACCOUNTS[0].email)) {
    const northwind = (await findAccountByEmail(DEMO_ACCOUNTS[0].email))!;
    const own = { employerIds: [northwind.id], companyNames: { [northwind.id]: northwind.companyName } };
    await insertDemoJobs({ ...own, count: DEMO_EMPLOYER_JOBS.active, seed: 1 });
    await insertDemoJobs({ ...own, count: DEMO_EMPLOYER_JOBS.closed, seed: 2, status: "closed" });
    const { employers, created: employersCreated } = await ensureDemoEmployers();
    created.push(...employersCreated);
    await insertDemoJobs({
      count: DEMO_BOARD_JOBS,
      employerIds: employers.map((e) => e.id),
      companyNames: Object.fromEntries(employers.map((e) => [e.id, e.companyName])),
      seed: 3,
    });
  }
  if (created.length) log?.info({ accounts: created, password: DEMO_PASSWORD }, "demo accounts created");
  return created;
}
