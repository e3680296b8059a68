// Renders CVs in a small pool of long-lived child processes (cv-render-child.ts), so a render never
// blocks the web process's event loop and fonts are loaded once per child, not per CV. At most
// CHILDREN renders run at once; up to MAX_WAITING more wait their turn, and past that a request is
// turned away at once (CvBusyError) rather than queueing without end.
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { logger } from "../../lib/logger.ts";
import type { CvData, CvTemplate } from "./cv-data.ts";
import type { CvRenderReply, CvRenderRequest } from "./cv-render-child.ts";

export const CV_RENDER_LIMITS = {
  children: Math.max(1, Math.min(2, availableParallelism())),
  maxWaiting: 16,
  /** A render past this kills its child (a new one starts for the next CV). */
  timeoutMs: 20_000,
  heapMb: 256,
};

/** Too many CVs are being made at once on this server: try again shortly. */
export class CvBusyError extends Error {
  readonly retryAfterSeconds = 10;
  constructor() {
    super("Many CVs are being made right now. Please try again in a few seconds.");
    this.name = "CvBusyError";
  }
}

interface Worker {
  child: ChildProcess;
  busy: boolean;
}

const workers: Worker[] = [];
const waiting: ((worker: Worker) => void)[] = [];
let nextId = 1;

/** The PDF of `cv` in `template`, made in a render child. Throws CvBusyError when the queue is full. */
export async function renderCvPdf(cv: CvData, template: CvTemplate): Promise<Buffer> {
  return (await renderCvPdfMeasured(cv, template)).pdf;
}

/** As renderCvPdf, with the CPU time the child spent on it (for the bench). */
export async function renderCvPdfMeasured(cv: CvData, template: CvTemplate): Promise<{ pdf: Buffer; cpuMs: number }> {
  const worker = await takeWorker();
  try {
    return await renderOn(worker, cv, template);
  } finally {
    release(worker);
  }
}

function takeWorker(): Promise<Worker> {
  // A child that died while idle gives its place to a new one.
  for (const dead of workers.filter((w) => !w.busy && !w.child.connected)) workers.splice(workers.indexOf(dead), 1);
  const idle = workers.find((w) => !w.busy && w.child.connected);
  if (idle) {
    idle.busy = true;
    return Promise.resolve(idle);
  }
  if (workers.length < CV_RENDER_LIMITS.children) {
    const worker = { child: startChild(), busy: true };
    workers.push(worker);
    return Promise.resolve(worker);
  }
  if (waiting.length >= CV_RENDER_LIMITS.maxWaiting) return Promise.reject(new CvBusyError());
  return new Promise((resolve) => waiting.push(resolve));
}

function release(worker: Worker): void {
  if (!worker.child.connected) {
    // It died or was killed: its place goes to a fresh child.
    workers.splice(workers.indexOf(worker), 1);
    const next = waiting.shift();
    if (next) {
      const fresh = { child: startChild(), busy: true };
      workers.push(fresh);
      next(fresh);
    }
    return;
  }
  const next = waiting.shift();
  if (next) return next(worker);
  worker.busy = false;
  // Idle children do not keep a script (the bench, a test, the CLI) from ending.
  worker.child.channel?.unref();
}

function renderOn(worker: Worker, cv: CvData, template: CvTemplate): Promise<{ pdf: Buffer; cpuMs: number }> {
  const { child } = worker;
  const id = nextId++;
  child.channel?.ref();
  return new Promise((resolve, reject) => {
    const done = (outcome: Error | { pdf: Buffer; cpuMs: number }) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onMessage = (reply: CvRenderReply) => {
      if (reply.id !== id) return;
      if (reply.ok)
        done({ pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength), cpuMs: reply.cpuMs });
      else done(new Error(`CV render failed: ${reply.message}`));
    };
    const onExit = (code: number | null, signal: string | null) =>
      done(new Error(`CV render child exited with ${signal ?? code}`));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      done(new Error(`CV render took longer than ${CV_RENDER_LIMITS.timeoutMs} ms`));
    }, CV_RENDER_LIMITS.timeoutMs);
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send({ id, cv, template } satisfies CvRenderRequest);
  });
}

function startChild(): ChildProcess {
  const child = fork(childScript(), [], {
    // Explicit, so the web process's own heap flags do not carry over.
    execArgv: [`--max-old-space-size=${CV_RENDER_LIMITS.heapMb}`],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    serialization: "advanced",
  });
  child.unref();
  child.on("error", (err) => logger.error({ err }, "CV render child failed"));
  // "exit" alone: a child killed by a time-out is already off the list when this runs.
  child.once("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGKILL") logger.warn({ code, signal }, "CV render child exited");
  });
  return child;
}

/** Stops every render child (tests, the bench, shutdown). Renders under way fail. */
export function stopCvRenderers(): void {
  for (const worker of workers.splice(0)) worker.child.kill();
}

let script: string | undefined;

/**
 * cv-render-child.ts on disk. This file runs from modules/profiles (the worker, tests, the bench) or
 * bundled into build/server/assets/ (the web process); the child is never bundled, so look beside
 * this file first, then in modules/profiles of the project root.
 */
function childScript(): string {
  if (script) return script;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, "cv-render-child.ts"),
    path.join(here, "..", "..", "modules", "profiles", "cv-render-child.ts"),
    path.join(here, "..", "..", "..", "modules", "profiles", "cv-render-child.ts"),
    path.join(process.cwd(), "modules", "profiles", "cv-render-child.ts"),
  ];
  script = candidates.find((candidate) => existsSync(candidate));
  if (!script) throw new Error(`modules/profiles/cv-render-child.ts not found (looked in ${candidates.join(", ")})`);
  return script;
}
