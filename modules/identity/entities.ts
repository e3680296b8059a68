import { defineEntity, p } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";

export const ROLES = ["candidate", "employer"] as const;
export type Role = (typeof ROLES)[number];

// Account and profile in one row: every account has exactly one profile.
const UserSchema = defineEntity({
  name: "User",
  tableName: "users",
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    email: p.string().length(254).unique(),
    passwordHash: p.string().length(255).hidden(),
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
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
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
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(300).nullable(),
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

export const identityEntities = [User, Session, SignInAttempt, AuditEntry];
