// "Export my data": a zip with a JSON file per area and every file the account owns. Identity
// writes account.json, profile.json and emails.json; every other module adds its part through the
// holder it registered (account-data.ts). The documents are gathered first (a failing query is a
// 500 before anything is sent), then the zip streams, reading each stored file when it gets there.
import { em } from "../../lib/db.ts";
import { emailsSentTo } from "../../lib/personal-traces.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { isValidKey } from "../../lib/storage.ts";
import { zipStream, type ZipEntry } from "../../lib/zip.ts";
import { getSubscription, planRequestsBy } from "../billing-plans/index.server.ts";
import { accountDataHolders, type AccountExportPart, type AccountRef } from "./account-data.ts";
import { auditTrail, toAccount } from "./accounts.ts";
import { IdentityLink, Session, SignInAttempt, User } from "./entities.ts";

/** Where app/routes/files.$.tsx serves stored files: only addresses under it are ours to include. */
const FILES_PATH = "/files/";

/** The storage key behind a stored image's address, or null for an address that isn't ours. */
export function storedImageKey(url: string | null | undefined): string | null {
  const key = url?.startsWith(FILES_PATH) ? url.slice(FILES_PATH.length) : null;
  return key && isValidKey(key) ? key : null;
}

const extension = (key: string) => /\.[a-z0-9]+$/.exec(key)?.[0] ?? "";

/** The columns naming the account whose rows identity's own part exports (see AccountDataHolder.exports). */
export const IDENTITY_EXPORTS = [
  "sessions.user_id",
  "audit_entries.user_id",
  "subscriptions.user_id",
  "identity_links.user_id",
  "plan_requests.requested_by",
];

/** Identity's own part: the account, its plan, sessions (never their tokens), audit trail and emails. */
async function identityPart(user: User): Promise<AccountExportPart> {
  const account = toAccount(user);
  const [subscription, sessions, attempts, audit, emails, links, planRequests] = await Promise.all([
    getSubscription(user.id, account.role).catch(() => null),
    em().find(Session, { user: user.id }, { orderBy: { createdAt: "asc" } }),
    em().find(SignInAttempt, { email: user.email }, { orderBy: { attemptedAt: "asc" } }),
    auditTrail(user.id),
    emailsSentTo(user.email),
    em().find(IdentityLink, { user: user.id }, { orderBy: { createdAt: "asc" } }),
    planRequestsBy(user.id),
  ]);
  const files = [];
  const photo = storedImageKey(account.avatarUrl);
  if (photo) files.push({ path: `images/photo${extension(photo)}`, storageKey: photo });
  const logo = storedImageKey(account.companyLogo);
  if (logo) files.push({ path: `images/company-logo${extension(logo)}`, storageKey: logo });
  return {
    json: {
      "account.json": {
        account: {
          id: account.id,
          email: account.email,
          role: account.role,
          emailVerified: account.emailVerified,
          createdAt: account.createdAt,
          signupPlan: account.signupPlan,
        },
        plan: subscription
          ? {
              plan: subscription.plan.name,
              billing: subscription.billing,
              startedAt: subscription.startedAt,
              trialEndsAt: subscription.trialEndsAt,
              intendedPlan: subscription.intendedPlan?.name ?? null,
            }
          : null,
        planRequests,
        sessions: sessions.map((s) => ({
          signedInAt: s.createdAt.toISOString(),
          lastActiveAt: s.lastActiveAt ? s.lastActiveAt.toISOString() : null,
          expiresAt: s.expiresAt.toISOString(),
          address: s.ip ?? null,
          userAgent: s.userAgent ?? null,
        })),
        linkedSignIns: links.map((l) => ({
          provider: l.provider,
          email: l.email ?? null,
          linkedAt: l.createdAt.toISOString(),
          lastSignInAt: l.lastSignInAt.toISOString(),
        })),
        signInAttempts: attempts.map((a) => ({
          at: a.attemptedAt.toISOString(),
          address: a.ip,
          succeeded: a.succeeded,
        })),
        auditTrail: audit,
      },
      "profile.json": {
        fullName: account.fullName,
        companyName: account.companyName,
        photo: photo ? `images/photo${extension(photo)}` : null,
        companyLogo: logo ? `images/company-logo${extension(logo)}` : null,
        applicationEmails: account.emailNotifications,
      },
      "emails.json": { note: "The emails we sent to your address: their subjects and when they went out.", emails },
    },
    files,
  };
}

const README = `Your Hirewise data

Each .json file holds one area of your account; files under resumes/ and images/ are the files you
uploaded. Passwords, sign-in tokens and other people's personal data are never included.
`;

/**
 * The account's export as a zip stream, or null when there is no such account. Throws
 * QuotaExceededError past the account's exports for the hour. `signal` (the
 * request's) stops it early when the reader goes away.
 */
export async function exportAccount(userId: string, signal?: AbortSignal): Promise<ReadableStream<Uint8Array> | null> {
  const user = await em().findOne(User, { id: userId });
  if (!user) return null;
  await enforceQuota("data-exports", userId);
  const ref: AccountRef = {
    id: user.id,
    email: user.email,
    role: toAccount(user).role,
    fullName: user.fullName ?? null,
  };
  const parts = [await identityPart(user)];
  for (const holder of accountDataHolders()) {
    if (holder.exportData) parts.push(await holder.exportData(ref));
  }
  const entries: ZipEntry[] = [{ path: "README.txt", bytes: Buffer.from(README) }];
  const taken = new Set<string>();
  for (const part of parts) {
    for (const [name, value] of Object.entries(part.json ?? {})) {
      if (taken.has(name)) throw new Error(`two export parts wrote ${name}`);
      taken.add(name);
      entries.push({ path: name, bytes: Buffer.from(JSON.stringify(value, null, 2) + "\n") });
    }
  }
  for (const part of parts) {
    for (const file of part.files ?? []) {
      if (taken.has(file.path)) throw new Error(`two export parts wrote ${file.path}`);
      taken.add(file.path);
      entries.push(file);
    }
  }
  return zipStream(entries, { signal });
}
