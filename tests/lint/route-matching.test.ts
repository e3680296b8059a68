// The route matcher's caches (lib/http/route-matching.ts) apply to the installed @remix-run/router,
// and the cached matcher finds the same matches as the original, on a first call and on a repeat.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withRouteCaches } from "../../lib/http/route-matching.ts";

const require = createRequire(import.meta.url);
const file = require.resolve("@remix-run/router");
type Router = typeof import("@remix-run/router");

function load(source: string): Router {
  const module = { exports: {} as Router };
  new Function("exports", "require", "module", source)(module.exports, require, module);
  return module.exports;
}

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "jobs", path: "jobs", children: [{ id: "jobs-index", index: true }] },
      { id: "job", path: "jobs/:id" },
      { id: "apply", path: "jobs/:id/apply" },
      { id: "employer", path: "employer", children: [{ id: "dashboard", path: "dashboard" }] },
      { id: "employer-job", path: "employer/jobs/:id" },
      { id: "details", path: "employer/jobs/:id/details" },
      { id: "optional", path: "lang/:locale?/about" },
      { id: "exact", path: "Case", caseSensitive: true },
      { id: "feed", path: "feeds/indeed.xml" },
      { id: "splat", path: "files/*" },
      { id: "catch-all", path: "*" },
    ],
  },
];
const paths = [
  "/",
  "/jobs",
  "/jobs/",
  "/jobs/42",
  "/JOBS/42",
  "/jobs/42/apply",
  "/employer/dashboard",
  "/employer/jobs/7",
  "/employer/jobs/7/details",
  "/lang/about",
  "/lang/fr/about",
  "/Case",
  "/case",
  "/feeds/indeed.xml",
  "/files/a/b.pdf",
  "/caf%C3%A9",
  "/nowhere/at/all",
];

describe("route matching with caches", () => {
  it("applies to the installed router", () => {
    expect(withRouteCaches(readFileSync(file, "utf8"))).not.toBeNull();
  });

  it("matches as the original does, first time and again", () => {
    const source = readFileSync(file, "utf8");
    const original = load(source);
    const cached = load(withRouteCaches(source)!);
    for (const round of [1, 2])
      for (const path of paths) {
        expect(cached.matchRoutes(routes, path), `${path}, round ${round}`).toEqual(original.matchRoutes(routes, path));
        expect(cached.matchPath("/jobs/:id", path)).toEqual(original.matchPath("/jobs/:id", path));
        expect(cached.matchPath({ path: "/employer", end: false }, path)).toEqual(
          original.matchPath({ path: "/employer", end: false }, path),
        );
      }
  });

  it("leaves a text it was not written for alone", () => {
    expect(withRouteCaches("function compilePath(path) {}")).toBeNull();
  });
});
