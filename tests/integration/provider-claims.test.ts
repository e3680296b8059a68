// Pre-account hijacking, against the built server and a real oidc-provider: someone signs up with
// another person's address (no confirmation is needed), sets up a password, two-factor and a
// provider of their own; the address's owner then proves it (signing in with a provider that
// verified it, or a password reset) and gets the account with none of that left. Every link and
// unlink sends its notice. Mail goes to the server's dev mailbox.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { generate } from "otplib";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { CookieBrowser } from "../support/cookie-browser.ts";
import { countInMailbox, linkFromMailbox } from "../support/mailbox.ts";
import { startTestIdp, throughTestIdp, type TestIdp } from "../support/oidc-idp.ts";

let idp: TestIdp;
let app: AppServer;
let db: pg.Client;

beforeAll(async () => {
  idp = await startTestIdp();
  app = await startAppServer(inject("adminDatabaseUrl"), idp.env("testidp", "Test ID"));
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
}, 90_000);

afterAll(async () => {
  await db?.end();
  const code = await app?.stop();
  await idp?.close();
  expect(code).toBe(0);
});

const SQUATTER_PASSWORD = "squatter's own secret";
const CLAIMED = "We secured the Hirewise account for your address";
const row = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
const count = async (sql: string, params: unknown[]) =>
  Number((await row(`select count(*)::int as n ${sql}`, params)).n);
const signIn = (browser: CookieBrowser, email: string, password: string) =>
  browser.post(`${app.baseUrl}/auth?mode=signin`, { mode: "signin", email, password });
const mail = (to: string, subject: string, n = 1) =>
  expect.poll(() => countInMailbox(app.dataDir, to, subject), { timeout: 30_000 }).toBeGreaterThanOrEqual(n);

/** Signs up with `email` and a password of the squatter's own; the browser stays signed in, the address unconfirmed. */
async function squat(email: string): Promise<CookieBrowser> {
  const browser = new CookieBrowser();
  const res = await browser.post(`${app.baseUrl}/auth?mode=signup`, {
    mode: "signup",
    role: "employer",
    email,
    password: SQUATTER_PASSWORD,
    full_name: "Sam Squatter",
    company_name: "Squat Co",
  });
  expect(res.status).toBe(302);
  expect(browser.has("__session")).toBe(true);
  expect((await row("select email_verified_at from users where email = $1", [email])).email_verified_at).toBeNull();
  return browser;
}

/** The Sign-in methods form's Connect button, confirmed with the account's password. */
const connectForm = (password: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams({ connect: "testidp", password }),
  headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
});

async function turnOnTwoFactor(browser: CookieBrowser): Promise<void> {
  await browser.post(`${app.baseUrl}/account/two-factor`, { intent: "start", password: SQUATTER_PASSWORD });
  const page = await (await browser.request(`${app.baseUrl}/account/two-factor`)).text();
  const secret = /id="setup-key"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 30_000) * 30 });
  const confirmed = await browser.post(`${app.baseUrl}/account/two-factor`, { intent: "confirm", code });
  expect(confirmed.status).toBe(200);
}

const signedIn = async (browser: CookieBrowser) => {
  const res = await browser.request(`${app.baseUrl}/account`);
  return res.status === 200;
};

describe("an account that never confirmed its address", () => {
  it("is the provider's person's after they sign in with it: the squatter's password, sessions, two-factor and provider are gone", async () => {
    const email = "victim@example.com";
    const squatter = await squat(email);
    // The squatter connects a provider account of their own (any address may be connected while signed in).
    const connect = await squatter.request(
      await throughTestIdp(
        squatter,
        app.baseUrl,
        idp,
        "sam-squatter",
        "/account/sign-in-methods",
        connectForm(SQUATTER_PASSWORD),
      ),
    );
    expect(connect.headers.get("location")).toBe("/account/sign-in-methods");
    await turnOnTwoFactor(squatter);
    const { id } = await row("select id from users where email = $1", [email]);
    expect(await count("from identity_links where user_id = $1", [id])).toBe(1);
    // A sign-in left waiting for its code, and a squatter's second browser.
    const waiting = new CookieBrowser();
    expect((await signIn(waiting, email, SQUATTER_PASSWORD)).headers.get("location")).toBe("/auth/two-factor");

    // The address's owner continues with the provider, which verified the address: straight in, no code asked.
    const owner = new CookieBrowser();
    const res = await owner.request(await throughTestIdp(owner, app.baseUrl, idp, email));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/employer/dashboard");
    expect(owner.has("__session")).toBe(true);
    expect(await signedIn(owner)).toBe(true);

    const user = await row("select password_hash, email_verified_at from users where id = $1", [id]);
    expect(user.password_hash).toBeNull();
    expect(user.email_verified_at).not.toBeNull();
    expect(await count("from two_factor where user_id = $1", [id])).toBe(0);
    expect(await count("from two_factor_recovery_codes where user_id = $1", [id])).toBe(0);
    expect(await count("from pending_sign_ins where user_id = $1", [id])).toBe(0);
    expect((await db.query("select subject from identity_links where user_id = $1", [id])).rows).toEqual([
      { subject: email },
    ]);
    expect(await count("from sessions where user_id = $1", [id])).toBe(1);

    // Nothing of the squatter's works any more.
    expect(await signedIn(squatter)).toBe(false);
    const byPassword = await signIn(new CookieBrowser(), email, SQUATTER_PASSWORD);
    expect(byPassword.status).toBe(401);
    expect(
      (await waiting.post(`${app.baseUrl}/auth/two-factor`, { method: "code", code: "123456" })).headers.get(
        "location",
      ),
    ).toBe("/auth?mode=signin");
    const again = new CookieBrowser();
    const squatterProvider = await again.request(await throughTestIdp(again, app.baseUrl, idp, "sam-squatter"));
    expect(squatterProvider.headers.get("location")).toBe("/auth/onboarding");
    expect(again.has("__session")).toBe(false);

    await mail(email, CLAIMED);
    expect(await countInMailbox(app.dataDir, email, CLAIMED)).toBe(1);
    expect(await count("from audit_entries where user_id = $1 and action = 'account.claimed'", [id])).toBe(1);
  });

  it("made through a provider with an unverified address loses that link when the owner resets the password", async () => {
    const email = "olive@example.com";
    const squatter = new CookieBrowser();
    expect(
      (await squatter.request(await throughTestIdp(squatter, app.baseUrl, idp, `unverified:${email}`))).headers.get(
        "location",
      ),
    ).toBe("/auth/onboarding");
    expect((await squatter.post(`${app.baseUrl}/auth/onboarding`, { role: "candidate", accept: "yes" })).status).toBe(
      302,
    );
    const { id } = await row("select id from users where email = $1", [email]);

    const owner = new CookieBrowser();
    await owner.post(`${app.baseUrl}/auth/forgot`, { email });
    const link = await linkFromMailbox(app.dataDir, email, "Reset your Hirewise password", "/auth/reset/");
    const reset = await owner.post(app.baseUrl + link, { password: "the owner's new password" });
    expect(reset.status).toBe(303);
    expect(await count("from identity_links where user_id = $1", [id])).toBe(0);
    expect(await signedIn(squatter)).toBe(false);

    // The squatter's provider account no longer opens it: its address is still unverified there.
    const back = new CookieBrowser();
    const res = await back.request(await throughTestIdp(back, app.baseUrl, idp, `unverified:${email}`));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("has not verified that address");
    expect(back.has("__session")).toBe(false);
    expect((await signIn(new CookieBrowser(), email, "the owner's new password")).status).toBe(302);
    await mail(email, CLAIMED);
  });

  it("keeps everything when the account had confirmed it, and tells the address of every link and unlink", async () => {
    const email = "cleo@example.com";
    await squat(email);
    await db.query("update users set email_verified_at = now() where email = $1", [email]);
    const browser = new CookieBrowser();
    const res = await browser.request(await throughTestIdp(browser, app.baseUrl, idp, email));
    expect(res.headers.get("location")).toBe("/employer/dashboard");
    expect(await signedIn(browser)).toBe(true);
    const { id, password_hash } = await row("select id, password_hash from users where email = $1", [email]);
    expect(password_hash).not.toBeNull();
    await mail(email, "Test ID was connected to your Hirewise account");
    expect(await countInMailbox(app.dataDir, email, CLAIMED)).toBe(0);

    // Signed in: connecting another identity and removing one each send a notice.
    const [link] = (await db.query("select id from identity_links where user_id = $1", [id])).rows;
    expect(
      (await browser.post(`${app.baseUrl}/account/sign-in-methods`, { unlink: link.id, password: SQUATTER_PASSWORD }))
        .status,
    ).toBe(302);
    await mail(email, "Test ID was removed from your Hirewise account");
    // Signed out at the provider (its cookies share the host; the app's start with "__"), so it asks who it is.
    browser.cookies = browser.cookies.filter((c) => c.name.startsWith("__"));
    const connect = await browser.request(
      await throughTestIdp(
        browser,
        app.baseUrl,
        idp,
        "cleo-elsewhere",
        "/account/sign-in-methods",
        connectForm(SQUATTER_PASSWORD),
      ),
    );
    expect(connect.headers.get("location")).toBe("/account/sign-in-methods");
    await mail(email, "Test ID was connected to your Hirewise account", 2);
  });
});
