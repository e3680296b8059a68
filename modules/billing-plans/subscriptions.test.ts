import { afterEach, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { setRole, signUp } from "../identity/index.server.ts";
import { Subscription } from "./entities.ts";
import {
  annualSavingPercent,
  changeAudience,
  getSubscription,
  mayApply,
  mayPublishJob,
  mayReceiveApplication,
  PLANS,
  PlanError,
  planUsage,
  setPlan,
  trialPlan,
  trialStatus,
} from "./index.server.ts";

useTestRuntime();
afterEach(() => setClock(undefined));

const T = new Date("2026-03-01T09:30:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => setClock(new Date(T.getTime() + ms));

let seq = 0;
/** Signs up as the form does, `linkPlan` being what the sign-up link's ?plan= named. */
const signUpAs = (role: "employer" | "candidate", linkPlan?: string) =>
  signUp({
    email: `${role}${++seq}@example.com`,
    password: "correct horse",
    role,
    company_name: role === "employer" ? "Acme" : undefined,
    plan: linkPlan,
  });
/** An account on `plan` (an administrator's change after sign-up), or on the Free Trial. */
const onPlan = async (role: "employer" | "candidate", plan?: string) => {
  const account = await signUpAs(role);
  if (plan) await setPlan(account.id, plan);
  return account;
};
const employer = (plan?: string) => onPlan("employer", plan);
const candidate = (plan?: string) => onPlan("candidate", plan);

describe("sign-up", () => {
  it("starts a new account on the Free Trial for 14 days", async () => {
    at(0);
    const account = await candidate();
    const sub = await getSubscription(account.id);
    expect(sub).toMatchObject({
      audience: "candidate",
      plan: { id: "free-trial", audience: "candidate" },
      billing: "monthly",
      startedAt: T.toISOString(),
      trialEndsAt: new Date(T.getTime() + 14 * DAY).toISOString(),
      trialDaysLeft: 14,
      trialOver: false,
    });
  });

  it("starts on the Free Trial whatever paid plan the sign-up link names, and remembers it as the plan to upgrade to", async () => {
    at(0);
    for (const [role, linkPlan, intended] of [
      ["employer", "business", "business"],
      ["employer", "Startup", "startup"],
      ["employer", "enterprise", "enterprise"],
      ["candidate", "professional", "professional"],
    ] as const) {
      const account = await signUpAs(role, linkPlan);
      const sub = await getSubscription(account.id);
      expect(sub).toMatchObject({
        plan: { id: "free-trial" },
        trialDaysLeft: 14,
        intendedPlan: { id: intended, audience: role },
      });
      // The limits are the trial's: one active job, three applications.
      if (role === "employer") expect((await mayPublishJob(account.id, 1)).allowed).toBe(false);
      else expect((await mayApply(account.id, 3)).allowed).toBe(false);
    }
  });

  it("remembers nothing for no plan, the Free Trial, another role's plan or an unknown plan", async () => {
    for (const account of [
      await signUpAs("candidate"),
      await signUpAs("candidate", "free trial"),
      await signUpAs("candidate", "startup"),
      await signUpAs("candidate", "platinum"),
    ]) {
      expect(await getSubscription(account.id)).toMatchObject({ plan: { id: "free-trial" }, intendedPlan: null });
    }
  });

  it("settles the remembered plan once an administrator sets one", async () => {
    const account = await signUpAs("employer", "business");
    expect(await setPlan(account.id, "startup")).toMatchObject({ plan: { id: "startup" }, intendedPlan: null });
  });

  it("creates the account and its subscription together: a failed sign-up leaves neither", async () => {
    const before = await em().count(Subscription, {});
    await expect(
      signUp({ email: "nocompany@example.com", password: "correct horse", role: "employer" }),
    ).rejects.toThrow();
    const first = await candidate();
    await expect(signUp({ email: first.email, password: "correct horse" })).rejects.toThrow(/already exists/);
    expect(await em().count(Subscription, {})).toBe(before + 1);
  });
});

describe("trial", () => {
  it("is on until the last hour of day 14 and over from sign-up + 14 days", async () => {
    at(0);
    const account = await candidate();

    at(14 * DAY - HOUR);
    expect(await trialStatus(account.id)).toEqual({
      onTrial: true,
      trialEndsAt: new Date(T.getTime() + 14 * DAY).toISOString(),
      daysLeft: 1,
      over: false,
    });
    expect(await mayApply(account.id, 0)).toEqual({ allowed: true });

    at(14 * DAY);
    expect(await trialStatus(account.id)).toMatchObject({ daysLeft: 0, over: true });
    expect(await mayApply(account.id, 0)).toEqual({
      allowed: false,
      reason: "Your Free Trial ended on Mar 15, 2026. Upgrade your plan to keep applying to jobs.",
      upgradeUrl: "/pricing?audience=job-seekers",
    });
  });

  it("refuses every limited employer action once over, each with its own message", async () => {
    at(0);
    const account = await employer();
    at(15 * DAY);
    const publish = await mayPublishJob(account.id, 0);
    const receive = await mayReceiveApplication(account.id, 0);
    expect(publish).toMatchObject({ allowed: false, upgradeUrl: "/pricing?audience=employers" });
    expect(receive).toMatchObject({ allowed: false, upgradeUrl: "/pricing?audience=employers" });
    if (publish.allowed || receive.allowed) throw new Error("unreachable");
    expect(publish.reason).toBe("Your Free Trial ended on Mar 15, 2026. Upgrade your plan to publish jobs.");
    expect(receive.reason).toBe(
      "Your Free Trial ended on Mar 15, 2026. Upgrade your plan to keep receiving applications.",
    );
  });

  it("does not apply to paid plans", async () => {
    at(0);
    const account = await employer("business");
    at(400 * DAY);
    expect(await trialStatus(account.id)).toEqual({ onTrial: false, trialEndsAt: null, daysLeft: null, over: false });
    expect(await mayPublishJob(account.id, 1000)).toEqual({ allowed: true });
  });
});

describe("candidate limits", () => {
  it("allows the 3rd application on the Free Trial and refuses the 4th", async () => {
    const account = await candidate();
    expect(await mayApply(account.id, 2)).toEqual({ allowed: true });
    expect(await mayApply(account.id, 3)).toEqual({
      allowed: false,
      reason: "Your Free Trial includes 3 applications. Upgrade your plan to apply to more jobs.",
      upgradeUrl: "/pricing?audience=job-seekers",
    });
  });

  it("has no application limit on Essential or Professional", async () => {
    for (const plan of ["essential", "professional"]) {
      const account = await candidate(plan);
      expect(await mayApply(account.id, 500)).toEqual({ allowed: true });
    }
  });
});

describe("employer limits", () => {
  it("allows 1 active job on the Free Trial", async () => {
    const account = await employer();
    expect(await mayPublishJob(account.id, 0)).toEqual({ allowed: true });
    expect(await mayPublishJob(account.id, 1)).toEqual({
      allowed: false,
      reason: "Your Free Trial includes 1 active job. Upgrade your plan to publish more.",
      upgradeUrl: "/pricing?audience=employers",
    });
  });

  it("allows the 5th active job on Startup and refuses the 6th", async () => {
    const account = await employer("startup");
    expect(await mayPublishJob(account.id, 4)).toEqual({ allowed: true });
    expect(await mayPublishJob(account.id, 5)).toEqual({
      allowed: false,
      reason: "Your Startup plan includes 5 active jobs. Upgrade your plan to publish more.",
      upgradeUrl: "/pricing?audience=employers",
    });
  });

  it("has no job limit on Business or Enterprise", async () => {
    const business = await employer("business");
    expect(await mayPublishJob(business.id, 10_000)).toEqual({ allowed: true });
    const enterprise = await employer();
    await setPlan(enterprise.id, "enterprise");
    expect(await mayPublishJob(enterprise.id, 10_000)).toEqual({ allowed: true });
  });

  it("lets the Free Trial receive the 10th application and refuses the 11th; Startup has no limit", async () => {
    const trial = await employer();
    expect(await mayReceiveApplication(trial.id, 9)).toEqual({ allowed: true });
    expect(await mayReceiveApplication(trial.id, 10)).toEqual({
      allowed: false,
      reason: "Your Free Trial includes up to 10 applications. Upgrade your plan to receive more applications.",
      upgradeUrl: "/pricing?audience=employers",
    });
    const startup = await employer("startup");
    expect(await mayReceiveApplication(startup.id, 10_000)).toEqual({ allowed: true });
  });

  it("refuses an action of the other role", async () => {
    const account = await candidate("professional");
    expect(await mayPublishJob(account.id, 0)).toMatchObject({
      allowed: false,
      reason: "Only employer accounts can publish jobs.",
    });
  });
});

describe("setPlan", () => {
  it("takes effect immediately and clears the trial for a paid plan", async () => {
    const account = await employer();
    expect(await mayPublishJob(account.id, 1)).toMatchObject({ allowed: false });
    const changed = await setPlan(account.id, "Startup", "annual");
    expect(changed).toMatchObject({ plan: { id: "startup" }, billing: "annual", trialEndsAt: null, trialOver: false });
    expect(await mayPublishJob(account.id, 1)).toEqual({ allowed: true });
    expect(await getSubscription(account.id)).toMatchObject({ plan: { id: "startup" }, billing: "annual" });
  });

  it("keeps the billing period unless given one", async () => {
    const account = await candidate();
    await setPlan(account.id, "essential", "annual");
    expect((await setPlan(account.id, "professional")).billing).toBe("annual");
  });

  it("moves back to the Free Trial with its original window, restarting nothing", async () => {
    at(0);
    const account = await candidate("essential");
    at(30 * DAY);
    expect(await mayApply(account.id, 50)).toEqual({ allowed: true });
    const back = await setPlan(account.id, "free-trial");
    expect(back).toMatchObject({
      plan: { id: "free-trial" },
      trialEndsAt: new Date(T.getTime() + 14 * DAY).toISOString(),
      trialOver: true,
    });
    expect(await mayApply(account.id, 0)).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/ended on Mar 15, 2026/),
    });
  });

  it("refuses unknown plans, another role's plans and unknown accounts with PlanError", async () => {
    const account = await candidate();
    await expect(setPlan(account.id, "platinum")).rejects.toMatchObject({
      name: "PlanError",
      code: "unknown-plan",
      message: 'There is no plan "platinum". Choose one of: free-trial, essential, professional.',
    });
    await expect(setPlan(account.id, "startup")).rejects.toMatchObject({
      code: "wrong-audience",
      message:
        "Startup is a plan for employers, but this account is a candidate. Choose one of: free-trial, essential, professional.",
    });
    const ghost = setPlan("00000000-0000-4000-8000-000000000000", "essential");
    await expect(ghost).rejects.toBeInstanceOf(PlanError);
    await expect(ghost).rejects.toMatchObject({ code: "unknown-user" });
    await expect(setPlan(account.id, "essential", "weekly" as "monthly")).rejects.toMatchObject({
      code: "invalid-billing",
    });
    expect((await getSubscription(account.id)).plan.id).toBe("free-trial");
  });
});

describe("accounts without a subscription row", () => {
  it("start a Free Trial on first read when the role is known, and are unknown otherwise", async () => {
    const id = "11111111-1111-4111-8111-111111111111";
    await expect(getSubscription(id)).rejects.toMatchObject({ code: "unknown-user" });
    at(0);
    const [a, b] = await Promise.all([getSubscription(id, "employer"), mayPublishJob(id, 0)]);
    expect(a).toMatchObject({
      plan: { id: "free-trial" },
      audience: "employer",
      startedAt: T.toISOString(),
      trialDaysLeft: 14,
    });
    expect(b).toEqual({ allowed: true });
    expect(await em().count(Subscription, { userId: id })).toBe(1);
  });
});

describe("role changes", () => {
  it("move the account to the new role's Free Trial without a new trial window", async () => {
    at(0);
    const account = await candidate("professional");
    at(20 * DAY);
    await setRole(account.email, "employer");
    expect(await getSubscription(account.id)).toMatchObject({
      audience: "employer",
      plan: { id: "free-trial" },
      trialOver: true,
    });
    // Already on the new role: nothing changes.
    await setPlan(account.id, "business");
    expect((await changeAudience(account.id, "employer")).plan.id).toBe("business");
  });
});

describe("usage", () => {
  it("reports each limit of the plan's role against the counts given", () => {
    expect(planUsage(trialPlan("employer"))).toEqual([
      { key: "activeJobs", label: "Active jobs", used: 0, limit: 1, text: "0 of 1" },
      { key: "applicationsReceived", label: "Applications received", used: 0, limit: 10, text: "0 of 10" },
    ]);
    expect(planUsage(trialPlan("candidate"), { applicationsSent: 2 })).toEqual([
      { key: "applicationsSent", label: "Applications sent", used: 2, limit: 3, text: "2 of 3" },
    ]);
    const business = PLANS.find((p) => p.id === "business")!;
    expect(planUsage(business, { activeJobs: 7 })[0]!.text).toBe("7 (unlimited)");
  });
});

describe("catalog", () => {
  it("saves 17% a year on every paid plan and nothing on free or custom plans", () => {
    for (const plan of PLANS) {
      const paid = plan.monthlyCents !== null && plan.monthlyCents > 0;
      expect(annualSavingPercent(plan), plan.name).toBe(paid ? 17 : 0);
    }
    expect(PLANS.filter((p) => annualSavingPercent(p) === 17).map((p) => p.id)).toEqual([
      "essential",
      "professional",
      "startup",
      "business",
    ]);
  });
});
