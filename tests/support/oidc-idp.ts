// A real OpenID Provider for tests and local development: oidc-provider (panva) with its built-in
// login form, the in-memory adapter, one confidential client and a signing key made at start.
// Nothing here is production configuration (stack notes §1.3).
//
// Who signs in is what you type as "login" in the provider's form (any password):
//   ada, bo                      the demo people (bo's email is NOT verified)
//   someone@example.com          that email, verified
//   unverified:someone@x.com     that email, not verified
//   anything-else                anything-else@example.test, verified ("unverified-…": not verified)
// The login is also the subject (`sub`), so the same login is the same person every time.
import http from "node:http";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import { exportJWK, generateKeyPair } from "jose";
import type { CookieBrowser } from "./cookie-browser.ts";

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The app's environment for this provider under `id` (OIDC_PROVIDERS=id and its settings). */
  env(id?: string, label?: string): Record<string, string>;
  close(): Promise<void>;
}

const DEMO: Record<string, { email: string; email_verified: boolean; name: string }> = {
  ada: { email: "ada@example.test", email_verified: true, name: "Ada Lovelace" },
  bo: { email: "bo@example.test", email_verified: false, name: "Bo Unverified" },
};

export function personFor(login: string): { email: string; email_verified: boolean; name: string } {
  const demo = DEMO[login];
  if (demo) return demo;
  if (login.startsWith("unverified:"))
    return { email: login.slice("unverified:".length), email_verified: false, name: "Test Person" };
  if (login.includes("@")) return { email: login, email_verified: true, name: "Test Person" };
  const name = login.replace(/[-_.]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  return { email: `${login}@example.test`, email_verified: !login.startsWith("unverified-"), name };
}

const isLoopbackCallback = (value: string) => {
  try {
    const url = new URL(value);
    return (
      url.protocol === "http:" &&
      ["127.0.0.1", "localhost"].includes(url.hostname) &&
      url.pathname.endsWith("/callback")
    );
  } catch {
    return false;
  }
};

export async function startTestIdp(
  options: {
    /** 0 (the default): a free port. */
    port?: number;
    clientId?: string;
    clientSecret?: string;
    /** true: email and email_verified in the ID token, as Google does; false (the default): only from userinfo. */
    emailInIdToken?: boolean;
  } = {},
): Promise<TestIdp> {
  const clientId = options.clientId ?? "hirewise";
  // "+" and "%" must be form-encoded in client_secret_basic (stack notes trap 5).
  const clientSecret = options.clientSecret ?? "test-secret+with%chars";
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`; // no trailing slash: it must equal `iss` exactly
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: "test-key-1", use: "sig", alg: "RS256" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: ["http://127.0.0.1/auth/oidc/test/callback"], // any loopback …/callback is allowed below
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["test-idp-cookie-key"] },
    pkce: { required: () => true },
    conformIdTokenClaims: !options.emailInIdToken,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    // A first-party client: no consent screen, the login is enough.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) return p.Grant.find(existing);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, ...personFor(id) };
        },
      };
    },
  });
  // The app's port is only known once it starts: accept any loopback callback.
  (provider.Client.prototype as { redirectUriAllowed(value: string): boolean }).redirectUriAllowed = isLoopbackCallback;
  provider.on("server_error", (_ctx, err) => console.error("[test idp] server_error", err));
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    env(id = "testidp", label = "Test ID") {
      const key = `OIDC_${id.toUpperCase().replace(/-/g, "_")}`;
      return {
        OIDC_PROVIDERS: id,
        [`${key}_ISSUER`]: issuer,
        [`${key}_CLIENT_ID`]: clientId,
        [`${key}_CLIENT_SECRET`]: clientSecret,
        [`${key}_LABEL`]: label,
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts a provider sign-in at `appBase + path` in `browser`, logs in at the test provider as
 * `login`, and returns the app's callback address the provider sends the browser to (not yet requested).
 */
export async function throughTestIdp(
  browser: { follow: CookieBrowser["follow"]; submitForm: CookieBrowser["submitForm"] },
  appBase: string,
  idp: TestIdp,
  login: string,
  path = "/auth/oidc/testidp",
  init: RequestInit = {},
): Promise<URL> {
  const isCallback = (url: URL) => url.origin === appBase && url.pathname.endsWith("/callback");
  const page = await browser.follow(appBase + path, init);
  if (page.url.origin !== idp.issuer) throw new Error(`${path} led to ${page.url}, not the provider`);
  const back = await browser.submitForm(
    await page.res.text(),
    page.url,
    { login, password: "any" },
    { stopAt: isCallback },
  );
  if (!isCallback(back.url)) throw new Error(`the provider sent the browser to ${back.url}`);
  return back.url;
}
