// The account's signed-in browsers, as /account lists them, and signing one of them out. A session
// is never named by its token or its stored hash on a page: each has a public id, a short HMAC of
// the stored hash under a server key, which leads back to nothing outside this account's rows.
import UAParser from "ua-parser-js";
import { em } from "../../lib/db.ts";
import { sign } from "../../lib/secrets.ts";
import { Session } from "./entities.ts";
import { liveSessions, sessionDigest } from "./sessions.ts";

export interface SignedInSession {
  /** The public id, for the Sign out button. */
  id: string;
  /** "Firefox on Windows", "Unknown browser". */
  device: string;
  ip: string | null;
  signedInAt: string;
  lastActiveAt: string;
  /** The browser asking. */
  current: boolean;
}

const publicId = (storedId: string) => sign("session-public-id", storedId).slice(0, 22);

/** "Firefox on Windows" from a User-Agent header; "Unknown browser" when it names none. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const parser = new UAParser(userAgent);
  const browser = parser.getBrowser().name;
  const system = parser.getOS().name;
  if (!browser) return system ? `Unknown browser on ${system}` : "Unknown browser";
  return system ? `${browser} on ${system}` : browser;
}

/** The account's live sessions (not expired, not idle too long), this browser's (`currentToken`) first, then the most recently active. */
export async function listSessions(userId: string, currentToken: string | null): Promise<SignedInSession[]> {
  const currentId = currentToken ? sessionDigest(currentToken) : null;
  const rows = await em().find(Session, { $and: [{ user: userId }, liveSessions()] });
  return rows
    .map((row) => ({
      id: publicId(row.id),
      device: describeUserAgent(row.userAgent),
      ip: row.ip ?? null,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: (row.lastActiveAt ?? row.createdAt).toISOString(),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/**
 * Signs out the account's session with this public id. False (nothing changed) when the account has
 * no such session, it is another account's, or it is the browser asking (`currentToken`), which
 * signs out through /signout.
 */
export async function endSessionById(userId: string, id: string, currentToken: string | null): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return false;
  const currentId = currentToken ? sessionDigest(currentToken) : null;
  const rows = await em().find(Session, { user: userId }, { fields: ["id"] });
  const match = rows.find((row) => row.id !== currentId && publicId(row.id) === id);
  if (!match) return false;
  return (await em().nativeDelete(Session, { id: match.id, user: userId })) > 0;
}
