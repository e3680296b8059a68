// The app's side of the edge cache (lib/http/edge-cache/README.md): which pages are shared, the
// caches kept for CACHE_SECONDS and emptied when the board changes, and how a candidate's search
// page is rendered once for a stand-in and filled for each viewer.
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppLoadContext } from "@remix-run/node";
import { onBoardChange } from "#modules/hiring/index.server.ts";
import type { JobSearchPage } from "#modules/search/index.server.ts";
import { currentUser, needsEmailVerification, type Account } from "#modules/identity/index.server.ts";
import {
  CLOCK_MARGIN_MS,
  publicPageCache as publicPageMiddleware,
  readsHold,
  readYourWrites,
  sharedPageRequest,
  sharedRender,
  type CachedPage,
  type PublicPageOptions,
  type SharedCopy,
  type ValueSlot,
} from "#lib/http/edge-cache/index.ts";
import { ShortCache } from "#lib/short-cache.ts";
import { config } from "#lib/config.ts";
import { HOLE_END, HOLE_START, PERSONAL_SENTINEL, type PersonalHole } from "#app/components/personal-slot.tsx";
import { chosenTheme, systemTheme, themeOnlyCookie } from "#app/theme.server.ts";
import { LANGUAGE_COOKIE, languageFor, requestLanguage } from "#app/i18n.server.ts";
import type { Language } from "#locales/index.ts";
import { marksFor } from "#app/saved-marks.server.ts";
import { SENTINELS, standInCandidate, type SharedRender } from "#app/viewer.server.ts";
import { slotMarkup } from "#app/personal-slot.server.tsx";
import { isPlainVisit, rememberSearch, searchFieldsOf } from "#modules/saved/index.server.ts";
import { carriesFlash } from "#app/flash.server.ts";

export const CACHE_SECONDS = 10;

// `pages`: whole signed-out answers (served before Remix runs); `results`: a search's result list,
// shared by every viewer; `copies`: the shared renders of candidates' search pages.
const pages = new ShortCache<CachedPage>({ ttlMs: CACHE_SECONDS * 1000, maxEntries: 500, maxBytes: 24 << 20 });
const results = new ShortCache<JobSearchPage>({ ttlMs: CACHE_SECONDS * 1000, maxEntries: 300, maxBytes: 300 });
const copies = new ShortCache<SharedCopy<Kept> | null>({
  ttlMs: CACHE_SECONDS * 1000,
  maxEntries: 200,
  maxBytes: 48 << 20,
});

/**
 * /jobs, /jobs/{id}, the sitemaps, and companies' career pages with their JSON and embed: the
 * pages every signed-out visitor sees alike. Any board change (a company's job published, edited,
 * closed; its career page's settings) empties the cache, these included.
 */
export const SHARED_PATHS =
  /^\/(jobs\/?|jobs\/[0-9a-f-]{36}|sitemap\.xml|sitemaps\/[\w-]+(\/\d+)?|companies\/[a-z0-9-]{3,60}(\/embed|\/jobs\.json)?)$/i;

let changedAt = 0;
/** A board change empties every cache here (edgeCache() listens for them). */
function forgetBoard(): void {
  changedAt = Date.now();
  pages.clear();
  results.clear();
  copies.clear();
}

/** Whether what is read now may be kept: a lagging replica's answer is shown to the one asking, never kept. */
export const mayKeep = () => readsHold(Math.max(changedAt + CLOCK_MARGIN_MS, Date.now() - CLOCK_MARGIN_MS));

/** A browser that wrote in the last seconds must see its write: no shared copy. */
export const wroteRecently = (request: Request) => /(?:^|;\s*)__last_write=/.test(request.headers.get("cookie") ?? "");

/** The search's results from the cache when this viewer may share them, else computed afresh. */
export function cachedResults(
  request: Request,
  key: string,
  search: () => Promise<JobSearchPage>,
): Promise<JobSearchPage> {
  if (!config().edgeCache.on || wroteRecently(request)) return search();
  const keep = mayKeep();
  return results.getOrCompute(key, search, () => keep);
}

/**
 * The edge cache's middleware, in order (server.ts installs them after privatePages, from this build:
 * decision 004, one copy of the caches and the replica's monitor): read-your-writes with a replica,
 * then, unless EDGE_CACHE=false, signed-out pages and candidates' search pages. From here on, board
 * changes empty the caches, the loaders' shared results too.
 */
export function edgeCache(render: RenderWithContext): RequestHandler[] {
  onBoardChange(forgetBoard);
  const cfg = config();
  const handlers: RequestHandler[] = [];
  if (cfg.readReplica)
    handlers.push(readYourWrites({ maxLagSeconds: cfg.readReplica.maxLagSeconds, secure: cfg.cookieSecure }));
  if (cfg.edgeCache.on) handlers.push(publicPageCache(cfg.publicUrl, render));
  if (cfg.edgeCache.sharedRender) handlers.push(signedInSearchPages(cfg.publicUrl, render));
  return handlers;
}

function publicPageCache(publicUrl: string, render: RenderWithContext) {
  const renderPage: PublicPageOptions["render"] = (req, res, nonce) =>
    render(req, res, sharedPageRequest(req, publicUrl), { cspNonce: nonce });
  return publicPageMiddleware({
    cache: pages,
    paths: SHARED_PATHS,
    render: renderPage,
    mayKeep,
    // A chosen theme and language are all a visitor's cookies may say for them to get the shared page.
    cookieVariant: visitorCookies,
    // The page's language (the address's ?lng=, the cookie, Accept-Language): never another's copy.
    requestVariant: (req) => requestLanguage(languageRequest(req, publicUrl)),
    vary: ["Accept-Language"],
  });
}

const VISITOR_COOKIE = /^\s*(theme|lng)=([A-Za-z0-9+/=%]{1,40})\s*$/;

/**
 * The theme variant when a request's cookies are only the theme and the language (each at most
 * once, as the app writes them), or null: any other cookie may be personal. The language is read
 * as the page reads it (requestVariant).
 */
export function visitorCookies(cookieHeader: string): string | null {
  const found = new Map<string, string>();
  for (const pair of cookieHeader.split(";")) {
    if (!pair.trim()) continue;
    const match = VISITOR_COOKIE.exec(pair);
    if (!match || found.has(match[1]!)) return null;
    found.set(match[1]!, pair.trim());
  }
  const theme = found.get("theme");
  if (!theme) return found.size ? "" : null;
  return themeOnlyCookie(theme);
}

/** What the language of a page depends on, as a request the detector reads. */
function languageRequest(req: ExpressRequest, publicUrl: string): Request {
  const headers = new Headers();
  const cookie = req.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const accept = req.get("accept-language");
  if (accept) headers.set("accept-language", accept);
  return new Request(new URL(req.originalUrl, new URL(publicUrl).origin), { headers });
}

// Candidates' search pages: the paths, and the query parameters (a notice, a form post) that need the full render.
const PATHS = new Set(["/candidate/jobs", "/jobs"]);
const FULL_RENDER_PARAMS = ["email", "unavailable", "index", "_data"];
const MAX_URL = 1_000;

const VALUES: ValueSlot[] = [
  { name: "initial", sentinel: SENTINELS.initial, place: "markup" },
  { name: "name", sentinel: SENTINELS.name, place: "markup" },
  { name: "email", sentinel: SENTINELS.email, place: "markup" },
  { name: "nonce", sentinel: SENTINELS.nonce, place: "markup" },
  { name: "personal", sentinel: PERSONAL_SENTINEL, place: "json" },
];

/** What filling a shared copy needs: its slots, and the keys whose marks it shows. */
interface Kept {
  holes: PersonalHole[];
  markKeys: string[];
  /** The copy's language, which its slots are rendered in. */
  language: Language;
}

/** Renders `request` with the app, with `context` added to the request's load context. */
export type RenderWithContext = (
  req: ExpressRequest,
  res: ExpressResponse,
  request: Request,
  context: Pick<AppLoadContext, "cspNonce" | "sharedRender">,
) => Promise<Response>;

/** A candidate with an email and a name that is not empty (an empty one shapes the header otherwise). */
const fillable = (user: Account | null): user is Account =>
  user?.role === "candidate" && Boolean(user.email) && user.fullName !== "";

const themeCookieOf = (cookie: string) => /(?:^|;\s*)(theme=[^;]*)/.exec(cookie)?.[1] ?? null;
const languageCookieOf = (cookie: string) =>
  new RegExp(`(?:^|;\\s*)(${LANGUAGE_COOKIE}=[^;]*)`).exec(cookie)?.[1] ?? null;

/** A candidate's GET of /candidate/jobs?… or /jobs?…: one render per URL and theme, each viewer's parts filled in. */
function signedInSearchPages(publicUrl: string, render: RenderWithContext) {
  const origin = new URL(publicUrl).origin;
  return sharedRender<Account, Kept>({
    cache: copies,
    values: VALUES,
    holeStart: HOLE_START,
    holeEnd: HOLE_END,
    mayKeep,
    eligible: (req) => {
      if (req.method !== "GET" || !PATHS.has(req.path) || req.originalUrl.length > MAX_URL || req.get("authorization"))
        return false;
      const cookie = req.get("cookie");
      if (!cookie || /(?:^|;\s*)__last_write=/.test(cookie)) return false;
      // A notice to show once (app/flash.server.ts): the full render reads and clears it.
      if (carriesFlash(cookie)) return false;
      if (FULL_RENDER_PARAMS.some((name) => name in req.query)) return false;
      // A plain visit to /candidate/jobs may go back to the viewer's last search: the full render decides.
      return req.path !== "/candidate/jobs" || !isPlainVisit(new URL(req.originalUrl, origin).searchParams);
    },
    async viewer(req) {
      const request = new Request(origin + req.originalUrl, {
        headers: {
          cookie: req.get("cookie")!,
          "sec-ch-prefers-color-scheme": req.get("sec-ch-prefers-color-scheme") ?? "",
          "accept-language": req.get("accept-language") ?? "",
        },
      });
      const user = await currentUser(request);
      if (!fillable(user)) return null;
      // The loader runs for a stand-in here: the real viewer's search is kept now (as lastSearchFor does).
      const stated = req.path === "/candidate/jobs" ? searchFieldsOf(new URL(request.url).searchParams) : null;
      if (stated !== null) await rememberSearch(user.id, stated);
      const [theme, hint] = [await chosenTheme(request), systemTheme(request)];
      // The copy is in the viewer's language (their setting, cookie or Accept-Language): part of the key.
      const language = await languageFor(request, user);
      return {
        viewer: user,
        key: `${theme ?? "-"} ${hint ?? "-"} ${needsEmailVerification(user) ? "v" : "-"} ${language}`,
      };
    },
    async render(req, res, user) {
      // The stand-in's request carries no session: only the theme and language cookies, the
      // colour-scheme hint and Accept-Language; the stand-in has the viewer's language setting.
      const sharedRender: SharedRender = { viewer: standInCandidate(user), holes: [], markKeys: null };
      const headers = new Headers();
      const cookies = [themeCookieOf(req.get("cookie")!), languageCookieOf(req.get("cookie")!)].filter(Boolean);
      if (cookies.length) headers.set("cookie", cookies.join("; "));
      const accept = req.get("accept-language");
      if (accept) headers.set("accept-language", accept);
      const hint = req.get("sec-ch-prefers-color-scheme");
      if (hint) headers.set("sec-ch-prefers-color-scheme", hint);
      const standInRequest = new Request(origin + req.originalUrl, { headers });
      const language = await languageFor(standInRequest, sharedRender.viewer);
      const response = await render(req, res, standInRequest, { cspNonce: SENTINELS.nonce, sharedRender });
      if (!sharedRender.markKeys) return null;
      return {
        response,
        holes: sharedRender.holes.length,
        kept: { holes: sharedRender.holes, markKeys: sharedRender.markKeys, language },
      };
    },
    async fill(user, kept, res) {
      const marks = await marksFor(user, kept.markKeys);
      const name = user.fullName ?? user.email;
      const holes = await Promise.all(
        kept.holes.map((hole) => (marks[hole.id] ? slotMarkup(hole.render(marks[hole.id]), kept.language) : null)),
      );
      const personal = JSON.stringify({ name, email: user.email, marks });
      return {
        values: {
          name,
          initial: name.charAt(0).toUpperCase(),
          email: user.email,
          nonce: String(res.locals.cspNonce),
          personal,
        },
        holes,
      };
    },
  });
}
