// Reads a V8 CPU profile (`node --cpu-prof`'s .cpuprofile, or the inspector's Profiler.stop result)
// and says where the time went: self time by function, self time by package or file, and the time
// each package was anywhere on the stack (so "react-dom 40%" includes what it called).
//   node bench/cpu-profile.ts file.cpuprofile [top]   (adds the time on the stack by function)
import { readFile } from "node:fs/promises";

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code lives: an npm package, a Node internal, our build, or V8's own buckets. */
export function owner(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  // The innermost package: pg nested in @mikro-orm/postgresql's node_modules is pg.
  const pkg = [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return url.split("/")[0]!;
  const ours = url.match(/\/(build\/server\/[^?]+|server\.ts|lib\/[^?]+|modules\/[^?]+|app\/[^?]+)$/);
  return ours ? ours[1]! : url;
}

/**
 * The concerns a page's CPU is asked about, each by the frames that mark it anywhere on a
 * sample's stack (so they overlap: route matching inside the render counts in both).
 */
const CONCERNS: [string, (owner: string, functionName: string) => boolean][] = [
  ["garbage collection", (o) => o === "(garbage collector)"],
  ["React render (react-dom)", (o) => o === "react-dom"],
  ["route matching (@remix-run/router matchRoutes)", (o, f) => o === "@remix-run/router" && f === "matchRoutes"],
  ["loader data serialisation (turbo-stream)", (o) => o === "turbo-stream"],
  ["ORM: MikroORM and its query building (kysely)", (o) => o.startsWith("@mikro-orm/") || o === "kysely"],
  ["SQL driver (pg)", (o) => /^pg(-protocol|-pool|-types)?$/.test(o)],
  ["validation (zod)", (o) => o === "zod"],
  ["compression (compression, zlib)", (o) => o === "compression" || o === "node:zlib"],
  ["socket writes (node:net)", (o) => o === "node:net"],
  ["static files (serve-static)", (o) => o === "serve-static"],
  ["security headers (helmet)", (o) => o === "helmet"],
  ["logging (pino)", (o) => o === "pino"],
];

const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;

/** A text report of the profile's top `top` rows per table, and the µs the process was busy. */
export function summarise(profile: CpuProfile, top = 25, totals = false): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const onStack = new Map<string, number>();
  const total = new Map<string, number>();
  const concerns = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const who = owner(url, functionName);
    if (who === "(idle)") continue;
    busy += us;
    add(byFunction, `${functionName || "(anonymous)"} ${who}:${lineNumber + 1}`, us);
    add(byOwner, who, us);
    const seen = new Set<string>();
    const functions = new Set<string>();
    const stack: [string, string][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const where = owner(frame.url, frame.functionName);
      seen.add(where);
      functions.add(`${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`);
      stack.push([where, frame.functionName]);
    }
    for (const k of seen) add(onStack, k, us);
    for (const k of functions) add(total, k, us);
    for (const [concern, marks] of CONCERNS)
      if (stack.some(([where, fn]) => marks(where, fn))) add(concerns, concern, us);
  }
  const table = (title: string, m: Map<string, number>) =>
    [
      `-- ${title}`,
      ...[...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, v]) => `${ms(v)} ${pct(v, busy)}  ${k}`),
    ].join("\n");
  return [
    `busy ${ms(busy)} of ${ms(profile.endTime - profile.startTime)} profiled`,
    table("by concern (time on the stack)", concerns),
    table("self time by function", byFunction),
    table("self time by package or file", byOwner),
    table("time on the stack, by package or file", onStack),
    ...(totals ? [table("time on the stack, by function", total)] : []),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error("usage: node bench/cpu-profile.ts file.cpuprofile [top]");
  console.log(summarise(JSON.parse(await readFile(file, "utf8")) as CpuProfile, Number(top ?? 25), true));
}
