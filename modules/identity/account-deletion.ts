// "Delete my account": confirmed with the password (or, for an account without one, a fresh
// sign-in with its identity provider) and a typed confirmation. One transaction erases what every
// module holds (their registered holders, account-data.ts), the traces the infrastructure keeps
// (emails sent, queue jobs, quota counters), the sessions and the account, and queues the
// "account deleted" notice. Stored files go after the commit, and a queued job retries any that
// could not be deleted. Nothing is left half-deleted: until the commit the account is whole and
// signs in; after it, nothing of it remains (decision 040).
import { transaction, em, lockForUpdate } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { forgetEmailsTo, forgetJob, forgetJobsMentioning, forgetQuotaKey } from "../../lib/personal-traces.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { storage } from "../../lib/storage.ts";
import { forgetSubscription } from "../billing-plans/index.server.ts";
import { accountDataHolders, type AccountRef } from "./account-data.ts";
import { storedImageKey } from "./account-export.ts";
import { toAccount } from "./accounts.ts";
import { AccountToken, AuditEntry, Session, SignInAttempt, User } from "./entities.ts";
import { verifyPassword } from "./passwords.ts";
import { queueSecurityNotice } from "./security-notices.ts";

/** The word typed to confirm (the account's email address is accepted too). */
export const DELETE_CONFIRMATION = "DELETE";

export interface DeletionInput {
  password: string;
  confirmation: string;
}

export type DeletionField = "password" | "confirmation";

/** The deletion was refused: a message per field, nothing changed. */
export class DeletionRefused extends Error {
  readonly fieldErrors: Partial<Record<DeletionField, string[]>>;
  constructor(fieldErrors: Partial<Record<DeletionField, string[]>>) {
    super(Object.values(fieldErrors).flat()[0] ?? "The account was not deleted.");
    this.name = "DeletionRefused";
    this.fieldErrors = fieldErrors;
  }
}

/**
 * How an account without a password proves it is its owner: the identity-provider sign-in sets
 * this to "signed in with the provider within the last few minutes" for the session. Until it is
 * set, such an account is refused with NO_WAY_TO_CONFIRM.
 */
export type FreshSignInCheck = (userId: string, sessionToken: string | null) => Promise<boolean>;
let freshSignIn: FreshSignInCheck = async () => false;

export function setFreshSignInCheck(check: FreshSignInCheck): void {
  freshSignIn = check;
}

/** How recent a provider sign-in must be to stand in for the password. */
export const FRESH_SIGN_IN_MINUTES = 10;

export const NO_WAY_TO_CONFIRM = `Your account has no password: confirm it's you with your identity provider (above), then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes.`;

async function confirmOwner(user: User, input: DeletionInput, sessionToken: string | null): Promise<void> {
  const errors: Partial<Record<DeletionField, string[]>> = {};
  const typed = input.confirmation.trim();
  if (typed !== DELETE_CONFIRMATION && typed.toLowerCase() !== user.email.toLowerCase()) {
    errors.confirmation = [`Type ${DELETE_CONFIRMATION} or your email address to confirm.`];
  }
  const hash: string | null | undefined = user.passwordHash;
  if (typeof hash === "string" && hash) {
    if (!input.password) errors.password = ["Enter your password."];
    else if (!(await verifyPassword(hash, input.password))) errors.password = ["That password is not right."];
  } else if (!(await freshSignIn(user.id, sessionToken))) {
    errors.password = [NO_WAY_TO_CONFIRM];
  }
  if (Object.keys(errors).length) throw new DeletionRefused(errors);
}

export const ERASE_FILES_QUEUE = "identity.erase-files";

/**
 * Deletes the account after checking the password and the typed confirmation (DeletionRefused
 * otherwise, nothing changed; QuotaExceededError past the account's tries for the hour). Returns "deleted", or "gone" when the account no longer exists (a
 * second submit of the same form, which lost the race).
 */
export async function deleteAccount(userId: string, input: DeletionInput, sessionToken: string | null = null): Promise<"deleted" | "gone"> {
  const user = await em().findOne(User, { id: userId });
  if (!user) return "gone";
  // Counted before the password is checked: past the limit, QuotaExceededError and no check.
  await enforceQuota("account-deletions", userId);
  await confirmOwner(user, input, sessionToken);

  const files = await transaction(async (tx) => {
    // Locked: a second deletion waits here, then finds nothing.
    const locked = await lockForUpdate(User, { id: userId });
    if (!locked) return null;
    const account: AccountRef = { id: locked.id, email: locked.email, role: toAccount(locked).role, fullName: locked.fullName ?? null };
    const keys: string[] = [];
    for (const holder of accountDataHolders()) {
      const erased = holder.erase ? await holder.erase(account) : undefined;
      if (erased) keys.push(...erased);
    }
    for (const url of [locked.avatarUrl, locked.companyLogo]) {
      const key = storedImageKey(url);
      if (key) keys.push(key);
    }
    await forgetSubscription(account.id);
    await tx.nativeDelete(Session, { user: account.id });
    await tx.nativeDelete(AccountToken, { user: account.id });
    await tx.nativeDelete(SignInAttempt, { email: account.email });
    await tx.nativeDelete(AuditEntry, { userId: account.id });
    await forgetQuotaKey(account.id, tx);
    await forgetEmailsTo(account.email, tx);
    // Jobs that carried the id or the address (account created, earlier notices, pending work).
    await forgetJobsMentioning([account.id, account.email], tx);
    await tx.nativeDelete(User, { id: account.id });
    // Queued after the purge above, which would otherwise take them too.
    await queueSecurityNotice({ kind: "account-deleted", to: account.email, name: account.fullName });
    const unique = [...new Set(keys)];
    if (unique.length) await enqueue(ERASE_FILES_QUEUE, { keys: unique });
    return unique;
  });
  if (!files) return "gone";
  logger.info({ files: files.length }, "account deleted");
  // At once, so the files are gone when the page says so; the queued job repeats what fails here.
  await deleteFiles(files).catch((err: unknown) => logger.warn({ err }, "a deleted account's files will be removed by the queue"));
  return "deleted";
}

async function deleteFiles(keys: string[]): Promise<void> {
  const failures: unknown[] = [];
  for (const key of keys) await storage().delete(key).catch((error: unknown) => failures.push(error));
  if (failures.length) throw failures[0];
}

// Deletes a deleted account's files, retried until storage answers; the job then removes itself,
// since its payload names the files (and the account's id in their keys).
export const eraseFilesQueue: QueueDefinition<{ keys: string[] }> = {
  name: ERASE_FILES_QUEUE,
  retryLimit: 10,
  retryDelay: 30,
  async handle({ keys }, run) {
    await deleteFiles(keys);
    await forgetJob(ERASE_FILES_QUEUE, run.jobId);
  },
};
