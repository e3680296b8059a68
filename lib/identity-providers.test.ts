// The sign-in providers' configuration: the Google preset, any number of OpenID Connect providers
// named in OIDC_PROVIDERS, and a clear error at start-up for each mistake.
import { describe, expect, it } from "vitest";
import { loadConfig as load } from "./config.ts";

const loadConfig = (env: Record<string, string>) => load({ NODE_ENV: "test", ...env } as NodeJS.ProcessEnv);

const acme = {
  OIDC_PROVIDERS: "acme",
  OIDC_ACME_ISSUER: "https://id.acme.example",
  OIDC_ACME_CLIENT_ID: "app",
  OIDC_ACME_CLIENT_SECRET: "s",
};

describe("identity providers", () => {
  it("are none by default", () => {
    expect(loadConfig({}).identityProviders).toEqual([]);
  });

  it("include Google from its two variables, then the listed ones in order", () => {
    const providers = loadConfig({
      GOOGLE_CLIENT_ID: "g-id",
      GOOGLE_CLIENT_SECRET: "g-secret",
      OIDC_PROVIDERS: " acme , dev-idp ",
      ...{
        OIDC_ACME_ISSUER: acme.OIDC_ACME_ISSUER,
        OIDC_ACME_CLIENT_ID: "app",
        OIDC_ACME_CLIENT_SECRET: "s",
        OIDC_ACME_LABEL: "Acme SSO",
      },
      OIDC_DEV_IDP_ISSUER: "http://127.0.0.1:4400",
      OIDC_DEV_IDP_CLIENT_ID: "hirewise",
      OIDC_DEV_IDP_CLIENT_SECRET: "x",
    }).identityProviders;
    expect(providers).toEqual([
      {
        id: "google",
        label: "Google",
        issuer: "https://accounts.google.com",
        clientId: "g-id",
        clientSecret: "g-secret",
        allowHttp: false,
      },
      {
        id: "acme",
        label: "Acme SSO",
        issuer: "https://id.acme.example",
        clientId: "app",
        clientSecret: "s",
        allowHttp: false,
      },
      {
        id: "dev-idp",
        label: "Dev-idp",
        issuer: "http://127.0.0.1:4400",
        clientId: "hirewise",
        clientSecret: "x",
        allowHttp: true,
      },
    ]);
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: "g" }, "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together"],
    [{ OIDC_PROVIDERS: "Acme" }, `"Acme" is not a valid id`],
    [
      { OIDC_PROVIDERS: "acme" },
      `lists "acme", which needs OIDC_ACME_ISSUER, OIDC_ACME_CLIENT_ID, OIDC_ACME_CLIENT_SECRET`,
    ],
    [{ ...acme, OIDC_PROVIDERS: "acme,acme" }, `"acme" is listed twice`],
    [
      { ...acme, OIDC_ACME_ISSUER: "http://id.acme.example" },
      "OIDC_ACME_ISSUER must be an https:// URL (http:// only for 127.0.0.1 or localhost)",
    ],
    [{ ...acme, OIDC_ACME_ISSUER: "not a url" }, "OIDC_ACME_ISSUER must be a URL"],
    [{ ...acme, OIDC_ACME_LABEL: "x".repeat(41) }, "OIDC_ACME_LABEL must be at most 40 characters"],
  ])("refuse to start on a mistake: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(`Invalid environment: `);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
