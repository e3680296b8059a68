// Job alerts of an account whose address nobody confirmed (REQUIRE_EMAIL_VERIFICATION on): the
// alert is kept and its runs go on, but no digest is mailed until the address is confirmed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The rule is off for the rest of the suite (vitest.config.ts); this test is about it.
const previous = vi.hoisted(() => {
  const value = process.env.REQUIRE_EMAIL_VERIFICATION;
  process.env.REQUIRE_EMAIL_VERIFICATION = "true";
  return value;
});

import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { markEmailVerified, signUp } from "../identity/index.server.ts";
import { createAlert, listAlerts, runAlerts } from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
// Digests only (sign-up also sends a confirmation link).
const digestsTo = (to: string) => sent.filter((m) => m.to === to && m.subject.includes("“quokka”"));
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => {
  setMailer(undefined);
  setClock(undefined);
  if (previous === undefined) delete process.env.REQUIRE_EMAIL_VERIFICATION;
  else process.env.REQUIRE_EMAIL_VERIFICATION = previous;
});

describe("alerts to an unconfirmed address", () => {
  it("are kept but not mailed; once the address is confirmed the next run mails them", async () => {
    const boss = await signUpOnPlan({
      email: "alerts-boss@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
      plan: "startup",
    });
    const someone = await signUp({
      email: "not-yet-mine@example.com",
      password: "correct horse",
      role: "candidate",
      full_name: "Nora",
    });
    const confirmed = await signUpOnPlan({
      email: "confirmed-alerts@example.com",
      password: "correct horse",
      role: "candidate",
      plan: "essential",
      full_name: "Cora",
    });
    setClock(new Date("2026-12-07T10:00:00Z"));
    const input = {
      q: "quokka",
      location: "",
      locationType: "",
      employmentType: "",
      category: "",
      minSalary: "",
      frequency: "daily",
    };
    const alert = await createAlert(someone.id, input);
    await createAlert(confirmed.id, input);
    setClock(new Date("2026-12-07T12:00:00Z"));
    await publishTestJob(boss.id, { title: "Quokka Keeper" });

    setClock(new Date("2026-12-08T07:10:00Z"));
    expect(await runAlerts("unconfirmed-run-1", new Date("2026-12-08T07:10:00Z"))).toMatchObject({
      claimed: 2,
      digests: 2,
    });
    // The confirmed candidate's digest goes out; by then the send job has passed over the other.
    const count = async (sql: string) => (await em().execute<{ n: number }[]>(sql))[0]!.n;
    await expect
      .poll(() => count(`select count(*)::int as n from sent_emails where key like 'alert-digest:%'`))
      .toBe(1);
    await expect
      .poll(() =>
        count(
          `select count(*)::int as n from pgboss.job where name = 'saved.send-alert-digests' and state <> 'completed'`,
        ),
      )
      .toBe(0);
    expect(digestsTo(someone.email)).toHaveLength(0);
    expect(digestsTo(confirmed.email)).toHaveLength(1);
    expect((await listAlerts(someone.id)).map((a) => [a.id, a.lastSentAt])).toEqual([[alert.id, null]]);

    await markEmailVerified(someone.email);
    setClock(new Date("2026-12-08T12:00:00Z"));
    await publishTestJob(boss.id, { title: "Quokka Photographer" });
    setClock(new Date("2026-12-09T07:10:00Z"));
    await runAlerts("unconfirmed-run-2", new Date("2026-12-09T07:10:00Z"));
    await expect.poll(() => digestsTo(someone.email)[0]).toBeDefined();
    expect(digestsTo(someone.email)[0]!.text).toContain("Quokka Photographer");
  });
});
