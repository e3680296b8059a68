// The shape every hardening probe shares. Each file in bench/security/ (other than this one)
// exports `probes`: reproductions of an attack or a careless use, replayed against a production
// build by `npm run bench:security`.
import pg from "pg";

export interface ProbeContext {
  /** The production server, e.g. http://127.0.0.1:41234 (demo accounts exist, password hirewise-demo). */
  base: string;
  /** The web process's pid (to sample its RSS) and whether it is still running. */
  pid: number;
  alive(): boolean;
  /** The server's own database, for checking that nothing changed. */
  databaseUrl: string;
  /** The server's DATA_DIR (stored files live under files/). */
  dataDir: string;
}

export interface ProbeResult {
  /** How many of the tries behaved as they must. */
  passed: number;
  /** What was seen, shown when a try failed (status codes, counts). */
  detail?: string;
}

export interface Probe {
  /** What is checked, as one line: "POST /auth with a 50 MB body answers 413". */
  check: string;
  /** How many times (or with how many variants) the reproduction is replayed. */
  tries: number;
  run(ctx: ProbeContext): Promise<ProbeResult>;
}

/** Rows from the server's own database (a connection per call: probes check state, not speed). */
export async function query<T>(ctx: ProbeContext, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
