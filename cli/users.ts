import { InvalidArgumentError, type Command } from "commander";
import { ZodError } from "zod";
import {
  AccountError,
  listAccounts,
  markEmailVerified,
  ROLES,
  setRole,
  signUp,
  type Role,
} from "../modules/identity/index.server.ts";
import { setPlan, PlanError } from "../modules/billing-plans/index.server.ts";
import { transaction } from "../lib/db.ts";
import { formatDate } from "../lib/dates.ts";
import { DEMO_PASSWORD, seedDemoData } from "../db/demo.ts";
import { CliError, table, withRuntime } from "./runtime.ts";

function parseRole(value: string): Role {
  if (!(ROLES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`Use one of: ${ROLES.join(", ")}.`);
  }
  return value as Role;
}

/** Module errors become one-line CLI errors naming the field. */
function explain(error: unknown): never {
  if (error instanceof AccountError || error instanceof PlanError) throw new CliError(error.message);
  if (error instanceof ZodError) {
    throw new CliError(error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "));
  }
  throw error;
}

export function registerUserCommands(program: Command): void {
  program
    .command("users:create")
    .description("Create an account (as if the person signed up), with its email address confirmed.")
    .requiredOption("--email <email>", "email address")
    .requiredOption("--password <password>", "password (at least 8 characters)")
    .option("--name <full name>", "full name")
    .option("--role <role>", `one of: ${ROLES.join(", ")}`, parseRole, "candidate" as Role)
    .option("--company <company name>", "company name (required for employers)")
    .option("--plan <plan>", "plan to put the account on (default: the free trial)")
    .action(
      async (opts: { email: string; password: string; name?: string; role: Role; company?: string; plan?: string }) => {
        // Signing up only remembers a plan; the administrator's --plan puts the account on it, in
        // the same transaction, so an unknown plan creates nothing.
        const account = await withRuntime(() =>
          transaction(async () => {
            // The administrator vouches for the address: no confirmation link is sent.
            const created = await signUp(
              {
                email: opts.email,
                password: opts.password,
                full_name: opts.name ?? "",
                role: opts.role,
                company_name: opts.company,
              },
              undefined,
              { emailVerified: true },
            );
            if (opts.plan) await setPlan(created.id, opts.plan);
            return created;
          }).catch(explain),
        );
        console.log(`Created ${account.role} ${account.email} (${account.id}).`);
      },
    );

  program
    .command("users:list")
    .description("List every account.")
    .option("--json", "print JSON instead of a table")
    .action(async (opts: { json?: boolean }) => {
      const accounts = await withRuntime(() => listAccounts(), { queue: false });
      if (opts.json) {
        console.log(JSON.stringify(accounts, null, 2));
        return;
      }
      if (!accounts.length) {
        console.log("No accounts yet.");
        return;
      }
      const rows = accounts.map((a) => ({
        email: a.email,
        role: a.role,
        name: a.fullName ?? "",
        company: a.companyName ?? "",
        created: formatDate(a.createdAt),
      }));
      console.log(table(rows, ["email", "role", "name", "company", "created"]));
    });

  program
    .command("demo:seed")
    .description("Create the demo accounts (skips those that exist).")
    .action(async () => {
      const created = await withRuntime(() => seedDemoData());
      console.log(
        created.length
          ? `Created ${created.join(", ")} (password: ${DEMO_PASSWORD}).`
          : "The demo accounts already exist.",
      );
    });

  program
    .command("users:verify")
    .description("Mark an account's email address as confirmed (it may then publish jobs and apply).")
    .argument("<email>", "the account's email")
    .action(async (email: string) => {
      const account = await withRuntime(() => markEmailVerified(email).catch(explain), { queue: false });
      console.log(`${account.email} is confirmed.`);
    });

  program
    .command("users:set-role")
    .description("Change an account's role.")
    .argument("<email>", "the account's email")
    .argument("<role>", `one of: ${ROLES.join(", ")}`, parseRole)
    .action(async (email: string, role: Role) => {
      const account = await withRuntime(() => setRole(email, role).catch(explain), { queue: false });
      console.log(`${account.email} is now ${account.role === "employer" ? "an" : "a"} ${account.role}.`);
    });
}
