// Single-use links sent by email: password reset, email verification and email change. The link
// carries a random 256-bit token; the database keeps only its SHA-256, the purpose, the address it
// was sent to and its expiry. A GET may only peek (mail scanners fetch links); the POST consumes it
// in one DELETE … RETURNING, so of any number of concurrent uses exactly one wins.
import { createHash, randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { AccountToken, type TokenPurpose } from "./entities.ts";

export { TOKEN_PURPOSES, type TokenPurpose } from "./entities.ts";

export interface TokenHolder {
  userId: string;
  email: string;
  /** The path on this site the link leads back to once used, if it was given one. */
  returnTo: string | null;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Stores a new token and returns it for the link, or null when the account already had
 * `maxPerHour` tokens of this purpose in the last hour (the caller answers as if it had sent one).
 */
export async function issueAccountToken(
  userId: string,
  purpose: TokenPurpose,
  email: string,
  { validMinutes, maxPerHour, returnTo }: { validMinutes: number; maxPerHour?: number; returnTo?: string | null },
  manager: EntityManager = em(),
): Promise<string | null> {
  const issuedAt = now();
  if (maxPerHour !== undefined) {
    const hourAgo = new Date(issuedAt.getTime() - 3_600_000);
    const recent = await manager.count(AccountToken, { user: userId, purpose, createdAt: { $gt: hourAgo } });
    if (recent >= maxPerHour) return null;
  }
  const token = randomBytes(32).toString("base64url");
  manager.create(AccountToken, {
    id: digest(token),
    user: userId,
    purpose,
    email,
    returnTo: returnTo ?? null,
    createdAt: issuedAt,
    expiresAt: new Date(issuedAt.getTime() + validMinutes * 60_000),
  });
  await manager.flush();
  return token;
}

/** Whether the token is good for `purpose` right now, without using it up (for the link's GET). */
export async function peekAccountToken(token: string, purpose: TokenPurpose): Promise<TokenHolder | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await em().findOne(AccountToken, { id: digest(token), purpose, expiresAt: { $gt: now() } });
  return row ? { userId: row.user.id, email: row.email, returnTo: row.returnTo ?? null } : null;
}

/**
 * Uses the token up: unknown, already used, expired or of another purpose all answer null (an
 * expired row is deleted too). Pass the transaction's manager so the token is only spent when the
 * change it authorises commits.
 */
export async function consumeAccountToken(
  token: string,
  purpose: TokenPurpose,
  manager: EntityManager = em(),
): Promise<TokenHolder | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const rows: { user_id: string; email: string; return_to: string | null; expires_at: Date }[] = await manager.execute(
    `delete from "account_tokens" where "id" = ? and "purpose" = ? returning "user_id", "email", "return_to", "expires_at"`,
    [digest(token), purpose],
  );
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= now().getTime()) return null;
  return { userId: row.user_id, email: row.email, returnTo: row.return_to };
}

/** Forgets every outstanding token of the account for `purpose` (all purposes when omitted). */
export async function revokeAccountTokens(
  userId: string,
  purpose?: TokenPurpose,
  manager: EntityManager = em(),
): Promise<void> {
  await manager.nativeDelete(AccountToken, purpose ? { user: userId, purpose } : { user: userId });
}

/**
 * Makes the account's outstanding tokens of `purpose` unusable without deleting them, so they still
 * count towards `maxPerHour` (a cancelled or replaced link must not make room for another email).
 */
export async function expireAccountTokens(
  userId: string,
  purpose: TokenPurpose,
  manager: EntityManager = em(),
): Promise<void> {
  const at = now();
  await manager.nativeUpdate(AccountToken, { user: userId, purpose, expiresAt: { $gt: at } }, { expiresAt: at });
}

/**
 * Removes tokens that expired over an hour ago; returns how many (hourly housekeeping). The hour
 * keeps an expired (cancelled) token counting towards its account's `maxPerHour`.
 */
export async function purgeExpiredTokens(): Promise<number> {
  return em().nativeDelete(AccountToken, { expiresAt: { $lte: new Date(now().getTime() - 3_600_000) } });
}
