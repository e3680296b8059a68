// What other sites may take from us, and nothing more (installed right after helmet): the embed
// pages in `frameable` may be framed anywhere (helmet's X-Frame-Options and frame-ancestors 'self'
// stay on every other page); the JSON in `readable` may be read by any site's script (GET and
// HEAD only); both, and the scripts in `loadable`, may be loaded cross-origin (helmet's
// Cross-Origin-Resource-Policy: same-origin would block a <script src> on another site).
import type { RequestHandler } from "express";

export interface EmbeddablePaths {
  frameable: RegExp;
  readable: RegExp;
  loadable: RegExp;
}

const READS = new Set(["GET", "HEAD"]);

export function embeddable(paths: EmbeddablePaths): RequestHandler {
  return (req, res, next) => {
    if (!READS.has(req.method)) return next();
    const framed = paths.frameable.test(req.path);
    const read = paths.readable.test(req.path);
    if (!framed && !read && !paths.loadable.test(req.path)) return next();
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    if (read) res.setHeader("Access-Control-Allow-Origin", "*");
    if (framed) {
      res.removeHeader("X-Frame-Options");
      const csp = res.getHeader("Content-Security-Policy");
      if (typeof csp === "string")
        res.setHeader("Content-Security-Policy", csp.replace(/frame-ancestors [^;]*/, "frame-ancestors *"));
    }
    next();
  };
}
