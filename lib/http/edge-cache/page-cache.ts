// Signed-out pages a CDN may keep (README.md beside this file): a GET without any
// cookie for one of `paths` answers `public, max-age=0, s-maxage=60, stale-while-revalidate=300`,
// a strong ETag (a hash of the bytes) and 304 to a matching If-None-Match; the web process keeps
// the rendered answer (and its gzip) for seconds in `cache`, which the app clears when the board
// changes. A request with a cookie (a session, `__last_write`, a notice) is never served from
// here: it goes to the app and leaves `private, no-store` (../private-pages.ts). The exception is
// a cookie that changes nothing personal (`cookieVariant`: a chosen theme), which gets the shared
// page of its variant: two themes, two copies, and `Vary: Cookie` keeps them apart in a CDN.
// What else decides the page beyond the URL (`requestVariant`: its language, from the cookie or
// Accept-Language) is in the key too, and its headers (`vary`) in the Vary a CDN keys on.
// Pages kept for many people can't carry a per-request CSP nonce: they are rendered with a fixed
// stand-in that is then removed, and the CSP lists the SHA-256 of each inline script instead. So
// every copy is byte for byte the same, which the strong ETag and the CDN need.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Request, RequestHandler, Response as ExpressResponse } from "express";
import type { ShortCache } from "../../short-cache.ts";

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** The nonce cached pages are rendered with; removed before they leave. Never in a CSP. */
export const SHARED_PAGE_NONCE = "shared-page-nonce";
const MAX_KEY = 1_000;

export interface CachedPage {
  /** A whole anonymous 200, sent with the public headers; otherwise sent once as the app answered. */
  shared: boolean;
  /** Kept for the next requests (shared, and read from data that may be kept). */
  keep: boolean;
  status: number;
  /** The app's headers (only for pages not shared). */
  headers: [string, string][];
  contentType: string;
  /** The CSP with the inline scripts' hashes in place of a nonce; null when the app sets none. */
  csp: string | null;
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
}

export interface PublicPageOptions {
  cache: ShortCache<CachedPage>;
  /** Which paths may be shared. */
  paths: RegExp;
  /**
   * For a request with cookies: the variant of the shared page they get when they change nothing
   * personal (a chosen theme: "dark"), or null when the request must go to the app.
   */
  cookieVariant?: (cookieHeader: string) => string | null;
  /** What else in the request decides the page (its language), part of the copy's key; "" for nothing. */
  requestVariant?: (req: Request) => string | Promise<string>;
  /** The request headers `requestVariant` reads, for Vary (a cookie is covered by Vary: Cookie). */
  vary?: string[];
  /** Asked as a render starts: whether what it reads may be kept for others (a lagging replica: no). */
  mayKeep?: () => boolean;
  /** Renders the request with the app, with `nonce` for its inline scripts. */
  render(req: Request, res: ExpressResponse, nonce: string): Promise<Response>;
}

const SCRIPT = new RegExp(`<script nonce="${SHARED_PAGE_NONCE}"([^>]*)>([\\s\\S]*?)</script>`, "g");

/** The page without the stand-in nonce, and the CSP naming its inline scripts by hash. */
export function withScriptHashes(html: string, csp: string | null): { html: string; csp: string | null } {
  const hashes = new Set<string>();
  const out = html.replace(SCRIPT, (_whole, attributes: string, content: string) => {
    hashes.add(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
    return `<script${attributes}>${content}</script>`;
  });
  if (!csp) return { html: out, csp };
  const sources = [...hashes].join(" ");
  return {
    html: out,
    csp: csp.replace(/'nonce-[^']*'/g, sources || "'none'").replace(/script-src 'self' 'none'/, "script-src 'self'"),
  };
}

/**
 * Which shared copy this request may get (and fill): "" without cookies, the cookies' variant when
 * they change nothing personal, or null when it is not shared at all.
 */
export function sharedVariant(
  req: Request,
  paths: RegExp,
  cookieVariant: PublicPageOptions["cookieVariant"] = () => null,
): string | null {
  if (req.method !== "GET" || req.get("authorization") || !paths.test(req.path) || req.originalUrl.length > MAX_KEY)
    return null;
  const cookie = req.get("cookie");
  return cookie ? cookieVariant(cookie) : "";
}

/**
 * The request as the app renders a shared page: its path and query on PUBLIC_URL's origin (never
 * the Host, which anyone can set) and its headers; not aborted when this client goes, since the
 * page may serve others waiting for it.
 */
export function sharedPageRequest(req: Request, publicUrl: string): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new globalThis.Request(new URL(req.originalUrl, new URL(publicUrl).origin), { method: "GET", headers });
}

const etagMatches = (header: string | undefined, etag: string) =>
  Boolean(header) &&
  header!.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "").replace(/-gz"$/, '"');
    return t === etag || t === "*";
  });

export function publicPageCache(options: PublicPageOptions): RequestHandler {
  return (req, res, next) => {
    const variant = sharedVariant(req, options.paths, options.cookieVariant);
    if (variant === null) return next();
    Promise.resolve(options.requestVariant?.(req) ?? "")
      .then((extra) => answer(req, res, next, `${variant || "-"} ${extra || "-"}`))
      .catch(next);
  };

  function answer(req: Request, res: ExpressResponse, next: (error?: unknown) => void, variant: string): void {
    // The page differs only by the colour-scheme hint (root.tsx) and the variants, so all are in the key.
    const hint = req.get("sec-ch-prefers-color-scheme");
    const key = `${variant} ${hint === "dark" ? "d" : hint === "light" ? "l" : "-"} ${req.originalUrl}`;
    const render = async (): Promise<CachedPage> => {
      const keep = options.mayKeep?.() ?? true;
      const response = await options.render(req, res, SHARED_PAGE_NONCE);
      // Only a whole, anonymous 200 is shared; anything else (404, redirects, a cookie) goes as it is.
      const shared = response.status === 200 && !response.headers.has("set-cookie");
      const contentType = response.headers.get("content-type") ?? "";
      const text = response.body ? await response.text() : "";
      const { html, csp } = contentType.startsWith("text/html")
        ? withScriptHashes(text, headerOf(res, "content-security-policy"))
        : { html: text, csp: null };
      const body = Buffer.from(html);
      const headers = shared
        ? []
        : [...response.headers.entries()]
            .filter(([name]) => name !== "set-cookie")
            .concat(response.headers.getSetCookie().map((c) => ["set-cookie", c]));
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
      return {
        shared,
        keep: shared && keep,
        status: response.status,
        headers,
        contentType,
        csp,
        body,
        gzip: shared ? gzipSync(body, { level: 6 }) : null,
        etag,
      };
    };
    options.cache
      .getOrCompute(
        key,
        render,
        (page) => page.keep,
        (page) => page.body.length + (page.gzip?.length ?? 0) + key.length,
      )
      // Shared by concurrent misses: each one answers from the same bytes.
      .then((page) => (page.shared ? sendPage(req, res, page, options.vary ?? []) : sendAsRendered(res, page)))
      .catch(next);
  }
}

function headerOf(res: ExpressResponse, name: string): string | null {
  const value = res.getHeader(name);
  return typeof value === "string" ? value : null;
}

function sendPage(req: Request, res: ExpressResponse, page: CachedPage, vary: string[]): void {
  const gzip = /\bgzip\b/.test(req.get("accept-encoding") ?? "");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.vary("Cookie");
  res.vary("Sec-CH-Prefers-Color-Scheme");
  res.vary("Accept-Encoding");
  for (const header of vary) res.vary(header);
  if (page.csp) res.setHeader("Content-Security-Policy", page.csp);
  // The gzip copy is another representation, so another strong tag; either one revalidates.
  const etag = gzip ? page.etag.replace(/"$/, '-gz"') : page.etag;
  res.setHeader("ETag", etag);
  if (etagMatches(req.get("if-none-match"), page.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).setHeader("Content-Type", page.contentType);
  if (gzip && page.gzip) res.setHeader("Content-Encoding", "gzip");
  const body = gzip && page.gzip ? page.gzip : page.body;
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** A page that is not shared (404, a redirect, one that set a cookie): as the app answered. */
function sendAsRendered(res: ExpressResponse, page: CachedPage): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  if (page.csp) res.setHeader("Content-Security-Policy", page.csp);
  res.end(page.body);
}
