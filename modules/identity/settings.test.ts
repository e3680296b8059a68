// Names, the password change and the sessions list: real database, real queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { Session, User } from "./entities.ts";
import { accountForSession, startSession } from "./sessions.ts";
import {
  changePassword,
  describeUserAgent,
  endSessionById,
  findAccount,
  issueAccountToken,
  listSessions,
  peekAccountToken,
  purgeExpiredSessions,
  signIn,
  signUp,
  updateNames,
} from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => setMailer(undefined));

const PASSWORD = "correct horse";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe("names", () => {
  it("changes a candidate's full name, and an employer's full and company names", async () => {
    const cara = await signUp({ email: "names-cara@example.com", password: PASSWORD, role: "candidate" });
    expect(await updateNames(cara, { full_name: "  Cara Jones " })).toMatchObject({
      fullName: "Cara Jones",
      companyName: null,
    });
    // A company name posted by a candidate is ignored.
    expect(await updateNames(cara, { full_name: "Cara J", company_name: "Nope Inc" })).toMatchObject({
      fullName: "Cara J",
      companyName: null,
    });

    const erin = await signUp({
      email: "names-erin@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Acme",
    });
    expect(await updateNames(erin, { full_name: "Erin", company_name: "Acme Robotics" })).toMatchObject({
      fullName: "Erin",
      companyName: "Acme Robotics",
    });
  });

  it("requires a full name, and an employer's company name, within the sign-up lengths", async () => {
    const erin = await signUp({
      email: "names-rules@example.com",
      password: PASSWORD,
      full_name: "Erin",
      role: "employer",
      company_name: "Acme",
    });
    await expect(updateNames(erin, { full_name: "   ", company_name: "Acme" })).rejects.toThrow(/Enter your full name/);
    await expect(updateNames(erin, { full_name: "Erin", company_name: "" })).rejects.toThrow(/Enter your company name/);
    await expect(updateNames(erin, { full_name: "x".repeat(121), company_name: "Acme" })).rejects.toThrow(
      /at most 120/,
    );
    await expect(updateNames(erin, { full_name: "Erin", company_name: "x".repeat(161) })).rejects.toThrow(
      /at most 160/,
    );
    expect(await findAccount(erin.id)).toMatchObject({ fullName: "Erin", companyName: "Acme" });
  });
});

describe("password change", () => {
  it("sets the new password, signs out every other session but this one, revokes reset links and tells the person", async () => {
    const ada = await signUp({ email: "pw-ada@example.com", password: PASSWORD, full_name: "Ada", role: "candidate" });
    const here = await startSession(ada.id);
    const elsewhere = await startSession(ada.id);
    const reset = (await issueAccountToken(ada.id, "password-reset", ada.email, { validMinutes: 30 }))!;

    await changePassword(
      ada,
      { current_password: PASSWORD, new_password: "a brand new one" },
      { ip: "10.1.0.1", keepToken: here.token },
    );

    expect(await accountForSession(here.token)).toMatchObject({ id: ada.id });
    expect(await accountForSession(elsewhere.token)).toBeNull();
    expect(await peekAccountToken(reset, "password-reset")).toBeNull();
    expect((await em().findOneOrFail(User, { id: ada.id })).passwordHash).toMatch(/^\$argon2id\$/);
    await expect(signIn({ email: ada.email, password: PASSWORD }, "10.1.0.1")).rejects.toThrow(/incorrect/);
    await expect(signIn({ email: ada.email, password: "a brand new one" }, "10.1.0.1")).resolves.toMatchObject({
      id: ada.id,
    });
    await expect
      .poll(() => sent.some((m) => m.to === ada.email && m.subject === "Your Hirewise password was changed"))
      .toBe(true);
  });

  it("refuses a wrong current password, a short new one, or the same one, changing nothing", async () => {
    const bo = await signUp({ email: "pw-bo@example.com", password: PASSWORD, role: "candidate" });
    const other = await startSession(bo.id);
    const change = (current_password: string, new_password: string) =>
      changePassword(bo, { current_password, new_password }, { ip: "10.1.0.2", keepToken: null });
    await expect(change("wrong password", "a brand new one")).rejects.toMatchObject({
      field: "current_password",
      message: "Your current password is incorrect.",
    });
    await expect(change(PASSWORD, "short")).rejects.toThrow(/at least 8/);
    await expect(change(PASSWORD, PASSWORD)).rejects.toMatchObject({ field: "new_password" });
    expect(await accountForSession(other.token)).toMatchObject({ id: bo.id });
    await expect(signIn({ email: bo.email, password: PASSWORD }, "10.1.0.2")).resolves.toBeTruthy();
  });

  it("applies one of two changes sent at once; the other finds its current password wrong", async () => {
    const cy = await signUp({ email: "pw-cy@example.com", password: PASSWORD, role: "candidate" });
    const here = await startSession(cy.id);
    const results = await Promise.allSettled(
      ["first new password", "second new password"].map((new_password) =>
        changePassword(cy, { current_password: PASSWORD, new_password }, { ip: "10.1.0.3", keepToken: here.token }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ field: "current_password" });
    const winner =
      results.findIndex((r) => r.status === "fulfilled") === 0 ? "first new password" : "second new password";
    await expect(signIn({ email: cy.email, password: winner }, "10.1.0.3")).resolves.toBeTruthy();
    expect(await accountForSession(here.token)).toMatchObject({ id: cy.id });
  });
});

describe("sessions list", () => {
  it("names browsers and systems from the user agent", () => {
    expect(describeUserAgent(FIREFOX)).toBe("Firefox on Windows");
    expect(describeUserAgent(SAFARI_IPHONE)).toBe("Mobile Safari on iOS");
    expect(describeUserAgent("curl/8.0")).toBe("Unknown browser");
    expect(describeUserAgent(null)).toBe("Unknown browser");
  });

  it("lists the account's sessions with this device first, without tokens or hashes, and signs one out", async () => {
    const dee = await signUp({ email: "list-dee@example.com", password: PASSWORD, role: "candidate" });
    const here = await startSession(dee.id, { ip: "10.2.0.1", userAgent: FIREFOX });
    const phone = await startSession(dee.id, { ip: "10.2.0.2", userAgent: SAFARI_IPHONE });
    const stranger = await signUp({ email: "list-stranger@example.com", password: PASSWORD, role: "candidate" });
    const theirs = await startSession(stranger.id, { ip: "10.2.0.3", userAgent: FIREFOX });

    const list = await listSessions(dee.id, here.token);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ device: "Firefox on Windows", ip: "10.2.0.1", current: true });
    expect(list[1]).toMatchObject({ device: "Mobile Safari on iOS", ip: "10.2.0.2", current: false });
    const stored = await em().find(Session, { user: dee.id });
    const shown = JSON.stringify(list);
    for (const secret of [here.token, phone.token, ...stored.map((s) => s.id)]) expect(shown).not.toContain(secret);
    for (const s of stored) expect(shown).not.toContain(s.id.slice(0, 16));

    // Another account's session id, this browser's own, and garbage change nothing.
    const strangerId = (await listSessions(stranger.id, null))[0]!.id;
    expect(await endSessionById(dee.id, strangerId, here.token)).toBe(false);
    expect(await endSessionById(dee.id, list[0]!.id, here.token)).toBe(false);
    expect(await endSessionById(dee.id, "x".repeat(5000), here.token)).toBe(false);
    expect(await accountForSession(theirs.token)).toMatchObject({ id: stranger.id });

    expect(await endSessionById(dee.id, list[1]!.id, here.token)).toBe(true);
    expect(await accountForSession(phone.token)).toBeNull();
    expect(await accountForSession(here.token)).toMatchObject({ id: dee.id });
    expect(await endSessionById(dee.id, list[1]!.id, here.token)).toBe(false);
  });

  it("ends a session unused for 14 days (SESSION_IDLE_DAYS) within its 30-day life; use keeps it to the 30 days", async () => {
    const fay = await signUp({ email: "idle-fay@example.com", password: PASSWORD, role: "candidate" });
    const start = new Date("2026-11-24T12:00:00Z");
    const at = (days: number, ms = 0) => setClock(new Date(start.getTime() + days * 86_400_000 + ms));
    setClock(start);
    try {
      const used = await startSession(fay.id, { userAgent: FIREFOX });
      const idle = await startSession(fay.id, { userAgent: SAFARI_IPHONE });
      const neverUsed = await startSession(fay.id);
      expect(await accountForSession(used.token)).toMatchObject({ id: fay.id });
      expect(await accountForSession(idle.token)).toMatchObject({ id: fay.id });
      at(7);
      expect(await accountForSession(used.token)).toMatchObject({ id: fay.id });
      // A moment before 14 idle days: still signed in, and this use counts as activity.
      at(14, -1000);
      expect(await accountForSession(idle.token)).toMatchObject({ id: fay.id });
      at(14);
      expect(await accountForSession(used.token)).toMatchObject({ id: fay.id });
      // Never used since signing in 14 days ago: over.
      expect(await accountForSession(neverUsed.token)).toBeNull();
      at(28, -2000);
      expect(await listSessions(fay.id, used.token)).toHaveLength(2);
      at(28, -1000);
      // 14 days since its last use: signed out, off the list, and purged with the expired ones.
      expect(await accountForSession(idle.token)).toBeNull();
      expect(await listSessions(fay.id, used.token)).toHaveLength(1);
      await purgeExpiredSessions();
      expect(await em().count(Session, { user: fay.id })).toBe(1);
      // Used every few days, it still ends at 30 days.
      expect(await accountForSession(used.token)).toMatchObject({ id: fay.id });
      at(30);
      expect(await accountForSession(used.token)).toBeNull();
    } finally {
      setClock(undefined);
    }
  });

  it("moves last activity forward at most once a minute", async () => {
    const eve = await signUp({ email: "active-eve@example.com", password: PASSWORD, role: "candidate" });
    const start = new Date("2026-11-24T12:00:00Z");
    setClock(start);
    try {
      const { token } = await startSession(eve.id);
      const lastActive = async () => (await em().findOneOrFail(Session, { user: eve.id })).lastActiveAt?.toISOString();
      await accountForSession(token);
      expect(await lastActive()).toBe(start.toISOString());

      setClock(new Date(start.getTime() + 59_000));
      await Promise.all([accountForSession(token), accountForSession(token)]);
      expect(await lastActive()).toBe(start.toISOString());

      const later = new Date(start.getTime() + 60_000);
      setClock(later);
      await Promise.all([accountForSession(token), accountForSession(token), accountForSession(token)]);
      expect(await lastActive()).toBe(later.toISOString());
      expect((await listSessions(eve.id, token))[0]).toMatchObject({
        lastActiveAt: later.toISOString(),
        current: true,
      });
    } finally {
      setClock(undefined);
    }
  });
});
