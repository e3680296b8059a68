// A remix-auth 4 Strategy over openid-client 6 (a certified OpenID relying party): discovery, PKCE
// (S256), state and nonce, the RFC 9207 `iss` response parameter, and the ID token's signature
// (JWKS), issuer, audience, expiry and nonce, all checked by openid-client. The state, nonce and
// verifier stay on the server (identity_flows); the browser holds only a random handle in a cookie,
// used once. Discovery happens on the first sign-in and is retried after a failure, so a provider
// that is down when the app starts stops nothing (stack notes §1.2).
import * as oidc from "openid-client";
import { Strategy } from "remix-auth/strategy";
import { createCookie, redirect } from "@remix-run/node";
import { config } from "../../lib/config.ts";
import { saveFlow, takeFlow } from "./provider-flows.ts";

/** Why a sign-in with a provider stopped; the routes turn each into a sentence. */
export type ProviderFailure = "expired" | "cancelled" | "refused" | "unreachable" | "invalid";

export class ProviderSignInError extends Error {
  readonly reason: ProviderFailure;
  constructor(reason: ProviderFailure, cause?: unknown) {
    super(`sign-in with the provider stopped: ${reason}`, { cause });
    this.name = "ProviderSignInError";
    this.reason = reason;
  }
}

/**
 * What the browser asked for when it set off: sign in, or for the signed-in `userId` connect a
 * provider ("link") or confirm who they are ("confirm"), then go to `redirectTo`.
 */
export interface FlowContext {
  userId: string | null;
  purpose?: "link" | "confirm" | null;
  /** For "link" and "confirm": the stored digest of the session that set off (step-up.ts). */
  sessionId?: string | null;
  redirectTo: string | null;
  plan: string | null;
}

/** The person as the provider vouches for them, after every check passed. */
export interface ProviderIdentity {
  provider: string;
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  context: FlowContext;
}

export interface OidcStrategyOptions {
  /** The configured provider id: the strategy's name in the Authenticator and in /auth/oidc/{id}. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Must equal a redirect_uri registered at the provider, character for character. */
  redirectUri: string;
  /** The issuer is http://127.0.0.1 or localhost (tests, the development provider). */
  allowHttp: boolean;
  /** Read when the sign-in starts; handed back with the identity at the callback. */
  context(request: Request): Promise<FlowContext>;
}

type Pending = { state: string; nonce: string; verifier: string; context: FlowContext };

const FLOW_MINUTES = 10;

// One cookie for every provider: a browser has one sign-in in progress at a time.
// SameSite=Lax, not Strict: it must come along on the provider's cross-site redirect back.
export const flowCookie = createCookie("__oidc_flow", {
  httpOnly: true,
  sameSite: "lax",
  path: "/auth/oidc",
  secure: config().cookieSecure,
  maxAge: FLOW_MINUTES * 60,
});

export class OidcStrategy extends Strategy<
  ProviderIdentity,
  { claims: oidc.IDToken; userInfo: () => Promise<oidc.UserInfoResponse>; context: FlowContext }
> {
  name: string;
  private options: OidcStrategyOptions; // no parameter properties: Node's type stripping rejects them
  private config?: Promise<oidc.Configuration>;

  constructor(options: OidcStrategyOptions) {
    super(async ({ claims, userInfo, context }) => identityFrom(options.name, claims, userInfo, context));
    this.options = options;
    this.name = options.name;
  }

  /** Discovery once per process; a failure is forgotten so the next sign-in tries again. */
  private configuration(): Promise<oidc.Configuration> {
    this.config ??= oidc
      .discovery(
        new URL(this.options.issuer),
        this.options.clientId,
        { redirect_uris: [this.options.redirectUri] },
        oidc.ClientSecretBasic(this.options.clientSecret),
        { timeout: 10, ...(this.options.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}) },
      )
      .catch((error: unknown) => {
        this.config = undefined;
        throw error;
      });
    return this.config;
  }

  async authenticate(request: Request): Promise<ProviderIdentity> {
    const incoming = new URL(request.url);
    const callback = incoming.pathname.endsWith("/callback");
    if (!callback) {
      // Step 1: remember state, nonce and verifier here, and send the browser to the provider.
      const config = await this.configuration().catch((error) => {
        throw new ProviderSignInError("unreachable", error);
      });
      const pending: Pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        context: await this.options.context(request),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: this.options.redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
        state: pending.state,
        nonce: pending.nonce,
      });
      const handle = await saveFlow("authorize", this.name, pending.context.userId, pending, FLOW_MINUTES);
      throw redirect(url.href, { headers: { "Set-Cookie": await flowCookie.serialize(handle) } });
    }

    // Step 2: the provider sent the browser back with ?code&state&iss (or ?error). The flow is used
    // up first, so a replayed or second callback finds nothing.
    const handle = await flowCookie.parse(request.headers.get("Cookie"));
    const flow = typeof handle === "string" ? await takeFlow(handle, "authorize") : null;
    if (!flow || flow.provider !== this.name) throw new ProviderSignInError("expired");
    const pending = flow.data as Pending;
    const config = await this.configuration().catch((error) => {
      throw new ProviderSignInError("unreachable", error);
    });
    // Rebuilt from the configured redirect URI: behind a proxy request.url may name an internal
    // host, and openid-client sends this URL (minus its query) as redirect_uri.
    const current = new URL(this.options.redirectUri);
    current.search = incoming.search;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new ProviderSignInError(classify(error), error);
    }
    const claims = tokens.claims();
    if (!claims) throw new ProviderSignInError("invalid");
    const userInfo = () => oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return this.verify({ claims, userInfo, context: pending.context });
  }
}

function classify(error: unknown): ProviderFailure {
  if (error instanceof oidc.AuthorizationResponseError)
    return error.error === "access_denied" ? "cancelled" : "refused";
  if (error instanceof oidc.ResponseBodyError) return "refused";
  // fetch() failing to connect, or openid-client's timeout.
  if (error instanceof TypeError || (error instanceof DOMException && error.name === "TimeoutError"))
    return "unreachable";
  return "invalid";
}

/** The ID token's claims; IdPs that leave the email out of it (oidc-provider by default) answer userinfo. */
async function identityFrom(
  provider: string,
  claims: oidc.IDToken,
  userInfo: () => Promise<oidc.UserInfoResponse>,
  context: FlowContext,
): Promise<ProviderIdentity> {
  if (claims.sub.length > 255 || claims.iss.length > 300) throw new ProviderSignInError("invalid");
  let source: Record<string, unknown> = claims;
  if (typeof claims.email !== "string") {
    try {
      source = await userInfo();
    } catch (error) {
      throw new ProviderSignInError(classify(error), error);
    }
  }
  const email = typeof source.email === "string" ? source.email.trim().toLowerCase() : "";
  const usable = email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email);
  const name =
    typeof source.name === "string"
      ? source.name.trim().slice(0, 120)
      : typeof claims.name === "string"
        ? claims.name.trim().slice(0, 120)
        : "";
  return {
    provider,
    issuer: claims.iss,
    subject: claims.sub,
    email: usable ? email : null,
    emailVerified: usable && source.email_verified === true,
    name: name || null,
    context,
  };
}
