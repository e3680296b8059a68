import { InvalidArgumentError, type Command } from "commander";
import {
  annualSavingPercent,
  findPlan,
  formatPrice,
  listPlanRequests,
  PLANS,
  PlanError,
  setPlan,
  type Billing,
  type Plan,
} from "../modules/billing-plans/index.server.ts";
import { findAccount, findAccountByEmail } from "../modules/identity/index.server.ts";
import { CliError, table, withRuntime } from "./runtime.ts";

const BILLINGS: Billing[] = ["monthly", "annual"];

function parseBilling(value: string): Billing {
  if (!(BILLINGS as string[]).includes(value)) throw new InvalidArgumentError(`Use one of: ${BILLINGS.join(", ")}.`);
  return value as Billing;
}

const price = (cents: number | null) => (cents === null ? "contact sales" : formatPrice(cents));
const limit = (value: number | null, what: string) =>
  value === null ? `unlimited ${what}s` : `${value} ${what}${value === 1 ? "" : "s"}`;

function row(plan: Plan): Record<string, string> {
  const saving = annualSavingPercent(plan);
  return {
    audience: plan.audience,
    id: plan.id,
    name: plan.name,
    monthly: price(plan.monthlyCents),
    annual: price(plan.annualCents) + (saving ? ` (save ${saving}%)` : ""),
    trial: plan.trialDays ? `${plan.trialDays} days` : "",
    limits:
      plan.audience === "employer"
        ? `${limit(plan.limits.activeJobs, "active job")}, ${limit(plan.limits.applicationsReceived, "application")}`
        : limit(plan.limits.applicationsSent, "application"),
  };
}

export function registerPlanCommands(program: Command): void {
  program
    .command("plans:list")
    .description("List the plan catalog.")
    .option("--json", "print JSON instead of a table")
    .action((opts: { json?: boolean }) => {
      // The catalog is code, so no database is needed.
      if (opts.json) console.log(JSON.stringify(PLANS, null, 2));
      else console.log(table(PLANS.map(row), ["audience", "id", "name", "monthly", "annual", "trial", "limits"]));
    });

  program
    .command("plans:set")
    .description("Put an account on a plan of its role, effective immediately.")
    .argument("<email>", "the account's email")
    .argument("<plan>", "a plan id or name of the account's role (see plans:list)")
    .option("--billing <period>", `one of: ${BILLINGS.join(", ")} (default: unchanged)`, parseBilling)
    .action(async (email: string, plan: string, opts: { billing?: Billing }) => {
      const { account, sub } = await withRuntime(async () => {
        // The account is found through identity; billing-plans knows accounts by id only.
        const account = await findAccountByEmail(email);
        if (!account) throw new CliError(`No account with email ${email}.`);
        try {
          return { account, sub: await setPlan(account.id, plan, opts.billing) };
        } catch (error) {
          if (error instanceof PlanError) throw new CliError(error.message);
          throw error;
        }
      });
      const trial = sub.trialEndsAt ? (sub.trialOver ? ", trial over" : `, ${sub.trialDaysLeft} trial days left`) : "";
      console.log(`${account.email} is now on ${sub.plan.name} (${sub.billing}${trial}).`);
    });

  program
    .command("plans:requests")
    .description("List plan requests made without online payment (open ones unless --all); plans:set settles them.")
    .option("--all", "include requests already handled")
    .option("--json", "print JSON instead of a table")
    .action(async (opts: { all?: boolean; json?: boolean }) => {
      const rows = await withRuntime(async () => {
        const requests = await listPlanRequests({ all: opts.all });
        // Emails through identity, once per account: billing-plans knows accounts by id only.
        const emails = new Map<string, string>();
        for (const id of new Set(requests.flatMap((r) => [r.holderId, r.requestedBy])))
          emails.set(id, (await findAccount(id))?.email ?? "(deleted)");
        return requests.map((r) => ({
          requested: r.requestedAt.slice(0, 16).replace("T", " "),
          account: emails.get(r.holderId)!,
          "asked by": r.requestedBy === r.holderId ? "" : emails.get(r.requestedBy)!,
          audience: r.audience,
          plan: findPlan(r.audience, r.planId)?.name ?? r.planId,
          billing: r.billing,
          status: r.handledAt ? `handled ${r.handledAt.slice(0, 10)}` : "open",
          "to settle": r.handledAt ? "" : `plans:set ${emails.get(r.holderId)} ${r.planId} --billing ${r.billing}`,
        }));
      });
      if (opts.json) console.log(JSON.stringify(rows, null, 2));
      else if (!rows.length) console.log(opts.all ? "No plan requests." : "No open plan requests.");
      else
        console.log(
          table(rows, ["requested", "account", "asked by", "audience", "plan", "billing", "status", "to settle"]),
        );
    });
}
