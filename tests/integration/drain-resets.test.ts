// SIGTERM while 32 keep-alive clients never stop sending: nothing times the test, the clients go on
// until the server refuses their connection. Every request that reached the server gets an answer
// (no reset, no hang-up), the last answer on each connection says `Connection: close`, exit 0.
import http from "node:http";
import { expect, inject, it } from "vitest";
import { startAppServer } from "../support/app-server.ts";

interface Tally {
  answers: number;
  non2xx: number;
  closeAnswers: number;
  /** Requests sent on an open connection that failed without an answer, by error code. */
  resets: string[];
}

function get(agent: http.Agent, base: string): Promise<{ status: number; connection?: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${base}/`, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** One keep-alive connection at a time, one request after another, until the server is gone. */
async function client(base: string, tally: Tally): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (;;) {
    const outcome = await get(agent, base);
    if ("error" in outcome) {
      if (outcome.error === "ECONNREFUSED") break;
      tally.resets.push(outcome.error);
      continue;
    }
    tally.answers++;
    if (outcome.status < 200 || outcome.status > 299) tally.non2xx++;
    if (outcome.connection === "close") tally.closeAnswers++;
  }
  agent.destroy();
}

it(
  "resets no request on SIGTERM under continuous keep-alive load: every client's last answer closes",
  { timeout: 180_000 },
  async () => {
    const server = await startAppServer(inject("adminDatabaseUrl"), { SHUTDOWN_DELAY_MS: "2000" });
    const tally: Tally = { answers: 0, non2xx: 0, closeAnswers: 0, resets: [] };
    const clients = Array.from({ length: 32 }, () => client(server.baseUrl, tally));
    await expect.poll(() => tally.answers, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(200);
    const exitCode = await server.stop();
    await Promise.all(clients);
    expect(tally.resets).toEqual([]);
    expect(tally.non2xx).toBe(0);
    expect(exitCode).toBe(0);
    // Each connection ends on an answer that says so, not on a socket closed under it.
    expect(tally.closeAnswers).toBeGreaterThanOrEqual(32);
  },
);
