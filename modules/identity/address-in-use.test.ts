// An address that has an account, used again: sign-up and email change answer as for a free
// address and email the owner instead, at most 3 times an hour per address; nothing is created.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { User } from "./entities.ts";
import { pendingEmailChange, requestEmailChange, signUp, signUpOrNotify } from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => setMailer(undefined));

const PASSWORD = "correct horse battery";
const mailTo = (to: string, subject: string) => sent.filter((m) => m.to === to && m.subject === subject);
const SIGN_UP_TRY = "Someone tried to sign up to Hirewise with your email address";
const CHANGE_TRY = "Someone tried to use your email address on Hirewise";

describe("sign-up with an address that has an account", () => {
  it("creates nothing, answers as a sign-up that needs its email, and tells the owner at most 3 times an hour", async () => {
    const owner = await signUp({
      email: "owner-of-address@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Olive",
    });
    for (let i = 0; i < 5; i++) {
      await expect(
        signUpOrNotify(
          {
            email: "Owner-Of-Address@example.com",
            password: "a different password",
            role: "employer",
            company_name: "Squat Co",
          },
          "10.7.0.1",
        ),
      ).resolves.toBeNull();
    }
    await expect.poll(() => mailTo(owner.email, SIGN_UP_TRY)).toHaveLength(3);
    const notice = mailTo(owner.email, SIGN_UP_TRY)[0]!;
    expect(notice.text).toContain("If it was you, sign in instead, or reset your password");
    expect(notice.text).toContain("/auth/forgot");
    expect(await em().count(User, { email: owner.email })).toBe(1);
    expect((await em().findOneOrFail(User, { email: owner.email })).role).toBe("candidate");
    // With the rule off (the suite's default) a new address is signed in at once.
    await expect(
      signUpOrNotify({ email: "brand-new-address@example.com", password: PASSWORD, role: "candidate" }, "10.7.0.1"),
    ).resolves.toMatchObject({ email: "brand-new-address@example.com" });
  });

  it("still refuses a well-known password first, whether or not the address has an account", async () => {
    await signUp({ email: "weak-owner@example.com", password: PASSWORD, role: "candidate" });
    for (const email of ["weak-owner@example.com", "weak-newcomer@example.com"]) {
      await expect(
        signUpOrNotify({ email, password: "password1234", role: "candidate" }, "10.7.0.2"),
      ).rejects.toMatchObject({ field: "password" });
    }
  });
});

describe("email change to an address that has an account", () => {
  it("shows the same pending change, sends no link there, and tells the owner instead", async () => {
    const taker = await signUp({
      email: "would-be-taker@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Tess",
    });
    const owner = await signUp({
      email: "kept-address@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Kip",
    });
    await expect(
      requestEmailChange(taker, { new_email: owner.email, current_password: PASSWORD }, "10.7.0.3", null),
    ).resolves.toMatchObject({ email: owner.email });
    expect(await pendingEmailChange(taker.id)).toMatchObject({ email: owner.email });
    await expect.poll(() => mailTo(owner.email, CHANGE_TRY)[0]).toBeDefined();
    const notice = mailTo(owner.email, CHANGE_TRY)[0]!;
    expect(notice.text).toContain("This address already belongs to your account, so nothing changed.");
    expect(mailTo(owner.email, "Confirm your new Hirewise email address")).toHaveLength(0);
    // A free address gets its link as before.
    await requestEmailChange(
      taker,
      { new_email: "free-address@example.com", current_password: PASSWORD },
      "10.7.0.3",
      null,
    );
    await expect
      .poll(() => mailTo("free-address@example.com", "Confirm your new Hirewise email address")[0])
      .toBeDefined();
  });
});
