// Signed-in search pages from a shared render with personal holes (decision 059). A candidate's
// GET of /candidate/jobs?… (or /jobs?…) is the same page for every candidate but for their name and email in
// the header and each card's Save and Apply/Applied. So the page is rendered once per URL and what
// changes it for a group of candidates (theme, colour-scheme hint, whether the email needs
// confirming), through Remix, for a stand-in whose values are sentinels (app/viewer.server.ts);
// kept for seconds and cleared with the other caches when the board changes. Per request: the
// session, the marks' three queries, and string work: the viewer's values written where the
// sentinels are (lib/http/filled-page.ts) and, for the cards the viewer saved or applied to, the
// slot rendered on its own (app/personal-slot.server.tsx). The result is byte for byte the page a
// full render gives (tests/integration/signed-in-shared-render.test.ts).
// Anything unusual goes to the full render: no candidate session, a `.data` request, a browser
// carrying `__last_write` (decision 054: it must read its own write), a notice in the URL, a
// name that is empty or equals the email, values that collide with the page's data, a render that
// was not a whole 200.
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppLoadContext } from "@remix-run/node";
import { onBoardChange } from "#modules/hiring/index.server.ts";
import { currentUser, needsEmailVerification, type Account } from "#modules/identity/index.server.ts";
import { ShortCache } from "#lib/short-cache.ts";
import { compilePage, fillPage, fitsPage, type CompiledPage, type ValueSlot } from "#lib/http/filled-page.ts";
import { HOLE_END, HOLE_START, type PersonalHole } from "#app/components/personal-slot.tsx";
import { CACHE_SECONDS, mayKeep, wroteRecently } from "#app/page-cache.server.ts";
import { chosenTheme, systemTheme } from "#app/theme.server.ts";
import { marksFor } from "#app/saved-marks.server.ts";
import { marksJson, SENTINELS, standInCandidate, type SharedRender } from "#app/viewer.server.ts";
import { slotMarkup } from "#app/personal-slot.server.tsx";

/** The paths served this way: the candidates' search, and the public one when a candidate is signed in. */
const PATHS = new Set(["/candidate/jobs", "/jobs"]);
/** Query parameters that add a notice or belong to a form post: those pages are rendered in full. */
const FULL_RENDER_PARAMS = ["email", "unavailable", "index", "_data"];
const MAX_URL = 1_000;

const COMMON: ValueSlot[] = [
  { name: "initial", sentinel: SENTINELS.initial, places: ["markup"] },
  { name: "marks", sentinel: SENTINELS.marks, places: ["data"] },
  { name: "nonce", sentinel: SENTINELS.nonce, places: ["markup"] },
];
/** The values of a page for candidates with a name of their own, and for those without (the email stands for it). */
const VALUES = {
  named: [
    ...COMMON,
    { name: "name", sentinel: SENTINELS.name, places: ["markup", "data"] },
    { name: "email", sentinel: SENTINELS.email, places: ["markup", "data"] },
  ],
  nameless: [...COMMON, { name: "email", sentinel: SENTINELS.nameAsEmail, places: ["markup", "data"] }],
} satisfies Record<string, ValueSlot[]>;

interface SharedPage {
  page: CompiledPage;
  holes: PersonalHole[];
  markKeys: string[];
  headers: [string, string][];
}

/** A shared render that could not be kept as a page with holes: every waiting request renders in full. */
type Template = SharedPage | null;

const templates = new ShortCache<Template>({ ttlMs: CACHE_SECONDS * 1000, maxEntries: 200, maxBytes: 48 << 20 });
onBoardChange(() => templates.clear());

/** Renders `request` with the app, with `context` added to the load context. */
export type RenderWithContext = (
  req: ExpressRequest,
  res: ExpressResponse,
  request: Request,
  context: Pick<AppLoadContext, "cspNonce" | "sharedRender">,
) => Promise<Response>;

/** Whether this request may be answered from a shared render (the viewer is checked next). */
function eligible(req: ExpressRequest): boolean {
  if (req.method !== "GET" || !PATHS.has(req.path) || req.originalUrl.length > MAX_URL || req.get("authorization"))
    return false;
  const cookie = req.get("cookie");
  if (!cookie || /(?:^|;\s*)__last_write=/.test(cookie)) return false;
  return !FULL_RENDER_PARAMS.some((name) => name in req.query);
}

/** The one theme cookie, as the page reads it (the shared render gets it and no other cookie). */
const themeCookieOf = (cookie: string) => /(?:^|;\s*)(theme=[^;]*)/.exec(cookie)?.[1] ?? null;

/**
 * Whose values can be filled in: a candidate with an email and either a name of their own or none
 * (null: the page shows the email). An empty name or one equal to the email shapes the page otherwise.
 */
const fillable = (user: Account | null): user is Account =>
  user?.role === "candidate" && Boolean(user.email) && user.fullName !== "" && user.fullName !== user.email;

export function signedInSearchPages(publicUrl: string, render: RenderWithContext): RequestHandler {
  const origin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (!eligible(req)) return next();
    const started = performance.now();
    serve(req, res, origin, render, started)
      .then((served) => {
        if (!served) next();
      })
      .catch(next);
  };
}

async function serve(
  req: ExpressRequest,
  res: ExpressResponse,
  origin: string,
  render: RenderWithContext,
  started: number,
): Promise<boolean> {
  const cookie = req.get("cookie")!;
  const request = new Request(origin + req.originalUrl, {
    headers: { cookie, "sec-ch-prefers-color-scheme": req.get("sec-ch-prefers-color-scheme") ?? "" },
  });
  if (wroteRecently(request)) return false;
  const user = await currentUser(request);
  if (!fillable(user)) return false;
  const [theme, hint, themeCookie] = [await chosenTheme(request), systemTheme(request), themeCookieOf(cookie)];
  const verify = needsEmailVerification(user);
  const named = user.fullName !== null;
  const slots = named ? VALUES.named : VALUES.nameless;
  const key = `${theme ?? "-"} ${hint ?? "-"} ${verify ? "v" : "-"} ${named ? "n" : "-"} ${req.originalUrl}`;
  const renderShared = async (): Promise<Template> => {
    const sharedRender: SharedRender = { viewer: standInCandidate(user, named), holes: [], markKeys: null };
    const headers = new Headers();
    if (themeCookie) headers.set("cookie", themeCookie);
    if (hint) headers.set("sec-ch-prefers-color-scheme", hint);
    const response = await render(req, res, new Request(origin + req.originalUrl, { headers }), {
      cspNonce: SENTINELS.nonce,
      sharedRender,
    });
    const html = await response.text();
    if (response.status !== 200 || response.headers.has("set-cookie") || !sharedRender.markKeys) return null;
    const page = compilePage(html, slots, HOLE_START, HOLE_END);
    if (!page || page.holes !== sharedRender.holes.length) return null;
    return {
      page,
      holes: sharedRender.holes,
      markKeys: sharedRender.markKeys,
      headers: [...response.headers.entries()],
    };
  };
  const keep = mayKeep();
  // A shared render that fails leaves the request to the full render (which shows the app's own error).
  const shared = await templates
    .getOrCompute(
      key,
      renderShared,
      (t) => t !== null && keep,
      (t) => (t ? t.page.text.length * 3 : 0),
    )
    .catch(() => null);
  if (!shared) return false;

  const marks = await marksFor(user, shared.markKeys);
  const name = user.fullName ?? user.email;
  const values = {
    name,
    initial: name.charAt(0).toUpperCase(),
    email: user.email,
    marks: marksJson(marks),
    nonce: String(res.locals.cspNonce),
  };
  if (!fitsPage(shared.page, slots, values)) return false;
  const holes = await Promise.all(
    shared.holes.map((hole) => (marks[hole.id] ? slotMarkup(hole.render(marks[hole.id])) : null)),
  );
  const body = fillPage(shared.page, values, holes);
  res.status(200);
  for (const [name, value] of shared.headers) res.setHeader(name, value);
  res.setHeader("Content-Length", body.length);
  res.setHeader("Server-Timing", `shared-render;dur=${(performance.now() - started).toFixed(1)}`);
  res.end(body);
  return true;
}
