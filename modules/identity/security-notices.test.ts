import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { transaction } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { queueSecurityNotice, securityNoticeEmail, SECURITY_NOTICE_KINDS } from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => setMailer(undefined));

describe("security notices", () => {
  it("has words for every kind, none offering to turn it off", async () => {
    for (const kind of SECURITY_NOTICE_KINDS) {
      const email = await securityNoticeEmail({
        kind,
        to: "old@example.com",
        name: "Ada Lovelace",
        newEmail: "new@example.com",
        occurredAt: new Date("2026-11-24T10:00:00Z"),
      });
      expect(email.subject).toMatch(/Hirewise/);
      expect(email.text).toContain("Hi Ada,");
      expect(email.text).not.toMatch(/Turn these emails off/);
    }
    const changed = await securityNoticeEmail({
      kind: "email-changed",
      to: "old@example.com",
      name: null,
      newEmail: "new@example.com",
      occurredAt: new Date(),
    });
    expect(changed.text).toContain("from old@example.com to new@example.com");
  });

  it("writes every kind in German for a German account, with no English left", async () => {
    const ENGLISH = /\b(the|your|you|was|account|If|Hi|Hello|Sign in|Review)\b/;
    for (const kind of SECURITY_NOTICE_KINDS) {
      for (const provider of [undefined, "Google"]) {
        const email = await securityNoticeEmail(
          { kind, to: "alt@example.com", name: "Greta Gruber", provider, occurredAt: new Date("2026-11-24T10:00:00Z") },
          "de",
        );
        const words = `${email.subject}\n${email.text}`.replace(/Hirewise|Greta|Google|<[^>]*>|[\w.-]+@[\w.-]+/g, "");
        expect(words, `${kind} ${provider ?? ""}`).not.toMatch(ENGLISH);
        expect(email.text).toContain("Hallo Greta,");
        expect(email.html).toContain('lang="de"');
      }
    }
    const deleted = await securityNoticeEmail(
      { kind: "account-deleted", to: "a@example.com", name: null, occurredAt: new Date("2026-11-24T10:00:00Z") },
      "de",
    );
    expect(deleted.text).toContain("Ihr Hirewise-Konto wurde am 24. Nov. 2026 mit seinen Daten gelöscht.");
  });

  it("sends one email per notice, and none when the change rolls back", async () => {
    await transaction(async () => {
      await queueSecurityNotice({ kind: "password-changed", to: "kept@example.com", name: null });
    });
    await transaction(async () => {
      await queueSecurityNotice({ kind: "password-changed", to: "rolled-back@example.com", name: null });
      throw new Error("the change failed");
    }).catch(() => undefined);
    await expect.poll(() => sent.some((m) => m.to === "kept@example.com")).toBe(true);
    await transaction(async () => {
      await queueSecurityNotice({ kind: "two-factor-enabled", to: "after@example.com", name: null });
    });
    // Jobs run in order of arrival on one worker poll at the least; the later one arriving proves the
    // rolled-back one had its chance.
    await expect.poll(() => sent.some((m) => m.to === "after@example.com")).toBe(true);
    expect(sent.filter((m) => m.to === "kept@example.com")).toHaveLength(1);
    expect(sent.some((m) => m.to === "rolled-back@example.com")).toBe(false);
  });
});
