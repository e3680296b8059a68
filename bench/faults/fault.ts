// The shape every fault replay shares. Each file in bench/faults/ (other than this one and the
// runner's helpers) exports `faults`; `npm run bench:faults` runs them against a production build
// with a real PostgreSQL that the runner starts, and restarts when a fault asks it to.
export interface FaultReport {
  requests: number;
  failures: number;
  /** Writes the app acknowledged (2xx/3xx) that are missing from the database afterwards. */
  writesLost: number;
  /** From the fault to the first good answer again, in ms (0 when nothing had to recover). */
  recoveryMs: number;
  duplicateEmails: number;
  /** Exit codes of the processes the fault stopped, e.g. "web 0, worker 0". */
  exitCodes: string;
  /** The targets this fault must meet, checked by the fault itself. */
  ok: boolean;
  detail?: string;
}

export interface Fault {
  name: string;
  run(): Promise<FaultReport>;
}
