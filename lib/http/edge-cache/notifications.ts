// PostgreSQL NOTIFY between processes: a change made anywhere (a web process, a worker, the CLI)
// reaches every web process that listens. NOTIFY inside a transaction is delivered when it
// commits, and not at all when it rolls back. The web process listens on one connection of its
// own (boot's `notifications`); when that connection drops, it reconnects and tells every handler
// once, since notifications sent meanwhile are lost.
import pg from "pg";
import type { Logger } from "../../logger.ts";

const handlers = new Map<string, Set<() => void>>();

/** Calls `handler` on each notification on `channel` this process receives; returns the unsubscribe. */
export function onNotification(channel: string, handler: () => void): () => void {
  let set = handlers.get(channel);
  if (!set) handlers.set(channel, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

function deliver(channel: string, log: Logger): void {
  for (const handler of handlers.get(channel) ?? []) {
    try {
      handler();
    } catch (error) {
      log.error({ err: error, channel }, "notification handler failed");
    }
  }
}

/** Listens on `channels` until stopped. */
export async function startNotificationListener(
  url: string,
  channels: string[],
  log: Logger,
): Promise<{ stop(): Promise<void> }> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: "hirewise-listen" });
    const lost = (error?: unknown) => {
      if (client !== next || stopped) return;
      client = undefined;
      log.warn({ err: error }, "notification connection lost: reconnecting");
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => {}), 1_000).unref();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", (message) => deliver(message.channel, log));
    client = next;
    try {
      await next.connect();
      for (const channel of channels) await next.query(`listen "${channel.replace(/"/g, "")}"`);
      // Whatever was sent while not listening is lost: everyone starts afresh.
      if (again) for (const channel of channels) deliver(channel, log);
    } catch (error) {
      lost(error);
      if (!again) log.warn({ err: error }, "could not listen for notifications; retrying");
    }
  };
  await connect(false);
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/** Sends a notification on `channel`, as part of the open transaction when there is one (run by the caller). */
export const NOTIFY_SQL = "select pg_notify(?, '')";
