// Changing the email address: the link goes to the new address and is bound to it, the address
// changes only on confirmation, the old address is told, and only the newest link works.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { AccountToken, SignInAttempt, User } from "./entities.ts";
import { startSession } from "./sessions.ts";
import { CONFIRM_WITH_PROVIDER } from "./step-up.ts";
import {
  cancelEmailChange,
  confirmEmailChange,
  findAccount,
  MAX_FAILURES_PER_ACCOUNT,
  peekEmailChange,
  pendingEmailChange,
  requestEmailChange,
  resendEmailChange,
  signUp,
} from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => setMailer(undefined));

const PASSWORD = "correct horse";
const person = (email: string) => signUp({ email, password: PASSWORD, full_name: "Ada Lovelace", role: "candidate" });

/** The confirmation link sent to `to` (the newest, when `count` links were sent there). */
async function linkSentTo(to: string, count = 1): Promise<string> {
  const mails = () => sent.filter((m) => m.to === to && m.subject === "Confirm your new Hirewise email address");
  await expect.poll(() => mails().length).toBeGreaterThanOrEqual(count);
  const token = /\/account\/email\/([A-Za-z0-9_-]{43})/.exec(mails()[count - 1]!.text)?.[1];
  if (!token) throw new Error(`no link in the email to ${to}`);
  return token;
}

const noticeTo = (to: string) =>
  sent.find((m) => m.to === to && m.subject === "Your Hirewise email address was changed");

describe("email change", () => {
  it("sends a link to the new address, changes nothing until it is confirmed, then tells the old address", async () => {
    const ada = await person("ada@example.com");
    const pending = await requestEmailChange(
      ada,
      { new_email: " Ada.New@Example.com ", current_password: PASSWORD },
      "10.0.0.1",
      null,
    );
    expect(pending.email).toBe("ada.new@example.com");
    expect(await pendingEmailChange(ada.id)).toMatchObject({ email: "ada.new@example.com" });
    expect((await findAccount(ada.id))?.email).toBe("ada@example.com");

    const token = await linkSentTo("ada.new@example.com");
    const mail = sent.find((m) => m.to === "ada.new@example.com")!;
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.html).toContain(`/account/email/${token}`);
    // Peeking (the link's GET) uses nothing up; only the account it was sent for may.
    expect(await peekEmailChange(token, ada.id)).toEqual({ email: "ada.new@example.com" });
    const other = await person("other@example.com");
    expect(await peekEmailChange(token, other.id)).toBeNull();
    expect(await confirmEmailChange(token, other.id)).toEqual({ status: "invalid" });
    expect((await findAccount(other.id))?.email).toBe("other@example.com");

    expect(await confirmEmailChange(token, ada.id)).toEqual({ status: "changed", email: "ada.new@example.com" });
    const changed = await findAccount(ada.id);
    expect(changed).toMatchObject({ email: "ada.new@example.com", emailVerified: true });
    expect(await pendingEmailChange(ada.id)).toBeNull();
    expect(await confirmEmailChange(token, ada.id)).toEqual({ status: "invalid" });

    await expect.poll(() => noticeTo("ada@example.com")).toBeDefined();
    const notice = noticeTo("ada@example.com")!;
    expect(notice.text).toContain("from ada@example.com to ada.new@example.com");
  });

  it("puts messages beside the field for the same, a taken and a malformed address, and for a wrong password", async () => {
    const bo = await person("bo@example.com");
    const ask = (new_email: string, current_password = PASSWORD) =>
      requestEmailChange(bo, { new_email, current_password }, "10.0.0.2", null);
    await expect(ask("BO@example.com")).rejects.toMatchObject({
      field: "new_email",
      message: "That is already your email address.",
    });
    await expect(ask("not an address")).rejects.toThrow(/valid email address/);
    await expect(ask("bo2@example.com", "wrong password")).rejects.toMatchObject({
      field: "current_password",
      message: "That password is not right.",
    });
    await expect(requestEmailChange(bo, { new_email: "bo2@example.com" }, "10.0.0.2", null)).rejects.toMatchObject({
      field: "current_password",
    });
    expect(await pendingEmailChange(bo.id)).toBeNull();
    // The wrong password counted as a failed sign-in for the account.
    expect(await em().count(SignInAttempt, { email: "bo@example.com", succeeded: false })).toBe(1);
  });

  it("counts wrong passwords towards the sign-in limit", async () => {
    const cy = await person("cy@example.com");
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      await requestEmailChange(
        cy,
        { new_email: "cy2@example.com", current_password: `wrong ${i}` },
        "10.0.0.3",
        null,
      ).catch(() => {});
    }
    await expect(
      requestEmailChange(cy, { new_email: "cy2@example.com", current_password: PASSWORD }, "10.0.0.3", null),
    ).rejects.toThrow(/Too many sign-in attempts/);
  });

  it("asks an account without a password for a provider sign-in in this very session, not one in another browser", async () => {
    const dee = await person("dee@example.com");
    await em().nativeUpdate(User, { id: dee.id }, { passwordHash: null });
    const stolen = await startSession(dee.id, {});
    await startSession(dee.id, { viaProvider: true });
    await expect(
      requestEmailChange(dee, { new_email: "dee2@example.com" }, "10.0.0.4", stolen.token),
    ).rejects.toMatchObject({ field: "current_password", message: CONFIRM_WITH_PROVIDER });
    await expect(requestEmailChange(dee, { new_email: "dee2@example.com" }, "10.0.0.4", null)).rejects.toMatchObject({
      field: "current_password",
    });
    expect(await pendingEmailChange(dee.id)).toBeNull();
    const owner = await startSession(dee.id, { viaProvider: true });
    await requestEmailChange(dee, { new_email: "dee2@example.com" }, "10.0.0.4", owner.token);
    expect(await pendingEmailChange(dee.id)).toMatchObject({ email: "dee2@example.com" });
  });

  it("keeps only the newest link working; cancelling stops it; three links an hour at most", async () => {
    const eve = await person("eve@example.com");
    await requestEmailChange(eve, { new_email: "eve-a@example.com", current_password: PASSWORD }, "10.0.0.5", null);
    const first = await linkSentTo("eve-a@example.com");
    await requestEmailChange(eve, { new_email: "eve-b@example.com", current_password: PASSWORD }, "10.0.0.5", null);
    const second = await linkSentTo("eve-b@example.com");
    expect(await pendingEmailChange(eve.id)).toMatchObject({ email: "eve-b@example.com" });
    expect(await confirmEmailChange(first, eve.id)).toEqual({ status: "invalid" });

    await resendEmailChange(eve.id);
    const third = await linkSentTo("eve-b@example.com", 2);
    expect(await peekEmailChange(second, eve.id)).toBeNull();
    await expect(resendEmailChange(eve.id)).rejects.toThrow(/3 links in the last hour/);
    // The refused resend left the last link working.
    expect(await peekEmailChange(third, eve.id)).toEqual({ email: "eve-b@example.com" });

    await cancelEmailChange(eve.id);
    expect(await pendingEmailChange(eve.id)).toBeNull();
    expect(await confirmEmailChange(third, eve.id)).toEqual({ status: "invalid" });
    // Cancelling did not make room for more links within the hour.
    await expect(
      requestEmailChange(eve, { new_email: "eve-c@example.com", current_password: PASSWORD }, "10.0.0.5", null),
    ).rejects.toMatchObject({ field: "new_email", message: expect.stringMatching(/3 links/) });
    expect((await findAccount(eve.id))?.email).toBe("eve@example.com");
  });

  it("expires after 24 hours on the test clock", async () => {
    const fay = await person("fay@example.com");
    await requestEmailChange(fay, { new_email: "fay2@example.com", current_password: PASSWORD }, "10.0.0.6", null);
    const token = await linkSentTo("fay2@example.com");
    setClock(new Date(Date.now() + 24 * 3_600_000 + 1000));
    try {
      expect(await pendingEmailChange(fay.id)).toBeNull();
      expect(await confirmEmailChange(token, fay.id)).toEqual({ status: "invalid" });
    } finally {
      setClock(undefined);
    }
    expect((await findAccount(fay.id))?.email).toBe("fay@example.com");
  });

  it("refuses the change when another account took the address after the link was sent", async () => {
    const gus = await person("gus@example.com");
    await requestEmailChange(gus, { new_email: "wanted@example.com", current_password: PASSWORD }, "10.0.0.7", null);
    const token = await linkSentTo("wanted@example.com");
    const rival = await person("wanted@example.com");
    expect(await confirmEmailChange(token, gus.id)).toEqual({ status: "taken", email: "wanted@example.com" });
    expect((await findAccount(gus.id))?.email).toBe("gus@example.com");
    expect((await findAccount(rival.id))?.email).toBe("wanted@example.com");
    expect(
      await em().count(AccountToken, { user: gus.id, purpose: "email-change", expiresAt: { $gt: new Date() } }),
    ).toBe(0);
    expect(noticeTo("gus@example.com")).toBeUndefined();
  });
});
