// Signed-in pages from one shared render with personal holes (README.md beside this file): the app
// says who may have one and how to render and fill it; this keeps the compiled copies and answers.
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { ShortCache } from "../../short-cache.ts";
import { compilePage, fillPage, type CompiledPage, type ValueSlot } from "./filled-page.ts";

/** A shared render compiled, with what filling it needs (null in the cache: one that could not be shared). */
export interface SharedCopy<Kept> {
  page: CompiledPage;
  headers: [string, string][];
  kept: Kept;
}

export interface SharedRenderOptions<Viewer, Kept> {
  cache: ShortCache<SharedCopy<Kept> | null>;
  values: ValueSlot[];
  holeStart: string;
  holeEnd: string;
  /** Asked as a render starts: whether what it reads may be kept for others. */
  mayKeep(): boolean;
  /** Whether the request may be answered from a shared copy at all (method, path, query, cookies). */
  eligible(req: ExpressRequest): boolean;
  /** The viewer, and the key of the copy they share (beyond the URL); null: render in full. */
  viewer(req: ExpressRequest): Promise<{ viewer: Viewer; key: string } | null>;
  /** The shared copy's response, its hole count and what filling it needs later; null: not sharable. */
  render(
    req: ExpressRequest,
    res: ExpressResponse,
    viewer: Viewer,
  ): Promise<{ response: Response; holes: number; kept: Kept } | null>;
  /** This viewer's values and each hole's markup (null: the default). */
  fill(
    viewer: Viewer,
    kept: Kept,
    res: ExpressResponse,
  ): Promise<{ values: Record<string, string>; holes: (string | null)[] }>;
}

export function sharedRender<Viewer, Kept>(options: SharedRenderOptions<Viewer, Kept>): RequestHandler {
  const renderCopy = async (req: ExpressRequest, res: ExpressResponse, viewer: Viewer) => {
    const rendered = await options.render(req, res, viewer);
    if (!rendered) return null;
    const { response, holes, kept } = rendered;
    const html = await response.text();
    if (response.status !== 200 || response.headers.has("set-cookie")) return null;
    const page = compilePage(html, options.values, options.holeStart, options.holeEnd);
    if (!page || page.holes !== holes) return null;
    return { page, headers: [...response.headers.entries()], kept } satisfies SharedCopy<Kept>;
  };
  const serve = async (req: ExpressRequest, res: ExpressResponse, started: number): Promise<boolean> => {
    const who = await options.viewer(req);
    if (!who) return false;
    const keep = options.mayKeep();
    // A shared render that fails leaves the request to the full render (which shows the app's own error).
    const copy = await options.cache
      .getOrCompute(
        `${who.key} ${req.originalUrl}`,
        () => renderCopy(req, res, who.viewer),
        (c) => c !== null && keep,
        (c) => (c ? c.page.length * 3 : 0),
      )
      .catch(() => null);
    if (!copy) return false;
    const { values, holes } = await options.fill(who.viewer, copy.kept, res);
    const body = fillPage(copy.page, values, holes);
    res.status(200);
    for (const [name, value] of copy.headers) res.setHeader(name, value);
    res.setHeader("Content-Length", body.length);
    res.setHeader("Server-Timing", `shared-render;dur=${(performance.now() - started).toFixed(1)}`);
    res.end(body);
    return true;
  };
  return (req, res, next) => {
    if (!options.eligible(req)) return next();
    serve(req, res, performance.now())
      .then((served) => {
        if (!served) next();
      })
      .catch(next);
  };
}
