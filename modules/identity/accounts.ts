// Accounts: sign-up, sign-in with rate limits, and the administrator's operations.
import { em, transaction } from "../../lib/db.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { now } from "../../lib/clock.ts";
import { addressKey, enforceQuota } from "../../lib/quotas.ts";
import { changeAudience, startSubscription } from "../billing-plans/index.server.ts";
import { AuditEntry, ROLES, SignInAttempt, User, type Role } from "./entities.ts";
import { hashPassword, spendVerifyTime, verifyPassword } from "./passwords.ts";
import { weakPasswordReason } from "./password-strength.ts";
import { InvitedSignUpFormSchema, SignInSchema, SignUpSchema, type SignUpInput } from "./schemas.ts";
import { needsEmailVerification, safeReturnPath, sendSignUpVerification } from "./email-verification.ts";
import { noticeAddressInUse } from "./security-notices.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../locales/index.ts";

/** An account as the rest of the product sees it: plain data, never an entity. */
export interface Account {
  id: string;
  email: string;
  role: Role;
  fullName: string | null;
  companyName: string | null;
  avatarUrl: string | null;
  companyLogo: string | null;
  signupPlan: string | null;
  /** Whether the person gets the application emails. */
  emailNotifications: boolean;
  /** Whether the account proved it receives mail at `email`. */
  emailVerified: boolean;
  /** False for an account made through an identity provider that has not set a password. */
  hasPassword: boolean;
  createdAt: string;
  /** The language chosen on /account, or null for the browser's (decision 090). */
  language: string | null;
}

/** A rule the input broke, tied to the form field it belongs beside (null: the whole form). */
export class AccountError extends Error {
  readonly field: string | null;
  constructor(field: string | null, message: string) {
    super(message);
    this.name = "AccountError";
    this.field = field;
  }
}

export function toAccount(user: User): Account {
  return {
    id: user.id,
    email: user.email,
    // An unknown stored role reads as candidate, the least-privileged role.
    role: (ROLES as readonly string[]).includes(user.role) ? user.role : "candidate",
    fullName: user.fullName ?? null,
    companyName: user.companyName ?? null,
    avatarUrl: user.avatarUrl ?? null,
    companyLogo: user.companyLogo ?? null,
    signupPlan: user.signupPlan ?? null,
    emailNotifications: user.emailNotifications,
    emailVerified: Boolean(user.emailVerifiedAt),
    hasPassword: Boolean(user.passwordHash),
    createdAt: user.createdAt.toISOString(),
    language: user.language ?? null,
  };
}

/** An account's columns as a plain query reads them (`u` is the users table), for accountFromRow. */
export const ACCOUNT_COLUMNS =
  "u.id, u.email, u.role, u.full_name, u.company_name, u.avatar_url, u.company_logo, u.signup_plan, u.email_notifications, u.email_verified_at, u.password_hash is not null as has_password, u.created_at, u.language";

export interface AccountRow {
  id: string;
  email: string;
  role: string;
  full_name: string | null;
  company_name: string | null;
  avatar_url: string | null;
  company_logo: string | null;
  signup_plan: string | null;
  email_notifications: boolean;
  email_verified_at: Date | string | null;
  has_password: boolean;
  created_at: Date | string;
  language: string | null;
}

/** The same Account as toAccount, from ACCOUNT_COLUMNS. */
export function accountFromRow(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : "candidate",
    fullName: row.full_name ?? null,
    companyName: row.company_name ?? null,
    avatarUrl: row.avatar_url ?? null,
    companyLogo: row.company_logo ?? null,
    signupPlan: row.signup_plan ?? null,
    emailNotifications: row.email_notifications,
    emailVerified: Boolean(row.email_verified_at),
    hasPassword: row.has_password,
    createdAt: new Date(row.created_at).toISOString(),
    language: row.language ?? null,
  };
}

export const ACCOUNT_CREATED_QUEUE = "identity.account-created";

/**
 * Creates an account. Throws AccountError("email") when the email is taken, AccountError("password")
 * for a password too easy to guess. The account and its account-created job commit together.
 * Sign-ups from the web give the client `address`: each well-formed attempt counts against the
 * address's sign-ups for the hour before the password is hashed, and past them QuotaExceededError
 * is thrown (the CLI and demo data give none). `emailVerified`: an administrator vouches for the
 * address (CLI, demo data): no link is sent.
 */
export async function signUp(
  input: SignUpInput,
  address?: string,
  options: { emailVerified?: boolean } = {},
): Promise<Account> {
  const data = await admitSignUp(input, address);
  return createAccount(data, await hashPassword(data.password), options);
}

/**
 * The web's sign-up, which never tells whether an address has an account: for a taken address
 * nothing is created and its owner is emailed instead (at most 3 an hour), after the same checks
 * and the same password hashing. Returns the account to sign in, or null when the answer is
 * "check your email": a taken address, or a new account that must confirm its address first.
 */
export async function signUpOrNotify(
  input: SignUpInput,
  address: string,
  options: { returnTo?: string; language?: Language } = {},
): Promise<Account | null> {
  const data = await admitSignUp(input, address);
  const passwordHash = await hashPassword(data.password);
  try {
    const account = await createAccount(data, passwordHash, { returnTo: options.returnTo, language: options.language });
    return needsEmailVerification(account) ? null : account;
  } catch (error) {
    if (!(error instanceof AccountError && error.field === "email")) throw error;
    await noticeAddressInUse(data.email, "sign-up-attempt");
    return null;
  }
}

/**
 * Sign-up through a team invitation (hiring joins the account to the team next): an employer
 * account with the invited address, no company of its own, and the address confirmed, since the
 * link reached it. A taken address is refused beside the password's form (AccountError("email")):
 * whoever holds the link was sent it at that address, so saying so tells them nothing new.
 */
export async function signUpInvited(
  input: { email: string; full_name: unknown; password: unknown },
  address: string,
): Promise<Account> {
  const { full_name, password } = InvitedSignUpFormSchema.parse(input);
  const data = await admit(
    { email: input.email.trim().toLowerCase(), password, full_name, role: "employer" as const },
    address,
  );
  return createAccount(data, await hashPassword(data.password), { emailVerified: true });
}

const admitSignUp = (input: SignUpInput, address: string | undefined) => admit(SignUpSchema.parse(input), address);

/** The checks before any account is made: a guessable password, and the address's sign-ups this hour. */
async function admit<T extends SignUpData>(data: T, address: string | undefined): Promise<T> {
  const weak = await weakPasswordReason(data.password, [data.email, data.full_name, data.company_name]);
  if (weak) throw new AccountError("password", weak);
  if (address !== undefined) await enforceQuota("signups", addressKey(address));
  return data;
}

type SignUpData = Pick<ReturnType<typeof SignUpSchema.parse>, "email" | "password" | "role"> &
  Partial<Pick<ReturnType<typeof SignUpSchema.parse>, "full_name" | "company_name" | "plan">>;

/**
 * The hash of a password chosen on a held application's link (decision 080), after the sign-up
 * rules; null for none. Throws AccountError("password") for one too easy to guess. Called before
 * the transaction that makes the account, so hashing holds no lock.
 */
export async function hashNewPassword(password: string | undefined, context: (string | undefined)[]) {
  if (!password) return null;
  const weak = await weakPasswordReason(password, context);
  if (weak) throw new AccountError("password", weak);
  return hashPassword(password);
}

/**
 * A candidate account made when a visitor opens their held application's link: the link reached
 * the address, so it starts confirmed; without a password until one is set (reset flow). Joins
 * the caller's transaction; throws AccountError("email") when the address has an account.
 */
export function createConfirmedCandidate(
  input: { email: string; fullName: string | null; language?: Language },
  passwordHash: string | null,
): Promise<Account> {
  return createAccount(
    { email: input.email, role: "candidate", full_name: input.fullName ?? undefined, password: "" },
    passwordHash,
    { emailVerified: true, language: input.language },
  );
}

async function createAccount(
  data: SignUpData,
  passwordHash: string | null,
  options: { emailVerified?: boolean; returnTo?: string; language?: Language },
): Promise<Account> {
  try {
    return await transaction(async (tx) => {
      if (await tx.count(User, { email: data.email })) throw emailTaken();
      const user = tx.create(User, {
        email: data.email,
        passwordHash,
        role: data.role,
        fullName: data.full_name || null,
        companyName: data.company_name ?? null,
        signupPlan: data.plan ?? null,
        avatarUrl: null,
        companyLogo: null,
        emailVerifiedAt: options.emailVerified ? now() : null,
        // A sign-up made in another language than English keeps it, so later emails are in it too.
        language: options.language && options.language !== DEFAULT_LANGUAGE ? options.language : null,
      });
      await tx.flush();
      // The account starts on its plan in the same transaction: no account is ever without one.
      await startSubscription(user.id, data.role, data.plan);
      // Where the person was going (a path on this site), for the confirmation link to lead back to.
      const returnTo = options.returnTo ? safeReturnPath(options.returnTo) : null;
      // The sign-up's language: its email goes out in it unless the account chooses one (decision 090).
      await enqueue(ACCOUNT_CREATED_QUEUE, {
        userId: user.id,
        ...(returnTo ? { returnTo } : {}),
        ...(options.language ? { language: options.language } : {}),
      });
      return toAccount(user);
    });
  } catch (error) {
    // Two sign-ups for one email at once: the unique index decides.
    if ((error as { code?: string }).code === "23505") throw emailTaken();
    throw error;
  }
}

function emailTaken() {
  return new AccountError("email", "An account with this email already exists. Sign in instead.");
}

// Sign-in limits: failures counted over a sliding window, per account and per client address.
export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;
const INVALID_CREDENTIALS = "The email or password is incorrect.";

/** Too many failed attempts for this email or address: try again after `retryAfterSeconds`. */
export class TooManySignIns extends AccountError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(null, `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`);
    this.name = "TooManySignIns";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** When the failures for `column` = `value` drop below `max` again, or null when they already are. */
async function blockedUntil(column: "email" | "ip", value: string, max: number): Promise<Date | null> {
  // The max-th most recent failure in the window: while it counts, there are `max` of them.
  const rows = await em().execute<{ attempted_at: Date | string }[]>(
    `select attempted_at from sign_in_attempts
      where ${column} = ? and not succeeded and attempted_at > ?
      order by attempted_at desc offset ? limit 1`,
    [value, new Date(now().getTime() - WINDOW_MS), max - 1],
  );
  return rows[0] ? new Date(new Date(rows[0].attempted_at).getTime() + WINDOW_MS) : null;
}

/**
 * Counts the attempt before the password is checked: under the email's and the address's locks,
 * refuses it past a limit, otherwise records it as a failure (a right password turns it into a
 * success). However many arrive at once, at most the limit are ever verified.
 */
export async function admitAttempt(email: string, ip: string): Promise<number> {
  return transaction(async (tx) => {
    // Email first, then address, always in that order, so two attempts never wait on each other.
    await tx.execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`sign-in:email:${email}`]);
    await tx.execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`sign-in:ip:${ip}`]);
    const until = [
      await blockedUntil("email", email, MAX_FAILURES_PER_ACCOUNT),
      await blockedUntil("ip", ip, MAX_FAILURES_PER_ADDRESS),
    ]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (until) throw new TooManySignIns(Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000)));
    const attempt = tx.create(SignInAttempt, { email, ip, succeeded: false, attemptedAt: now() });
    await tx.flush();
    return attempt.id;
  });
}

/**
 * Checks the credentials. Throws AccountError(null) for a wrong pair, TooManySignIns past a limit;
 * an unknown email gets exactly the answers a known one does.
 */
export async function signIn(input: { email: string; password: string }, ip: string): Promise<Account> {
  const { email, password } = SignInSchema.parse(input);
  const attemptId = await admitAttempt(email, ip);
  const user = await em().findOne(User, { email });
  // An account without a password (made through a provider) answers exactly as an unknown email.
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await spendVerifyTime(password), false);
  if (!user || !valid) throw new AccountError(null, INVALID_CREDENTIALS);
  await transaction(async (tx) => {
    await tx.nativeUpdate(SignInAttempt, { id: attemptId }, { succeeded: true });
    // A right password clears the account's wrong passwords, not its wrong second-step codes
    // (second-step-limits.ts): those stay counted however often the password is given.
    await tx.nativeDelete(SignInAttempt, { email, succeeded: false, kind: "password" });
  });
  return toAccount(user);
}

export async function findAccount(id: string): Promise<Account | null> {
  const user = await em().findOne(User, { id });
  return user ? toAccount(user) : null;
}

/** How many accounts have this role (the public pages' candidate figure). */
export function countAccounts(role: Role): Promise<number> {
  return em().count(User, { role });
}

export async function findAccountByEmail(email: string): Promise<Account | null> {
  const user = await em().findOne(User, { email: email.trim().toLowerCase() });
  return user ? toAccount(user) : null;
}

export async function listAccounts(): Promise<Account[]> {
  const users = await em().find(User, {}, { orderBy: { createdAt: "asc" } });
  return users.map(toAccount);
}

export async function setRole(email: string, role: Role): Promise<Account> {
  if (!(ROLES as readonly string[]).includes(role)) throw new AccountError("role", `Unknown role "${role}"`);
  return transaction(async (tx) => {
    const user = await tx.findOne(User, { email: email.trim().toLowerCase() });
    if (!user) throw new AccountError("email", `No account with email ${email}`);
    const previous = user.role;
    user.role = role;
    tx.create(AuditEntry, { userId: user.id, action: "account.role-changed", detail: { from: previous, to: role } });
    await tx.flush();
    // Plans belong to a role: the subscription follows the account to the new role's plans.
    if (previous !== role) await changeAudience(user.id, role);
    return toAccount(user);
  });
}

/** Records an employer's company logo (the address of the stored image), or removes it. */
export async function setCompanyLogo(userId: string, logoUrl: string | null): Promise<void> {
  const affected = await em().nativeUpdate(User, { id: userId, role: "employer" }, { companyLogo: logoUrl });
  if (!affected) throw new AccountError(null, "Only employer accounts have a company logo.");
}

export async function auditTrail(userId: string): Promise<{ action: string; detail: unknown; createdAt: string }[]> {
  const entries = await em().find(AuditEntry, { userId }, { orderBy: { id: "asc" } });
  return entries.map((e) => ({ action: e.action, detail: e.detail ?? null, createdAt: e.createdAt.toISOString() }));
}

// Runs after sign-up commits: records the account's creation in its audit trail, and sends the
// link that confirms the address (none for an account created confirmed: the CLI, demo data).
export const accountCreatedQueue: QueueDefinition<{ userId: string; returnTo?: string; language?: string }> = {
  name: ACCOUNT_CREATED_QUEUE,
  async handle({ userId, returnTo, language }, run) {
    await transaction(async (tx) => {
      const user = await tx.findOne(User, { id: userId });
      if (!user) return; // deleted before the job ran
      const already = await tx.count(AuditEntry, { userId, action: "account.created" });
      if (already) return; // a retried job must not write twice
      tx.create(AuditEntry, {
        userId,
        action: "account.created",
        detail: { role: user.role, plan: user.signupPlan ?? null },
      });
    });
    await sendSignUpVerification(userId, run, returnTo, language);
  },
};
