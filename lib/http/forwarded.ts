// X-Forwarded-Host names the public host only when a trusted proxy set it. Without TRUST_PROXY
// anyone can send it, and Remix would build the request's URL (its port, origin checks) from it.
import type { RequestHandler } from "express";
import { refuse } from "./refusal.ts";

export function untrustedForwardingDropped(trustProxy: number): RequestHandler {
  return (req, _res, next) => {
    if (!trustProxy) delete req.headers["x-forwarded-host"];
    next();
  };
}

/**
 * Refuses (400) a request whose URL can't be built from its Host (or trusted X-Forwarded-Host):
 * "a b", "[", "x:99999". Remix's Express adapter builds it as below and would throw: a 500.
 */
export function unreadableHostRefused(): RequestHandler {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  return (req, res, next) => {
    const port = [portOf(req.get("x-forwarded-host")), portOf(req.get("host"))].find(Number.isSafeInteger);
    try {
      new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
    } catch {
      return refuse(req, res, 400, "Bad request", "This request names a host that can't be read.");
    }
    next();
  };
}
