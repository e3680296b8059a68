// Trial reminders: 3 days and 1 day before the trial ends, once each, never to a paying account;
// after the end the trial's limits stay and nothing is deleted.
import { describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { em } from "../../lib/db.ts";
import { signUp } from "../identity/index.server.ts";
import { mayPublishJob, sendTrialReminders } from "./index.server.ts";

useTestRuntime();

const DAY = 86_400_000;
const sentTo = async (email: string) =>
  (
    await em().execute<{ subject: string }[]>(`select subject from sent_emails where recipient = ? order by subject`, [
      email,
    ])
  ).map((r) => r.subject);

describe("trial reminders", () => {
  it("sends the 3-day and the 1-day reminder once each, and none to an account that pays", async () => {
    const tina = await signUp({
      email: "trial-ending@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Tina Co",
    });
    const paying = await signUp({
      email: "trial-paying@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Pay Co",
    });
    await em().execute(
      `update subscriptions set stripe_status = 'trialing', stripe_customer_id = 'cus_paying' where user_id = ?`,
      [paying.id],
    );
    const ends = new Date(
      (
        await em().execute<{ t: Date }[]>(`select trial_ends_at as t from subscriptions where user_id = ?`, [tina.id])
      )[0]!.t,
    );
    const attempt = { jobId: "00000000-0000-0000-0000-000000000001", retryCount: 0 };

    expect(await sendTrialReminders(new Date(ends.getTime() - 5 * DAY), attempt)).toBe(0);
    await sendTrialReminders(new Date(ends.getTime() - 3 * DAY + 3_600_000), attempt);
    await sendTrialReminders(new Date(ends.getTime() - 2.5 * DAY), attempt);
    expect(await sentTo("trial-ending@example.com")).toEqual(["Your Hirewise free trial ends in 3 days"]);
    await sendTrialReminders(new Date(ends.getTime() - 0.5 * DAY), attempt);
    await sendTrialReminders(new Date(ends.getTime() - 0.4 * DAY), attempt);
    expect(await sentTo("trial-ending@example.com")).toEqual([
      "Your Hirewise free trial ends in 3 days",
      "Your Hirewise free trial ends tomorrow",
    ]);
    expect(await sentTo("trial-paying@example.com")).toEqual([]);
    // After the end: nothing more is sent, and the trial's limits stay with the way to upgrade.
    expect(await sendTrialReminders(new Date(ends.getTime() + DAY), attempt)).toBe(0);
  });

  it("reminds an account that reads German in German", async () => {
    const greta = await signUp({
      email: "trial-deutsch@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Gans GmbH",
    });
    await em().execute(`update users set language = 'de' where id = ?`, [greta.id]);
    const [{ t: ends }] = await em().execute<{ t: Date }[]>(
      `select trial_ends_at as t from subscriptions where user_id = ?`,
      [greta.id],
    );
    const attempt = { jobId: "00000000-0000-0000-0000-000000000003", retryCount: 0 };
    await sendTrialReminders(new Date(new Date(ends!).getTime() - 3 * DAY + 3_600_000), attempt);
    await sendTrialReminders(new Date(new Date(ends!).getTime() - 0.5 * DAY), attempt);
    expect(await sentTo("trial-deutsch@example.com")).toEqual([
      "Ihre kostenlose Hirewise-Testphase endet in 3 Tagen",
      "Ihre kostenlose Hirewise-Testphase endet morgen",
    ]);
  });

  it("keeps the trial's limits after it ends, with the upgrade link", async () => {
    const tom = await signUp({
      email: "trial-over@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Tom Co",
    });
    await em().execute(
      `update subscriptions set trial_ends_at = now() - interval '1 day', started_at = now() - interval '15 days' where user_id = ?`,
      [tom.id],
    );
    expect(await mayPublishJob(tom.id, 0)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/^Your Free Trial ended on .+\. Upgrade your plan to publish jobs\.$/),
      upgradeUrl: "/pricing?audience=employers",
    });
  });
});
