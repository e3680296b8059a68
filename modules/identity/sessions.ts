// Server-side sessions. The browser holds a random 256-bit token in an httpOnly cookie; the
// database holds its SHA-256, so a leaked table cannot be replayed. Signing out deletes the row.
// A session lives 30 days, and ends sooner once unused for SESSION_IDLE_DAYS (14 by default).
import { createHash, randomBytes } from "node:crypto";
import type { FilterQuery } from "@mikro-orm/postgresql";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { config } from "../../lib/config.ts";
import { PendingSignIn, Session } from "./entities.ts";
import { ACCOUNT_COLUMNS, accountFromRow, type Account, type AccountRow } from "./accounts.ts";

export const SESSION_DAYS = 30;

/** The last moment of activity a session may have had at `at` and still be live (the idle time-out). */
const idleCutoff = (at: Date) => new Date(at.getTime() - config().sessionIdleDays * 86_400_000);

/** Sessions still live at `at`: within their life, and used within the idle time-out (never used: since signing in). */
export function liveSessions(at = now()): FilterQuery<Session> {
  const cutoff = idleCutoff(at);
  return {
    expiresAt: { $gt: at },
    $or: [{ lastActiveAt: { $gt: cutoff } }, { lastActiveAt: null, createdAt: { $gt: cutoff } }],
  };
}

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export async function startSession(
  userId: string,
  meta: { ip?: string; userAgent?: string | null; viaProvider?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + SESSION_DAYS * 86_400_000);
  const manager = em();
  manager.create(Session, {
    id: digest(token),
    user: userId,
    createdAt,
    expiresAt,
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    // Signed in with a provider just now: that stands for the owner in this session (step-up.ts).
    providerConfirmedAt: meta.viaProvider ? createdAt : null,
  });
  await manager.flush();
  return { token, expiresAt };
}

/** How often a session's last activity is written: at most once a minute, not on every request. */
export const LAST_ACTIVE_EVERY_MS = 60_000;

export async function accountForSession(token: string): Promise<Account | null> {
  if (!token || token.length > 100) return null;
  const at = now();
  const id = digest(token);
  // Every signed-in request asks this: one plain query, no entities (the ORM's work was most of its cost).
  const [row] = await em().execute<(AccountRow & { last_active_at: Date | string | null })[]>(
    `select s.last_active_at, ${ACCOUNT_COLUMNS} from sessions s join users u on u.id = s.user_id
      where s.id = ? and s.expires_at > ? and coalesce(s.last_active_at, s.created_at) > ?`,
    [id, at, idleCutoff(at)],
  );
  if (!row) return null;
  const due = new Date(at.getTime() - LAST_ACTIVE_EVERY_MS);
  if (!row.last_active_at || new Date(row.last_active_at) <= due) {
    // Conditional, so of several requests in the same minute only one writes.
    await em().nativeUpdate(
      Session,
      { id, $or: [{ lastActiveAt: null }, { lastActiveAt: { $lte: due } }] },
      { lastActiveAt: at },
    );
  }
  return accountFromRow(row);
}

/** The stored id of a session token (its SHA-256), for code that marks "this device". */
export const sessionDigest = digest;

export async function endSession(token: string): Promise<void> {
  if (!token) return;
  await em().nativeDelete(Session, { id: digest(token) });
}

/**
 * Signs the account out of every browser but the one holding `keepToken` (all of them when it is
 * omitted): after a password change or reset, or "Sign out everywhere else". Sign-ins waiting for
 * their second step go too (whoever had the old password there must start again). Pass the
 * transaction's manager to make it part of the change.
 */
export async function endOtherSessions(userId: string, keepToken?: string | null, manager = em()): Promise<number> {
  await manager.nativeDelete(PendingSignIn, { user: userId });
  return manager.nativeDelete(Session, keepToken ? { user: userId, id: { $ne: digest(keepToken) } } : { user: userId });
}

/** Removes sessions past their life or their idle time-out; returns how many. */
export async function purgeExpiredSessions(): Promise<number> {
  const at = now();
  const cutoff = idleCutoff(at);
  return em().nativeDelete(Session, {
    $or: [
      { expiresAt: { $lte: at } },
      { lastActiveAt: { $lte: cutoff } },
      { lastActiveAt: null, createdAt: { $lte: cutoff } },
    ],
  });
}
