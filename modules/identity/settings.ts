// What a person changes about their account on /account: their names and their password (the
// email address has its own flow, email-change.ts). The current password is checked the way
// sign-in checks it, and counts towards the same limits, so /account is no side door for guessing.
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { AccountError, admitAttempt, toAccount, type Account } from "./accounts.ts";
import { AuditEntry, SignInAttempt, User } from "./entities.ts";
import { hashPassword, spendVerifyTime, verifyPassword } from "./passwords.ts";
import { weakPasswordReason } from "./password-strength.ts";
import { queueSecurityNotice } from "./security-notices.ts";
import { endOtherSessions } from "./sessions.ts";
import { revokeAccountTokens } from "./tokens.ts";
import {
  CandidateNamesSchema,
  EmployerNamesSchema,
  PasswordChangeSchema,
  type NamesInput,
} from "./settings-schemas.ts";

export const WRONG_PASSWORD = "Your current password is incorrect.";
const NO_ACCOUNT = "There is no such account.";

/** The names form's rules for the role: employers also keep a company name. */
export const namesSchemaFor = (role: Account["role"]) =>
  role === "employer" ? EmployerNamesSchema : CandidateNamesSchema;

/** Sets the account's full name (and an employer's company name). Throws ZodError for bad input. */
export async function updateNames(account: Pick<Account, "id" | "role">, input: NamesInput): Promise<Account> {
  const data: NamesInput = namesSchemaFor(account.role).parse(input);
  return transaction(async (tx) => {
    const user = await lockForUpdate(User, { id: account.id });
    if (!user) throw new AccountError(null, NO_ACCOUNT);
    user.fullName = data.full_name;
    if (user.role === "employer" && data.company_name) user.companyName = data.company_name;
    await tx.flush();
    return toAccount(user);
  });
}

/** Whether the account has a password (one made through an identity provider may have none). */
export async function hasPassword(userId: string): Promise<boolean> {
  const user = await em().findOne(User, { id: userId }, { fields: ["passwordHash"] });
  return Boolean(user?.passwordHash);
}

/**
 * Counts a check of the current password as a sign-in attempt from `ip` for the account's email,
 * before the password is verified: TooManySignIns past the limits. The attempt stays a failure
 * unless `passwordConfirmed` marks it a success. Call it outside the change's transaction, so a
 * wrong password (which rolls the change back) still counts.
 */
export const countPasswordAttempt = admitAttempt;

/** Throws AccountError(field, WRONG_PASSWORD) unless `password` matches the stored hash. */
export async function requirePassword(
  passwordHash: string | null | undefined,
  password: string,
  field = "current_password",
): Promise<void> {
  const valid = passwordHash ? await verifyPassword(passwordHash, password) : (await spendVerifyTime(password), false);
  if (!valid) throw new AccountError(field, WRONG_PASSWORD);
}

/** As a successful sign-in: the attempt counts as a success and the account's failures are cleared. */
export async function passwordConfirmed(attemptId: number, email: string): Promise<void> {
  await em().nativeUpdate(SignInAttempt, { id: attemptId }, { succeeded: true });
  await em().nativeDelete(SignInAttempt, { email, succeeded: false });
}

/**
 * Changes the password: the current one is required, the new one follows the sign-up rules. In one
 * transaction, under the account's row lock (so two changes at once apply one after the other, and
 * the second then finds its "current" password wrong): the new argon2id hash, every other session
 * signed out (the one holding `keepToken` stays), outstanding reset links revoked, and the
 * "password changed" notice queued.
 */
export async function changePassword(
  account: Pick<Account, "id" | "email"> & Partial<Pick<Account, "fullName">>,
  input: { current_password?: string; new_password?: string },
  { ip, keepToken }: { ip: string; keepToken: string | null },
): Promise<void> {
  const data = PasswordChangeSchema.parse(input);
  if (data.current_password === data.new_password) {
    throw new AccountError("new_password", "Choose a password different from your current one.");
  }
  const weak = await weakPasswordReason(data.new_password, [account.email, account.fullName]);
  if (weak) throw new AccountError("new_password", weak);
  const attemptId = await countPasswordAttempt(account.email, ip);
  const newHash = await hashPassword(data.new_password);
  await transaction(async (tx) => {
    const user = await lockForUpdate(User, { id: account.id });
    if (!user) throw new AccountError(null, NO_ACCOUNT);
    if (!user.passwordHash)
      throw new AccountError("current_password", "Your account has no password yet: set one under Sign-in methods.");
    await requirePassword(user.passwordHash, data.current_password);
    user.passwordHash = newHash;
    tx.create(AuditEntry, { userId: user.id, action: "account.password-changed", detail: null });
    await tx.flush();
    await endOtherSessions(user.id, keepToken, tx);
    await revokeAccountTokens(user.id, "password-reset", tx);
    await passwordConfirmed(attemptId, user.email);
    await queueSecurityNotice({ kind: "password-changed", to: user.email, name: user.fullName ?? null });
  });
}
