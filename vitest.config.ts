import { defineConfig } from "vitest/config";

process.env.LOG_LEVEL ??= "warn";

// Unit and integration tests share a real PostgreSQL (each file in its own database); end-to-end
// tests drive Debian's Chromium against the built server, each journey with JavaScript on and off.
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
