// Server-side sessions. The browser holds a random 256-bit token in an httpOnly cookie; the
// database holds its SHA-256, so a leaked table cannot be replayed. Signing out deletes the row.
import { createHash, randomBytes } from "node:crypto";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { Session } from "./entities.ts";
import { ACCOUNT_COLUMNS, accountFromRow, type Account, type AccountRow } from "./accounts.ts";

export const SESSION_DAYS = 30;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export async function startSession(
  userId: string,
  meta: { ip?: string; userAgent?: string | null; viaProvider?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const at = now();
  const expiresAt = new Date(at.getTime() + SESSION_DAYS * 86_400_000);
  const manager = em();
  manager.create(Session, {
    id: digest(token),
    user: userId,
    expiresAt,
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    // Signed in with a provider just now: that stands for the owner in this session (step-up.ts).
    providerConfirmedAt: meta.viaProvider ? at : null,
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
    `select s.last_active_at, ${ACCOUNT_COLUMNS} from sessions s join users u on u.id = s.user_id where s.id = ? and s.expires_at > ?`,
    [id, at],
  );
  if (!row) return null;
  const due = new Date(at.getTime() - LAST_ACTIVE_EVERY_MS);
  if (!row.last_active_at || new Date(row.last_active_at) <= due) {
    // Conditional, so of several requests in the same minute only one writes.
    await em().nativeUpdate(Session, { id, $or: [{ lastActiveAt: null }, { lastActiveAt: { $lte: due } }] }, { lastActiveAt: at });
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
 * omitted): after a password change or reset. Pass the transaction's manager to make it part of
 * the change.
 */
export async function endOtherSessions(userId: string, keepToken?: string | null, manager = em()): Promise<number> {
  return manager.nativeDelete(Session, keepToken ? { user: userId, id: { $ne: digest(keepToken) } } : { user: userId });
}

/** Removes expired sessions; returns how many. */
export async function purgeExpiredSessions(): Promise<number> {
  return em().nativeDelete(Session, { expiresAt: { $lte: now() } });
}
