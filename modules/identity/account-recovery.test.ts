// Password reset and email confirmation through the module: requests, links, the one transaction
// of a reset, and the rule that publishing and applying wait for a confirmed address.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { memberFor } from "../hiring/index.server.ts";
import { ZodError } from "zod";

// The rule is off for the rest of the suite (vitest.config.ts); these tests are about it.
const previous = vi.hoisted(() => {
  const value = process.env.REQUIRE_EMAIL_VERIFICATION;
  process.env.REQUIRE_EMAIL_VERIFICATION = "true";
  return value;
});

import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { settledJob, useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { emptyWizardForm, HiringError, publishDraft, startDraft, wizardState } from "../hiring/index.server.ts";
import { ApplicationError, applyState, saveAnswers, submitApplication } from "../applications/index.server.ts";
import { setPlan } from "../billing-plans/index.server.ts";
import { AuditEntry, Session, User } from "./entities.ts";
import { accountForSession, startSession } from "./sessions.ts";
import {
  checkEmailVerified,
  confirmEmail,
  findAccount,
  issueAccountToken,
  markEmailVerified,
  needsEmailVerification,
  requestPasswordReset,
  resendVerificationEmail,
  resetLinkAccount,
  resetPassword,
  signIn,
  signUp,
  verificationLinkAccount,
} from "./index.server.ts";
import { QuotaExceededError } from "../../lib/quotas.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => {
  setMailer(undefined);
  if (previous === undefined) delete process.env.REQUIRE_EMAIL_VERIFICATION;
  else process.env.REQUIRE_EMAIL_VERIFICATION = previous;
});

const PASSWORD = "correct horse";
const person = (email: string, role: "candidate" | "employer" = "candidate") =>
  signUp({
    email,
    password: PASSWORD,
    full_name: "Robin Reset",
    role,
    company_name: role === "employer" ? "Acme" : undefined,
  });
const mailTo = (to: string) => sent.filter((m) => m.to === to);
const resetMailTo = (to: string) => mailTo(to).filter((m) => m.subject === "Reset your Hirewise password");
/** The token in the newest email to `to` whose link goes to `path`. */
const tokenIn = (to: string, path: "reset" | "verify") => {
  const link = mailTo(to)
    .map((m) => new RegExp(`/auth/${path}/([A-Za-z0-9_-]{43})`).exec(m.text)?.[1])
    .filter(Boolean);
  return link[link.length - 1] ?? null;
};
const resetJobs = async (email: string) => settledJob("identity.password-reset", { email });

describe("password reset", () => {
  it("emails a 30-minute link to an account's address and nothing for an unknown one, answering both alike", async () => {
    await person("reset-known@example.com");
    expect(await requestPasswordReset({ email: " Reset-Known@Example.com " }, "10.0.0.1")).toBeUndefined();
    expect(await requestPasswordReset({ email: "nobody-here@example.com" }, "10.0.0.1")).toBeUndefined();
    expect(await resetJobs("reset-known@example.com")).toBe("completed");
    expect(await resetJobs("nobody-here@example.com")).toBe("completed");
    const [email] = resetMailTo("reset-known@example.com");
    expect(email!.text).toContain("The link works once, for 30 minutes.");
    expect(mailTo("nobody-here@example.com")).toEqual([]);
    await expect(requestPasswordReset({ email: "not an address" }, "10.0.0.1")).rejects.toBeInstanceOf(ZodError);
  });

  it("sends at most 3 links an hour per account, and past 10 requests an hour from an address queues nothing", async () => {
    await person("reset-many@example.com");
    for (let i = 0; i < 5; i++) await requestPasswordReset({ email: "reset-many@example.com" }, "10.0.0.2");
    await expect
      .poll(async () => {
        const rows = await em().execute<{ state: string }[]>(
          "select state from pgboss.job where name = 'identity.password-reset' and data->>'email' = 'reset-many@example.com'",
        );
        return rows.map((r) => r.state);
      })
      .toEqual(Array(5).fill("completed"));
    expect(resetMailTo("reset-many@example.com")).toHaveLength(3);

    for (let i = 0; i < 10; i++) await requestPasswordReset({ email: `addr-${i}@example.com` }, "10.0.0.3");
    await requestPasswordReset({ email: "eleventh@example.com" }, "10.0.0.3");
    const queued = await em().execute<{ n: number }[]>(
      "select count(*)::int as n from pgboss.job where name = 'identity.password-reset' and data->>'email' = 'eleventh@example.com'",
    );
    expect(queued[0]!.n).toBe(0);
  });

  it("sets the password once, in one transaction with everything a reset does", async () => {
    const account = await person("reset-use@example.com");
    const other = await person("reset-bystander@example.com");
    const sessions = [await startSession(account.id), await startSession(account.id)];
    const bystander = await startSession(other.id);
    const first = (await issueAccountToken(account.id, "password-reset", account.email, { validMinutes: 30 }))!;
    const second = (await issueAccountToken(account.id, "password-reset", account.email, { validMinutes: 30 }))!;
    await signIn({ email: account.email, password: "wrong password" }, "10.0.0.4").catch(() => undefined);

    expect(await resetLinkAccount(first)).toEqual({ email: account.email });
    await expect(resetPassword(first, { password: "short" })).rejects.toBeInstanceOf(ZodError);
    expect(await resetLinkAccount(first)).not.toBeNull(); // a refused password uses nothing up

    expect(await resetPassword(first, { password: "a brand new secret" })).toMatchObject({
      id: account.id,
      emailVerified: true,
    });
    expect(await resetPassword(first, { password: "another new secret" })).toBeNull();
    expect(await resetLinkAccount(second)).toBeNull(); // the account's other links are revoked
    for (const { token } of sessions) expect(await accountForSession(token)).toBeNull();
    expect(await accountForSession(bystander.token)).not.toBeNull();
    await expect(signIn({ email: account.email, password: PASSWORD }, "10.0.0.4")).rejects.toThrow("incorrect");
    expect((await signIn({ email: account.email, password: "a brand new secret" }, "10.0.0.4")).id).toBe(account.id);
    expect(await em().count(AuditEntry, { userId: account.id, action: "account.password-reset" })).toBe(1);
    await expect
      .poll(() => mailTo(account.email).some((m) => m.subject === "Your Hirewise password was changed"))
      .toBe(true);
  });

  it("refuses links of another purpose, expired ones, and ones sent to an address the account no longer has", async () => {
    const account = await person("reset-refused@example.com");
    const verification = (await issueAccountToken(account.id, "email-verification", account.email, {
      validMinutes: 60,
    }))!;
    expect(await resetLinkAccount(verification)).toBeNull();
    expect(await resetPassword(verification, { password: "a brand new secret" })).toBeNull();

    const start = new Date(Date.now() + 86_400_000);
    setClock(start);
    try {
      const expiring = (await issueAccountToken(account.id, "password-reset", account.email, { validMinutes: 30 }))!;
      setClock(new Date(start.getTime() + 31 * 60_000));
      expect(await resetLinkAccount(expiring)).toBeNull();
      expect(await resetPassword(expiring, { password: "a brand new secret" })).toBeNull();
    } finally {
      setClock(undefined);
    }

    const oldAddress = (await issueAccountToken(account.id, "password-reset", account.email, { validMinutes: 30 }))!;
    await em().nativeUpdate(User, { id: account.id }, { email: "reset-moved@example.com" });
    expect(await resetLinkAccount(oldAddress)).toBeNull();
    expect(await resetPassword(oldAddress, { password: "a brand new secret" })).toBeNull();
    await expect(signIn({ email: "reset-moved@example.com", password: PASSWORD }, "10.0.0.5")).resolves.toMatchObject({
      id: account.id,
    });
  });
});

describe("email verification", () => {
  it("sign-up sends a 24-hour link; its GET peeks, its POST confirms once; accounts made confirmed get none", async () => {
    const account = await person("verify-me@example.com");
    expect(account.emailVerified).toBe(false);
    expect(needsEmailVerification(account)).toBe(true);
    await expect.poll(() => tokenIn("verify-me@example.com", "verify")).not.toBeNull();
    const token = tokenIn("verify-me@example.com", "verify")!;
    expect(mailTo("verify-me@example.com")[0]!.text).toContain("The link works for 24 hours.");
    expect(await verificationLinkAccount(token)).toEqual({ email: "verify-me@example.com" });
    expect(await verificationLinkAccount(token)).not.toBeNull();
    expect(await resetLinkAccount(token)).toBeNull();
    expect(await confirmEmail(token)).toMatchObject({ id: account.id, emailVerified: true });
    expect(await confirmEmail(token)).toBeNull();
    expect((await findAccount(account.id))!.emailVerified).toBe(true);
    expect(await em().count(Session, { user: account.id })).toBe(0); // nobody signed in

    // Made confirmed by an administrator (CLI, demo data, test accounts): no link is sent.
    const admin = await signUp({ email: "verify-admin@example.com", password: PASSWORD }, undefined, {
      emailVerified: true,
    });
    expect(admin.emailVerified).toBe(true);
    expect(await settledJob("identity.account-created", { userId: admin.id })).toBe("completed");
    expect(mailTo("verify-admin@example.com")).toEqual([]);
  });

  it("refuses a link for another address, and Resend queues new links up to 3 an hour", async () => {
    const account = await person("verify-resend@example.com");
    await expect.poll(() => tokenIn(account.email, "verify")).not.toBeNull();
    for (let i = 0; i < 3; i++) expect(await resendVerificationEmail(account.id)).toBe("queued");
    const limited = await resendVerificationEmail(account.id).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(QuotaExceededError);
    expect((limited as Error).message).toMatch(
      /^You have reached the limit of 3 confirmation emails per hour\. Try again in/,
    );
    await expect.poll(() => mailTo(account.email)).toHaveLength(4);

    const token = tokenIn(account.email, "verify")!;
    await em().nativeUpdate(User, { id: account.id }, { email: "verify-moved@example.com" });
    expect(await verificationLinkAccount(token)).toBeNull();
    expect(await confirmEmail(token)).toBeNull();
    expect((await findAccount(account.id))!.emailVerified).toBe(false);
    expect(await resendVerificationEmail((await markEmailVerified("verify-moved@example.com")).id)).toBe(
      "already-verified",
    );
  });

  it("refuses to publish a job or submit an application until the address is confirmed, keeping the drafts", async () => {
    const employer = await person("verify-employer@example.com", "employer");
    const draftId = await startDraft(await memberFor(employer.id), {
      ...emptyWizardForm("Acme"),
      title: "Engineer",
      location: "Austin, TX, United States",
      location_type: "onsite",
      employment_type: "FULLTIME",
      category: "Software Engineering",
      requirements: "Experience shipping software.",
      description: "A role on our team.",
    });
    const refused = await publishDraft(await memberFor(employer.id), draftId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HiringError);
    expect(refused).toMatchObject({
      code: "email-unverified",
      message: expect.stringContaining(
        "Confirm your email address before you publish a job. Open the link we sent to verify-employer@example.com",
      ),
    });
    expect(await wizardState(await memberFor(employer.id), draftId)).toMatchObject({
      status: "draft",
      form: { title: "Engineer" },
    });
    expect(await checkEmailVerified(employer.id, "publish a job")).toMatchObject({ allowed: false });

    await expect.poll(() => tokenIn(employer.email, "verify")).not.toBeNull();
    await confirmEmail(tokenIn(employer.email, "verify")!);
    expect(await publishDraft(await memberFor(employer.id), draftId)).toEqual({ published: true });

    const other = await signUp({
      email: "verify-board@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Board",
    });
    await markEmailVerified(other.email);
    await setPlan(other.id, "business");
    const jobId = await publishTestJob(other.id);
    const candidate = await person("verify-candidate@example.com");
    await applyState(candidate.id, jobId);
    await saveAnswers(candidate.id, jobId, {});
    const notYet = await submitApplication(candidate.id, jobId).catch((error: unknown) => error);
    expect(notYet).toBeInstanceOf(ApplicationError);
    expect(notYet).toMatchObject({
      code: "email-unverified",
      message: expect.stringContaining("before you send an application"),
    });
    expect((await applyState(candidate.id, jobId)).existingApplicationId).toBeNull();
    await markEmailVerified(candidate.email);
    expect(await submitApplication(candidate.id, jobId)).toMatchObject({ created: true });
  });
});
