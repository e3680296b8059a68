// Route matching at a fixed cost. Remix matches a request's path four to six times (the request
// handler, its data router, the page's routes and the partial manifest, one per parent path), and
// @remix-run/router 1.x flattens and ranks the whole route tree and builds a regular expression per
// route tried at each call: 13–17% of a page's CPU with our ~90 routes (bench:profile, decision
// 091). This load hook gives the server's copy two caches: the ranked branches per routes array,
// and the compiled pattern per path. Both are pure functions of what they are given (routes are
// never patched on the server), so matches are unchanged. route-matching-hook.ts installs it (server.ts
// imports it first); a version of the file without these lines is loaded as it is
// (tests/lint/route-matching.test.ts checks the installed one).
export const ROUTER_FILE = /\/node_modules\/@remix-run\/router\/dist\/router\.cjs\.js$/;

const RANKING = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";
const COMPILE = "function compilePath(path, caseSensitive, end) {";
// Function declarations, hoisted with their caches (kept on them), so any call order works.
const CACHES = `
function rankedBranches(routes) {
  const cache = (rankedBranches.cache ??= new WeakMap());
  let branches = cache.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    cache.set(routes, branches);
  }
  return branches;
}
function compilePath(path, caseSensitive, end) {
  const cache = (compilePath.cache ??= new Map());
  const key = path + "\\0" + caseSensitive + "\\0" + end;
  let compiled = cache.get(key);
  if (!compiled) {
    if (cache.size >= 1000) cache.clear();
    compiled = compilePathOnce(path, caseSensitive, end);
    cache.set(key, compiled);
  }
  return compiled;
}
`;

/** The router's source with the two caches, or null when it is not the text they were written for. */
export function withRouteCaches(source: string): string | null {
  if (source.split(RANKING).length !== 2 || source.split(COMPILE).length !== 2) return null;
  return (
    source
      .replace(RANKING, "  let branches = rankedBranches(routes);\n")
      .replace(COMPILE, "function compilePathOnce(path, caseSensitive, end) {") + CACHES
  );
}
