// The identity module's public interface: accounts, sessions, roles and route guards.
import { accountCreatedQueue } from "./accounts.ts";
import { identityCleanupQueue } from "./sessions.ts";

export { identityEntities, ROLES, type Role } from "./entities.ts";
export { SignUpSchema, SignInSchema, PASSWORD_MIN_LENGTH, type SignUpInput } from "./schemas.ts";
export {
  signUp,
  signIn,
  findAccount,
  findAccountByEmail,
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
  setEmailNotifications,
  publicProfiles,
  updateAvatar,
  removeAvatar,
  type Contact,
  type PublicProfile,
} from "./profile.ts";
export { purgeExpiredSessions } from "./sessions.ts";
export {
  currentUser,
  requireUser,
  requireRole,
  homeFor,
  safeRedirect,
  signInResponse,
  signOutResponse,
} from "./guards.ts";

export const identityQueues = [accountCreatedQueue, identityCleanupQueue];
