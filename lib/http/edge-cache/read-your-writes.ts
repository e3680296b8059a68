// Read-your-writes: every answer to a request that may change something sets `__last_write` to the
// time it was sent (after the change committed); read-replica.ts lets the replica answer that
// browser only once it holds every commit up to then. Installed only with a replica.
import type { Request, RequestHandler } from "express";
import onHeaders from "on-headers";
import { lastWriteCookieSeconds, runWithRequestReads } from "./read-replica.ts";

export const LAST_WRITE_COOKIE = "__last_write";
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** The cookie's time, if it is one: a value from the future (a forged cookie) counts as now. */
export function lastWriteOf(req: Pick<Request, "get">, now = Date.now()): number | null {
  const match = /(?:^|;\s*)__last_write=(\d{13})(?:;|$)/.exec(req.get("cookie") ?? "");
  return match ? Math.min(Number(match[1]), now) : null;
}

export function readYourWrites(options: { maxLagSeconds: number; secure: boolean }): RequestHandler {
  const maxAge = lastWriteCookieSeconds(options.maxLagSeconds);
  return (req, res, next) => {
    const writing = !SAFE_METHODS.has(req.method);
    if (writing) {
      onHeaders(res, () => {
        res.append(
          "Set-Cookie",
          `${LAST_WRITE_COOKIE}=${Date.now()}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`,
        );
      });
    }
    runWithRequestReads({ writing, wroteAt: lastWriteOf(req) }, next);
  };
}
