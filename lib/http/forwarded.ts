// X-Forwarded-Host names the public host only when a trusted proxy set it. Without TRUST_PROXY
// anyone can send it, and Remix would build the request's URL (its port, origin checks) from it.
import type { RequestHandler } from "express";

export function untrustedForwardingDropped(trustProxy: number): RequestHandler {
  return (req, _res, next) => {
    if (!trustProxy) delete req.headers["x-forwarded-host"];
    next();
  };
}
