// Gives the server's @remix-run/router its route caches (route-matching.ts) as Node loads it. A side
// effect on import, on purpose: server.ts imports this first, before anything loads Remix.
import { registerHooks } from "node:module";
import { ROUTER_FILE, withRouteCaches } from "./route-matching.ts";

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!ROUTER_FILE.test(url) || loaded.source == null) return loaded;
    const patched = withRouteCaches(String(loaded.source));
    return patched === null ? loaded : { ...loaded, source: patched };
  },
});
