// "Request this plan" without online payment: recorded once however often (or however many at once)
// it is pressed, the operator emailed once at SALES_EMAIL or MAIL_FROM, under a quota, settled by
// the administrator's plan change, and gone with a deleted account.
import { describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { em } from "../../lib/db.ts";
import { config } from "../../lib/config.ts";
import { consumeQuota, QuotaExceededError } from "../../lib/quotas.ts";
import { signUp } from "../identity/index.server.ts";
import {
  BillingError,
  forgetSubscription,
  listPlanRequests,
  openPlanRequests,
  planRequestRecipient,
  requestPlan,
  setPlan,
} from "./index.server.ts";

useTestRuntime({ workers: true });

const ask = (id: string, plan: string, billing = "monthly") =>
  requestPlan({ holderId: id, requestedBy: id, audience: "candidate", plan, billing });
const mailsAbout = (subject: string) =>
  em().execute<{ recipient: string; subject: string; state: string }[]>(
    `select recipient, subject, state from sent_emails where subject like ?`,
    [`%${subject}%`],
  );

describe("plan requests", () => {
  it("records a request pressed five times at once once, and emails the operator once", async () => {
    const casey = await signUp({ email: "request-once@example.com", password: "correct horse", role: "candidate" });
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(casey.id, "essential", "annual")));
    expect(answers.filter((a) => a.outcome === "requested")).toHaveLength(1);
    expect(answers.filter((a) => a.outcome === "already-requested")).toHaveLength(4);
    expect(await openPlanRequests(casey.id)).toEqual([
      { planId: "essential", billing: "annual", requestedAt: expect.any(String) },
    ]);
    await expect.poll(async () => (await mailsAbout("request-once@example.com"))[0]?.state).toBe("sent");
    const [mail] = await mailsAbout("request-once@example.com");
    expect(mail).toMatchObject({
      recipient: planRequestRecipient(),
      subject: "Plan request: Essential (annual) from request-once@example.com",
    });
    // MAIL_FROM's address when SALES_EMAIL is unset.
    expect(planRequestRecipient()).toBe("no-reply@hirewise.local");
    const queued = await em().execute<{ n: number }[]>(
      `select count(*)::int as n from pgboss.job where name = 'billing-plans.plan-request'`,
    );
    expect(queued[0]!.n).toBe(1);
  });

  it("counts new requests against the quota: past it nothing is recorded or sent", async () => {
    const quinn = await signUp({ email: "request-quota@example.com", password: "correct horse", role: "candidate" });
    await ask(quinn.id, "essential");
    await ask(quinn.id, "professional");
    // The rest of the hour's quota used up elsewhere (it is 5 by default).
    for (let i = 2; i < config().quotas["plan-requests"].limit; i++) await consumeQuota("plan-requests", quinn.id);
    // A repeat of an open request is free; a new one past the quota is refused.
    expect((await ask(quinn.id, "essential")).outcome).toBe("already-requested");
    await expect(ask(quinn.id, "professional", "annual")).rejects.toBeInstanceOf(QuotaExceededError);
    expect((await openPlanRequests(quinn.id)).map((r) => `${r.planId}/${r.billing}`).sort()).toEqual([
      "essential/monthly",
      "professional/monthly",
    ]);
  });

  it("refuses plans nobody requests (the trial, Enterprise, another role's) and the plan already held", async () => {
    const rita = await signUp({ email: "request-refused@example.com", password: "correct horse", role: "candidate" });
    for (const plan of ["free-trial", "startup", "platinum"])
      await expect(ask(rita.id, plan)).rejects.toMatchObject({ code: "unknown-plan" });
    await expect(ask(rita.id, "essential", "weekly")).rejects.toBeInstanceOf(BillingError);
    await setPlan(rita.id, "essential", "monthly");
    await expect(ask(rita.id, "essential")).rejects.toMatchObject({ code: "already-subscribed" });
    expect(await openPlanRequests(rita.id)).toEqual([]);
  });

  it("is settled when the administrator sets the plan, and goes with a deleted account", async () => {
    const sam = await signUp({ email: "request-settled@example.com", password: "correct horse", role: "candidate" });
    await ask(sam.id, "professional");
    expect((await listPlanRequests()).some((r) => r.holderId === sam.id)).toBe(true);
    await setPlan(sam.id, "professional");
    expect(await openPlanRequests(sam.id)).toEqual([]);
    expect((await listPlanRequests()).some((r) => r.holderId === sam.id)).toBe(false);
    expect((await listPlanRequests({ all: true })).find((r) => r.holderId === sam.id)).toMatchObject({
      planId: "professional",
      handledAt: expect.any(String),
    });
    await forgetSubscription(sam.id);
    expect((await listPlanRequests({ all: true })).some((r) => r.holderId === sam.id)).toBe(false);
  });
});
