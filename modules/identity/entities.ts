import { defineEntity, p } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";

export const ROLES = ["candidate", "employer"] as const;
export type Role = (typeof ROLES)[number];

// Account and profile in one row: every account has exactly one profile.
const UserSchema = defineEntity({
  name: "User",
  tableName: "users",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    email: p.string().length(254).unique(),
    // Null for an account made through an identity provider (it signs in there; identity_links).
    passwordHash: p.string().length(255).hidden().nullable(),
    role: p.enum([...ROLES]).default("candidate"),
    fullName: p.string().length(120).nullable(),
    companyName: p.string().length(160).nullable(),
    // A candidate's photo: the address of the stored, re-encoded image.
    avatarUrl: p.string().length(500).nullable(),
    // An employer's company logo: the address of the stored, re-encoded image.
    companyLogo: p.string().length(500).nullable(),
    // The plan named by the sign-up link (?plan=...), kept as the visitor chose it.
    signupPlan: p.string().length(40).nullable(),
    // The application emails (new applications, status changes); turned off on /account.
    emailNotifications: p.boolean().default(true),
    // An employer's weekly digest of applicants waiting 14+ days (applications' waiting-digest.ts).
    waitingDigest: p.boolean().default(true),
    // The language chosen on /account ("en", "de"; decision 090); null: the browser's.
    language: p.string().length(8).nullable(),
    // When the account proved it receives mail at `email` (null: not yet; see tokens.ts).
    emailVerifiedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

// A signed-in browser. The cookie holds a random token; only its SHA-256 is stored.
const SessionSchema = defineEntity({
  name: "Session",
  tableName: "sessions",
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule("cascade").index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime().index(),
    // Moved forward at most once a minute as the session is used (the sessions list on /account).
    lastActiveAt: p.datetime().nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(300).nullable(),
    // The last identity-provider sign-in completed in this session (step-up.ts).
    providerConfirmedAt: p.datetime().nullable(),
  },
});
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);

// Every sign-in attempt, for rate limiting by account and by address.
const SignInAttemptSchema = defineEntity({
  name: "SignInAttempt",
  tableName: "sign_in_attempts",
  indexes: [{ properties: ["email", "attemptedAt"] }, { properties: ["ip", "attemptedAt"] }],
  properties: {
    id: p.integer().primary(),
    email: p.string().length(254),
    ip: p.string().length(64),
    succeeded: p.boolean(),
    // "password", or "code": a second-step code (two-factor-sign-in.ts), which a right password does not clear.
    kind: p.string().length(16).default("password"),
    attemptedAt: p.datetime(),
  },
});
export class SignInAttempt extends SignInAttemptSchema.class {}
SignInAttemptSchema.setClass(SignInAttempt);

// What happened to an account, written by background jobs and the CLI.
const AuditEntrySchema = defineEntity({
  name: "AuditEntry",
  tableName: "audit_entries",
  properties: {
    id: p.integer().primary(),
    userId: p.uuid().nullable().index(),
    action: p.string().length(80),
    detail: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AuditEntry extends AuditEntrySchema.class {}
AuditEntrySchema.setClass(AuditEntry);

// A single-use link sent by email (modules/identity/tokens.ts); only the token's SHA-256 is kept.
export const TOKEN_PURPOSES = ["password-reset", "email-verification", "email-change"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const AccountTokenSchema = defineEntity({
  name: "AccountToken",
  tableName: "account_tokens",
  indexes: [{ properties: ["user", "purpose", "createdAt"] }],
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule("cascade"),
    purpose: p.enum([...TOKEN_PURPOSES]),
    // The address the link was sent to: a reset or verification is only good for that address,
    // an email change sets the account's address to it.
    email: p.string().length(254),
    // Where a sign-up confirmation leads once used: the page the person was on (a path on this site).
    returnTo: p.string().length(1000).nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});
export class AccountToken extends AccountTokenSchema.class {}
AccountTokenSchema.setClass(AccountToken);

// Two-factor sign-in (two-factor.ts). The authenticator secret is sealed (AES-256-GCM, the user id
// as associated data), never hashed: codes are computed from it. `pendingSecret` is one being set
// up until its first code confirms it; `lastStep` the time step of the last code used (each code
// is good once); `checkFailures` the wrong codes typed on the account page since `checkFailuresSince`.
const TwoFactorSchema = defineEntity({
  name: "TwoFactor",
  tableName: "two_factor",
  properties: {
    userId: p.uuid().primary(),
    secret: p.string().length(200).nullable(),
    pendingSecret: p.string().length(200).nullable(),
    lastStep: p.integer().nullable(),
    enabledAt: p.datetime().nullable(),
    checkFailures: p.integer().default(0),
    checkFailuresSince: p.datetime().nullable(),
    // When the owner was last told that wrong sign-in codes stopped the second step (once per window).
    lockNoticeAt: p.datetime().nullable(),
  },
});
export class TwoFactor extends TwoFactorSchema.class {}
TwoFactorSchema.setClass(TwoFactor);

// A recovery code, by its SHA-256; used up by deleting the row.
const RecoveryCodeSchema = defineEntity({
  name: "RecoveryCode",
  tableName: "two_factor_recovery_codes",
  uniques: [{ properties: ["user", "codeHash"] }],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule("cascade"),
    codeHash: p.string().length(64),
    createdAt: p.datetime(),
  },
});
export class RecoveryCode extends RecoveryCodeSchema.class {}
RecoveryCodeSchema.setClass(RecoveryCode);

// A sign-in waiting for its second step (two-factor-sign-in.ts): the browser holds a random token
// in its own cookie, the row its SHA-256, where to go after, and the session's details.
const PendingSignInSchema = defineEntity({
  name: "PendingSignIn",
  tableName: "pending_sign_ins",
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule("cascade").index(),
    redirectTo: p.string().length(2000),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(300).nullable(),
    failures: p.integer().default(0),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
});
export class PendingSignIn extends PendingSignInSchema.class {}
PendingSignInSchema.setClass(PendingSignIn);

// A person's account at an OpenID Connect provider, linked to a Hirewise account. Keyed by the
// provider's (issuer, subject), never by email; one link per provider per account.
const IdentityLinkSchema = defineEntity({
  name: "IdentityLink",
  tableName: "identity_links",
  uniques: [{ properties: ["issuer", "subject"] }, { properties: ["user", "issuer"] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule("cascade"),
    // The configured provider id (OIDC_PROVIDERS, "google"), for its label and Unlink.
    provider: p.string().length(30),
    issuer: p.string().length(300),
    subject: p.string().length(255),
    // The address the provider gave when the link was made (shown on Sign-in methods).
    email: p.string().length(254).nullable(),
    createdAt: p.datetime(),
    // Every completed sign-in through this link: account deletion accepts a recent one instead of a password.
    lastSignInAt: p.datetime(),
  },
});
export class IdentityLink extends IdentityLinkSchema.class {}
IdentityLinkSchema.setClass(IdentityLink);

// A sign-in with a provider in progress, held on the server; the browser holds a random handle to
// it in a cookie, and only the handle's SHA-256 is stored. "authorize": between the redirect to the
// provider and its callback (state, nonce, PKCE verifier). "onboarding": a new person between the
// callback and choosing a role (the verified identity). Each is used once (DELETE … RETURNING).
export const IDENTITY_FLOW_KINDS = ["authorize", "onboarding"] as const;
const IdentityFlowSchema = defineEntity({
  name: "IdentityFlow",
  tableName: "identity_flows",
  properties: {
    id: p.string().length(64).primary(),
    kind: p.enum([...IDENTITY_FLOW_KINDS]),
    provider: p.string().length(30),
    // "authorize" while connecting a provider to a signed-in account: that account.
    user: () => p.manyToOne(User).deleteRule("cascade").nullable(),
    data: p.json<Record<string, unknown>>(),
    expiresAt: p.datetime().index(),
  },
});
export class IdentityFlow extends IdentityFlowSchema.class {}
IdentityFlowSchema.setClass(IdentityFlow);

export const identityEntities = [
  User,
  Session,
  SignInAttempt,
  AuditEntry,
  AccountToken,
  TwoFactor,
  RecoveryCode,
  PendingSignIn,
  IdentityLink,
  IdentityFlow,
];
