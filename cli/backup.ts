import type { Command } from "commander";
import { backup, BackupError, restore, type BackupManifest } from "../db/backup.ts";
import { openDatabase } from "../db/database.ts";
import { config } from "../lib/config.ts";
import { logger } from "../lib/logger.ts";
import { CliError } from "./runtime.ts";

/** The database only (no migrations, no queue): a restore needs it as it is, possibly empty. */
async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const db = await openDatabase(config(), logger);
  try {
    return await work(db.url);
  } catch (error) {
    throw error instanceof BackupError ? new CliError(error.message) : error;
  } finally {
    await db.release();
  }
}

function describeFiles(manifest: BackupManifest, verb: string): string {
  return manifest.files.storage === "local"
    ? `${manifest.files.count} stored files (resumes, logos) ${verb}.`
    : `Stored files are in the S3 bucket "${manifest.files.bucket}" and are not in this backup: back the bucket up with your storage provider's tools (versioning or replication).`;
}

export function registerBackupCommands(program: Command): void {
  program
    .command("backup")
    .description(
      "Back up the database (pg_dump custom format) and the stored files under DATA_DIR/files into a new folder.",
    )
    .argument("<dir>", "a new or empty folder")
    .action((dir: string) =>
      withDatabase(async (url) => {
        const manifest = await backup(config(), url, dir);
        console.log(`Backed up database "${manifest.database}" to ${dir}.`);
        console.log(describeFiles(manifest, "copied"));
      }),
    );
  program
    .command("restore")
    .description("Restore a backup made by `backup` into an empty database and DATA_DIR (all or nothing).")
    .argument("<dir>", "the backup's folder")
    .option("--force", "replace the contents of a database (and files folder) that is not empty")
    .action((dir: string, opts: { force?: boolean }) =>
      withDatabase(async (url) => {
        const manifest = await restore(config(), url, dir, Boolean(opts.force));
        console.log(`Restored the backup of ${manifest.createdAt} into database "${new URL(url).pathname.slice(1)}".`);
        console.log(describeFiles(manifest, "restored"));
      }),
    );
}
