// Sign-in with OpenID Connect providers: the remix-auth Authenticator with one OidcStrategy per
// configured provider, and the linking rules (docs/decisions/033-sign-in-with-identity-providers.md).
// A provider identity is (issuer, subject), never an email. A known identity signs its account in;
// a verified email that matches an account links to it (an account that never confirmed that
// address is first cleared of every other way in); an unverified one never does; anyone else
// chooses a role on /auth/onboarding first. Sessions are only ever made by signInResponse.
import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { z } from "zod";
import { config } from "../../lib/config.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { enqueue } from "../../lib/queue.ts";
import { now } from "../../lib/clock.ts";
import { addressKey, enforceQuota } from "../../lib/quotas.ts";
import { startSubscription } from "../billing-plans/index.server.ts";
import { AuditEntry, IdentityLink, ROLES, User } from "./entities.ts";
import { ACCOUNT_CREATED_QUEUE, AccountError, toAccount, type Account } from "./accounts.ts";
import { currentUser, safeRedirect, sessionToken } from "./guards.ts";
import {
  flowCookie,
  OidcStrategy,
  ProviderSignInError,
  type FlowContext,
  type ProviderIdentity,
} from "./oidc-strategy.ts";
import { peekFlow, saveFlow, takeFlow } from "./provider-flows.ts";
import { queueSecurityNotice } from "./security-notices.ts";
import { clearUnconfirmedAccess } from "./unconfirmed-accounts.ts";
import { sessionDigest } from "./sessions.ts";
import { confirmIdentity, markProviderConfirmed, type Confirmation } from "./step-up.ts";

export { ProviderSignInError } from "./oidc-strategy.ts";

const ONBOARDING_MINUTES = 30;

/** Holds the handle of a new person's verified identity between the callback and /auth/onboarding. */
export const onboardingCookie = createCookie("__oidc_onboarding", {
  httpOnly: true,
  sameSite: "lax",
  // Not "/auth/onboarding": with JavaScript the form posts to /auth/onboarding.data, outside that path.
  path: "/auth",
  secure: config().cookieSecure,
  maxAge: ONBOARDING_MINUTES * 60,
});

/** A rule refused the sign-in or the link; the message is for the person. */
export class ProviderLinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderLinkError";
  }
}

export interface ProviderButton {
  id: string;
  label: string;
}

/** The configured providers, for the "Continue with …" links. */
export function identityProviderButtons(): ProviderButton[] {
  return config().identityProviders.map(({ id, label }) => ({ id, label }));
}

export function providerLabel(id: string): string {
  return config().identityProviders.find((p) => p.id === id)?.label ?? id.charAt(0).toUpperCase() + id.slice(1);
}

let authenticator: Authenticator<ProviderIdentity> | undefined;

function providerAuthenticator(): Authenticator<ProviderIdentity> {
  if (authenticator) return authenticator;
  const settings = config();
  const auth = new Authenticator<ProviderIdentity>();
  for (const provider of settings.identityProviders) {
    auth.use(
      new OidcStrategy({
        name: provider.id,
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        redirectUri: `${settings.publicUrl.replace(/\/$/, "")}/auth/oidc/${provider.id}/callback`,
        allowHttp: provider.allowHttp,
        context: flowContext,
      }),
      provider.id,
    );
  }
  authenticator = auth;
  return auth;
}

// Connecting a provider is set off by startProviderLink only, once the person confirmed who they
// are: the request it makes carries a one-time random key to its context here (remix-auth hands
// the strategy a copy of the request, so the request itself cannot be the key).
const approvedLinks = new Map<string, FlowContext>();
const APPROVED_LINK = "x-approved-link";

// ?intent=confirm signs the signed-in account in again with a provider it is connected to, in this
// session (step-up.ts); ?redirect and ?plan come from /auth.
async function flowContext(request: Request): Promise<FlowContext> {
  const key = request.headers.get(APPROVED_LINK);
  const approved = key ? approvedLinks.get(key) : undefined;
  if (key) approvedLinks.delete(key);
  if (approved) return approved;
  const params = new URL(request.url).searchParams;
  const user = params.get("intent") === "confirm" ? await currentUser(request) : null;
  const token = user ? await sessionToken(request) : null;
  const plan = params.get("plan")?.trim().toLowerCase().slice(0, 40);
  return {
    userId: user?.id ?? null,
    purpose: user ? "confirm" : null,
    sessionId: token ? sessionDigest(token) : null,
    redirectTo: safeRedirect(params.get("redirect"), "") || null,
    plan: plan && /^[a-z0-9-]+$/.test(plan) ? plan : null,
  };
}

/**
 * Connecting a provider to the signed-in account: confirmIdentity first (AccountError beside the
 * field, TooManySignIns), then the browser goes to the provider (throws the redirect), bound to
 * this session. Throws ProviderSignInError("unreachable"), QuotaExceededError as startProviderSignIn.
 */
export async function startProviderLink(request: Request, providerId: string, proof: Confirmation): Promise<never> {
  const user = await currentUser(request);
  if (!user || !proof.sessionToken) throw new ProviderSignInError("expired");
  await confirmIdentity(user.id, proof);
  const key = randomBytes(32).toString("base64url");
  approvedLinks.set(key, {
    userId: user.id,
    purpose: "link",
    sessionId: sessionDigest(proof.sessionToken),
    redirectTo: null,
    plan: null,
  });
  // The strategy's first step, as a GET of the provider's path (the POST's body is already read).
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("content-type");
  headers.set(APPROVED_LINK, key);
  try {
    return await startProviderSignIn(
      new Request(new URL(`/auth/oidc/${providerId}`, request.url), { headers }),
      providerId,
      proof.ip,
    );
  } finally {
    approvedLinks.delete(key);
  }
}

export function isIdentityProvider(id: string): boolean {
  return config().identityProviders.some((p) => p.id === id);
}

/**
 * Sends the browser to the provider (throws the redirect). Throws ProviderSignInError("unreachable"),
 * or QuotaExceededError past the client address's sign-ins for the hour (each stores a flow).
 */
export async function startProviderSignIn(request: Request, providerId: string, address?: string): Promise<never> {
  if (address !== undefined) await enforceQuota("provider-sign-ins", addressKey(address));
  await providerAuthenticator().authenticate(providerId, request);
  throw new Error("the strategy answers the first step with a redirect");
}

export type ProviderOutcome =
  | { kind: "signed-in"; account: Account; redirectTo: string | null }
  | { kind: "onboarding"; handle: string }
  | { kind: "connected"; label: string; redirectTo: string | null }
  | { kind: "confirmed"; label: string; redirectTo: string | null };

/**
 * The provider's callback: checks the answer (ProviderSignInError when it fails), then applies the
 * linking rules (ProviderLinkError when they refuse).
 */
export async function finishProviderSignIn(request: Request, providerId: string): Promise<ProviderOutcome> {
  const identity = await providerAuthenticator().authenticate(providerId, request);
  const label = providerLabel(providerId);
  const { userId, purpose, sessionId } = identity.context;
  if (userId) {
    // Connecting or confirming: the browser must still be in the very session that asked.
    const user = await currentUser(request);
    const token = await sessionToken(request);
    if (user?.id !== userId || !purpose || !token || sessionDigest(token) !== sessionId)
      throw new ProviderSignInError("expired");
    const known = await connect(user.id, identity, label, purpose);
    // A sign-in with a provider already connected confirms the owner in this session; a new one does not.
    if (known) await markProviderConfirmed(user.id, sessionDigest(token));
    return {
      kind: purpose === "confirm" ? ("confirmed" as const) : ("connected" as const),
      label,
      redirectTo: identity.context.redirectTo,
    };
  }
  try {
    return await transaction(async (tx) => {
      const link = await tx.findOne(
        IdentityLink,
        { issuer: identity.issuer, subject: identity.subject },
        { populate: ["user"] },
      );
      if (link) {
        link.lastSignInAt = now();
        await tx.flush();
        return { kind: "signed-in" as const, account: toAccount(link.user), redirectTo: identity.context.redirectTo };
      }
      if (!identity.email)
        throw new ProviderLinkError(
          `${label} did not share your email address, so we cannot sign you in with it. Sign in with your email and password instead.`,
        );
      // Locked: a password reset or an unlink of this account waits for the link, or it for them.
      const user = await lockForUpdate(User, { email: identity.email });
      if (!user) {
        const handle = await saveFlow("onboarding", identity.provider, null, { ...identity }, ONBOARDING_MINUTES, tx);
        return { kind: "onboarding" as const, handle };
      }
      if (!identity.emailVerified) {
        throw new ProviderLinkError(
          `An account with ${identity.email} already exists, but ${label} has not verified that address, so we cannot connect them. Sign in with your password, then connect ${label} from Account → Sign-in methods.`,
        );
      }
      const claimed = !user.emailVerifiedAt;
      if (claimed) {
        // Nobody proved this address before the provider did: whoever made the account may not be
        // its owner, so nothing they set up to get in survives (unconfirmed-accounts.ts).
        await clearUnconfirmedAccess(tx, user);
        user.emailVerifiedAt = now();
        tx.create(AuditEntry, { userId: user.id, action: "account.claimed", detail: { provider: identity.provider } });
      }
      await addLink(tx, user, identity, claimed ? "account-claimed" : "sign-in-method-added");
      return { kind: "signed-in" as const, account: toAccount(user), redirectTo: identity.context.redirectTo };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ProviderLinkError(
        `Your account is already connected to another ${label} account. Sign in with that one, or with your password.`,
      );
    throw error;
  }
}

/** Connects the identity ("link"), or only finds it ("confirm"); true when it was already connected. */
async function connect(
  userId: string,
  identity: ProviderIdentity,
  label: string,
  purpose: "link" | "confirm",
): Promise<boolean> {
  try {
    return await transaction(async (tx) => {
      const existing = await tx.findOne(
        IdentityLink,
        { issuer: identity.issuer, subject: identity.subject },
        { populate: ["user"] },
      );
      if (existing && existing.user.id === userId) {
        existing.lastSignInAt = now();
        await tx.flush();
        return true;
      }
      if (existing)
        throw new ProviderLinkError(`This ${label} account is already connected to another Hirewise account.`);
      if (purpose === "confirm")
        throw new ProviderLinkError(
          `This ${label} account is not connected to your Hirewise account. Confirm with the ${label} account you sign in with.`,
        );
      const user = await tx.findOneOrFail(User, { id: userId });
      await addLink(tx, user, identity, "sign-in-method-added");
      return false;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ProviderLinkError(`Your account is already connected to another ${label} account. Unlink it first.`);
    throw error;
  }
}

/** Links the identity; `notice`: the security notice it sends (none for an account it creates). */
async function addLink(
  tx: ReturnType<typeof em>,
  user: User,
  identity: ProviderIdentity,
  notice: "sign-in-method-added" | "account-claimed" | null,
): Promise<void> {
  const at = now();
  tx.create(IdentityLink, {
    user,
    provider: identity.provider,
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    createdAt: at,
    lastSignInAt: at,
  });
  tx.create(AuditEntry, {
    userId: user.id,
    action: "account.provider-linked",
    detail: { provider: identity.provider },
  });
  await tx.flush();
  if (notice)
    await queueSecurityNotice({
      kind: notice,
      to: user.email,
      name: user.fullName ?? null,
      provider: providerLabel(identity.provider),
    });
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

/** What /auth/onboarding shows: the identity waiting for a role, or null when gone or expired. */
export async function onboardingIdentity(
  handle: unknown,
): Promise<{ email: string; name: string | null; label: string } | null> {
  const flow = await peekFlow(handle, "onboarding");
  if (!flow) return null;
  const identity = flow.data as unknown as ProviderIdentity;
  return { email: identity.email ?? "", name: identity.name, label: providerLabel(flow.provider) };
}

export const OnboardingSchema = z
  .object({
    role: z.enum(ROLES, { errorMap: () => ({ message: "Choose candidate or employer" }) }),
    full_name: z.string().trim().max(120, "Use at most 120 characters").optional(),
    company_name: z.string().trim().max(160, "Use at most 160 characters").optional(),
    accept: z.literal("yes", { errorMap: () => ({ message: "Tick the box to create your account" }) }),
  })
  .superRefine((value, ctx) => {
    if (value.role === "employer" && !value.company_name)
      ctx.addIssue({ code: "custom", path: ["company_name"], message: "Enter your company name" });
  });

/**
 * Creates the account for the identity waiting under `handle`, without a password, linked to the
 * provider, and uses the handle up (a second submission finds nothing). Throws ProviderLinkError
 * when the handle is gone, AccountError("email") when the address was taken meanwhile.
 */
export async function completeOnboarding(
  handle: unknown,
  input: z.output<typeof OnboardingSchema>,
  address?: string,
): Promise<{ account: Account; redirectTo: string | null }> {
  if (address !== undefined) await enforceQuota("signups", addressKey(address));
  const gone = () =>
    new ProviderLinkError("This sign-up has expired. Continue with your provider again to start over.");
  try {
    return await transaction(async (tx) => {
      const flow = await takeFlow(handle, "onboarding", tx);
      if (!flow) throw gone();
      const identity = flow.data as unknown as ProviderIdentity;
      if (!identity.email) throw gone();
      if (await tx.count(User, { email: identity.email })) {
        throw new AccountError("email", "An account with this email already exists. Sign in instead.");
      }
      const user = tx.create(User, {
        email: identity.email,
        passwordHash: null,
        role: input.role,
        fullName: input.full_name || identity.name || null,
        companyName: input.role === "employer" ? (input.company_name ?? null) : null,
        signupPlan: identity.context.plan,
        avatarUrl: null,
        companyLogo: null,
        emailVerifiedAt: identity.emailVerified ? now() : null,
      });
      await tx.flush();
      await startSubscription(user.id, input.role, identity.context.plan);
      // A new account: its creation is the news, and the address gets its own email (a confirmation).
      await addLink(tx, user, identity, null);
      await enqueue(ACCOUNT_CREATED_QUEUE, { userId: user.id });
      return { account: toAccount(user), redirectTo: identity.context.redirectTo };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AccountError("email", "An account with this email already exists. Sign in instead.");
    throw error;
  }
}

export interface SignInMethods {
  hasPassword: boolean;
  links: { id: string; provider: string; label: string; email: string | null; createdAt: string }[];
  /** Configured providers the account is not connected to. */
  available: ProviderButton[];
}

export async function signInMethods(userId: string): Promise<SignInMethods> {
  const [user, links] = await Promise.all([
    em().findOneOrFail(User, { id: userId }),
    em().find(IdentityLink, { user: userId }, { orderBy: { createdAt: "asc" } }),
  ]);
  const issuers = new Set(links.map((l) => l.issuer));
  return {
    hasPassword: Boolean(user.passwordHash),
    links: links.map((l) => ({
      id: l.id,
      provider: l.provider,
      label: providerLabel(l.provider),
      email: l.email ?? null,
      createdAt: l.createdAt.toISOString(),
    })),
    available: config()
      .identityProviders.filter((p) => !issuers.has(p.issuer) && !links.some((l) => l.provider === p.id))
      .map(({ id, label }) => ({ id, label })),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes one of the account's links after confirmIdentity; returns its provider id, or null when
 * the account has no such link (someone else's id reads the same). Refuses (AccountError) to
 * remove the last way in.
 */
export async function unlinkProvider(userId: string, linkId: string, proof: Confirmation): Promise<string | null> {
  if (!UUID.test(linkId)) return null;
  if (!(await em().count(IdentityLink, { id: linkId, user: userId }))) return null;
  await confirmIdentity(userId, proof);
  return transaction(async (tx) => {
    // Locks the account row: two unlinks at once cannot both see "another way in" and remove both.
    const [row] = await tx.execute<{ password_hash: string | null }[]>(
      `select "password_hash" from "users" where "id" = ? for update`,
      [userId],
    );
    if (!row) return null;
    const link = await tx.findOne(IdentityLink, { id: linkId, user: userId });
    if (!link) return null;
    const others = await tx.count(IdentityLink, { user: userId, id: { $ne: linkId } });
    const label = providerLabel(link.provider);
    if (!row.password_hash && others === 0) {
      throw new AccountError(
        null,
        `${label} is the only way you sign in. Set a password or connect another provider before you unlink it.`,
      );
    }
    tx.remove(link);
    tx.create(AuditEntry, { userId, action: "account.provider-unlinked", detail: { provider: link.provider } });
    await tx.flush();
    const user = await tx.findOneOrFail(User, { id: userId });
    await queueSecurityNotice({
      kind: "sign-in-method-removed",
      to: user.email,
      name: user.fullName ?? null,
      provider: label,
    });
    return link.provider;
  });
}

/**
 * Whether the account completed a sign-in with any linked provider in the last `withinMinutes`:
 * for confirming a sensitive step (deleting the account) when the account has no password.
 */
export async function recentProviderSignIn(userId: string, withinMinutes: number): Promise<boolean> {
  const since = new Date(now().getTime() - withinMinutes * 60_000);
  return (await em().count(IdentityLink, { user: userId, lastSignInAt: { $gte: since } })) > 0;
}

/** A Set-Cookie value that removes the sign-in-in-progress cookie; sent with every callback answer. */
export function clearFlowCookie(): Promise<string> {
  return flowCookie.serialize("", { maxAge: 0 });
}
