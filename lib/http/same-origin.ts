// CSRF: a request that changes something must come from this site. Browsers send `Origin` on every
// POST (and `Sec-Fetch-Site` on every request); a value naming another origin, `null` (sandboxed
// frames, privacy redirects) or another site is refused before the app runs. Requests with neither
// header come from no browser (curl, scripts, monitors), carry no victim's cookie and pass. The
// app's own data requests use `.data` URLs; the older `?_data=` form is refused outright.
import type { Request, RequestHandler } from "express";
import { refuse } from "./refusal.ts";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

// POSTs that carry their own authority (a signed link in the URL, or a signed body) and read no
// session, so another origin can't misuse a visitor's cookie through them: the one-click
// unsubscribe a mail client sends (RFC 8058; job alerts and the waiting applicants digest), from its servers or from webmail in a browser; and
// Stripe's webhook, whose body is signed with the endpoint's secret (decision 056). Exactly these
// paths, nothing else.
const SIGNED_LINK_POSTS = [
  /^\/alerts\/unsubscribe\/[A-Za-z0-9_.-]{1,200}$/,
  /^\/digest\/unsubscribe\/[A-Za-z0-9_.-]{1,200}$/,
  /^\/billing\/webhook$/,
];

/**
 * The host Remix compares `Origin` with before it runs an action (throwIfPotentialCSRFAttack in
 * @remix-run/server-runtime): X-Forwarded-Host's first value when there is one, else Host.
 */
function hostRemixCompares(req: Request): string | undefined {
  const forwarded = ([] as string[])
    .concat(req.headers["x-forwarded-host"] ?? [])
    .join(", ")
    .split(",")[0]
    ?.trim();
  return forwarded || req.headers.host || undefined;
}

/** Whether Remix's own check lets `origin` through: its host must be the one addressed, or Remix throws (a 500). */
function remixAccepts(req: Request, origin: string): boolean {
  const host = hostRemixCompares(req);
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * This site: PUBLIC_URL's origin, and the origin the browser addressed (its Host header); in both
 * cases only when the host addressed is the origin's, as Remix checks next. PUBLIC_URL's origin
 * posted to another host (http://localhost:3000 to 127.0.0.1:3000) came from another origin.
 */
export function sameOriginOnly(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  const allowed = (req: Request, origin: string) =>
    (origin === publicOrigin || origin === `${req.protocol}://${req.get("host")}`) && remixAccepts(req, origin);
  return (req, res, next) => {
    if (new URLSearchParams(req.originalUrl.split("?")[1] ?? "").has("_data")) {
      return refuse(req, res, 403, "Request refused", "This address is not one the site's pages use.");
    }
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === "POST" && SIGNED_LINK_POSTS.some((path) => path.test(req.path))) {
      // The app acts on the link alone: it gets no cookie, and no Origin for Remix's own
      // host-versus-origin check to refuse a mail client's cross-origin one-click POST with.
      delete req.headers.cookie;
      delete req.headers.origin;
      return next();
    }
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    const fromHere = origin !== undefined ? allowed(req, origin) : site === undefined || site === "same-origin";
    if (!fromHere) {
      return refuse(
        req,
        res,
        403,
        "Request refused",
        "This form was sent from another site. Open Hirewise and try again from there.",
      );
    }
    next();
  };
}
