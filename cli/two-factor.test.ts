import { describe, expect, it } from "vitest";
import { generate } from "otplib";
import { useTestRuntime } from "../tests/support/runtime.ts";
import { runCli } from "../tests/support/cli.ts";
import {
  confirmTwoFactorSetup,
  signUp,
  startTwoFactorSetup,
  twoFactorEnabled,
  twoFactorSetup,
} from "../modules/identity/index.server.ts";

const runtime = useTestRuntime();
const cli = (...args: string[]) => runCli({ DATABASE_URL: runtime.databaseUrl }, ...args);

describe("two-factor CLI", { timeout: 120_000 }, () => {
  it("turns two-factor off for an account by email, and says when it was not on", async () => {
    const { id } = await signUp({
      email: "locked@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Lost Phone Co",
    });
    await startTwoFactorSetup(id, { password: "correct horse", sessionToken: null, ip: "127.0.0.1" });
    const secret = (await twoFactorSetup(id))!.key.replace(/ /g, "");
    await confirmTwoFactorSetup(id, await generate({ secret }));
    expect(await cli("users:two-factor-off", "LOCKED@example.com")).toMatchObject({
      code: 0,
      stdout: "Two-factor sign-in is off for locked@example.com; they were told by email.\n",
    });
    expect(await twoFactorEnabled(id)).toBe(false);
    expect(await cli("users:two-factor-off", "locked@example.com")).toMatchObject({
      code: 0,
      stdout: "locked@example.com did not have two-factor sign-in on.\n",
    });
    expect(await cli("users:two-factor-off", "nobody@example.com")).toMatchObject({
      code: 2,
      stderr: "error: No account with email nobody@example.com\n",
    });
  });
});
