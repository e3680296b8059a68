// SIGTERM under keep-alive traffic: 32 autocannon connections on the production server.
// - "SIGTERM under 32 keep-alive connections": SIGTERM mid-load, the load stopped once /readyz
//   fails (as a load balancer takes a node out). Targets: no failed request, readiness fails at
//   once with `Connection: close`, exit 0 within the grace period.
// - "SIGTERM at 8 s of 40 s of continuous load": the clients never stop (nobody takes the node
//   out), so the drain ends at SHUTDOWN_DELAY_MS under load. Targets: no request reset (an error
//   other than a refused connection, which never reached the server), no non-2xx, exit 0.
import autocannon from "autocannon";
import { benchEnvironment, startServer } from "../server.ts";
import type { Fault, FaultReport } from "./fault.ts";

export interface DrainOutcome {
  requests: number;
  /** Connection errors, time-outs and non-2xx answers seen by the clients. */
  failures: number;
  /** Requests answered after SIGTERM: the server kept serving while it drained. */
  answeredAfterSigterm: number;
  readyzStatus: number;
  readyzConnection: string | null;
  exitCode: number | null;
  errorCodes: Record<string, number>;
}

/** Counts autocannon's request errors by code. */
function errorsByCode(instance: autocannon.Instance): Record<string, number> {
  const codes: Record<string, number> = {};
  instance.on("reqError", (error: NodeJS.ErrnoException) => {
    const code = error.code ?? error.message;
    codes[code] = (codes[code] ?? 0) + 1;
  });
  return codes;
}

/** Runs the load on `base`, calls `terminate` (SIGTERM, resolving with the exit code) mid-load. */
export async function drainUnderLoad(base: string, terminate: () => Promise<number | null>): Promise<DrainOutcome> {
  let finish: (result: autocannon.Result) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve) => (finish = resolve));
  const instance = autocannon({ url: `${base}/`, connections: 32, duration: 3_600 }, (error, result) => {
    if (error) throw error;
    finish(result);
  });
  const errorCodes = errorsByCode(instance);
  let answered = 0;
  instance.on("response", () => answered++);
  while (answered < 200) await new Promise((r) => setTimeout(r, 20));
  const atSigterm = answered;
  const exited = terminate();
  let readyz: Response;
  do {
    readyz = await fetch(`${base}/readyz`);
    await readyz.arrayBuffer();
  } while (readyz.status === 200);
  const answeredAfterSigterm = answered - atSigterm;
  instance.stop();
  const result = await done;
  return {
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
    answeredAfterSigterm,
    readyzStatus: readyz.status,
    readyzConnection: readyz.headers.get("connection"),
    exitCode: await exited,
    errorCodes,
  };
}

export interface ContinuousOutcome {
  requests: number;
  non2xx: number;
  /** Requests that reached the server and failed without an answer: errors other than ECONNREFUSED. */
  resets: number;
  /** Connections refused once the server had stopped listening: no request reached it. */
  refused: number;
  answeredAfterSigterm: number;
  exitCode: number | null;
  errorCodes: Record<string, number>;
}

/** `seconds` of load that never stops, with SIGTERM (`terminate`) at `sigtermAt` seconds. */
export async function sigtermUnderContinuousLoad(
  base: string,
  terminate: () => Promise<number | null>,
  seconds = 40,
  sigtermAt = 8,
): Promise<ContinuousOutcome> {
  let answered = 0;
  let exited: Promise<number | null> | undefined;
  let atSigterm = 0;
  const timer = setTimeout(() => {
    atSigterm = answered;
    exited = terminate();
  }, sigtermAt * 1_000);
  const instance = autocannon({ url: `${base}/`, connections: 32, duration: seconds }, () => {});
  instance.on("response", () => answered++);
  const errorCodes = errorsByCode(instance);
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    instance.once("done", resolve).once("error", reject),
  );
  clearTimeout(timer);
  const refused = errorCodes.ECONNREFUSED ?? 0;
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    resets: result.errors - refused,
    refused,
    answeredAfterSigterm: answered - atSigterm,
    exitCode: exited ? await exited : null,
    errorCodes,
  };
}

async function onBenchServer<T>(
  measure: (base: string, terminate: () => Promise<number | null>) => Promise<T>,
): Promise<T> {
  const env = await benchEnvironment();
  try {
    const { child } = await startServer(env.dataDir, env.port, env.pgPort);
    return await measure(env.base, () => {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      return exited;
    });
  } finally {
    await env.cleanup();
  }
}

export const faults: Fault[] = [
  {
    name: "SIGTERM under 32 keep-alive connections",
    async run(): Promise<FaultReport> {
      const outcome = await onBenchServer(drainUnderLoad);
      const ok =
        outcome.failures === 0 &&
        outcome.exitCode === 0 &&
        outcome.readyzStatus === 503 &&
        outcome.readyzConnection === "close";
      return {
        requests: outcome.requests,
        failures: outcome.failures,
        writesLost: 0,
        recoveryMs: 0,
        duplicateEmails: 0,
        exitCodes: `web ${outcome.exitCode}`,
        ok,
        detail: ok
          ? undefined
          : `readyz ${outcome.readyzStatus} (Connection: ${outcome.readyzConnection}), ${outcome.answeredAfterSigterm} answered after SIGTERM`,
      };
    },
  },
  {
    name: "SIGTERM at 8 s of 40 s of continuous load on 32 keep-alive connections",
    async run(): Promise<FaultReport> {
      const outcome = await onBenchServer((base, terminate) => sigtermUnderContinuousLoad(base, terminate));
      const ok =
        outcome.resets === 0 && outcome.non2xx === 0 && outcome.exitCode === 0 && outcome.answeredAfterSigterm > 0;
      return {
        requests: outcome.requests,
        failures: outcome.resets + outcome.non2xx,
        writesLost: 0,
        recoveryMs: 0,
        duplicateEmails: 0,
        exitCodes: `web ${outcome.exitCode}`,
        ok,
        detail: `${outcome.resets} resets, ${outcome.non2xx} non-2xx, ${outcome.refused} refused after the server stopped listening, ${outcome.answeredAfterSigterm} answered after SIGTERM; errors ${JSON.stringify(outcome.errorCodes)}`,
      };
    },
  },
];
