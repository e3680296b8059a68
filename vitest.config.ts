import path from "node:path";
import { defineConfig } from "vitest/config";
import SpreadJourneys from "./tests/support/sequencer.ts";
import { WAIT } from "./tests/support/wait.ts";

process.env.LOG_LEVEL ??= "warn";
// Tests share a busy machine (and may run beside other runs): a 5 s wait for a database connection
// proves nothing about the code under test, so tests wait longer. The pool-exhaustion tests set
// their own limits.
process.env.DB_ACQUIRE_TIMEOUT_MS ??= "30000";
// Most tests sign people up and then publish or apply at once: the email-confirmation rule is off
// for them (and for the servers and CLIs they start); the tests of that rule turn it on.
process.env.REQUIRE_EMAIL_VERIFICATION ??= "false";
// Status emails go out as soon as a worker takes them; the test of their wait sets its own.
process.env.STATUS_EMAIL_DELAY_SECONDS ??= "0";
// The tests start about a hundred Node processes (CLI commands, web servers, workers; Vitest's own
// workers too): Node keeps the code it compiled for them here, and a CLI command starts in 0.6 s
// of CPU instead of 1 s (decision 064).
process.env.NODE_COMPILE_CACHE ??= path.resolve(".cache/node-compile-cache");

// Unit and integration tests share a real PostgreSQL (each file in its own database); end-to-end
// tests drive Debian's Chromium against the built server, each journey with JavaScript on and off.
// Every file has its own database, server and ports, so all files share one pool. Vitest's default
// is one worker less than the cores (one worker on a 2-core machine), but most of a file's time is
// spent waiting on PostgreSQL, a server or a browser: three workers keep both cores busy, with the
// end-to-end files spread among the others (tests/support/sequencer.ts; decision 061).
// TEST_WORKERS overrides the number.
export default defineConfig({
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    // The modules plugged into each other's hooks, as boot() does (wiring.ts), in every test file.
    setupFiles: ["tests/support/wiring.ts"],
    testTimeout: 30_000,
    // Polls wait long for what a worker or another process does (tests/support/wait.ts).
    expect: { poll: WAIT },
    hookTimeout: 60_000,
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    sequence: { sequencer: SpreadJourneys },
    projects: [
      {
        extends: true,
        test: {
          name: "unit+integration",
          include: [
            "modules/**/*.test.ts",
            "lib/**/*.test.ts",
            "db/**/*.test.ts",
            "jobs/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "cli/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/lint/**/*.test.ts",
            "locales/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
