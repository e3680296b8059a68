// Mail nobody can aim, over HTTP against the real server with REQUIRE_EMAIL_VERIFICATION on:
// invitations come only from a confirmed address and count against the company's and the invited
// address's quotas (429 with Retry-After past them, no email); alerts wait for a confirmed
// address; well-known passwords are refused beside the field of the reset and change forms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, signInOverHttp, redirectedTo, together } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { countInMailbox } from "../support/mailbox.ts";
import { em } from "../../lib/db.ts";
import { issueAccountToken, signUp, type Account } from "../../modules/identity/index.server.ts";
import { flashOf } from "../support/flash.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;

beforeAll(async () => {
  running = await startServerWithModules({ REQUIRE_EMAIL_VERIFICATION: "true" });
  server = running.server;
}, 120_000);
afterAll(async () => {
  await running?.stop();
});

const owner = (name: string) =>
  signUpOnPlan({
    email: `${name}@example.com`,
    password: PASSWORD,
    role: "employer",
    company_name: `${name} Co`,
    full_name: name,
    plan: "business",
  });
const invite = (client: { post: (p: string, f: Record<string, string>) => Promise<Response> }, email: string) =>
  client.post("/employer/team", { intent: "invite", email, role: "recruiter" });
const invitationsTo = async (email: string) =>
  (
    await em().execute<{ n: number }[]>(`select count(*)::int as n from company_invitations where email = ?`, [email])
  )[0]!.n;

describe("invitations", () => {
  it("re-inviting one address sends at most 3 emails an hour, whoever invites it; the 4th is a 429 with the message", async () => {
    const first = await owner("reinviter");
    const other = await owner("reinviter-two");
    const [a, b] = await Promise.all([
      signInOverHttp(server.baseUrl, first.email, PASSWORD),
      signInOverHttp(server.baseUrl, other.email, PASSWORD),
    ]);
    const target = "target-of-invites@example.com";
    for (let i = 0; i < 3; i++) expect(redirectedTo(await invite(i === 1 ? b : a, target))).toBe("/employer/team");
    const refused = await invite(a, target);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const page = await refused.text();
    expect(page).toContain("You have reached the limit of 3 invitations to one address per hour.");
    expect(page).toContain(`value="${target}"`); // what was typed stays
    // Another company can't go round it either.
    expect((await invite(b, target)).status).toBe(429);
    // Each company's latest invitation is sent; a replaced one may have gone out before it was replaced.
    const sent = () =>
      Promise.all(
        ["Join reinviter Co on Hirewise", "Join reinviter-two Co on Hirewise"].map((subject) =>
          countInMailbox(server.dataDir, target, subject),
        ),
      );
    await expect.poll(async () => (await sent()).every((n) => n >= 1)).toBe(true);
    expect((await sent()).reduce((a, b) => a + b)).toBeLessThanOrEqual(3);
  });

  it("one company sends at most 20 invitations an hour, even 25 at once", async () => {
    const boss = await owner("mass-inviter");
    const client = await signInOverHttp(server.baseUrl, boss.email, PASSWORD);
    const answers = await together(
      Array.from({ length: 25 }, (_, i) => () => invite(client, `colleague-${i}@example.com`)),
    );
    expect(answers.filter((a) => a.status === 303 || a.status === 302).length).toBe(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(5);
    expect(refused[0]!.body).toContain("You have reached the limit of 20 invitations from one company per hour.");
    expect(refused[0]!.headers.get("Retry-After")).toMatch(/^[1-9][0-9]*$/);
    const rows = await em().execute<{ n: number }[]>(
      `select count(*)::int as n from company_invitations i join company_members m on m.company_id = i.company_id where m.user_id = ?`,
      [boss.id],
    );
    expect(rows[0]!.n).toBe(20);
  });

  it("an unconfirmed account is told on the team page to confirm first, and its invitation is refused unsent", async () => {
    const unconfirmed: Account = await signUp({
      email: "unconfirmed-owner@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Spam Ltd",
      full_name: "Sam",
    });
    const client = await signInOverHttp(server.baseUrl, unconfirmed.email, PASSWORD);
    const page = await (await client.get("/employer/team")).text();
    expect(page).toContain("Confirm your email address before you invite colleagues.");
    const refused = await invite(client, "victim@example.com");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Confirm your email address before you invite colleagues.");
    expect(await invitationsTo("victim@example.com")).toBe(0);
  });
});

describe("job alerts", () => {
  it("say on the alerts page that they wait for a confirmed address, and say nothing once it is confirmed", async () => {
    const candidate = await signUp({
      email: "alerts-unconfirmed@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Una",
    });
    const client = await signInOverHttp(server.baseUrl, candidate.email, PASSWORD);
    const page = await (await client.get("/candidate/alerts")).text();
    expect(page).toContain("Your alerts are saved, but we email them only to a confirmed address.");
    await em().execute(`update users set email_verified_at = now() where id = ?`, [candidate.id]);
    expect(await (await client.get("/candidate/alerts")).text()).not.toContain(
      "we email them only to a confirmed address",
    );
  });
});

describe("an address that has an account", () => {
  const signUpPost = (email: string) =>
    fetch(`${server.baseUrl}/auth?mode=signup`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        mode: "signup",
        role: "candidate",
        email,
        password: "plinth mosaic ferret",
        full_name: "Mallory",
        redirect: "/jobs",
      }).toString(),
    });
  const answer = async (response: Response) => ({
    status: response.status,
    location: response.headers.get("Location"),
    cookies: response.headers.getSetCookie().filter((c) => c.startsWith("__session=")),
  });

  it("gets the same sign-up answer as a new address, signed out, and its owner is emailed at most 3 times an hour", async () => {
    const owner = await signUpOnPlan({
      email: "has-account@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Hana",
      plan: "essential",
    });
    const freshResponse = await signUpPost("no-account-yet@example.com");
    const fresh = await answer(freshResponse);
    const taken = await answer(await signUpPost(owner.email));
    expect(taken).toEqual(fresh);
    expect(fresh).toEqual({
      status: 303,
      location: "/auth?mode=signin&redirect=%2Fjobs",
      cookies: [],
    });
    const page = await (await httpClient(server.baseUrl).follow(freshResponse)).text();
    expect(page).toContain("Check your email: we sent a message to the address you gave");
    expect(page).not.toContain("already exists");
    // The new address gets its confirmation link, the owner the notice; nothing else changed.
    await expect
      .poll(() =>
        countInMailbox(server.dataDir, "no-account-yet@example.com", "Confirm your email address for Hirewise"),
      )
      .toBe(1);
    await expect
      .poll(() =>
        countInMailbox(server.dataDir, owner.email, "Someone tried to sign up to Hirewise with your email address"),
      )
      .toBe(1);
    expect(
      (await em().execute<{ full_name: string }[]>(`select full_name from users where email = ?`, [owner.email]))[0]!
        .full_name,
    ).toBe("Hana");
    // More tries answer alike; the owner hears of three an hour.
    for (const response of await Promise.all(Array.from({ length: 4 }, () => signUpPost(owner.email))))
      expect(await answer(response)).toEqual(fresh);
    const notices = () =>
      countInMailbox(server.dataDir, owner.email, "Someone tried to sign up to Hirewise with your email address");
    await expect.poll(notices).toBe(3);
    expect(
      await em().execute<{ n: number }[]>(
        `select used as n from quota_counters where quota = 'account-exists-notices' and key = ?`,
        [owner.email],
      ),
    ).toEqual([{ n: 3 }]);
  });

  it("as a new email address for another account, answers as a free address would, and its owner is told", async () => {
    const asker = await signUpOnPlan({
      email: "asker@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Asa",
      plan: "essential",
    });
    const owner = await signUpOnPlan({
      email: "address-owner@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Odo",
      plan: "essential",
    });
    const client = await signInOverHttp(server.baseUrl, asker.email, PASSWORD);
    const taken = await client.post("/account", {
      intent: "change-email",
      new_email: owner.email,
      current_password: PASSWORD,
    });
    expect(redirectedTo(taken)).toBe("/account#email");
    expect(await flashOf(taken)).toMatchObject({ text: "Link sent. Open it from your inbox to finish the change." });
    const pending = await (await client.get("/account")).text();
    expect(pending).toContain(owner.email);
    expect(pending).not.toContain("already exists");
    await expect
      .poll(() => countInMailbox(server.dataDir, owner.email, "Someone tried to use your email address on Hirewise"))
      .toBe(1);
    expect(await countInMailbox(server.dataDir, owner.email, "Confirm your new Hirewise email address")).toBe(0);
    const free = await client.post("/account", {
      intent: "change-email",
      new_email: "unused-address@example.com",
      current_password: PASSWORD,
    });
    expect([free.status, free.headers.get("Location")]).toEqual([taken.status, taken.headers.get("Location")]);
  });
});

describe("well-known passwords", () => {
  it("are refused beside the field of the reset form and of the password change", async () => {
    const account = await signUpOnPlan({
      email: "weak-http@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Wes",
      plan: "essential",
    });
    const token = (await issueAccountToken(account.id, "password-reset", account.email, { validMinutes: 30 }))!;
    const client = await signInOverHttp(server.baseUrl, account.email, PASSWORD);
    const reset = await client.post(`/auth/reset/${token}`, { password: "password1234" });
    expect(reset.status).toBe(400);
    expect(await reset.text()).toContain("This password is too easy to guess");
    const change = await client.post("/account", {
      intent: "change-password",
      current_password: PASSWORD,
      new_password: "qwertyuiop123",
    });
    expect(change.status).toBe(400);
    expect(await change.text()).toContain("This password is too easy to guess");
  });
});
