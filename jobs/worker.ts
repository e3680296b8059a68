// `npm run worker`: queue workers without the web server, against the same database. Run as many
// as the background load needs; SIGTERM lets running jobs finish, then exits 0.
import { boot } from "../boot.ts";
import { logger } from "../lib/logger.ts";

const runtime = await boot({ workers: true, demoData: false });
logger.info("worker process started");

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "worker shutting down: finishing running jobs");
  await runtime.stop();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
