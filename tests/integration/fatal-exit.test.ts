// A web process that dies takes its embedded PostgreSQL with it and exits non-zero, however it dies:
// an exception nothing catches (exit hooks run) or a V8 heap out-of-memory (Node aborts; no hook
// runs, so the database's watchdog stops it).
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, spawnServer, waitForOk } from "../support/app-server.ts";

const fixture = path.resolve("tests/fixtures/crash-on-signal.ts");
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function crash(crashWith: "exception" | "oom") {
  const dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-fatal-"));
  // Run as root, PostgreSQL runs as the postgres user, which must be able to enter the folder.
  await chmod(dataDir, 0o755);
  try {
    const port = await freePort();
    const server = spawnServer({
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(port),
      HOST: "127.0.0.1",
      CRASH_WITH: crashWith,
      NODE_OPTIONS: `--import=${fixture} --max-semi-space-size=4 --max-old-space-size=192`,
    });
    await waitForOk(`http://127.0.0.1:${port}/readyz`, 90_000, server.child, server.output);
    const postmaster = Number((await readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n")[0]);
    expect(alive(postmaster)).toBe(true);
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      server.child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    server.child.kill("SIGUSR2");
    const exit = await exited;
    await expect.poll(() => alive(postmaster), { timeout: 60_000 }).toBe(false);
    return { exit, output: server.output() };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe("a fatal error in the web process", () => {
  it("an uncaught exception: exit 1, the embedded PostgreSQL stops", { timeout: 180_000 }, async () => {
    const { exit, output } = await crash("exception");
    expect(exit.code, output).toBe(1);
    expect(output).toMatch(/uncaught exception: exiting/);
  });

  it("a V8 heap out-of-memory: the process aborts, the embedded PostgreSQL stops", { timeout: 180_000 }, async () => {
    const { exit, output } = await crash("oom");
    expect(exit.code === 0, output).toBe(false);
    expect(output).toMatch(/heap out of memory/i);
  });
});
