// Well-known passwords through the module: refused where a password is chosen (sign-up, reset,
// change) with a message for beside the field, nothing written; the suite's and demo's passwords
// still pass; a long input is cut before it is scored.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { DEMO_PASSWORD } from "../../db/demo.ts";
import { User } from "./entities.ts";
import { changePassword, issueAccountToken, resetLinkAccount, resetPassword, signIn, signUp } from "./index.server.ts";
import { weakPasswordReason } from "./password-strength.ts";

useTestRuntime();

const WELL_KNOWN = ["password1234", "qwertyuiop123", "P@ssw0rd2026!", "Summer2026!", "iloveyou1"];

describe("well-known passwords", () => {
  it("are refused at sign-up beside the password field, and no account is made", async () => {
    for (const password of WELL_KNOWN) {
      await expect(signUp({ email: "weak-signup@example.com", password, role: "candidate" })).rejects.toMatchObject({
        field: "password",
        message: expect.stringMatching(/^This password is too easy to guess/),
      });
    }
    // The person's own words make a password weaker: their name and address.
    await expect(
      signUp({
        email: "ada.lovelace@example.com",
        password: "adalovelace1815",
        role: "candidate",
        full_name: "Ada Lovelace",
      }),
    ).rejects.toMatchObject({ field: "password" });
    expect(await em().count(User, { email: { $in: ["weak-signup@example.com", "ada.lovelace@example.com"] } })).toBe(0);
  });

  it("are refused when a reset link sets a password, and the link still works", async () => {
    const account = await signUp({
      email: "weak-reset@example.com",
      password: "correct horse battery",
      role: "candidate",
    });
    const token = (await issueAccountToken(account.id, "password-reset", account.email, { validMinutes: 30 }))!;
    await expect(resetPassword(token, { password: "password1234" })).rejects.toMatchObject({
      field: "password",
      message: expect.stringMatching(/too easy to guess/),
    });
    expect(await resetLinkAccount(token)).toEqual({ email: account.email });
    expect(await resetPassword(token, { password: "plinth-mosaic-ferret-cobalt" })).toMatchObject({ id: account.id });
  });

  it("are refused as a new password on the account, and the old one keeps working", async () => {
    const account = await signUp({
      email: "weak-change@example.com",
      password: "correct horse battery",
      role: "candidate",
      full_name: "Wendy Weak",
    });
    await expect(
      changePassword(
        account,
        { current_password: "correct horse battery", new_password: "qwertyuiop123" },
        { ip: "10.9.0.1", keepToken: null },
      ),
    ).rejects.toMatchObject({
      field: "new_password",
      message: expect.stringMatching(/too easy to guess/),
    });
    await expect(
      signIn({ email: account.email, password: "correct horse battery" }, "10.9.0.1"),
    ).resolves.toMatchObject({ id: account.id });
  });

  it("let the suite's, the demo's and strong passwords through, and cut a long input before scoring it", async () => {
    for (const password of [
      "correct horse",
      "correct horse battery",
      "correct horse battery staple",
      DEMO_PASSWORD,
      "a brand new secret",
      "plinth-mosaic-ferret-cobalt-87",
    ]) {
      expect(await weakPasswordReason(password), password).toBeNull();
    }
    // 1,600 characters score as their first 64 (the rest would cost half a second of CPU).
    expect(await weakPasswordReason("a1b2c3d4".repeat(200))).toBe(await weakPasswordReason("a1b2c3d4".repeat(8)));
  });
});
