// "Delete my account": confirmed as every sensitive change is (step-up.ts: the password, or for an
// account without one a provider sign-in in this session; a code when two-factor is on) and a
// typed confirmation. One transaction erases what every
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
import { AccountError, toAccount } from "./accounts.ts";
import { AccountToken, AuditEntry, Session, SignInAttempt, User } from "./entities.ts";
import { queueSecurityNotice } from "./security-notices.ts";
import { confirmIdentity, type Confirmation } from "./step-up.ts";

/** The word typed to confirm (the account's email address is accepted too). */
export const DELETE_CONFIRMATION = "DELETE";

export interface DeletionInput {
  password: string;
  /** A current code from the authenticator app, when two-factor is on. */
  code?: string;
  confirmation: string;
}

export type DeletionField = "password" | "code" | "confirmation";

/** The deletion was refused: a message per field, nothing changed. */
export class DeletionRefused extends Error {
  readonly fieldErrors: Partial<Record<DeletionField, string[]>>;
  constructor(fieldErrors: Partial<Record<DeletionField, string[]>>) {
    super(Object.values(fieldErrors).flat()[0] ?? "The account was not deleted.");
    this.name = "DeletionRefused";
    this.fieldErrors = fieldErrors;
  }
}

// The typed word first: a slip there costs no sign-in attempt and uses no code.
async function confirmOwner(
  user: User,
  input: DeletionInput,
  proof: Omit<Confirmation, "password" | "code">,
): Promise<void> {
  const typed = input.confirmation.trim();
  if (typed !== DELETE_CONFIRMATION && typed.toLowerCase() !== user.email.toLowerCase()) {
    throw new DeletionRefused({ confirmation: [`Type ${DELETE_CONFIRMATION} or your email address to confirm.`] });
  }
  try {
    await confirmIdentity(user.id, { ...proof, password: input.password, code: input.code });
  } catch (error) {
    if (error instanceof AccountError && (error.field === "password" || error.field === "code"))
      throw new DeletionRefused({ [error.field]: [error.message] });
    throw error;
  }
}

export const ERASE_FILES_QUEUE = "identity.erase-files";

/**
 * Deletes the account after the typed confirmation and confirmIdentity (DeletionRefused otherwise,
 * nothing changed; QuotaExceededError past the account's tries for the hour, TooManySignIns past
 * the sign-in limits). Returns "deleted", or "gone" when the account no longer exists (a second
 * submit of the same form, which lost the race).
 */
export async function deleteAccount(
  userId: string,
  input: DeletionInput,
  proof: Omit<Confirmation, "password" | "code">,
): Promise<"deleted" | "gone"> {
  const user = await em().findOne(User, { id: userId });
  if (!user) return "gone";
  // Counted before the password is checked: past the limit, QuotaExceededError and no check.
  await enforceQuota("account-deletions", userId);
  await confirmOwner(user, input, proof);

  const files = await transaction(async (tx) => {
    // Locked: a second deletion waits here, then finds nothing.
    const locked = await lockForUpdate(User, { id: userId });
    if (!locked) return null;
    const account: AccountRef = {
      id: locked.id,
      email: locked.email,
      role: toAccount(locked).role,
      fullName: locked.fullName ?? null,
    };
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
  await deleteFiles(files).catch((err: unknown) =>
    logger.warn({ err }, "a deleted account's files will be removed by the queue"),
  );
  return "deleted";
}

async function deleteFiles(keys: string[]): Promise<void> {
  const failures: unknown[] = [];
  for (const key of keys)
    await storage()
      .delete(key)
      .catch((error: unknown) => failures.push(error));
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
