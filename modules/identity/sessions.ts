// Server-side sessions. The browser holds a random 256-bit token in an httpOnly cookie; the
// database holds its SHA-256, so a leaked table cannot be replayed. Signing out deletes the row.
import { createHash, randomBytes } from "node:crypto";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { Session, SignInAttempt } from "./entities.ts";
import { toAccount, type Account } from "./accounts.ts";

export const SESSION_DAYS = 30;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export async function startSession(
  userId: string,
  meta: { ip?: string; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now().getTime() + SESSION_DAYS * 86_400_000);
  const manager = em();
  manager.create(Session, {
    id: digest(token),
    user: userId,
    expiresAt,
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  await manager.flush();
  return { token, expiresAt };
}

export async function accountForSession(token: string): Promise<Account | null> {
  if (!token || token.length > 100) return null;
  const session = await em().findOne(Session, { id: digest(token), expiresAt: { $gt: now() } }, { populate: ["user"] });
  return session ? toAccount(session.user) : null;
}

export async function endSession(token: string): Promise<void> {
  if (!token) return;
  await em().nativeDelete(Session, { id: digest(token) });
}

/** Removes expired sessions; returns how many. */
export async function purgeExpiredSessions(): Promise<number> {
  return em().nativeDelete(Session, { expiresAt: { $lte: now() } });
}

// Hourly housekeeping: expired sessions, and sign-in attempts too old to count towards any limit.
export const identityCleanupQueue: QueueDefinition<object> = {
  name: "identity.cleanup",
  schedule: "17 * * * *",
  async handle() {
    await purgeExpiredSessions();
    const dayAgo = new Date(now().getTime() - 86_400_000);
    await em().nativeDelete(SignInAttempt, { attemptedAt: { $lt: dayAgo } });
  },
};
