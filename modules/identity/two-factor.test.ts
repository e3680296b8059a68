import { afterEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { generate } from "otplib";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { PendingSignIn, RecoveryCode, TwoFactor } from "./entities.ts";
import {
  AccountError,
  MAX_FAILURES_PER_ACCOUNT,
  signIn,
  TooManySignIns,
  answerSecondStep,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  signUp,
  startTwoFactorSetup,
  twoFactorEnabled,
  twoFactorSetup,
  twoFactorStatus,
} from "./index.server.ts";
import { checkCode, newSecret, normalizeCode, normalizeRecoveryCode, open, seal } from "./totp.ts";
import { purgeExpiredPendingSignIns, secondStepResponse } from "./two-factor-sign-in.ts";
import { sessionDigest, startSession } from "./sessions.ts";
import { CONFIRM_WITH_PROVIDER } from "./step-up.ts";

useTestRuntime();
afterEach(() => setClock(undefined));

const PASSWORD = "correct horse battery";
const IP = "10.9.8.7";
/** What a sensitive change is confirmed with: the password, and a code when two-factor is on. */
const proof = (password: string, code?: string) => ({ password, code, sessionToken: null, ip: IP });
// A moment in the middle of a 30-second step, so ±1 step is exactly one step away.
const T0 = new Date("2026-11-24T10:00:15Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const codeAt = (secret: string, seconds = 0) => generate({ secret, epoch: Math.floor(at(seconds).getTime() / 1000) });

let counter = 0;
async function account() {
  counter += 1;
  return signUp({
    email: `tf-${counter}@example.com`,
    password: PASSWORD,
    full_name: "Tia Factor",
    role: "employer",
    company_name: "Two Co",
  });
}

/** Sets two-factor up on a new account at T0; returns the account, its secret and recovery codes. */
async function withTwoFactor() {
  setClock(T0);
  const user = await account();
  await startTwoFactorSetup(user.id, proof(PASSWORD));
  const secret = (await twoFactorSetup(user.id))!.key.replace(/ /g, "");
  const recoveryCodes = await confirmTwoFactorSetup(user.id, await codeAt(secret));
  return { user, secret, recoveryCodes };
}

const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AccountError ? { field: error.field, message: error.message } : error),
  );

async function pendingRequest(userId: string, userAgent = "test-browser") {
  const response = await secondStepResponse(userId, "/employer/dashboard", { ip: "10.0.0.1", userAgent });
  expect(response.headers.get("Location")).toBe("/auth/two-factor");
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (agent = userAgent) =>
    new Request("http://x/auth/two-factor", { headers: { Cookie: cookie, "User-Agent": agent } });
}

describe("sealing the secret", () => {
  it("opens only for the account it was sealed for, and never holds the secret in clear", () => {
    const secret = newSecret();
    const sealed = seal(secret, "user-1");
    expect(sealed).not.toContain(secret);
    expect(open(sealed, "user-1")).toBe(secret);
    expect(() => open(sealed, "user-2")).toThrow();
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = body![0] === "A" ? "B" : "A";
    expect(() => open([v, iv, flipped + body!.slice(1), tag].join("."), "user-1")).toThrow();
    expect(() => open("garbage", "user-1")).toThrow();
    expect(seal(secret, "user-1")).not.toBe(sealed);
  });
});

describe("codes", () => {
  it("accepts the current step and one either side, refuses two away and a used step", async () => {
    setClock(T0);
    const secret = newSecret();
    const step = Math.floor(T0.getTime() / 30_000);
    expect(await checkCode(secret, await codeAt(secret), null)).toBe(step);
    expect(await checkCode(secret, await codeAt(secret, -30), null)).toBe(step - 1);
    expect(await checkCode(secret, await codeAt(secret, 30), null)).toBe(step + 1);
    expect(await checkCode(secret, await codeAt(secret, -60), null)).toBeNull();
    expect(await checkCode(secret, await codeAt(secret, 60), null)).toBeNull();
    expect(await checkCode(secret, await codeAt(secret), step)).toBeNull();
    expect(await checkCode(secret, await codeAt(secret, 30), step)).toBe(step + 1);
  });

  it("reads typed codes with spaces, and refuses letters, NUL and huge input without throwing", async () => {
    expect(normalizeCode("123 456")).toBe("123456");
    expect(normalizeCode(" 123-456\n")).toBe("123456");
    for (const bad of ["12345", "1234567", "12a456", "123\u0000456", "1".repeat(10_000), "", null, undefined, 123456]) {
      expect(normalizeCode(bad)).toBeNull();
    }
    expect(normalizeRecoveryCode("ABCDE-23456")).toBe("abcde23456");
    expect(normalizeRecoveryCode("x".repeat(10_000))).toBeNull();
    expect(await checkCode(newSecret(), "12a456", null)).toBeNull();
  });
});

describe("setting up and turning off", () => {
  it("confirms with a right code only, stores the secret sealed and the recovery codes as SHA-256", async () => {
    setClock(T0);
    const user = await account();
    expect(await twoFactorSetup(user.id)).toBeNull();
    await startTwoFactorSetup(user.id, proof(PASSWORD));
    const setup = (await twoFactorSetup(user.id))!;
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect(setup.key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = setup.key.replace(/ /g, "");
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: false, settingUp: true });

    expect(await reason(confirmTwoFactorSetup(user.id, "12 34"))).toMatchObject({ field: "code" });
    expect(await reason(confirmTwoFactorSetup(user.id, await codeAt(secret, -90)))).toMatchObject({ field: "code" });
    expect(await twoFactorEnabled(user.id)).toBe(false);

    const codes = await confirmTwoFactorSetup(user.id, await codeAt(secret));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const row = await em().fork().findOneOrFail(TwoFactor, { userId: user.id });
    expect(row.secret).not.toContain(secret);
    expect(open(row.secret!, user.id)).toBe(secret);
    expect(row.pendingSecret).toBeNull();
    const hashes = (await em().fork().find(RecoveryCode, { user: user.id })).map((r) => r.codeHash).sort();
    expect(hashes).toEqual(codes.map((c) => createHash("sha256").update(c.replace("-", "")).digest("hex")).sort());
    expect(await twoFactorStatus(user.id)).toMatchObject({ enabled: true, settingUp: false, recoveryCodesLeft: 10 });
    expect(await twoFactorSetup(user.id)).toBeNull();
    const notices = await em().execute<{ data: { kind: string; to: string } }[]>(
      `select data from pgboss.job where name = 'identity.security-notice' and data->>'to' = ?`,
      [user.email],
    );
    expect(notices.map((n) => n.data.kind)).toEqual(["two-factor-enabled"]);
  });

  it("regenerates recovery codes with the password and a code, refuses the code used just before, and stops after 5 wrong codes", async () => {
    const { user, secret, recoveryCodes } = await withTwoFactor();
    // The setup's code is used up.
    expect(await reason(regenerateRecoveryCodes(user.id, proof(PASSWORD, await codeAt(secret))))).toMatchObject({
      message: expect.stringContaining("already used"),
    });
    setClock(at(30));
    // A right code is not enough: the password is asked too.
    expect(await reason(regenerateRecoveryCodes(user.id, proof("", await codeAt(secret, 30))))).toMatchObject({
      field: "password",
    });
    const fresh = await regenerateRecoveryCodes(user.id, proof(PASSWORD, await codeAt(secret, 30)));
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);

    setClock(at(60));
    for (let i = 0; i < 5; i++)
      expect(await reason(regenerateRecoveryCodes(user.id, proof(PASSWORD, "000000")))).toMatchObject({
        field: "code",
      });
    expect(await reason(regenerateRecoveryCodes(user.id, proof(PASSWORD, await codeAt(secret, 60))))).toMatchObject({
      message: expect.stringContaining("Too many wrong codes"),
    });
    setClock(at(60 + 15 * 60));
    expect(await regenerateRecoveryCodes(user.id, proof(PASSWORD, await codeAt(secret, 60 + 15 * 60)))).toHaveLength(
      10,
    );
  });

  it("turns off with the password and a current code, and queues the notice", async () => {
    const { user, secret } = await withTwoFactor();
    setClock(at(30));
    expect(await reason(disableTwoFactor(user.id, proof("", await codeAt(secret, 30))))).toMatchObject({
      field: "password",
    });
    expect(await reason(disableTwoFactor(user.id, proof("wrong password", await codeAt(secret, 30))))).toMatchObject({
      field: "password",
    });
    expect(await reason(disableTwoFactor(user.id, proof(PASSWORD)))).toMatchObject({ field: "code" });
    expect(await twoFactorEnabled(user.id)).toBe(true);
    await disableTwoFactor(user.id, proof(PASSWORD, await codeAt(secret, 30)));
    expect(await twoFactorStatus(user.id)).toEqual({
      enabled: false,
      enabledAt: null,
      settingUp: false,
      recoveryCodesLeft: 0,
    });
    expect(await em().fork().count(RecoveryCode, { user: user.id })).toBe(0);
    const notices = await em().execute<{ kind: string }[]>(
      `select data->>'kind' as kind from pgboss.job where name = 'identity.security-notice' and data->>'to' = ? order by created_on`,
      [user.email],
    );
    expect(notices.map((n) => n.kind).sort()).toEqual(["two-factor-disabled", "two-factor-enabled"]);
  });

  it("turns off an account without a password only after a provider sign-in in this session, and a current code", async () => {
    const { user, secret } = await withTwoFactor();
    await em().execute(`update users set password_hash = null where id = ?`, [user.id]);
    setClock(at(30));
    const { token } = await startSession(user.id, { viaProvider: false });
    const here = { sessionToken: token, ip: IP };
    // A code alone no longer turns it off: a stolen session holds no provider sign-in.
    expect(await reason(disableTwoFactor(user.id, { ...here, code: await codeAt(secret, 30) }))).toMatchObject({
      field: "password",
      message: CONFIRM_WITH_PROVIDER,
    });
    const other = await startSession(user.id, { viaProvider: true });
    expect(await reason(disableTwoFactor(user.id, { ...here, code: await codeAt(secret, 30) }))).toMatchObject({
      field: "password",
    });
    // In the other session (just signed in with the provider) it works, for 10 minutes.
    setClock(at(30 + 10 * 60 + 1));
    expect(
      await reason(
        disableTwoFactor(user.id, { sessionToken: other.token, ip: IP, code: await codeAt(secret, 30 + 10 * 60 + 1) }),
      ),
    ).toMatchObject({ field: "password" });
    await em().execute(`update sessions set provider_confirmed_at = ? where id = ?`, [
      at(30 + 10 * 60),
      sessionDigest(other.token),
    ]);
    expect(
      await reason(disableTwoFactor(user.id, { sessionToken: other.token, ip: IP, code: "111111" })),
    ).toMatchObject({ field: "code" });
    await disableTwoFactor(user.id, {
      sessionToken: other.token,
      ip: IP,
      code: await codeAt(secret, 30 + 10 * 60 + 1),
    });
    expect(await twoFactorEnabled(user.id)).toBe(false);
  });

  it("starts setting up only with the password: a stolen session cannot enrol its own authenticator", async () => {
    setClock(T0);
    const user = await account();
    expect(await reason(startTwoFactorSetup(user.id, proof("")))).toMatchObject({ field: "password" });
    expect(await reason(startTwoFactorSetup(user.id, proof("a guess")))).toMatchObject({
      field: "password",
      message: "That password is not right.",
    });
    expect(await twoFactorSetup(user.id)).toBeNull();
    await startTwoFactorSetup(user.id, proof(PASSWORD));
    expect(await twoFactorSetup(user.id)).not.toBeNull();
  });

  it("counts each password check as a sign-in attempt: the sixth guess is refused unchecked, and sign-in is locked too", async () => {
    const { user, secret } = await withTwoFactor();
    setClock(at(30));
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect(await reason(disableTwoFactor(user.id, proof(`guess ${i}`, await codeAt(secret, 30))))).toMatchObject({
        field: "password",
      });
    }
    const sixth = await disableTwoFactor(user.id, proof(PASSWORD, await codeAt(secret, 30))).catch((e: unknown) => e);
    expect(sixth).toBeInstanceOf(TooManySignIns);
    await expect(signIn({ email: user.email, password: PASSWORD }, "10.1.1.1")).rejects.toBeInstanceOf(TooManySignIns);
    expect(await twoFactorEnabled(user.id)).toBe(true);
    const attempts = await em().execute<{ ip: string; succeeded: boolean }[]>(
      `select ip, succeeded from sign_in_attempts where email = ?`,
      [user.email],
    );
    expect(attempts.filter((a) => a.ip === IP && !a.succeeded)).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
  });
});

describe("the second step", () => {
  it("signs in with a code once: the same code again is refused", async () => {
    const { user, secret } = await withTwoFactor();
    setClock(at(30));
    const first = await pendingRequest(user.id);
    expect(await answerSecondStep(first(), "code", await codeAt(secret, 30), "127.0.0.1")).toMatchObject({
      outcome: "signed-in",
      to: "/employer/dashboard",
    });
    expect(await em().fork().count(PendingSignIn, { user: user.id })).toBe(0);
    const second = await pendingRequest(user.id);
    expect(await answerSecondStep(second(), "code", await codeAt(secret, 30), "127.0.0.1")).toMatchObject({
      outcome: "refused",
      message: expect.stringContaining("already used"),
      wrongCodesLeft: null,
    });
    // The previous step, older than the one used, is refused too; the next one works.
    expect(await answerSecondStep(second(), "code", await codeAt(secret, 0), "127.0.0.1")).toMatchObject({
      outcome: "refused",
    });
    setClock(at(60));
    expect(await answerSecondStep(second(), "code", await codeAt(secret, 60), "127.0.0.1")).toMatchObject({
      outcome: "signed-in",
    });
  });

  it("uses a recovery code once and says how many are left", async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    const first = await pendingRequest(user.id);
    expect(await answerSecondStep(first(), "recovery", recoveryCodes[0]!.toUpperCase(), "127.0.0.1")).toMatchObject({
      outcome: "signed-in",
      recoveryCodesLeft: 9,
    });
    const second = await pendingRequest(user.id);
    expect(await answerSecondStep(second(), "recovery", recoveryCodes[0], "127.0.0.1")).toMatchObject({
      outcome: "refused",
      wrongCodesLeft: 4,
    });
    expect(
      await answerSecondStep(second(), "recovery", ` ${recoveryCodes[1]!.replace("-", " ")} `, "127.0.0.1"),
    ).toMatchObject({ outcome: "signed-in", recoveryCodesLeft: 8 });
  });

  it("drops the pending sign-in after 5 wrong codes; malformed input is a message, not a guess", async () => {
    const { user, secret } = await withTwoFactor();
    const request = await pendingRequest(user.id);
    for (const bad of ["12a456", "1".repeat(10_000), "123\u0000456"]) {
      expect(await answerSecondStep(request(), "code", bad, "127.0.0.1")).toMatchObject({
        outcome: "refused",
        wrongCodesLeft: null,
      });
    }
    for (let left = 4; left >= 1; left--) {
      expect(await answerSecondStep(request(), "code", "000000", "127.0.0.1")).toMatchObject({
        outcome: "refused",
        wrongCodesLeft: left,
      });
    }
    expect(await answerSecondStep(request(), "recovery", "aaaaa-aaaaa", "127.0.0.1")).toEqual({
      outcome: "restart",
      reason: "too-many",
    });
    setClock(at(30));
    expect(await answerSecondStep(request(), "code", await codeAt(secret, 30), "127.0.0.1")).toEqual({
      outcome: "restart",
      reason: "expired",
    });
  });

  it("refuses an expired pending sign-in, one from another browser, and purges expired ones", async () => {
    const { user, secret } = await withTwoFactor();
    const request = await pendingRequest(user.id, "browser A");
    setClock(at(30));
    expect(await answerSecondStep(request("browser B"), "code", await codeAt(secret, 30), "127.0.0.1")).toEqual({
      outcome: "restart",
      reason: "expired",
    });
    expect(
      await answerSecondStep(new Request("http://x/auth/two-factor"), "code", await codeAt(secret, 30), "127.0.0.1"),
    ).toEqual({ outcome: "restart", reason: "expired" });
    setClock(at(10 * 60));
    expect(await answerSecondStep(request(), "code", await codeAt(secret, 10 * 60), "127.0.0.1")).toEqual({
      outcome: "restart",
      reason: "expired",
    });
    expect(await purgeExpiredPendingSignIns()).toBeGreaterThanOrEqual(1);
    expect(await em().fork().count(PendingSignIn, { user: user.id })).toBe(0);
  });
});
