import { defineConfig } from "vitest/config";

process.env.LOG_LEVEL ??= "warn";
// Tests share a busy machine (and may run beside other runs): a 5 s wait for a database connection
// proves nothing about the code under test, so tests wait longer. The pool-exhaustion tests set
// their own limits.
process.env.DB_ACQUIRE_TIMEOUT_MS ??= "30000";
// Most tests sign people up and then publish or apply at once: the email-confirmation rule is off
// for them (and for the servers and CLIs they start); the tests of that rule turn it on.
process.env.REQUIRE_EMAIL_VERIFICATION ??= "false";

// Unit and integration tests share a real PostgreSQL (each file in its own database); end-to-end
// tests drive Debian's Chromium against the built server, each journey with JavaScript on and off.
// End-to-end files run one at a time, after the others. One pool for all files also passes and was
// about 5% faster in one pair of CI runs, too little to trust on a shared machine (decision 061).
export default defineConfig({
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit+integration",
          include: ["modules/**/*.test.ts", "lib/**/*.test.ts", "db/**/*.test.ts", "jobs/**/*.test.ts", "app/**/*.test.{ts,tsx}", "cli/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/lint/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
