// Checking that a file is a PDF we can read, and getting its text. The first bytes must say PDF
// (file-type), then pdf-parse must read it, in a child process with a time and a memory cap: a
// crafted PDF (deep nesting, a compressed stream that inflates to gigabytes) can then cost that
// process, never the server. Used when a resume is uploaded and again when its text is extracted.
import { inMegabytes, MAX_RESUME_BYTES } from "./upload-limits.ts";
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fileTypeFromBuffer } from "file-type";
import type { PdfChildReply, PdfChildRequest } from "./pdf-child.ts";

export type PdfCheck =
  | { ok: true; pages: number; text: string }
  | {
      ok: false;
      reason: "empty" | "not-pdf" | "encrypted" | "invalid" | "too-big" | "timeout" | "too-complex";
      message: string;
    };

export const NOT_A_PDF = "Please upload a PDF file";
export const ENCRYPTED_PDF = "This PDF is password-protected. Please upload a PDF without a password.";
export const PDF_TOO_LARGE = `The file is too large. The limit is ${inMegabytes(MAX_RESUME_BYTES)} MB.`;

export interface PdfLimits {
  /** Larger files are refused unread: the parser's memory cap does not cover the file's own bytes. */
  maxBytes: number;
  /** The child is killed past this. */
  timeoutMs: number;
  /** V8 heap of the child (--max-old-space-size). */
  heapMb: number;
  /** Resident memory of the child, heap and buffers together (inflated streams are buffers). */
  rssMb: number;
  /** A resume's text past this is cut; no resume is that long. */
  maxTextChars: number;
}

export const PDF_LIMITS: PdfLimits = {
  maxBytes: MAX_RESUME_BYTES,
  timeoutMs: 10_000,
  heapMb: 256,
  rssMb: 384,
  maxTextChars: 200_000,
};

// file-type reads at most this many bytes to decide.
const SNIFF_BYTES = 4100;

export async function checkPdf(filePath: string, limits: PdfLimits = PDF_LIMITS): Promise<PdfCheck> {
  const { size } = await stat(filePath);
  if (size === 0) return refuse("empty", NOT_A_PDF);
  if (size > limits.maxBytes) return refuse("too-big", PDF_TOO_LARGE);
  const type = await fileTypeFromBuffer(await readHead(filePath, SNIFF_BYTES));
  if (type?.mime !== "application/pdf") return refuse("not-pdf", NOT_A_PDF);

  const parsed = await parseInChild(filePath, limits);
  if (parsed.ok) return parsed;
  switch (parsed.name) {
    case "PasswordException":
      return refuse("encrypted", ENCRYPTED_PDF);
    case "timeout":
      return refuse("timeout", NOT_A_PDF);
    case "crash":
      return refuse("too-complex", NOT_A_PDF);
  }
  // Too deep to walk (pdf.js reports the stack overflow as an unknown error) or out of memory.
  if (/call stack|allocation failed|out of memory/i.test(parsed.message)) return refuse("too-complex", NOT_A_PDF);
  // InvalidPDFException, FormatError and the like: truncated or not really a PDF.
  return refuse("invalid", NOT_A_PDF);
}

function refuse(reason: Extract<PdfCheck, { ok: false }>["reason"], message: string): PdfCheck {
  return { ok: false, reason, message };
}

async function readHead(filePath: string, bytes: number): Promise<Uint8Array> {
  const handle = await open(filePath, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

type ChildOutcome = PdfChildReply | { ok: false; name: "timeout" | "crash"; message: string };

// Each child may take a few hundred megabytes: at most this many run at once, the rest wait.
const MAX_CHILDREN = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function parseInChild(filePath: string, limits: PdfLimits): Promise<ChildOutcome> {
  if (running >= MAX_CHILDREN) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await runChild(filePath, limits);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runChild(filePath: string, limits: PdfLimits): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const child = fork(childScript(), [], {
      // Explicit, so the parent's own flags (the web process's heap limit) do not carry over.
      execArgv: [`--max-old-space-size=${limits.heapMb}`],
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      serialization: "advanced",
    });
    let settled = false;
    const settle = (outcome: ChildOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      resolve(outcome);
    };
    const timer = setTimeout(
      () => settle({ ok: false, name: "timeout", message: `took longer than ${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    // The heap limit does not cover buffers, where inflated streams live: watch the whole process.
    const watch = setInterval(async () => {
      const rssMb = await residentMb(child.pid);
      if (rssMb !== null && rssMb > limits.rssMb)
        settle({ ok: false, name: "crash", message: `used ${rssMb} MB of memory` });
    }, 100);
    child.once("message", (reply) => settle(reply as PdfChildReply));
    child.once("error", (error) => settle({ ok: false, name: "crash", message: error.message }));
    // "close", not "exit": it comes after the last message has been read from the channel.
    child.once("close", (code, signal) =>
      settle({ ok: false, name: "crash", message: `exited with ${signal ?? code}` }),
    );
    child.send({ path: path.resolve(filePath), maxTextChars: limits.maxTextChars } satisfies PdfChildRequest);
  });
}

/** The process's resident memory in MB from /proc (Linux); null elsewhere or once it has gone. */
async function residentMb(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

let script: string | undefined;

/**
 * lib/pdf-child.ts on disk. This file runs from lib/ (the worker, the CLI, tests) or bundled into
 * build/server/ (the web process); the child is never bundled, so look beside this file first,
 * then in lib/ of the project root two levels above the build.
 */
function childScript(): string {
  if (script) return script;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, "pdf-child.ts"),
    path.join(here, "..", "..", "lib", "pdf-child.ts"),
    path.join(process.cwd(), "lib", "pdf-child.ts"),
  ];
  script = candidates.find((candidate) => existsSync(candidate));
  if (!script) throw new Error(`lib/pdf-child.ts not found (looked in ${candidates.join(", ")})`);
  return script;
}
