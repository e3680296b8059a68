// The web process: Express in front of Remix. It boots the runtime (database, migrations, queue
// and workers) through the Remix server build, so the app and its runtime share one copy of every
// module. The edge (lib/http) refuses what the app must never see: oversized bodies, requests from
// other sites, forged forwarding headers. SIGTERM drains (lib/http/drain.ts), then jobs finish, exit 0.
// First: it gives the route matcher its caches before Remix loads it.
import "./lib/http/route-matching-hook.ts";
import express from "express";
import compression from "compression";
import helmet from "helmet";
import { randomBytes, randomUUID } from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import { config } from "./lib/config.ts";
import { logger } from "./lib/logger.ts";
import type { Runtime } from "./boot.ts";
import { boundedBodies } from "./lib/http/body-limit.ts";
import { embeddable } from "./lib/http/embeddable.ts";
import { Drain } from "./lib/http/drain.ts";
import { unreadableHostRefused, untrustedForwardingDropped } from "./lib/http/forwarded.ts";
import { privatePages } from "./lib/http/private-pages.ts";
import { sameOriginOnly } from "./lib/http/same-origin.ts";

const startedAt = performance.now();
const dev = process.argv.includes("--dev");
const cfg = config();

let vite: ViteDevServer | undefined;
if (dev) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
}
const loadBuild = async (): Promise<ServerBuild> =>
  vite
    ? ((await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild)
    : ((await import(new URL("./build/server/index.js", import.meta.url).href)) as ServerBuild);

const build = await loadBuild();
const { boot, edgeCache } = build.entry.module as unknown as {
  boot: typeof import("./boot.ts").boot;
  edgeCache: typeof import("./app/edge-cache.server.ts").edgeCache;
};
const runtime: Runtime = await boot({ workers: cfg.runWorkers, readReplica: true, notifications: true });

const app = express();
const drain = new Drain();
app.disable("x-powered-by");
app.set("trust proxy", cfg.trustProxy);
app.use(drain.middleware);

app.use((req, res, next) => {
  const requestId = req.get("x-request-id")?.slice(0, 64) || randomUUID();
  res.locals.requestId = requestId;
  res.set("X-Request-Id", requestId);
  const start = performance.now();
  res.on("finish", () => {
    logger.info(
      {
        reqId: requestId,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(performance.now() - start),
      },
      "request",
    );
  });
  next();
});

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});
app.get("/readyz", async (_req, res) => {
  if (drain.draining) return void res.status(503).json({ status: "shutting down" });
  const readiness = await runtime.ready();
  res
    .status(readiness.ready ? 200 : 503)
    .json({ status: readiness.ready ? "ready" : readiness.problems[0], ...readiness });
});

/** Where a billing form's redirect may lead: Stripe's hosted pages, when this server takes payments. */
function stripeFormTargets(): string[] {
  if (!cfg.stripe) return [];
  if (cfg.stripe.api) return [`${cfg.stripe.api.protocol}://${cfg.stripe.api.host}:${cfg.stripe.api.port}`];
  return ["https://checkout.stripe.com", "https://billing.stripe.com"];
}

function providerFormTargets(): string[] {
  return [...new Set(cfg.identityProviders.map((p) => new URL(p.issuer).origin))];
}

app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    // Vite's dev server injects its own inline scripts; production pins scripts to a nonce.
    contentSecurityPolicy: dev
      ? false
      : {
          directives: {
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
            "img-src": ["'self'", "data:", "https:"],
            // Plan buttons are forms whose answer redirects to Stripe Checkout or its customer
            // portal, and form-action covers redirects: those origins (or the API base in tests).
            // Connecting a provider is a form too (it asks for the password first), answered with
            // the redirect to the provider's sign-in page, at its issuer's origin.
            "form-action": ["'self'", ...stripeFormTargets(), ...providerFormTargets()],
            "upgrade-insecure-requests": cfg.cookieSecure ? [] : null,
          },
        },
    strictTransportSecurity: cfg.cookieSecure,
    // "no-referrer" (helmet's default) makes browsers send `Origin: null` on form posts, which
    // Remix's CSRF check rejects; this policy keeps the origin for same-site requests.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  }),
);
// A company's jobs for other sites (app/routes/companies.$slug_.*): the embed page may be framed,
// the JSON read by any site's script, the embed script loaded from any page; nothing else.
app.use(
  embeddable({
    frameable: /^\/companies\/[^/]+\/embed$/,
    readable: /^\/companies\/[^/]+\/jobs\.json$/,
    loadable: /^\/hirewise-jobs\.js$/,
  }),
);
app.use(untrustedForwardingDropped(cfg.trustProxy));
app.use(unreadableHostRefused());
app.use(sameOriginOnly(cfg.publicUrl));
app.use(boundedBodies());
app.use(compression());

if (vite) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // Only a path whose last segment has a dot may name one of its files (favicon.svg,
  // hirewise-jobs.js): a page's path skips the file system look-up it would otherwise cost.
  const clientFiles = express.static("build/client", { maxAge: "1h" });
  app.use((req, res, next) => (/(\.|%2e)[^/]*$/i.test(req.path) ? clientFiles(req, res, next) : next()));
}

app.use(privatePages());
const loadContext = (req: express.Request, res: express.Response) => ({
  requestId: res.locals.requestId as string,
  clientIp: req.ip ?? "unknown",
  cspNonce: res.locals.cspNonce as string,
  // A page's search results say what they show (words, logo, badges) in its HTML only (app/components/page-text.ts).
  pageText: req.path.endsWith(".data") ? undefined : new Map(),
});
// The edge cache (lib/http/edge-cache/README.md): read-your-writes with a replica, shared copies of
// signed-out pages, candidates' search pages from one render with personal holes. EDGE_CACHE=false: none of it.
const renderPage = createFetchHandler(vite ? loadBuild : build, cfg.production ? "production" : "development");
for (const handler of edgeCache((req, res, request, context) =>
  renderPage(request, { ...loadContext(req, res), ...context }),
))
  app.use(handler);
app.all(
  "*",
  createRequestHandler({
    build: vite ? loadBuild : build,
    mode: cfg.production ? "production" : "development",
    getLoadContext: (req, res) => loadContext(req, res),
  }),
);

const server = app.listen(cfg.port, cfg.host, () => {
  logger.info({ port: cfg.port, ms: Math.round(performance.now() - startedAt), dev }, "Hirewise is listening");
});
drain.track(server);

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down: draining requests and jobs");
  const forced = setTimeout(() => {
    logger.error("shutdown took too long; exiting");
    process.exit(1);
  }, cfg.shutdown.timeoutMs).unref();
  // Ctrl-C is a person at a terminal, not a load balancer that needs time to take the node out.
  await drain.close(server, signal === "SIGTERM" ? cfg.shutdown.delayMs : 0);
  await vite?.close();
  await runtime.stop();
  clearTimeout(forced);
  logger.info("stopped");
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
// A crash exits 1 (Node's default); the embedded database stops with it (db/database.ts).
process.on("uncaughtExceptionMonitor", (error) => logger.fatal({ err: error }, "uncaught exception: exiting"));
