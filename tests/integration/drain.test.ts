// SIGTERM under keep-alive load, on the production server: readiness fails at once (its answer
// closes its connection), the server keeps answering until the load balancer (here: the test, once
// /readyz fails) stops sending, then exits 0 with not one request failed. Under load that never
// stops: drain-resets.test.ts.
import { expect, inject, it } from "vitest";
import { startAppServer } from "../support/app-server.ts";
import { drainUnderLoad } from "../../bench/faults/drain.ts";

it("drains 32 keep-alive connections on SIGTERM: no failed request, exit 0", { timeout: 180_000 }, async () => {
  // A long delay: on a busy machine the test may take a while to stop the load after /readyz fails.
  const server = await startAppServer(inject("adminDatabaseUrl"), { SHUTDOWN_DELAY_MS: "60000" });
  const outcome = await drainUnderLoad(server.baseUrl, () => server.stop());
  expect(outcome.readyzStatus).toBe(503);
  expect(outcome.readyzConnection).toBe("close");
  expect(outcome.failures, JSON.stringify(outcome)).toBe(0);
  expect(outcome.exitCode).toBe(0);
  expect(outcome.requests).toBeGreaterThan(200);
});
