// Runs the real admin CLI as a subprocess (Node 24 via process.execPath) with the given environment.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(env: Record<string, string | undefined>, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["cli/index.ts", ...args], {
      env: withoutUndefined({ ...process.env, LOG_LEVEL: "warn", ...env }),
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout: string; stderr: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: e.stdout, stderr: e.stderr };
  }
}

/** An environment where `undefined` removes a variable (e.g. DATABASE_URL for the embedded path). */
export function withoutUndefined(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
}
