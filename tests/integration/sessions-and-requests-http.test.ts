// Sessions and requests against the real server: a session unused for SESSION_IDLE_DAYS ends; a
// password change, a reset and "Sign out everywhere else" also drop sign-ins waiting for their
// second step; over https the cookie is __Host-session (Secure, Path=/, no Domain); GETs change
// nothing (opening an application, the data export's address); and every Origin/Host shape Remix's
// own check would throw on (a 500) is refused first with the origin check's 403.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generate } from "otplib";
import { em } from "../../lib/db.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { startAppServer, startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, sessionCookieOf, signInOverHttp, type HttpClient } from "../support/http.ts";
import { rawRequest } from "../support/raw-http.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "quiet lantern 4821";
const REFUSED = "This form was sent from another site.";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let port: string;

const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);

beforeAll(async () => {
  // PUBLIC_URL unset: its default, http://localhost:$PORT, while the tests address 127.0.0.1.
  running = await startServerWithModules({ PUBLIC_URL: undefined } as unknown as Record<string, string>);
  server = running.server;
  port = new URL(server.baseUrl).port;
}, 120_000);
afterAll(async () => {
  await running?.stop();
});

let counter = 0;
async function candidate(): Promise<{ id: string; email: string; client: HttpClient }> {
  counter += 1;
  const email = `misc-${counter}@example.com`;
  const { id } = await signUp({ email, password: PASSWORD, role: "candidate", full_name: `Misc ${counter}` });
  return { id, email, client: await signInOverHttp(server.baseUrl, email, PASSWORD) };
}

const signedIn = async (client: HttpClient) => (await client.get("/account")).status === 200;

describe("idle sessions", { timeout: 60_000 }, () => {
  it("signs out a session unused for 15 days, keeps one used 13 days ago (and moves its last activity), within the 30 days", async () => {
    const idle = await candidate();
    const recent = await candidate();
    const neverUsed = await candidate();
    const backdate = (userId: string, lastActiveDays: number | null, createdDays: number) =>
      sql(
        `update sessions set last_active_at = ${lastActiveDays === null ? "null" : `now() - interval '${lastActiveDays} days'`}, created_at = now() - interval '${createdDays} days' where user_id = ?`,
        [userId],
      );
    await backdate(idle.id, 15, 16);
    await backdate(recent.id, 13, 29);
    await backdate(neverUsed.id, null, 15);
    expect(redirectedTo(await idle.client.get("/account"))).toBe("/auth?redirect=%2Faccount");
    expect(redirectedTo(await neverUsed.client.get("/account"))).toBe("/auth?redirect=%2Faccount");
    expect(await signedIn(recent.client)).toBe(true);
    const [row] = await sql<{ recent: boolean }>(
      `select last_active_at > now() - interval '1 hour' as recent from sessions where user_id = ?`,
      [recent.id],
    );
    expect(row!.recent).toBe(true);
  });
});

describe("sign-ins waiting for their second step", { timeout: 120_000 }, () => {
  /** A candidate with two-factor on (set up over HTTP), signed in on their own browser. */
  async function withTwoFactor() {
    const person = await candidate();
    await person.client.post("/account/two-factor", { intent: "start", password: PASSWORD });
    const page = await (await person.client.get("/account/two-factor")).text();
    const secret = /id="setup-key"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
    const confirmed = await person.client.post("/account/two-factor", {
      intent: "confirm",
      code: await generate({ secret, epoch: Math.floor(Date.now() / 30_000) * 30 }),
    });
    expect(confirmed.status).toBe(200);
    return { ...person, secret };
  }
  /** Someone else with the password: past the first step, holding only the pending sign-in's cookie. */
  async function passwordStep(email: string, password = PASSWORD) {
    const response = await httpClient(server.baseUrl).post("/auth?mode=signin", { mode: "signin", email, password });
    expect(redirectedTo(response)).toBe("/auth/two-factor");
    const pending = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__two_factor="))!
      .split(";")[0]!;
    return httpClient(server.baseUrl, pending);
  }
  const pendingOf = async (userId: string) =>
    Number((await sql<{ n: string }>(`select count(*) as n from pending_sign_ins where user_id = ?`, [userId]))[0]!.n);
  /** The intruder's next step: the code (the next step's, so the setup's own is not a replay) signs nobody in. */
  async function expectRestart(intruder: HttpClient, secret: string) {
    const answer = await intruder.post("/auth/two-factor", {
      method: "code",
      code: await generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + 1) * 30 }),
    });
    expect(redirectedTo(answer)).toBe("/auth?mode=signin");
    expect(sessionCookieOf(answer)).toBeNull();
  }

  it("a password change drops them", async () => {
    const owner = await withTwoFactor();
    const intruder = await passwordStep(owner.email);
    expect(await pendingOf(owner.id)).toBe(1);
    const changed = await owner.client.post("/account", {
      intent: "change-password",
      current_password: PASSWORD,
      new_password: "another quiet lantern 77",
    });
    expect(redirectedTo(changed)).toBe("/account#password");
    expect(await pendingOf(owner.id)).toBe(0);
    await expectRestart(intruder, owner.secret);
    expect(await signedIn(owner.client)).toBe(true);
  });

  it("Sign out everywhere else drops them", async () => {
    const owner = await withTwoFactor();
    const intruder = await passwordStep(owner.email);
    expect(redirectedTo(await owner.client.post("/account", { intent: "end-other-sessions" }))).toBe(
      "/account#sessions",
    );
    expect(await pendingOf(owner.id)).toBe(0);
    await expectRestart(intruder, owner.secret);
  });

  it("a password reset drops them", async () => {
    const owner = await withTwoFactor();
    const intruder = await passwordStep(owner.email);
    await httpClient(server.baseUrl).post("/auth/forgot", { email: owner.email });
    const link = await linkFromMailbox(server.dataDir, owner.email, "Reset your Hirewise password", "/auth/reset/");
    expect((await httpClient(server.baseUrl).post(link, { password: "a reset quiet lantern 9" })).status).toBe(303);
    expect(await pendingOf(owner.id)).toBe(0);
    await expectRestart(intruder, owner.secret);
  });
});

describe("GETs change nothing", { timeout: 120_000 }, () => {
  it("opening an application leaves it Submitted; Mark as under review moves it", async () => {
    const boss = await signUpOnPlan({
      email: "misc-boss@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Misc Co",
      full_name: "Mo",
      plan: "business",
    });
    const jobId = await publishTestJob(boss.id, { title: "Lamplighter" });
    const person = await candidate();
    const { applicationId } = await submitApplication(person.id, jobId);
    const owner = await signInOverHttp(server.baseUrl, boss.email, PASSWORD);
    const stage = async () =>
      (
        await sql<{ status: string; changes: number }>(
          `select status, (select count(*)::int from application_status_changes where application_id = a.id) as changes from applications a where id = ?`,
          [applicationId],
        )
      )[0];
    const page = `/employer/jobs/${jobId}/applications/${applicationId}`;
    for (const path of [page, `${page}.data`, `/employer/jobs/${jobId}`])
      expect((await owner.get(path)).status, path).toBe(200);
    const html = await (await owner.get(page)).text();
    expect(html).toContain("Mark as under review");
    expect(await stage()).toEqual({ status: "submitted", changes: 1 });
    const moved = await owner.post(page, { intent: "move:reviewed" });
    expect(redirectedTo(moved)).toBe(page);
    expect(await stage()).toEqual({ status: "reviewed", changes: 2 });
    expect(await (await owner.follow(moved)).text()).toContain("The candidate moved to Under Review.");
  });

  it("the data export comes from a POST; a GET of its address goes to the page and exports nothing", async () => {
    const person = await candidate();
    const exports = async () =>
      Number(
        (
          await sql<{ n: string }>(
            `select coalesce(sum(used), 0) as n from quota_counters where quota = 'data-exports' and key like ?`,
            [`%${person.id}%`],
          )
        )[0]!.n,
      );
    const before = await exports();
    const got = await person.client.get("/account/export.zip");
    expect([
      got.status,
      redirectedTo(got),
      got.headers.get("content-type")?.startsWith("application/zip") ?? false,
    ]).toEqual([302, "/account/export", false]);
    expect(await exports()).toBe(before);
    const page = await (await person.client.get("/account/export")).text();
    expect(page).toContain('<form method="post" action="/account/export.zip">');
    const posted = await person.client.post("/account/export.zip", {});
    expect(posted.status).toBe(200);
    expect(posted.headers.get("content-type")).toBe("application/zip");
    expect(
      Buffer.from(await posted.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    expect(await exports()).toBe(before + 1);
    const foreign = await fetch(`${server.baseUrl}/account/export.zip`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", Cookie: person.client.cookie! },
    });
    expect(foreign.status).toBe(403);
  });
});

/** A request as node:http sends it, with any Host; `body` a urlencoded sign-in. */
const signInShape = (headers: Record<string, string>, base = server.baseUrl) =>
  rawRequest(base, "/auth?mode=signin", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ mode: "signin", email: "nobody@example.com", password: "not the password" }).toString(),
  });

/** An HTTP/1.0 request with no Host header at all, written on the socket. */
function withoutHost(path: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on("error", reject);
    const lines = Object.entries({ ...headers, "Content-Length": String(Buffer.byteLength(body)) }).map(
      ([k, v]) => `${k}: ${v}`,
    );
    socket.write(`POST ${path} HTTP/1.0\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
  });
}

describe("Origin and Host", { timeout: 120_000 }, () => {
  it("refuses PUBLIC_URL's origin posted to another host, and every shape Remix's check throws on, with the 403", async () => {
    const publicOrigin = `http://localhost:${port}`;
    const refused: Record<string, string>[] = [
      { Origin: publicOrigin },
      { Origin: publicOrigin, Host: `localhost:${Number(port) + 1}` },
      { Origin: publicOrigin, Host: `localhost` },
      { Origin: `http://LOCALHOST:${port}`, Host: `LOCALHOST:${port}` },
      { Origin: `http://127.0.0.1:80`, Host: `127.0.0.1:80` },
      { Origin: "null" },
      { Origin: "" },
      { Origin: "not a url" },
    ];
    for (const headers of refused) {
      const answer = await signInShape(headers);
      expect([answer.status, answer.body.includes(REFUSED)], JSON.stringify(headers)).toEqual([403, true]);
    }
    for (const path of ["/auth.data", "/account", "/signout"]) {
      const answer = await rawRequest(server.baseUrl, path, {
        method: "POST",
        headers: { Origin: publicOrigin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=x",
      });
      expect(answer.status, path).toBe(403);
    }
    expect(
      await withoutHost(
        "/auth?mode=signin",
        { Origin: publicOrigin, "Content-Type": "application/x-www-form-urlencoded" },
        "mode=signin&email=a%40b.c&password=x",
      ),
    ).toBe(403);
  });

  it("answers a Host that is no URL's host with 400 (Remix's adapter would throw building the URL: a 500)", async () => {
    for (const host of ["a b", "[", `127.0.0.1:99999`, "%"]) {
      for (const method of ["GET", "POST"]) {
        const answer = await rawRequest(server.baseUrl, "/jobs", {
          method,
          headers: { Host: host, ...(method === "POST" ? { Origin: `http://${host}` } : {}) },
        });
        expect([answer.status, answer.body.includes("Bad request")], `${method} ${host}`).toEqual([400, true]);
      }
    }
  });

  it("lets the matching shapes through to the app (a wrong password: 401), none to a 500", async () => {
    for (const headers of [
      { Origin: `http://localhost:${port}`, Host: `localhost:${port}` },
      { Origin: `http://127.0.0.1:${port}`, Host: `127.0.0.1:${port}` },
      // Without TRUST_PROXY a forwarded host is dropped before anything reads it.
      { Origin: `http://127.0.0.1:${port}`, Host: `127.0.0.1:${port}`, "X-Forwarded-Host": "evil.example" },
      {},
    ] as Record<string, string>[]) {
      expect((await signInShape(headers)).status, JSON.stringify(headers)).toBe(401);
    }
    expect(server.output()).not.toMatch(/does not match|Aborting the action/);
  });
});

describe("over https (PUBLIC_URL https, behind a proxy)", { timeout: 120_000 }, () => {
  let secure: AppServer;
  const SITE = "https://hirewise.test";
  beforeAll(async () => {
    secure = await startAppServer(inject("adminDatabaseUrl"), { PUBLIC_URL: SITE, TRUST_PROXY: "1" });
  }, 120_000);
  afterAll(async () => {
    await secure?.stop();
  });
  const asBrowser = (cookie?: string) => ({
    Host: "hirewise.test",
    Origin: SITE,
    "X-Forwarded-Proto": "https",
    ...(cookie ? { Cookie: cookie } : {}),
  });

  it("names the session cookie __Host-session (Secure, Path=/, no Domain), reads only that name, and clears it on sign-out", async () => {
    const signup = await rawRequest(secure.baseUrl, "/auth?mode=signup", {
      method: "POST",
      headers: { ...asBrowser(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        mode: "signup",
        role: "candidate",
        email: "secure@example.com",
        password: PASSWORD,
        full_name: "Sec Ure",
      }).toString(),
    });
    expect(signup.status).toBe(302);
    const set = ([] as string[]).concat(signup.headers["set-cookie"] ?? []).find((c) => c.includes("session="))!;
    expect(set).toMatch(/^__Host-session=[^;]+;/);
    const attributes = set
      .split(";")
      .slice(1)
      .map((a) => a.trim().split("=")[0]!.toLowerCase())
      .sort();
    expect(attributes).toEqual(["httponly", "max-age", "path", "samesite", "secure"]);
    expect(set).toContain("; Path=/;");
    const pair = set.split(";")[0]!;
    expect((await rawRequest(secure.baseUrl, "/account", { headers: asBrowser(pair) })).status).toBe(200);
    // The same token under the old name is not read here (a sibling subdomain could plant that one).
    const unprefixed = `__session=${pair.slice(pair.indexOf("=") + 1)}`;
    expect((await rawRequest(secure.baseUrl, "/account", { headers: asBrowser(unprefixed) })).status).toBe(302);
    const out = await rawRequest(secure.baseUrl, "/signout", {
      method: "POST",
      headers: { ...asBrowser(pair), "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(([] as string[]).concat(out.headers["set-cookie"] ?? []).join()).toMatch(
      /^__Host-session=; Max-Age=0; Path=\/;.*Secure/,
    );
    expect((await rawRequest(secure.baseUrl, "/account", { headers: asBrowser(pair) })).status).toBe(302);
  });

  it("refuses PUBLIC_URL's origin when the proxy names another host, lets the proxied one through", async () => {
    const post = (headers: Record<string, string>) => signInShape(headers, secure.baseUrl);
    for (const headers of [
      { ...asBrowser(), "X-Forwarded-Host": "evil.example" },
      { ...asBrowser(), Host: "internal:3000" },
      { ...asBrowser(), Host: "internal:3000", "X-Forwarded-Host": "other.example, hirewise.test" },
    ]) {
      expect((await post(headers)).status, JSON.stringify(headers)).toBe(403);
    }
    for (const headers of [
      asBrowser(),
      { ...asBrowser(), Host: "internal:3000", "X-Forwarded-Host": "hirewise.test" },
    ]) {
      expect((await post(headers)).status, JSON.stringify(headers)).toBe(401);
    }
    expect(secure.output()).not.toMatch(/does not match|Aborting the action/);
  });
});
