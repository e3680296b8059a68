// The employer's company logo: processed to a small WebP, stored, and shown on the account and on
// every one of the employer's jobs. Throws ImageError (lib/images.ts) for an image to replace.
import { randomBytes } from "node:crypto";
import { transaction } from "../../lib/db.ts";
import { toLogoWebp } from "../../lib/images.ts";
import { logger } from "../../lib/logger.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { isValidKey, storage } from "../../lib/storage.ts";
import { findAccount, setCompanyLogo, type Account } from "../identity/index.server.ts";
import { HiringError } from "./errors.ts";
import { setJobsCompanyLogo } from "./employer-reads.ts";

/** Where app/routes/files.$.tsx serves stored files. */
const FILES_PATH = "/files/";

async function employer(employerId: string): Promise<Account> {
  const account = await findAccount(employerId);
  if (!account || account.role !== "employer")
    throw new HiringError("not-found", "Only employer accounts have a company logo.");
  return account;
}

/** Sets the account's and its jobs' logo in one transaction, then deletes the replaced file. */
async function recordLogo(account: Account, url: string | null): Promise<void> {
  await transaction(async () => {
    await setCompanyLogo(account.id, url);
    await setJobsCompanyLogo(account.id, url);
  });
  // Only after the commit: until then the old address is still the one being served.
  await deleteStoredLogo(account.companyLogo);
}

/**
 * Processes and stores a new logo for the employer; returns its address. Throws
 * QuotaExceededError past the account's image uploads for the hour (counted before decoding).
 */
export async function updateCompanyLogo(employerId: string, bytes: Buffer | Uint8Array): Promise<{ url: string }> {
  const account = await employer(employerId);
  await enforceQuota("image-uploads", employerId);
  const webp = await toLogoWebp(bytes);
  // A new key for every upload, so the file can be cached forever and a page that still shows the
  // old logo keeps working until it reloads.
  const key = `logos/${employerId}-${randomBytes(8).toString("hex")}.webp`;
  const url = FILES_PATH + key;
  await storage().put(key, webp, "image/webp");
  try {
    await recordLogo(account, url);
  } catch (error) {
    await storage()
      .delete(key)
      .catch(() => undefined);
    throw error;
  }
  return { url };
}

/** Removes the employer's logo from the account and its jobs. */
export async function removeCompanyLogo(employerId: string): Promise<void> {
  const account = await employer(employerId);
  if (account.companyLogo === null) return;
  await recordLogo(account, null);
}

async function deleteStoredLogo(url: string | null): Promise<void> {
  // Logos set elsewhere (demo data, an external address) are not ours to delete.
  const key = url?.startsWith(FILES_PATH) ? url.slice(FILES_PATH.length) : null;
  if (!key || !isValidKey(key)) return;
  try {
    await storage().delete(key);
  } catch (err) {
    // The new logo is committed; a leftover file costs disk space, not correctness.
    logger.warn({ err, key }, "could not delete a replaced company logo");
  }
}
