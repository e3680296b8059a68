// npm run bench:lighthouse: Lighthouse scores and metrics of the public pages on the production
// build, with Lighthouse's default (mobile) settings, plus the JavaScript the landing page sends.
// Prints figures and the audits behind any category below 100; asserts nothing. Exits non-zero
// only when it could not measure.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import type { ChildProcess } from "node:child_process";
import { request } from "node:http";
import { createRequire } from "node:module";
import { gunzipSync, gzipSync } from "node:zlib";
import { benchEnvironment, running, startServer, stop } from "./server.ts";

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const PAGES = ["/", "/pricing"];
const JS_BUDGET_BYTES = 100 * 1024;
/** `theme` cookie holding the Remix-serialized "dark" (base64 of the JSON string). */
const DARK_COOKIE = `theme=${Buffer.from(JSON.stringify("dark")).toString("base64")}`;

async function auditOnce(url: string, extraHeaders?: Record<string, string>): Promise<Result> {
  // A fresh browser per run: no cache, storage or service worker carried from one run to the next.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: [...CATEGORIES],
      ...(extraHeaders ? { extraHeaders } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

/** A run that Chrome could not complete (a Lighthouse runtime error) is tried again, twice at most. */
async function audit(url: string, server: ChildProcess, extraHeaders?: Record<string, string>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, extraHeaders);
    } catch (error) {
      if (!running(server))
        throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) while auditing ${url}`, {
          cause: error,
        });
      if (attempt === 3) throw error;
      console.error(`retrying ${url}: ${(error as Error).message}`);
    }
  }
}

const score = (lhr: Result, id: string) => {
  const s = lhr.categories[id]?.score;
  return s === null || s === undefined ? "n/a" : String(Math.round(s * 100));
};
const metric = (lhr: Result, id: string) => lhr.audits[id]?.displayValue ?? "n/a";

/** Audits that count against a category: binary ones that did not pass, scored ones below 0.9. */
function failingAudits(lhr: Result, category: string): string[] {
  const cat = lhr.categories[category];
  if (!cat || cat.score === 1) return [];
  const out: string[] = [];
  for (const ref of cat.auditRefs) {
    const a = lhr.audits[ref.id];
    if (!a) continue;
    if (a.scoreDisplayMode === "error") {
      out.push(`${a.id} (error: ${a.errorMessage ?? "unknown"})`);
      continue;
    }
    if (a.score === null || ["notApplicable", "manual", "informative"].includes(a.scoreDisplayMode)) continue;
    const threshold = a.scoreDisplayMode === "binary" ? 1 : 0.9;
    if (a.score < threshold) {
      const detail = a.displayValue ? `, ${a.displayValue}` : "";
      out.push(`${a.id} "${a.title}" (score ${Math.round(a.score * 100)}${detail}, weight ${ref.weight})`);
    }
  }
  return out;
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

/** GET with `Accept-Encoding: gzip`, without decoding: the bytes as they cross the wire. */
function getRaw(url: string): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every script a page loads: `<script src>`, `<link rel=modulepreload>`, and the static and dynamic imports of inline module scripts. */
async function javascriptOf(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    if (/\brel="modulepreload"/.test(m[0])) {
      const href = m[0].match(/\bhref="([^"]+)"/);
      if (href) urls.add(href[1]!);
    }
  }
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1]!.matchAll(/\bimport\s*(?:\(\s*|[^"';()]*?\sfrom\s*)?"([^"]+)"/g)) urls.add(i[1]!);
  }
  const files = [];
  for (const u of [...urls].map((u) => new URL(u.replaceAll("&amp;", "&"), base + path).toString())) {
    const res = await getRaw(u);
    if (res.status !== 200) throw new Error(`GET ${u}: ${res.status}`);
    const raw = res.encoding === "gzip" ? gunzipSync(res.body) : res.body;
    files.push({
      path: new URL(u).pathname,
      raw: raw.length,
      wire: res.body.length,
      served: res.encoding ?? "identity",
      gzip: gzipSync(raw).length,
    });
  }
  return files;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const env = await benchEnvironment();
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  server = await startServer(env.dataDir, env.port, env.pgPort);
  const version = (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;

  const light = [];
  for (const p of PAGES) light.push({ page: p, lhr: await audit(env.base + p, server.child) });
  const dark = [];
  for (const p of PAGES) dark.push({ page: p, lhr: await audit(env.base + p, server.child, { Cookie: DARK_COOKIE }) });
  const js = await javascriptOf(env.base, "/");

  const first = light[0]!.lhr;
  const { formFactor, screenEmulation, throttlingMethod } = first.configSettings;
  console.log(
    `Hirewise Lighthouse ${version} (${formFactor} ${screenEmulation.width}x${screenEmulation.height}, ${throttlingMethod === "simulate" ? "simulated" : throttlingMethod} throttling, ` +
      `${first.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? "Chromium"}, ` +
      `benchmarkIndex ${first.environment.benchmarkIndex}), production build, Node ${process.version}`,
  );
  console.log("");
  printTable(
    ["page", "perf", "a11y", "best-practices", "seo", "FCP", "LCP", "TBT", "CLS", "Speed Index"],
    light.map(({ page, lhr }) => [
      page,
      ...CATEGORIES.map((c) => score(lhr, c)),
      ...[
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
      ].map((id) => metric(lhr, id)),
    ]),
  );
  console.log("");
  printTable(
    ["page (dark theme)", "a11y"],
    dark.map(({ page, lhr }) => [page, score(lhr, "accessibility")]),
  );

  const failing: string[] = [];
  for (const [label, runs, categories] of [
    ["", light, CATEGORIES],
    [" (dark)", dark, ["accessibility"]],
  ] as const) {
    for (const { page, lhr } of runs) {
      for (const c of categories) {
        const f = failingAudits(lhr, c);
        if (lhr.categories[c]?.score !== 1)
          failing.push(`  ${page}${label} ${c}: ${f.length ? f.join("; ") : "(no single audit below threshold)"}`);
      }
    }
  }
  if (failing.length) {
    console.log("");
    console.log("Failing audits:");
    for (const f of failing) console.log(f);
  }

  console.log("");
  console.log("JavaScript sent for / (raw, on the wire with Accept-Encoding: gzip, gzip -6 of the raw bytes)");
  const total = js.reduce((t, f) => ({ raw: t.raw + f.raw, wire: t.wire + f.wire, gzip: t.gzip + f.gzip }), {
    raw: 0,
    wire: 0,
    gzip: 0,
  });
  printTable(
    ["file", "raw", "wire", "served as", "gzip"],
    [
      ...js.map((f) => [f.path, kb(f.raw), kb(f.wire), f.served, kb(f.gzip)]),
      [`total (${js.length} files)`, kb(total.raw), kb(total.wire), "", kb(total.gzip)],
    ],
  );
  const compressed = total.gzip;
  console.log(
    `total compressed ${kb(compressed)} of ${kb(JS_BUDGET_BYTES)} budget: ${compressed <= JS_BUDGET_BYTES ? "within budget" : "OVER budget"}`,
  );
} catch (error) {
  console.error("bench:lighthouse could not measure:", error);
  process.exitCode = 1;
} finally {
  if (server) await stop(server.child);
  await env.cleanup();
}
