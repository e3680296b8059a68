// Sign-in with an OpenID Connect provider against a real oidc-provider on 127.0.0.1 and the built
// server: the linking rules, onboarding, unlinking, and every way a callback can be wrong (state,
// nonce, issuer, PKCE, cancelled, no or replayed flow) — refused with a page, nothing created.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { CookieBrowser } from "../support/cookie-browser.ts";
import { freePort } from "../support/app-server.ts";
import { httpClient, together } from "../support/http.ts";
import { startTestIdp, type TestIdp } from "../support/oidc-idp.ts";

let idp: TestIdp;
let app: AppServer;
let db: pg.Client;

beforeAll(async () => {
  idp = await startTestIdp();
  const down = await freePort(); // nothing listens there: a provider that is down
  app = await startAppServer(inject("adminDatabaseUrl"), {
    ...idp.env("testidp", "Test ID"),
    OIDC_PROVIDERS: "testidp,down",
    OIDC_DOWN_ISSUER: `http://127.0.0.1:${down}`,
    OIDC_DOWN_CLIENT_ID: "x",
    OIDC_DOWN_CLIENT_SECRET: "y",
    OIDC_DOWN_LABEL: "Down SSO",
  });
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
}, 90_000);

afterAll(async () => {
  await db?.end();
  const code = await app?.stop();
  await idp?.close();
  expect(code).toBe(0);
});

const PASSWORD = "correct horse battery";
const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query(`select count(*)::int as n ${sql}`, params)).rows[0].n);
const isCallback = (url: URL) => url.origin === app.baseUrl && url.pathname.endsWith("/callback");

/**
 * Goes to the provider, logs in there as `login`, and stops where the provider sends the browser
 * back (the callback URL, not yet requested). `rewrite` tampers with the hops.
 */
async function throughProvider(
  browser: CookieBrowser,
  login: string,
  options: { path?: string; init?: RequestInit; rewrite?: (url: URL) => URL } = {},
) {
  // Signed out at the provider first (its cookies start with one "_", the app's with two), so it asks who.
  browser.cookies = browser.cookies.filter((c) => c.name.startsWith("__") || !c.name.startsWith("_"));
  const page = await browser.follow(app.baseUrl + (options.path ?? "/auth/oidc/testidp"), options.init ?? {}, {
    rewrite: options.rewrite,
  });
  expect(page.url.origin).toBe(idp.issuer);
  const back = await browser.submitForm(
    await page.res.text(),
    page.url,
    { login, password: "any" },
    { stopAt: isCallback, rewrite: options.rewrite },
  );
  expect(isCallback(back.url)).toBe(true);
  return back.url;
}

async function passwordAccount(email: string, role = "candidate") {
  const res = await httpClient(app.baseUrl).post("/auth?mode=signup", {
    mode: "signup",
    role,
    email,
    password: PASSWORD,
    full_name: "Pat Password",
    company_name: "Acme",
  });
  expect(res.status).toBe(302);
}

async function onboard(browser: CookieBrowser, fields: Record<string, string>) {
  return browser.post(`${app.baseUrl}/auth/onboarding`, fields);
}

describe("a new person", () => {
  it("signs up through the provider, chooses a role, and signs in again later", async () => {
    const browser = new CookieBrowser();
    const callback = await throughProvider(browser, "nina-new");
    const res = await browser.request(callback);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth/onboarding");
    expect(browser.has("__oidc_flow")).toBe(false);
    expect(await count("from users where email = $1", ["nina-new@example.test"])).toBe(0);

    const page = await browser.request(`${app.baseUrl}/auth/onboarding`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("nina-new@example.test");

    // Nothing the form says about who they are counts: the identity is the server's.
    const missing = await onboard(browser, { email: "someone-else@example.test", full_name: "Nina New" });
    expect(missing.status).toBe(400);
    const text = await missing.text();
    expect(text).toContain("Choose candidate or employer");
    expect(text).toContain("Tick the box to create your account");

    const employerWithoutCompany = await onboard(browser, { role: "employer", accept: "yes" });
    expect(employerWithoutCompany.status).toBe(400);
    expect(await employerWithoutCompany.text()).toContain("Enter your company name");

    const pending = browser.cookieHeader(new URL(`${app.baseUrl}/auth/onboarding`));
    const done = await onboard(browser, {
      role: "candidate",
      full_name: "Nina New",
      accept: "yes",
      email: "someone-else@example.test",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/candidate/jobs");
    expect(browser.has("__session")).toBe(true);
    const user = (
      await db.query("select id, role, full_name, password_hash, email_verified_at from users where email = $1", [
        "nina-new@example.test",
      ])
    ).rows[0];
    expect(user).toMatchObject({ role: "candidate", full_name: "Nina New", password_hash: null });
    expect(user.email_verified_at).not.toBeNull();
    expect(await count("from users where email = $1", ["someone-else@example.test"])).toBe(0);
    expect(
      await count("from identity_links where user_id = $1 and provider = 'testidp' and subject = 'nina-new'", [
        user.id,
      ]),
    ).toBe(1);

    // The onboarding is used up: a second submission creates nothing.
    const again = await fetch(`${app.baseUrl}/auth/onboarding`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: pending, origin: app.baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ role: "employer", company_name: "Twice Inc", accept: "yes" }),
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This sign-up has expired");
    expect(await count("from users where email = $1", ["nina-new@example.test"])).toBe(1);

    // Later, in another browser: straight in.
    const later = new CookieBrowser();
    const res2 = await later.request(await throughProvider(later, "nina-new"));
    expect(res2.status).toBe(302);
    expect(res2.headers.get("location")).toBe("/candidate/jobs");
    expect(later.has("__session")).toBe(true);

    // No password: password sign-in answers exactly as a wrong password does.
    const byPassword = await httpClient(app.baseUrl).post("/auth?mode=signin", {
      mode: "signin",
      email: "nina-new@example.test",
      password: "anything at all",
    });
    expect(byPassword.status).toBe(401);
    expect(await byPassword.text()).toContain("The email or password is incorrect.");
  });

  it("with an unverified email gets an account that is not verified", async () => {
    const browser = new CookieBrowser();
    expect((await browser.request(await throughProvider(browser, "unverified-uma"))).headers.get("location")).toBe(
      "/auth/onboarding",
    );
    const done = await onboard(browser, { role: "employer", company_name: "Uma Co", accept: "yes" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/employer/dashboard");
    const user = (
      await db.query("select company_name, email_verified_at from users where email = $1", [
        "unverified-uma@example.test",
      ])
    ).rows[0];
    expect(user).toEqual({ company_name: "Uma Co", email_verified_at: null });
  });

  it("without the onboarding cookie sees that it expired", async () => {
    const res = await fetch(`${app.baseUrl}/auth/onboarding`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This sign-up has expired");
    const post = await new CookieBrowser().post(`${app.baseUrl}/auth/onboarding`, { role: "candidate", accept: "yes" });
    expect(post.status).toBe(400);
  });
});

describe("an existing account", () => {
  it("is linked and signed in when the provider's email is verified", async () => {
    await passwordAccount("vera@example.com");
    const browser = new CookieBrowser();
    const res = await browser.request(await throughProvider(browser, "vera@example.com"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/candidate/jobs");
    expect(browser.has("__session")).toBe(true);
    expect(
      await count("from identity_links l join users u on u.id = l.user_id where u.email = 'vera@example.com'"),
    ).toBe(1);
  });

  it("is never linked when the provider's email is not verified", async () => {
    await passwordAccount("ulla@example.com");
    const browser = new CookieBrowser();
    const res = await browser.request(await throughProvider(browser, "unverified:ulla@example.com"));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("has not verified that address");
    expect(html).toContain("Sign in with your password, then connect Test ID from Account → Sign-in methods");
    expect(browser.has("__session")).toBe(false);
    expect(await count("from identity_links where subject = 'unverified:ulla@example.com'")).toBe(0);
  });

  it("connects a provider from Sign-in methods only with the password, and unlinks it only with the password", async () => {
    await passwordAccount("carl@example.com");
    const browser = new CookieBrowser();
    const signIn = await browser.post(`${app.baseUrl}/auth?mode=signin`, {
      mode: "signin",
      email: "carl@example.com",
      password: PASSWORD,
    });
    expect(signIn.status).toBe(302);
    const methods = `${app.baseUrl}/account/sign-in-methods`;
    // The old link straight to the provider sets nothing off: it leads to the page that asks first.
    const direct = await browser.request(`${app.baseUrl}/auth/oidc/testidp?intent=link`);
    expect(direct.status).toBe(302);
    expect(direct.headers.get("location")).toBe("/account/sign-in-methods");
    // A stolen session cannot connect the thief's provider: no password, or a wrong one, goes nowhere.
    for (const password of ["", "a guess"]) {
      const refused = await browser.post(methods, { connect: "testidp", password });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(password ? /That password is not right/ : /Enter your password/);
    }
    expect(await count("from identity_flows")).toBe(0);
    // A different address at the provider is fine: signed in, the person proves both.
    const connect = {
      method: "POST",
      body: new URLSearchParams({ connect: "testidp", password: PASSWORD }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
    };
    const res = await browser.request(
      await throughProvider(browser, "carl-elsewhere", { path: "/account/sign-in-methods", init: connect }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account/sign-in-methods");
    const page = await (await browser.request(`${app.baseUrl}/account/sign-in-methods`)).text();
    expect(page).toContain("Test ID is connected");
    expect(await (await browser.request(`${app.baseUrl}/account/sign-in-methods`)).text()).not.toContain(
      "Test ID is connected",
    );
    expect(page).toContain("carl-elsewhere@example.test");
    const [link] = (
      await db.query(
        "select l.id from identity_links l join users u on u.id = l.user_id where u.email = 'carl@example.com'",
      )
    ).rows;

    // Another account cannot connect the same provider identity.
    await passwordAccount("dora@example.com");
    const dora = new CookieBrowser();
    await dora.post(`${app.baseUrl}/auth?mode=signin`, {
      mode: "signin",
      email: "dora@example.com",
      password: PASSWORD,
    });
    const taken = await dora.request(
      await throughProvider(dora, "carl-elsewhere", { path: "/account/sign-in-methods", init: connect }),
    );
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("already connected to another Hirewise account");
    // …nor unlink someone else's link.
    expect((await dora.post(methods, { unlink: link.id, password: PASSWORD })).status).toBe(404);
    // A post from another site is refused at the edge.
    expect((await browser.post(methods, { unlink: link.id, password: PASSWORD }, "https://evil.example")).status).toBe(
      403,
    );
    // Without the password, nothing is unlinked.
    const unasked = await browser.post(methods, { unlink: link.id });
    expect(unasked.status).toBe(400);
    expect(await count("from identity_links where id = $1", [link.id])).toBe(1);

    const unlink = await browser.post(methods, { unlink: link.id, password: PASSWORD });
    expect(unlink.status).toBe(302);
    expect(unlink.headers.get("location")).toBe("/account/sign-in-methods");
    expect(await (await browser.request(methods)).text()).toContain(
      "Test ID is unlinked. You can no longer sign in with it.",
    );
    expect(await count("from identity_links where id = $1", [link.id])).toBe(0);
  });

  it("made through a provider confirms with it in this session, and still cannot unlink its only way in", async () => {
    const browser = new CookieBrowser();
    await browser.request(await throughProvider(browser, "olga-only"));
    await onboard(browser, { role: "candidate", accept: "yes" });
    const [link] = (await db.query("select id from identity_links where subject = 'olga-only'")).rows;
    const methods = `${app.baseUrl}/account/sign-in-methods`;
    const unconfirmed = await browser.post(methods, { unlink: link.id });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("confirm it&#x27;s you with your identity provider");
    // "Confirm with Test ID": a provider sign-in bound to this session, back to the page.
    const back = await browser.request(
      await throughProvider(browser, "olga-only", {
        path: "/auth/oidc/testidp?intent=confirm&redirect=%2Faccount%2Fsign-in-methods",
      }),
    );
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/account/sign-in-methods");
    expect(await (await browser.request(methods)).text()).toContain("You confirmed it&#x27;s you");
    const res = await browser.post(methods, { unlink: link.id });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Test ID is the only way you sign in");
    expect(await count("from identity_links where id = $1", [link.id])).toBe(1);
  });

  it("confirms only with a provider identity connected to the account", async () => {
    const browser = new CookieBrowser();
    await browser.request(await throughProvider(browser, "pia-own"));
    await onboard(browser, { role: "candidate", accept: "yes" });
    const other = await browser.request(
      await throughProvider(browser, "someone-else", { path: "/auth/oidc/testidp?intent=confirm" }),
    );
    expect(other.status).toBe(400);
    expect(await other.text()).toContain("is not connected to your Hirewise account");
    expect(
      await count("from identity_links l join users u on u.id = l.user_id where u.email = 'pia-own@example.test'"),
    ).toBe(1);
    expect(
      await count(
        "from sessions s join users u on u.id = s.user_id where u.email = 'pia-own@example.test' and s.provider_confirmed_at is not null",
      ),
    ).toBe(0);
  });

  it("deletes an account without a password only from the browser that signed in with the provider moments ago", async () => {
    // The thief's browser holds an old session; the owner signs in with the provider elsewhere now.
    const thief = new CookieBrowser();
    await thief.request(await throughProvider(thief, "quinn-owner"));
    await onboard(thief, { role: "candidate", accept: "yes" });
    const owner = new CookieBrowser();
    expect((await owner.request(await throughProvider(owner, "quinn-owner"))).headers.get("location")).toBe(
      "/candidate/jobs",
    );
    const stolen = await thief.post(`${app.baseUrl}/account/delete`, { confirmation: "DELETE" });
    expect(stolen.status).toBe(400);
    expect(await stolen.text()).toContain("confirm it&#x27;s you with your identity provider");
    expect(await count("from users where email = 'quinn-owner@example.test'")).toBe(1);
    // Ten minutes on, the owner's own sign-in no longer stands in either.
    await db.query(
      "update sessions s set provider_confirmed_at = now() - interval '11 minutes' from users u where u.id = s.user_id and u.email = 'quinn-owner@example.test'",
    );
    expect((await owner.post(`${app.baseUrl}/account/delete`, { confirmation: "DELETE" })).status).toBe(400);
    await db.query(
      "update sessions s set provider_confirmed_at = now() - interval '9 minutes' from users u where u.id = s.user_id and u.email = 'quinn-owner@example.test' and s.created_at = (select max(created_at) from sessions where user_id = u.id)",
    );
    const deleted = await owner.post(`${app.baseUrl}/account/delete`, { confirmation: "DELETE" });
    expect(deleted.status).toBe(302);
    expect(await count("from users where email = 'quinn-owner@example.test'")).toBe(0);
  });
});

describe("a callback that is wrong", () => {
  const refusedWith = async (browser: CookieBrowser, url: URL, text: string) => {
    const res = await browser.request(url);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(text);
    expect(browser.has("__session")).toBe(false);
  };
  const withParam = (name: string, value: string) => (url: URL) => {
    if (url.searchParams.has(name)) url.searchParams.set(name, value);
    return url;
  };

  it("has a state that is not this browser's", async () => {
    const browser = new CookieBrowser();
    const callback = await throughProvider(browser, "sam-state");
    callback.searchParams.set("state", "forged-state");
    await refusedWith(browser, callback, "We could not verify the answer from Test ID");
    expect(await count("from identity_flows where kind = 'onboarding'")).toBe(0);
  });

  it("carries an ID token for another nonce", async () => {
    const browser = new CookieBrowser();
    const callback = await throughProvider(browser, "nick-nonce", {
      rewrite: (url) => (url.origin === idp.issuer ? withParam("nonce", "attacker-nonce")(url) : url),
    });
    await refusedWith(browser, callback, "We could not verify the answer from Test ID");
  });

  it("names another issuer", async () => {
    const browser = new CookieBrowser();
    const callback = await throughProvider(browser, "ivy-issuer");
    callback.searchParams.set("iss", "https://evil.example");
    await refusedWith(browser, callback, "We could not verify the answer from Test ID");
  });

  it("was asked for with another PKCE challenge", async () => {
    const browser = new CookieBrowser();
    const callback = await throughProvider(browser, "pat-pkce", {
      rewrite: (url) => (url.origin === idp.issuer ? withParam("code_challenge", "A".repeat(43))(url) : url),
    });
    await refusedWith(browser, callback, "Test ID did not let the sign-in through");
  });

  it("says the person cancelled at the provider", async () => {
    const browser = new CookieBrowser();
    const page = await browser.follow(`${app.baseUrl}/auth/oidc/testidp`);
    const cancel = new URL((await page.res.text()).match(/href="([^"]*abort[^"]*)"/)![1]!, page.url);
    const back = await browser.follow(cancel, {}, { stopAt: isCallback });
    expect(back.url.searchParams.get("error")).toBe("access_denied");
    await refusedWith(browser, back.url, "You cancelled signing in with Test ID");
  });

  it("arrives without the flow cookie, or a second time", async () => {
    const browser = new CookieBrowser();
    const callback = await throughProvider(browser, "rita-replay");
    const stranger = new CookieBrowser();
    await refusedWith(stranger, callback, "This sign-in expired or was started in another browser");
    const first = await browser.request(callback);
    expect(first.status).toBe(302);
    // The same callback replayed with the cookie it had: the flow is used up.
    const replay = await fetch(callback, {
      redirect: "manual",
      headers: { cookie: first.headers.getSetCookie().join("; ") },
    });
    expect(replay.status).toBe(400);
  });

  it("is for a provider that is not configured", async () => {
    expect((await fetch(`${app.baseUrl}/auth/oidc/nope/callback?code=x&state=y`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/auth/oidc/nope`, { redirect: "manual" })).status).toBe(404);
  });
});

it("says so when the provider cannot be reached, and the app keeps working", async () => {
  const res = await fetch(`${app.baseUrl}/auth/oidc/down`, { redirect: "manual" });
  expect(res.status).toBe(502);
  expect(await res.text()).toContain("We could not reach Down SSO just now");
  const auth = await (await fetch(`${app.baseUrl}/auth`)).text();
  expect(auth).toContain("Continue with Test ID");
  expect(auth).toContain("Continue with Down SSO");
});

it("refuses an onboarding post from another site", async () => {
  const browser = new CookieBrowser();
  await browser.request(await throughProvider(browser, "fred-foreign"));
  const res = await browser.post(
    `${app.baseUrl}/auth/onboarding`,
    { role: "candidate", accept: "yes" },
    "https://evil.example",
  );
  expect(res.status).toBe(403);
  expect(await count("from users where email = 'fred-foreign@example.test'")).toBe(0);
});

it("answers garbage in the flow and onboarding cookies with the expired page", async () => {
  for (const cookie of [
    "__oidc_flow=%%%garbage",
    `__oidc_flow=${"A".repeat(5000)}`,
    "__oidc_flow=eyJ4IjoxfQ%3D%3D",
    "__oidc_onboarding=\u0000",
  ]) {
    const callback = await fetch(
      `${app.baseUrl}/auth/oidc/testidp/callback?code=x&state=y&iss=${encodeURIComponent(idp.issuer)}`,
      { headers: { cookie: cookie.replace("\u0000", "%00") } },
    );
    expect(callback.status).toBe(400);
    expect(await callback.text()).toContain("This sign-in expired");
    const onboarding = await fetch(`${app.baseUrl}/auth/onboarding`, {
      headers: { cookie: cookie.replace("__oidc_flow", "__oidc_onboarding").replace("\u0000", "%00") },
    });
    expect(onboarding.status).toBe(400);
  }
});

it("limits the sign-ins one address may start in an hour", async () => {
  const limited = await startAppServer(inject("adminDatabaseUrl"), {
    ...idp.env("testidp", "Test ID"),
    QUOTAS: "provider-sign-ins=2",
  });
  try {
    const start = () => fetch(`${limited.baseUrl}/auth/oidc/testidp`, { redirect: "manual" });
    expect((await start()).status).toBe(302);
    expect((await start()).status).toBe(302);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain(
      "You have reached the limit of 2 sign-ins with a provider from one network per hour",
    );
  } finally {
    expect(await limited.stop()).toBe(0);
  }
}, 90_000);

it("uses one callback once, however many copies arrive at the same time", async () => {
  const browser = new CookieBrowser();
  const callback = await throughProvider(browser, "cora-concurrent");
  const cookie = browser.cookieHeader(callback);
  const answers = await together(
    Array.from({ length: 10 }, () => () => fetch(callback, { redirect: "manual", headers: { cookie } })),
  );
  expect(answers.filter((a) => a.status === 302)).toHaveLength(1);
  expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
  expect(await count("from identity_flows where kind = 'onboarding' and data->>'subject' = 'cora-concurrent'")).toBe(1);
});
