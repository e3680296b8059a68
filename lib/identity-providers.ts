// OpenID Connect sign-in providers from the environment (read by lib/config.ts at start-up).
//
//   OIDC_PROVIDERS=acme,okta            ids: lowercase letters, digits, "-"; used in /auth/oidc/{id}
//   OIDC_ACME_ISSUER=https://id.acme.example
//   OIDC_ACME_CLIENT_ID=…  OIDC_ACME_CLIENT_SECRET=…
//   OIDC_ACME_LABEL=Acme SSO            optional; the button reads "Continue with {label}"
//   GOOGLE_CLIENT_ID=…  GOOGLE_CLIENT_SECRET=…   the Google preset (id "google")
//
// An issuer must be https, except on this machine (http://127.0.0.1, http://localhost) for the
// test and development identity providers.

export interface IdentityProviderSettings {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** http://127.0.0.1 or localhost: openid-client must be told to allow plain HTTP. */
  allowHttp: boolean;
}

const ID = /^[a-z][a-z0-9-]{0,29}$/;
const GOOGLE_ISSUER = "https://accounts.google.com";

function invalid(message: string): never {
  throw new Error(`Invalid environment: ${message}`);
}

const envKey = (id: string, field: string) => `OIDC_${id.toUpperCase().replace(/-/g, "_")}_${field}`;

function value(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const v = env[key]?.trim();
  return v ? v : undefined;
}

function checkIssuer(key: string, issuer: string): { issuer: string; allowHttp: boolean } {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return invalid(`${key} must be a URL such as https://accounts.example.com`);
  }
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    invalid(`${key} must be an https:// URL (http:// only for 127.0.0.1 or localhost)`);
  }
  if (url.search || url.hash) invalid(`${key} must not have a query or fragment`);
  // Kept as written: it must equal the provider's `iss` exactly (a trailing "/" on a path matters).
  return { issuer, allowHttp: url.protocol === "http:" };
}

/** The configured providers, in the order listed; Google (when set) first. Throws a clear error. */
export function identityProviders(env: NodeJS.ProcessEnv): IdentityProviderSettings[] {
  const providers: IdentityProviderSettings[] = [];
  const googleId = value(env, "GOOGLE_CLIENT_ID");
  const googleSecret = value(env, "GOOGLE_CLIENT_SECRET");
  if (!googleId !== !googleSecret) invalid("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together");
  if (googleId && googleSecret) {
    providers.push({
      id: "google",
      label: "Google",
      issuer: GOOGLE_ISSUER,
      clientId: googleId,
      clientSecret: googleSecret,
      allowHttp: false,
    });
  }
  const listed = (env.OIDC_PROVIDERS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of listed) {
    if (!ID.test(id))
      invalid(`OIDC_PROVIDERS: "${id}" is not a valid id (lowercase letters, digits and "-", starting with a letter)`);
    if (providers.some((p) => p.id === id))
      invalid(`OIDC_PROVIDERS: "${id}" is listed twice (or clashes with the Google preset)`);
    const missing = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET"].map((f) => envKey(id, f)).filter((k) => !value(env, k));
    if (missing.length) invalid(`OIDC_PROVIDERS lists "${id}", which needs ${missing.join(", ")}`);
    const { issuer, allowHttp } = checkIssuer(envKey(id, "ISSUER"), value(env, envKey(id, "ISSUER"))!);
    const label = value(env, envKey(id, "LABEL")) ?? id.charAt(0).toUpperCase() + id.slice(1);
    if (label.length > 40) invalid(`${envKey(id, "LABEL")} must be at most 40 characters`);
    providers.push({
      id,
      label,
      issuer,
      clientId: value(env, envKey(id, "CLIENT_ID"))!,
      clientSecret: value(env, envKey(id, "CLIENT_SECRET"))!,
      allowHttp,
    });
  }
  return providers;
}
