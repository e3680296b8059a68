// Shutdown under keep-alive traffic. `server.close()` alone waits for idle keep-alive sockets that
// busy clients never leave idle. Draining instead: readiness fails at once (the server checks
// `draining`), every answer carries `Connection: close`, new connections are still accepted until
// the traffic stops (or the delay runs out), then the listener closes, idle sockets are closed and
// requests in flight finish.
import type { Server } from "node:http";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

// Health probes are not traffic: a load balancer keeps polling while it takes the node out.
const PROBES = new Set(["/healthz", "/readyz"]);
// Traffic has stopped once no request has arrived for this long.
const QUIET_MS = 1_000;

export class Drain {
  draining = false;
  private lastRequestAt = 0;

  /** First in the chain: notes traffic, and closes each connection after its answer once draining. */
  readonly middleware: RequestHandler = (req, res, next) => {
    if (!PROBES.has(req.path)) this.lastRequestAt = performance.now();
    onHeaders(res, () => {
      if (this.draining) res.setHeader("Connection", "close");
    });
    next();
  };

  /**
   * Stops taking requests: keeps accepting until no request has come for a second (at most
   * `delayMs` after the call), then stops listening and resolves once every request has finished.
   */
  async close(server: Server, delayMs: number): Promise<void> {
    this.draining = true;
    const start = performance.now();
    this.lastRequestAt = Math.max(this.lastRequestAt, start);
    while (performance.now() - start < delayMs && performance.now() - this.lastRequestAt < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  }
}
