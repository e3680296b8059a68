import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { Session, SignInAttempt, User } from "./entities.ts";
import { accountForSession, endSession, startSession } from "./sessions.ts";
import { identityCleanupQueue } from "./cleanup.ts";
import {
  AccountError,
  auditTrail,
  findAccountByEmail,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  setRole,
  signIn,
  signUp,
  TooManySignIns,
} from "./index.server.ts";

const runtime = useTestRuntime({ workers: true });

const candidate = (email: string, extra: Record<string, string> = {}) =>
  signUp({ email, password: "correct horse", full_name: "Cara Candidate", role: "candidate", ...extra });

describe("sign-up", () => {
  it("creates the account with an argon2id hash, a lowercased email and the chosen plan", async () => {
    const account = await signUp({
      email: "  Erin@Example.COM ",
      password: "correct horse",
      full_name: "Erin Employer",
      role: "employer",
      company_name: "Acme",
      plan: "Startup",
    });
    expect(account).toMatchObject({
      email: "erin@example.com",
      role: "employer",
      companyName: "Acme",
      signupPlan: "startup",
    });
    const user = await em().findOneOrFail(User, { id: account.id });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain("correct horse");
  });

  it("stores an empty full name as absent and drops a candidate's company", async () => {
    const account = await candidate("nameless@example.com", { full_name: "   ", company_name: "Ignored Inc" });
    expect(account.fullName).toBeNull();
    expect(account.companyName).toBeNull();
  });

  it("keeps a plan named with spaces as its slug", async () => {
    const account = await candidate("trial@example.com", { plan: "Free Trial" });
    expect(account.signupPlan).toBe("free-trial");
  });

  it("refuses a second account for the same email, whatever its case, and creates nothing", async () => {
    await candidate("twice@example.com");
    const attempt = candidate("TWICE@example.com");
    await expect(attempt).rejects.toBeInstanceOf(AccountError);
    await expect(attempt).rejects.toMatchObject({ field: "email" });
    expect(await em().count(User, { email: "twice@example.com" })).toBe(1);
  });

  it("requires a company name from employers", async () => {
    await expect(
      signUp({ email: "nocompany@example.com", password: "correct horse", role: "employer" }),
    ).rejects.toThrow(/company name/i);
    expect(await findAccountByEmail("nocompany@example.com")).toBeNull();
  });

  it("rejects short passwords, malformed emails and unknown roles", async () => {
    await expect(candidate("short@example.com", { password: "1234567" })).rejects.toThrow(/at least 8/);
    await expect(candidate("not-an-email")).rejects.toThrow(/valid email/);
    await expect(candidate("role@example.com", { role: "admin" })).rejects.toThrow(/candidate or employer/);
  });

  it("records the new account in its audit trail through the real queue", async () => {
    const account = await candidate("audited@example.com", { plan: "essential" });
    await expect
      .poll(() => auditTrail(account.id))
      .toEqual([
        expect.objectContaining({ action: "account.created", detail: { role: "candidate", plan: "essential" } }),
      ]);
  });
});

describe("sign-in", () => {
  it("accepts the right password and gives one message for an unknown email or a wrong password", async () => {
    await candidate("signin@example.com");
    await expect(signIn({ email: "SIGNIN@example.com", password: "correct horse" }, "10.0.0.1")).resolves.toMatchObject(
      {
        email: "signin@example.com",
      },
    );
    const wrong = await signIn({ email: "signin@example.com", password: "wrong password" }, "10.0.0.1").catch((e) => e);
    const unknown = await signIn({ email: "nobody@example.com", password: "wrong password" }, "10.0.0.1").catch(
      (e) => e,
    );
    expect(wrong).toBeInstanceOf(AccountError);
    expect(wrong.field).toBeNull();
    expect(unknown.message).toBe(wrong.message);
  });

  it(`locks an account after ${MAX_FAILURES_PER_ACCOUNT} failures, even with the right password`, async () => {
    await candidate("locked@example.com");
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      await expect(signIn({ email: "locked@example.com", password: "nope nope" }, `10.1.0.${i}`)).rejects.toThrow(
        /incorrect/,
      );
    }
    await expect(signIn({ email: "locked@example.com", password: "correct horse" }, "10.1.1.1")).rejects.toThrow(
      /Too many sign-in attempts\. Try again in 15 minutes\./,
    );
    // The window slides: 16 minutes later the right password works again.
    setClock(new Date(Date.now() + 16 * 60_000));
    await expect(signIn({ email: "locked@example.com", password: "correct horse" }, "10.1.1.1")).resolves.toBeTruthy();
    setClock(undefined);
  });

  it(`verifies at most ${MAX_FAILURES_PER_ACCOUNT} of 40 parallel wrong passwords; the rest wait out the window, known email or not`, async () => {
    await candidate("parallel@example.com");
    setClock(new Date());
    for (const email of ["parallel@example.com", "nobody-parallel@example.com"]) {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signIn({ email, password: "wrong wrong" }, `10.3.${i}.1`).catch((e: unknown) => e),
        ),
      );
      // Every attempt let through is recorded before its password is verified.
      expect(await em().count(SignInAttempt, { email })).toBe(MAX_FAILURES_PER_ACCOUNT);
      const limited = results.filter((r) => r instanceof TooManySignIns) as TooManySignIns[];
      expect(limited).toHaveLength(40 - MAX_FAILURES_PER_ACCOUNT);
      for (const r of limited) {
        expect(r.message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
        expect(r.retryAfterSeconds).toBe(15 * 60);
      }
    }
    setClock(undefined);
  });

  it(`blocks an address after ${MAX_FAILURES_PER_ADDRESS} failures across accounts`, async () => {
    await candidate("victim@example.com");
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      await signIn({ email: `spray${i}@example.com`, password: "guess guess" }, "10.9.9.9").catch(() => {});
    }
    await expect(signIn({ email: "victim@example.com", password: "correct horse" }, "10.9.9.9")).rejects.toThrow(
      /Too many/,
    );
    await expect(signIn({ email: "victim@example.com", password: "correct horse" }, "10.9.9.10")).resolves.toBeTruthy();
  });
});

describe("sessions", () => {
  it("resolves a token to its account until it is ended or expires", async () => {
    const account = await candidate("session@example.com");
    const { token } = await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" });
    expect(await accountForSession(token)).toMatchObject({ id: account.id });
    expect(await accountForSession(token + "x")).toBeNull();

    setClock(new Date(Date.now() + 31 * 86_400_000));
    expect(await accountForSession(token)).toBeNull();
    setClock(undefined);

    await endSession(token);
    expect(await accountForSession(token)).toBeNull();
  });
});

describe("roles", () => {
  it("changes a role and writes it to the audit trail", async () => {
    const account = await candidate("promote@example.com");
    expect((await setRole("promote@example.com", "employer")).role).toBe("employer");
    const trail = await auditTrail(account.id);
    expect(trail).toContainEqual(
      expect.objectContaining({ action: "account.role-changed", detail: { from: "candidate", to: "employer" } }),
    );
    await expect(setRole("ghost@example.com", "employer")).rejects.toThrow(/No account/);
  });
});

describe("housekeeping", () => {
  it("purges expired sessions and day-old sign-in attempts, keeping what still counts", async () => {
    const account = await candidate("tidy@example.com");
    const live = await startSession(account.id);
    setClock(new Date(Date.now() - 40 * 86_400_000));
    const stale = await startSession(account.id);
    await signIn({ email: "tidy@example.com", password: "wrong one" }, "10.5.5.5").catch(() => {});
    setClock(undefined);
    await signIn({ email: "tidy@example.com", password: "wrong again" }, "10.5.5.6").catch(() => {});

    await identityCleanupQueue.handle({}, { jobId: "test", retryCount: 0, signal: new AbortController().signal });

    expect(await accountForSession(live.token)).toMatchObject({ id: account.id });
    expect(await em().count(Session, { user: account.id })).toBe(1);
    expect(await accountForSession(stale.token)).toBeNull();
    expect(await em().count(SignInAttempt, { email: "tidy@example.com" })).toBe(1);
  });

  it("is scheduled hourly in pg-boss", async () => {
    const schedules = await runtime.queue.boss.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: "identity.cleanup", cron: "17 * * * *" }));
  });
});
