// SIGTERM under keep-alive traffic: 32 autocannon connections on the production server, SIGTERM
// mid-load, the load stopped once /readyz fails (as a load balancer takes a node out). Targets: no
// failed request, readiness fails at once with `Connection: close`, exit 0 within the grace period.
import autocannon from "autocannon";
import { benchEnvironment, startServer } from "../server.ts";
import type { Fault } from "./fault.ts";

export interface DrainOutcome {
  requests: number;
  /** Connection errors, time-outs and non-2xx answers seen by the clients. */
  failures: number;
  /** Requests answered after SIGTERM: the server kept serving while it drained. */
  answeredAfterSigterm: number;
  readyzStatus: number;
  readyzConnection: string | null;
  exitCode: number | null;
}

/** Runs the load on `base`, calls `terminate` (SIGTERM, resolving with the exit code) mid-load. */
export async function drainUnderLoad(base: string, terminate: () => Promise<number | null>): Promise<DrainOutcome> {
  let finish: (result: autocannon.Result) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve) => (finish = resolve));
  const instance = autocannon({ url: `${base}/`, connections: 32, duration: 3_600 }, (error, result) => {
    if (error) throw error;
    finish(result);
  });
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
  };
}

export const faults: Fault[] = [
  {
    name: "SIGTERM under 32 keep-alive connections",
    async run() {
      const env = await benchEnvironment();
      try {
        const { child } = await startServer(env.dataDir, env.port, env.pgPort);
        const outcome = await drainUnderLoad(env.base, () => {
          const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
          child.kill("SIGTERM");
          return exited;
        });
        const ok = outcome.failures === 0 && outcome.exitCode === 0 && outcome.readyzStatus === 503 && outcome.readyzConnection === "close";
        return {
          requests: outcome.requests,
          failures: outcome.failures,
          writesLost: 0,
          recoveryMs: 0,
          duplicateEmails: 0,
          exitCodes: `web ${outcome.exitCode}`,
          ok,
          detail: ok ? undefined : `readyz ${outcome.readyzStatus} (Connection: ${outcome.readyzConnection}), ${outcome.answeredAfterSigterm} answered after SIGTERM`,
        };
      } finally {
        await env.cleanup();
      }
    },
  },
];
