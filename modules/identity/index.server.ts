// The identity module's public interface: accounts, sessions, roles and route guards.
import { accountCreatedQueue } from "./accounts.ts";
import { identityCleanupQueue } from "./cleanup.ts";
import { securityNoticeQueue } from "./security-notices.ts";
import { emailChangeLinkQueue } from "./email-change.ts";
import { eraseFilesQueue } from "./account-deletion.ts";
import { passwordResetQueue } from "./password-reset.ts";
import { verificationEmailQueue } from "./email-verification.ts";
import { registerContactLookup } from "../billing-plans/index.server.ts";
import { contactFor } from "./profile.ts";

export { identityEntities, ROLES, type Role } from "./entities.ts";
export { warmPasswordStrength, MIN_PASSWORD_SCORE } from "./password-strength.ts";
export {
  SignUpSchema,
  SignUpFormSchema,
  InvitedSignUpFormSchema,
  SignInSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  ApplicantDetailsSchema,
  OptionalPasswordSchema,
  PASSWORD_MIN_LENGTH,
  type SignUpInput,
} from "./schemas.ts";
export {
  signUp,
  signUpOrNotify,
  signUpInvited,
  hashNewPassword,
  createConfirmedCandidate,
  signIn,
  findAccount,
  findAccountByEmail,
  countAccounts,
  listAccounts,
  setRole,
  setCompanyLogo,
  auditTrail,
  AccountError,
  TooManySignIns,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_WINDOW_MINUTES,
  type Account,
} from "./accounts.ts";
export {
  contactFor,
  emailLanguages,
  setEmailNotifications,
  setWaitingDigest,
  setLanguage,
  publicProfiles,
  updateAvatar,
  removeAvatar,
  type Contact,
  type PublicProfile,
} from "./profile.ts";
export { purgeExpiredSessions, endOtherSessions } from "./sessions.ts";
export { listSessions, endSessionById, describeUserAgent, type SignedInSession } from "./session-list.ts";
export { updateNames, changePassword, hasPassword, namesSchemaFor, WRONG_PASSWORD } from "./settings.ts";
export {
  CandidateNamesSchema,
  EmployerNamesSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
} from "./settings-schemas.ts";
export {
  requestEmailChange,
  resendEmailChange,
  cancelEmailChange,
  pendingEmailChange,
  peekEmailChange,
  confirmEmailChange,
  TooManyEmailLinks,
  type PendingEmailChange,
  type EmailChangeResult,
} from "./email-change.ts";
export {
  issueAccountToken,
  peekAccountToken,
  consumeAccountToken,
  revokeAccountTokens,
  expireAccountTokens,
  TOKEN_PURPOSES,
  type TokenPurpose,
  type TokenHolder,
} from "./tokens.ts";
export {
  identityProviderButtons,
  isIdentityProvider,
  providerLabel,
  startProviderSignIn,
  startProviderLink,
  finishProviderSignIn,
  onboardingIdentity,
  completeOnboarding,
  OnboardingSchema,
  signInMethods,
  unlinkProvider,
  recentProviderSignIn,
  clearFlowCookie,
  onboardingCookie,
  ProviderSignInError,
  ProviderLinkError,
  type ProviderButton,
  type ProviderOutcome,
  type SignInMethods,
} from "./provider-accounts.ts";
export {
  currentUser,
  requireUser,
  requireRole,
  homeFor,
  safeRedirect,
  signInResponse,
  sessionResponse,
  signOutResponse,
  sessionToken,
} from "./guards.ts";
export {
  twoFactorStatus,
  twoFactorEnabled,
  startTwoFactorSetup,
  twoFactorSetup,
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  resetTwoFactor,
  type TwoFactorStatus,
} from "./two-factor.ts";
export {
  answerSecondStep,
  hasPendingSignIn,
  clearSecondStepCookie,
  PENDING_SIGN_IN_MINUTES,
  MAX_WRONG_SECOND_STEPS,
  type SecondStepAnswer,
} from "./two-factor-sign-in.ts";

export {
  queueSecurityNotice,
  securityNoticeEmail,
  SECURITY_NOTICE_KINDS,
  type SecurityNotice,
  type SecurityNoticeKind,
} from "./security-notices.ts";

export {
  registerAccountData,
  type AccountDataHolder,
  type AccountExportPart,
  type AccountRef,
  type ExportedFile,
} from "./account-data.ts";
export { exportAccount, storedImageKey, IDENTITY_EXPORTS } from "./account-export.ts";
export {
  deleteAccount,
  DeletionRefused,
  DELETE_CONFIRMATION,
  type DeletionField,
  type DeletionInput,
} from "./account-deletion.ts";
export { identityCheck, confirmIdentity, CONFIRM_MINUTES, type Confirmation, type IdentityCheck } from "./step-up.ts";

export {
  requestPasswordReset,
  resetLinkAccount,
  resetPassword,
  RESET_LINK_MINUTES,
  RESET_LINKS_PER_HOUR,
} from "./password-reset.ts";
export {
  needsEmailVerification,
  confirmedAccounts,
  checkEmailVerified,
  resendVerificationEmail,
  verificationLinkAccount,
  confirmEmail,
  markEmailVerified,
  VERIFY_LINK_HOURS,
  type EmailVerdict,
} from "./email-verification.ts";

export const identityQueues = [
  accountCreatedQueue,
  identityCleanupQueue,
  securityNoticeQueue,
  emailChangeLinkQueue,
  eraseFilesQueue,
  passwordResetQueue,
  verificationEmailQueue,
];

/** Plugs this module into the hooks of the modules it depends on; wiring.ts calls it once per process. */
export function wireIdentity(): void {
  // billing-plans emails trial reminders; it knows accounts by id only.
  registerContactLookup(contactFor);
}
