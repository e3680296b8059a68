// REQUIRE_EMAIL_VERIFICATION=false, for operators who verify addresses another way: nothing waits
// for a confirmed address and no banner is asked for, yet sign-up still sends the link.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const previous = vi.hoisted(() => {
  const value = process.env.REQUIRE_EMAIL_VERIFICATION;
  process.env.REQUIRE_EMAIL_VERIFICATION = "false";
  return value;
});

import { loadConfig } from "../../lib/config.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { checkEmailVerified, needsEmailVerification, signUp } from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => {
  setMailer(undefined);
  if (previous === undefined) delete process.env.REQUIRE_EMAIL_VERIFICATION;
  else process.env.REQUIRE_EMAIL_VERIFICATION = previous;
});

describe("REQUIRE_EMAIL_VERIFICATION", () => {
  it("is on by default and takes only true or false", () => {
    expect(loadConfig({ NODE_ENV: "test" } as NodeJS.ProcessEnv).requireEmailVerification).toBe(true);
    expect(
      loadConfig({ NODE_ENV: "test", REQUIRE_EMAIL_VERIFICATION: "false" } as NodeJS.ProcessEnv)
        .requireEmailVerification,
    ).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "test", REQUIRE_EMAIL_VERIFICATION: "no" } as NodeJS.ProcessEnv)).toThrow(
      /REQUIRE_EMAIL_VERIFICATION/,
    );
  });

  it("off: an unconfirmed employer publishes, no banner is due, and the sign-up link still goes out", async () => {
    const employer = await signUp({
      email: "off-employer@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Acme",
    });
    expect(employer.emailVerified).toBe(false);
    expect(needsEmailVerification(employer)).toBe(false);
    expect(await checkEmailVerified(employer.id, "publish a job")).toEqual({ allowed: true });
    await expect(publishTestJob(employer.id)).resolves.toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => sent.some((m) => m.to === "off-employer@example.com" && /\/auth\/verify\//.test(m.text)))
      .toBe(true);
  });
});
