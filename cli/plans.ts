import { InvalidArgumentError, type Command } from "commander";
import { annualSavingPercent, formatPrice, PLANS, PlanError, setPlan, type Billing, type Plan } from "../modules/billing-plans/index.server.ts";
import { findAccountByEmail } from "../modules/identity/index.server.ts";
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
}
