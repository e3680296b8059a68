// What a person sets on /account (the application emails on or off, a candidate's photo), and what
// other modules read of them: whom to email, and the name and photo an employer sees.
import { randomBytes } from "node:crypto";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { toAvatarWebp } from "../../lib/images.ts";
import { logger } from "../../lib/logger.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { isValidKey, storage } from "../../lib/storage.ts";
import { AccountError } from "./accounts.ts";
import { User } from "./entities.ts";
import { isUuid } from "../../lib/uuid.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../locales/index.ts";

/**
 * The account's language from /account's select: one of the site's, or "" for the browser's
 * (stored as null). Throws AccountError("language") for anything else.
 */
export async function setLanguage(userId: string, value: unknown): Promise<Language | null> {
  if (value !== "" && !isLanguage(value)) throw new AccountError("language", "Choose English or Deutsch");
  const language = value === "" ? null : value;
  const affected = await em().nativeUpdate(User, { id: userId }, { language });
  if (!affected) throw new AccountError(null, "There is no such account.");
  return language;
}

/** Where app/routes/files.$.tsx serves stored files. */
const FILES_PATH = "/files/";

export interface Contact {
  email: string;
  fullName: string | null;
  emailNotifications: boolean;
  /** An employer's weekly digest of applicants waiting 14+ days (on unless they turned it off). */
  waitingDigest: boolean;
  /** The language emails to them are written in: the account's setting, else English (decision 090). */
  language: Language;
}

/** Whom to email about an account, and whether they want the application emails; null if it is gone. */
export async function contactFor(userId: string): Promise<Contact | null> {
  const user = await em().findOne(
    User,
    { id: userId },
    { fields: ["email", "fullName", "emailNotifications", "waitingDigest", "language"] },
  );
  return user
    ? {
        email: user.email,
        fullName: user.fullName ?? null,
        emailNotifications: user.emailNotifications,
        waitingDigest: user.waitingDigest,
        language: isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE,
      }
    : null;
}

/** Turns the weekly digest of waiting applicants on or off (/account, or the digest's signed unsubscribe link). */
export async function setWaitingDigest(userId: string, on: boolean): Promise<boolean> {
  if (!isUuid(userId)) return false;
  return (await em().nativeUpdate(User, { id: userId }, { waitingDigest: on })) > 0;
}

/** Turns the application emails on or off for the account. */
export async function setEmailNotifications(userId: string, on: boolean): Promise<void> {
  const affected = await em().nativeUpdate(User, { id: userId }, { emailNotifications: on });
  if (!affected) throw new AccountError(null, "There is no such account.");
}

/** The language emails to each of the accounts are written in (its setting, else English), in one query. */
export async function emailLanguages(userIds: string[]): Promise<Map<string, Language>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const users = await em().find(User, { id: { $in: ids } }, { fields: ["id", "language"] });
  return new Map(users.map((u) => [u.id, isLanguage(u.language) ? u.language : DEFAULT_LANGUAGE]));
}

export interface PublicProfile {
  fullName: string | null;
  avatarUrl: string | null;
  email: string;
}

/** Name, photo and email of each of the accounts that exist, in one query (for lists of applicants). */
export async function publicProfiles(userIds: string[]): Promise<Map<string, PublicProfile>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const users = await em().find(User, { id: { $in: ids } }, { fields: ["id", "email", "fullName", "avatarUrl"] });
  return new Map(
    users.map((u) => [u.id, { fullName: u.fullName ?? null, avatarUrl: u.avatarUrl ?? null, email: u.email }]),
  );
}

const ONLY_CANDIDATES = "Only candidate accounts have a photo.";

/**
 * Processes and stores a new photo for the candidate; returns its address. Throws ImageError, or
 * QuotaExceededError past the account's image uploads for the hour (counted before decoding).
 */
export async function updateAvatar(userId: string, bytes: Buffer | Uint8Array): Promise<{ url: string }> {
  await requireCandidate(userId);
  await enforceQuota("image-uploads", userId);
  const webp = await toAvatarWebp(bytes);
  // A new key for every upload, so the file can be cached forever; the random part keeps the
  // address unguessable, which is what makes serving it publicly acceptable.
  const key = `avatars/${userId}-${randomBytes(8).toString("hex")}.webp`;
  const url = FILES_PATH + key;
  await storage().put(key, webp, "image/webp");
  try {
    await recordAvatar(userId, url);
  } catch (error) {
    await storage()
      .delete(key)
      .catch(() => undefined);
    throw error;
  }
  return { url };
}

/** Removes the candidate's photo. */
export async function removeAvatar(userId: string): Promise<void> {
  await requireCandidate(userId);
  await recordAvatar(userId, null);
}

async function requireCandidate(userId: string): Promise<void> {
  const user = await em().findOne(User, { id: userId }, { fields: ["role"] });
  if (user?.role !== "candidate") throw new AccountError(null, ONLY_CANDIDATES);
}

/** Sets the photo's address, then deletes the replaced file. */
async function recordAvatar(userId: string, url: string | null): Promise<void> {
  // The row is locked while the old address is read and replaced, so two uploads at once each
  // delete only the file they replaced.
  const replaced = await transaction(async (tx) => {
    const user = await lockForUpdate(User, { id: userId, role: "candidate" });
    if (!user) throw new AccountError(null, ONLY_CANDIDATES);
    const old = user.avatarUrl ?? null;
    user.avatarUrl = url;
    await tx.flush();
    return old;
  });
  // Only after the commit: until then the old address is still the one being served.
  if (replaced !== url) await deleteStoredAvatar(replaced);
}

async function deleteStoredAvatar(url: string | null): Promise<void> {
  // Photos set elsewhere (demo data, an external address) are not ours to delete.
  const key = url?.startsWith(FILES_PATH + "avatars/") ? url.slice(FILES_PATH.length) : null;
  if (!key || !isValidKey(key)) return;
  try {
    await storage().delete(key);
  } catch (err) {
    // The new photo is committed; a leftover file costs disk space, not correctness.
    logger.warn({ err, key }, "could not delete a replaced photo");
  }
}
