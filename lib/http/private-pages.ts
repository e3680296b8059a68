// Pages and data that depend on who is signed in must not be kept by browsers or shared caches:
// Back after signing out must not show the account's pages. Every answer from the app varies with
// the cookies; answers to requests with cookies, answers that set one, redirects and `.data`
// answers are `private, no-store`, unless the route chose its own caching (robots.txt, sitemaps).
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

export const PRIVATE = "private, no-store";

export function privatePages(): RequestHandler {
  return (req, res, next) => {
    onHeaders(res, () => {
      res.vary("Cookie");
      if (res.getHeader("Cache-Control")) return;
      const redirect = res.statusCode >= 300 && res.statusCode < 400;
      if (req.get("cookie") || res.getHeader("Set-Cookie") || redirect || req.path.endsWith(".data")) {
        res.setHeader("Cache-Control", PRIVATE);
      }
    });
    next();
  };
}
