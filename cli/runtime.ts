// What every CLI command shares: booting the runtime around its work, and how it reports errors.
import { boot } from "../boot.ts";

/** A problem with the command's input or target: printed as one line, exit code 2 by default. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}

/**
 * Opens the database and queue (no workers), runs `work`, and always closes them again. A command
 * that puts nothing on a queue passes `{ queue: false }`: starting pg-boss (its schema check and
 * every queue's declaration) is most of a quick command's time on a busy database, and such a
 * command then runs even while the queue's tables are locked.
 */
export async function withRuntime<T>(work: () => Promise<T>, options: { queue?: boolean } = {}): Promise<T> {
  // Demo data is the web process's job (or `demo:seed`'s); a command changes only what it names.
  const runtime = await boot({ workers: false, demoData: false, queue: options.queue ?? true });
  try {
    return await work();
  } finally {
    await runtime.stop();
  }
}

/** A plain text table: one header row, columns padded to their widest cell. */
export function table(rows: Record<string, string>[], columns: string[]): string {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [
    line(columns),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(columns.map((c) => r[c] ?? ""))),
  ].join("\n");
}
