// An account whose address was never confirmed is not yet anyone's: signing up needs no
// confirmation, so anyone can make one with another person's address and a password of their own
// (pre-account hijacking). Whoever first proves the address (a provider that verified it, or a
// password reset link) gets the account, and with it nothing its maker set up to get back in.
import type { EntityManager } from "@mikro-orm/postgresql";
import {
  IdentityLink,
  PendingSignIn,
  RecoveryCode,
  Session,
  TwoFactor,
  TOKEN_PURPOSES,
  type User,
} from "./entities.ts";
import { expireAccountTokens } from "./tokens.ts";

export interface ClearedAccess {
  /** The provider ids of the identity links removed. */
  links: string[];
  twoFactor: boolean;
}

/**
 * Removes every way into the never-confirmed account `user` that its maker may have set up: the
 * password, every session and pending sign-in, two-factor with its recovery codes, every identity
 * link, and the outstanding emailed links (a reset, a confirmation, an email change to another
 * address). Call inside the transaction that hands the account over, with the user row locked;
 * the caller sets what proves the new holder (a link, a new password) and marks the address.
 */
export async function clearUnconfirmedAccess(tx: EntityManager, user: User): Promise<ClearedAccess> {
  const links = await tx.find(IdentityLink, { user: user.id });
  const twoFactor = (await tx.count(TwoFactor, { userId: user.id, enabledAt: { $ne: null } })) > 0;
  user.passwordHash = null;
  await tx.flush();
  await tx.nativeDelete(IdentityLink, { user: user.id });
  await tx.nativeDelete(Session, { user: user.id });
  await tx.nativeDelete(PendingSignIn, { user: user.id });
  await tx.nativeDelete(RecoveryCode, { user: user.id });
  await tx.nativeDelete(TwoFactor, { userId: user.id });
  // Expired rather than deleted, so they still count towards the hourly limits on sending them.
  for (const purpose of TOKEN_PURPOSES) await expireAccountTokens(user.id, purpose, tx);
  return { links: links.map((l) => l.provider), twoFactor };
}
