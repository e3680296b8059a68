// Shutdown under keep-alive traffic, without resetting a request that reached the server.
// Draining: readiness fails at once (the server checks `draining`) and its answer carries
// `Connection: close`; traffic keeps its connections until it stops (or the delay runs out), so no
// client is reconnecting when the listener closes: a connection still in the kernel's accept queue
// then would be reset. Then the listener closes; each connection ends after its next answer, which
// says `Connection: close`; one that stays idle for a second (its client has stopped) is closed.
import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

// Health probes are not traffic: a load balancer keeps polling while it takes the node out.
const PROBES = new Set(["/healthz", "/readyz"]);
// Traffic has stopped once no request has arrived for this long; so has a connection's client.
const QUIET_MS = 1_000;

export class Drain {
  draining = false;
  /** The listener is closed: every answer is the last on its connection. */
  private closing = false;
  private lastRequestAt = 0;
  /** Requests in progress on each open connection. */
  private readonly inFlight = new Map<Socket, number>();
  /** Since when each connection has had no request in progress (absent while one is). */
  private readonly idleSince = new Map<Socket, number>();

  /** First in the chain: notes traffic, and closes connections after their answer once draining. */
  readonly middleware: RequestHandler = (req, res, next) => {
    if (!PROBES.has(req.path)) this.lastRequestAt = performance.now();
    const socket = req.socket;
    this.inFlight.set(socket, (this.inFlight.get(socket) ?? 0) + 1);
    this.idleSince.delete(socket);
    res.once("close", () => {
      const left = (this.inFlight.get(socket) ?? 1) - 1;
      this.inFlight.set(socket, left);
      if (left === 0 && !socket.destroyed) this.idleSince.set(socket, performance.now());
    });
    onHeaders(res, () => {
      if (this.closing || (this.draining && PROBES.has(req.path))) res.setHeader("Connection", "close");
    });
    next();
  };

  /** Notes every connection, including those that have not sent a request yet. */
  track(server: Server): void {
    server.on("connection", (socket: Socket) => {
      this.inFlight.set(socket, 0);
      this.idleSince.set(socket, performance.now());
      socket.once("close", () => {
        this.inFlight.delete(socket);
        this.idleSince.delete(socket);
      });
    });
  }

  /**
   * Stops taking requests: keeps serving until no request has come for a second (at most
   * `delayMs` after the call), then stops listening and resolves once every connection has ended.
   */
  async close(server: Server, delayMs: number): Promise<void> {
    this.draining = true;
    const start = performance.now();
    this.lastRequestAt = Math.max(this.lastRequestAt, start);
    while (performance.now() - start < delayMs && performance.now() - this.lastRequestAt < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.closing = true;
    const closed = new Promise<void>((resolve) => {
      // net's close, not http's: http's also destroys every connection without a request in
      // progress, and resets the next request of a client that is sending it at that moment.
      NetServer.prototype.close.call(server, () => resolve());
    });
    // Connections already quiet for a second go at once; the others as they reach it.
    this.closeIdle();
    const quiet = setInterval(() => this.closeIdle(), QUIET_MS / 4);
    await closed;
    clearInterval(quiet);
  }

  /** Closes the connections that no request has used for a second. */
  private closeIdle(): void {
    const quietSince = performance.now() - QUIET_MS;
    for (const [socket, requests] of this.inFlight) {
      const since = this.idleSince.get(socket);
      if (requests === 0 && since !== undefined && since <= quietSince) socket.destroy();
    }
  }
}
