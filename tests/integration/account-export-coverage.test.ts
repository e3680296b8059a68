// "Export my data" promises everything Hirewise holds about the account. Every column that names
// an account (a foreign key to users, or a uuid column named like one) must be covered by some
// module's export, or be on the allow-list below with the reason it is left out. A table added
// later without its export fails here. Then a candidate's profile, saved jobs and alerts are read
// back from the zip itself.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { accountDataHolders } from "../../modules/identity/account-data.ts";
import { exportAccount, IDENTITY_EXPORTS } from "../../modules/identity/index.server.ts";
import { addEntry, saveAbout, saveSkills } from "../../modules/profiles/index.server.ts";
import { createAlert, saveJob } from "../../modules/saved/index.server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { useTestRuntime } from "../support/runtime.ts";
import { readZip } from "../support/zip.ts";

useTestRuntime();

// Columns naming an account that the export leaves out on purpose, each with its reason.
const NOT_EXPORTED: Record<string, string> = {
  // Secrets: hashes of one-time links, second-factor secrets and codes, half-finished sign-ins.
  "account_tokens.user_id": "hashes of one-time email links (a secret), valid for minutes",
  "two_factor.user_id": "the authenticator's secret key",
  "two_factor_recovery_codes.user_id": "hashes of the recovery codes",
  "pending_sign_ins.user_id": "a sign-in waiting for its second factor: a secret handle, minutes long",
  "identity_flows.user_id": "a provider sign-in in progress: a secret handle and nonce, minutes long",
  // Queue bookkeeping, not the account: the run that claimed an alert (a worker's name).
  // When a colleague reminded a member of a scorecard (decision 085): the company's record of one email, gone with either account.
  "scorecard_reminders.member_id": "a reminder email's bookkeeping (one a day per member and application)",
  "scorecard_reminders.sent_by": "a reminder email's bookkeeping (one a day per member and application)",
};

/** Every "table.column" in the public schema that names an account. */
async function accountColumns(): Promise<string[]> {
  const rows = await em().execute<{ col: string }[]>(
    `select c.conrelid::regclass::text || '.' || a.attname as col
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass
     union
     -- Columns that hold a user's id without a foreign key (kept after the account on purpose, or forgotten).
     select table_name || '.' || column_name from information_schema.columns
      where table_schema = 'public' and data_type = 'uuid' and table_name <> 'users'
        and (column_name ~ '^(user|candidate|owner|employer|author|rater|member|billing_user)_id$' or column_name ~ '_by$')`,
  );
  return rows.map((r) => r.col).sort();
}

describe("the data export covers every table that names an account", () => {
  it("has an export, or a stated reason, for each column", async () => {
    const covered = new Set([...IDENTITY_EXPORTS, ...accountDataHolders().flatMap((h) => h.exports ?? [])]);
    const columns = await accountColumns();
    expect(columns.length).toBeGreaterThan(20);
    const missing = columns.filter((c) => !covered.has(c) && !(c in NOT_EXPORTED));
    expect(missing).toEqual([]);
    // No stale entries: each declared or allowed column exists.
    expect([...covered, ...Object.keys(NOT_EXPORTED)].filter((c) => !columns.includes(c))).toEqual([]);
  });

  it("puts a candidate's profile, saved jobs and alerts in the zip", async () => {
    const employer = await signUpOnPlan({
      email: "cover-boss@example.com",
      password: "correct horse battery",
      role: "employer",
      company_name: "Brindle Works",
      full_name: "Bo Brindle",
      plan: "startup",
    });
    const candidate = await signUpOnPlan({
      email: "cover-cand@example.com",
      password: "correct horse battery",
      role: "candidate",
      full_name: "Cass Coverley",
      plan: "essential",
    });
    const jobId = await publishTestJob(employer.id, { title: "Kiln Operator", company_name: "Brindle Works" });
    await saveAbout(candidate.id, { headline: "Ceramics engineer", location: "Stoke", summary: "Fires things." });
    await saveSkills(candidate.id, { skills: "Glazing, Throwing" });
    await addEntry(candidate.id, "experience", {
      title: "Potter",
      company: "Acme",
      start: "2020-01",
      end: "2021-06",
      bullets: "Made pots",
    });
    await addEntry(candidate.id, "education", { school: "Stoke College", start: "2015", end: "2018" });
    await addEntry(candidate.id, "links", { label: "Portfolio", url: "https://example.com/cass" });
    await addEntry(candidate.id, "languages", { name: "Welsh", level: "fluent" });
    await saveJob(candidate.id, `board:${jobId}`);
    await createAlert(candidate.id, {
      q: "kiln",
      location: "",
      locationType: "",
      employmentType: "",
      category: "",
      minSalary: "",
      frequency: "weekly",
    });

    const zip = readZip(Buffer.from(await new Response(await exportAccount(candidate.id)).arrayBuffer()));
    const json = (name: string) => JSON.parse(zip.get(name)?.toString("utf8") ?? "null");
    const profile = json("candidate-profile.json");
    expect(profile).toMatchObject({
      headline: "Ceramics engineer",
      location: "Stoke",
      summary: "Fires things.",
      skills: ["Glazing", "Throwing"],
    });
    expect(profile.experience[0]).toMatchObject({ title: "Potter", company: "Acme" });
    expect(profile.education[0]).toMatchObject({ school: "Stoke College" });
    expect(profile.links[0]).toMatchObject({ label: "Portfolio" });
    expect(profile.languages[0]).toMatchObject({ name: "Welsh" });
    expect(json("saved-jobs.json").savedJobs).toEqual([
      expect.objectContaining({ title: "Kiln Operator", company: "Brindle Works", open: true }),
    ]);
    expect(json("job-alerts.json").alerts).toEqual([expect.objectContaining({ q: "kiln", frequency: "weekly" })]);

    const team = JSON.parse(
      readZip(Buffer.from(await new Response(await exportAccount(employer.id)).arrayBuffer()))
        .get("team.json")!
        .toString("utf8"),
    );
    expect(team.companies).toEqual([
      expect.objectContaining({ company: "Brindle Works", role: "owner", billingContact: true }),
    ]);
  });
});
