// Two-factor sign-in through the real server: setup over HTTP, the second step after the
// password, bad input, replays, parallel submissions, pending sign-ins that are gone, other
// browsers, cross-site posts and signed-out visitors. The server's clock is real, so codes are
// made for the current time; the step either side is accepted, which absorbs a step boundary.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { generate } from "otplib";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, together } from "../support/http.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;

const sql = <T>(query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params);

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"));
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  setOrm(undefined);
  await orm?.close();
  await server?.stop();
});

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0] ?? null;

/** The code for the first step after the last one used that the server accepts now (now, or the next). */
async function freshCode(userId: string, secret: string): Promise<string> {
  const [row] = await sql<{ last_step: number | null }>(`select last_step from two_factor where user_id = ?`, [userId]);
  const current = Math.floor(Date.now() / 30_000);
  const step = Math.max(current, (row?.last_step ?? 0) + 1);
  if (step > current + 1) throw new Error("this test used more codes than two per 30 seconds for one account");
  return generate({ secret, epoch: step * 30 });
}

let counter = 0;
/** An employer with two-factor on, set up over HTTP; returns the secret and recovery codes. */
async function employerWithTwoFactor() {
  counter += 1;
  const email = `tf-${counter}@example.com`;
  const { id } = await signUp({
    email,
    password: PASSWORD,
    role: "employer",
    company_name: "Two Co",
    full_name: "Tia",
  });
  const client = await signInOverHttp(server.baseUrl, email, PASSWORD);
  expect(redirectedTo(await client.post("/account/two-factor", { intent: "start", password: PASSWORD }))).toBe(
    "/account/two-factor",
  );
  const page = await (await client.get("/account/two-factor")).text();
  expect(page).toContain("<svg");
  const key = /id="setup-key"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!;
  const secret = key.replace(/ /g, "");
  const confirmed = await client.post("/account/two-factor", { intent: "confirm", code: await freshCode(id, secret) });
  expect(confirmed.status).toBe(200);
  const body = await confirmed.text();
  const recoveryCodes = [...body.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]!);
  expect(recoveryCodes).toHaveLength(10);
  expect(body).not.toContain(secret);
  return { id, email, secret, recoveryCodes, client };
}

/** The password step: returns a browser-like client holding only the pending sign-in cookie. */
async function passwordStep(email: string, redirect = "") {
  const response = await httpClient(server.baseUrl).post("/auth?mode=signin", {
    mode: "signin",
    email,
    password: PASSWORD,
    ...(redirect ? { redirect } : {}),
  });
  expect(redirectedTo(response)).toBe("/auth/two-factor");
  expect(cookieOf(response, "__session")).toBeNull();
  const pending = cookieOf(response, "__two_factor")!;
  expect(pending).toBeTruthy();
  return httpClient(server.baseUrl, pending);
}

const sessionsOf = async (userId: string) =>
  Number((await sql<{ n: string }>(`select count(*) as n from sessions where user_id = ?`, [userId]))[0]!.n);

describe("setting up over HTTP", () => {
  it("shows the QR code and key while setting up, never after; the notice is queued", async () => {
    const { client, secret, email } = await employerWithTwoFactor();
    const page = await (await client.get("/account/two-factor")).text();
    expect(page).toContain("Two-factor sign-in is on");
    expect(page).toContain("10 of 10 recovery codes left");
    expect(page).not.toContain(secret);
    expect(page).not.toContain("setup-key");
    const notices = await sql<{ kind: string }>(
      `select data->>'kind' as kind from pgboss.job where name = 'identity.security-notice' and data->>'to' = ?`,
      [email],
    );
    expect(notices.map((n) => n.kind)).toEqual(["two-factor-enabled"]);
    expect(server.output()).not.toContain(secret);
  });

  it("answers bad codes beside the field with a 400, and unknown intents with a 404", async () => {
    counter += 1;
    const email = `tf-${counter}@example.com`;
    await signUp({ email, password: PASSWORD, role: "candidate", full_name: "Cal" });
    const client = await signInOverHttp(server.baseUrl, email, PASSWORD);
    await client.post("/account/two-factor", { intent: "start", password: PASSWORD });
    for (const code of ["12 34", "abcdef", "123\u0000456", "9".repeat(10_000)]) {
      const answer = await client.post("/account/two-factor", { intent: "confirm", code });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toMatch(/6-digit code|characters we can&#x27;t read/);
    }
    expect((await client.post("/account/two-factor", { intent: "nonsense" })).status).toBe(404);
    const cancelled = await client.post("/account/two-factor", { intent: "cancel" });
    expect(redirectedTo(cancelled)).toBe("/account/two-factor");
    expect(await (await client.follow(cancelled)).text()).toContain(
      "Setup cancelled. Two-factor sign-in is still off.",
    );
    expect(await (await client.get("/account/two-factor")).text()).not.toContain("Setup cancelled.");
  });
});

describe("the second step", () => {
  it("asks for the code after the password, then signs in and follows the redirect", async () => {
    const { id, email, secret } = await employerWithTwoFactor();
    const before = await sessionsOf(id);
    const browser = await passwordStep(email, "/employer/jobs/new");
    expect((await browser.get("/auth/two-factor")).status).toBe(200);
    const wrong = await browser.post("/auth/two-factor", { method: "code", code: "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not right");
    const right = await browser.post("/auth/two-factor", { method: "code", code: await freshCode(id, secret) });
    expect(redirectedTo(right)).toBe("/employer/jobs/new");
    expect(cookieOf(right, "__session")).toBeTruthy();
    expect(cookieOf(right, "__two_factor")).toBe("__two_factor=");
    expect(await sessionsOf(id)).toBe(before + 1);
    // The pending sign-in is used up.
    expect(redirectedTo(await browser.get("/auth/two-factor"))).toBe("/auth?mode=signin");
  });

  it("answers spaces, letters, NUL and 10,000 characters with a message, never a 500", async () => {
    const { email } = await employerWithTwoFactor();
    const browser = await passwordStep(email);
    for (const [method, code] of [
      ["code", "12a 456"],
      ["code", "123\u0000456"],
      ["code", "7".repeat(10_000)],
      ["recovery", "x".repeat(10_000)],
      ["recovery", "!!!"],
      ["nonsense", ""],
    ] as const) {
      const answer = await browser.post("/auth/two-factor", { method, code });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toMatch(
        /Enter the 6-digit code|Enter one of your recovery codes|digits and letters only/,
      );
    }
    // None of that counted as a wrong code.
    const [row] = await sql<{ failures: number }>(
      `select failures from pending_sign_ins p join users u on u.id = p.user_id where u.email = ?`,
      [email],
    );
    expect(row!.failures).toBe(0);
  });

  it("refuses a code used before, and starts one session for two parallel submissions of one code", async () => {
    const { id, email, secret } = await employerWithTwoFactor();
    const code = await freshCode(id, secret);
    const before = await sessionsOf(id);
    const browser = await passwordStep(email);
    const answers = await together([1, 2].map(() => () => browser.post("/auth/two-factor", { method: "code", code })));
    expect(
      answers.filter((a) =>
        a.headers.getSetCookie().some((c) => c.startsWith("__session=") && !c.startsWith("__session=;")),
      ),
    ).toHaveLength(1);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(await sessionsOf(id)).toBe(before + 1);

    // The same code again, from another sign-in: refused.
    const again = await passwordStep(email);
    const replay = await again.post("/auth/two-factor", { method: "code", code });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("already used");
    expect(await sessionsOf(id)).toBe(before + 1);
  });

  it("starts one session when two browsers send the same code at once", async () => {
    const { id, email, secret } = await employerWithTwoFactor();
    const before = await sessionsOf(id);
    const code = await freshCode(id, secret);
    const [a, b] = [await passwordStep(email), await passwordStep(email)];
    const answers = await together(
      [a, b].map((browser) => () => browser.post("/auth/two-factor", { method: "code", code })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
    expect(answers.find((r) => r.status === 400)!.body).toContain("already used");
    expect(await sessionsOf(id)).toBe(before + 1);
  });

  it("uses a recovery code once and shows how many are left", async () => {
    const { id, email, recoveryCodes } = await employerWithTwoFactor();
    const browser = await passwordStep(email, "/employer/dashboard");
    const used = await browser.post("/auth/two-factor", { method: "recovery", code: recoveryCodes[0]!.toUpperCase() });
    expect(redirectedTo(used)).toBe("/account/two-factor?recovery-used=1&next=%2Femployer%2Fdashboard");
    const signedIn = httpClient(server.baseUrl, cookieOf(used, "__session"));
    const page = await (await signedIn.get(redirectedTo(used)!)).text();
    expect(page).toContain("You have 9 recovery codes left");
    expect(page).toContain('href="/employer/dashboard"');

    const again = await passwordStep(email);
    const refused = await again.post("/auth/two-factor", { method: "recovery", code: recoveryCodes[0]! });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("already used");
    // Two parallel uses of one code: one session.
    const before = await sessionsOf(id);
    const [c, d] = [await passwordStep(email), await passwordStep(email)];
    const answers = await together(
      [c, d].map((browser) => () => browser.post("/auth/two-factor", { method: "recovery", code: recoveryCodes[1]! })),
    );
    expect(answers.filter((r) => r.status === 302)).toHaveLength(1);
    expect(await sessionsOf(id)).toBe(before + 1);
  });

  it("makes new recovery codes with the password and a code; the old ones stop working", async () => {
    const { id, email, secret, recoveryCodes, client } = await employerWithTwoFactor();
    const refused = await client.post("/account/two-factor", {
      intent: "regenerate",
      password: PASSWORD,
      code: "12345",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter the 6-digit code");
    const noPassword = await client.post("/account/two-factor", {
      intent: "regenerate",
      code: await freshCode(id, secret),
    });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.text()).toContain("Enter your password.");
    const made = await client.post("/account/two-factor", {
      intent: "regenerate",
      password: PASSWORD,
      code: await freshCode(id, secret),
    });
    expect(made.status).toBe(200);
    const fresh = [...(await made.text()).matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]!);
    expect(fresh).toHaveLength(10);
    const browser = await passwordStep(email);
    expect((await browser.post("/auth/two-factor", { method: "recovery", code: recoveryCodes[2]! })).status).toBe(400);
    expect(redirectedTo(await browser.post("/auth/two-factor", { method: "recovery", code: fresh[0]! }))).toMatch(
      /^\/account\/two-factor\?recovery-used=1/,
    );
  });

  it("drops the pending sign-in after 5 wrong codes, with a message on /auth", async () => {
    const { email } = await employerWithTwoFactor();
    const browser = await passwordStep(email);
    for (let i = 1; i <= 4; i++)
      expect((await browser.post("/auth/two-factor", { method: "code", code: "000000" })).status).toBe(400);
    const last = await browser.post("/auth/two-factor", { method: "recovery", code: "aaaaa-aaaaa" });
    expect(redirectedTo(last)).toBe("/auth?mode=signin");
    const auth = await (await httpClient(server.baseUrl).follow(last)).text();
    // An error, in the sign-in form's error box.
    expect(auth).toMatch(/role="alert"[^>]*>\s*<p>Too many wrong codes. Sign in again to get new tries.<\/p>/);
    expect(redirectedTo(await browser.get("/auth/two-factor"))).toBe("/auth?mode=signin");
  });

  it("sends a pending sign-in from another browser, an expired one or none back to sign in", async () => {
    const { id, email, secret } = await employerWithTwoFactor();
    const browser = await passwordStep(email);
    const other = await fetch(`${server.baseUrl}/auth/two-factor`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.baseUrl,
        Cookie: browser.cookie!,
        "User-Agent": "another browser",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ method: "code", code: await freshCode(id, secret) }).toString(),
    });
    expect(redirectedTo(other)).toBe("/auth?mode=signin");
    const none = httpClient(server.baseUrl);
    const restarted = await none.get("/auth/two-factor");
    expect(redirectedTo(restarted)).toBe("/auth?mode=signin");
    expect(redirectedTo(await none.post("/auth/two-factor", { method: "code", code: "123456" }))).toBe(
      "/auth?mode=signin",
    );
    expect(await (await none.follow(restarted)).text()).toContain("Your sign-in timed out");
    expect(await (await none.get("/auth?mode=signin")).text()).not.toContain("Your sign-in timed out");
    await sql(`update pending_sign_ins set expires_at = now() - interval '1 second' where user_id = ?`, [id]);
    expect(redirectedTo(await browser.get("/auth/two-factor"))).toBe("/auth?mode=signin");
  });
});

describe("other people and other sites", () => {
  it("sends signed-out visitors to sign in and refuses posts from another site", async () => {
    const { email, client } = await employerWithTwoFactor();
    expect(redirectedTo(await httpClient(server.baseUrl).get("/account/two-factor"))).toBe(
      "/auth?redirect=%2Faccount%2Ftwo-factor",
    );
    expect(redirectedTo(await httpClient(server.baseUrl).post("/account/two-factor", { intent: "start" }))).toMatch(
      /^\/auth\?redirect=/,
    );
    const foreign = (path: string, cookie: string | null, fields: Record<string, string>) =>
      fetch(server.baseUrl + path, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      });
    expect(
      (await foreign("/account/two-factor", client.cookie, { intent: "disable", password: PASSWORD })).status,
    ).toBe(403);
    const browser = await passwordStep(email);
    expect(
      (await foreign("/auth/two-factor", browser.cookie, { method: "recovery", code: "aaaaa-aaaaa" })).status,
    ).toBe(403);
    expect((await client.get("/account/two-factor")).status).toBe(200);
    expect(await (await client.get("/account/two-factor")).text()).toContain("Two-factor sign-in is on");
  });

  it("turns off with the password and a code, beside the field when wrong; the next sign-in is one step", async () => {
    const { id, email, secret, client } = await employerWithTwoFactor();
    const wrong = await client.post("/account/two-factor", {
      intent: "disable",
      password: "not it",
      code: await freshCode(id, secret),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That password is not right.");
    const noCode = await client.post("/account/two-factor", { intent: "disable", password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect(await noCode.text()).toContain("Enter the 6-digit code");
    expect(await sql(`select 1 from two_factor where user_id = ?`, [id])).toHaveLength(1);
    expect(
      redirectedTo(
        await client.post("/account/two-factor", {
          intent: "disable",
          password: PASSWORD,
          code: await freshCode(id, secret),
        }),
      ),
    ).toBe("/account/two-factor");
    const kinds = await sql<{ kind: string }>(
      `select data->>'kind' as kind from pgboss.job where name = 'identity.security-notice' and data->>'to' = ?`,
      [email],
    );
    expect(kinds.map((k) => k.kind).sort()).toEqual(["two-factor-disabled", "two-factor-enabled"]);
    const signedIn = await signInOverHttp(server.baseUrl, email, PASSWORD);
    expect(signedIn.cookie).toMatch(/^__session=/);
    expect(await sql(`select 1 from two_factor where user_id = ?`, [id])).toHaveLength(0);
  });
});

describe("a stolen session", () => {
  it("cannot turn two-factor on with the thief's authenticator: starting asks for the password first", async () => {
    counter += 1;
    const email = `tf-${counter}@example.com`;
    const { id } = await signUp({ email, password: PASSWORD, role: "candidate", full_name: "Sam" });
    const client = await signInOverHttp(server.baseUrl, email, PASSWORD);
    for (const fields of [{ intent: "start" }, { intent: "start", password: "a guess" }] as Record<string, string>[]) {
      const refused = await client.post("/account/two-factor", fields);
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toMatch(/Enter your password\.|That password is not right\./);
      expect(page).not.toContain("setup-key");
    }
    expect(await sql(`select 1 from two_factor where user_id = ?`, [id])).toHaveLength(0);
    expect(await (await client.get("/account/two-factor")).text()).not.toContain("setup-key");
  });

  it("cannot guess the password through turning two-factor off: 5 wrong ones at once, then 429 as sign-in answers", async () => {
    const { id, email, secret, client } = await employerWithTwoFactor();
    const code = await freshCode(id, secret);
    const guesses = await together(
      Array.from(
        { length: 8 },
        (_, i) => () => client.post("/account/two-factor", { intent: "disable", password: `guess ${i}`, code }),
      ),
    );
    expect(guesses.filter((g) => g.status === 400 && g.body.includes("That password is not right."))).toHaveLength(5);
    const limited = guesses.filter((g) => g.status === 429);
    expect(limited).toHaveLength(3);
    expect(Number(limited[0]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited[0]!.body).toContain("Too many sign-in attempts");
    // Past the limit the right password is not even checked, and password sign-in is locked too.
    expect((await client.post("/account/two-factor", { intent: "disable", password: PASSWORD, code })).status).toBe(
      429,
    );
    expect(
      (await httpClient(server.baseUrl).post("/auth?mode=signin", { mode: "signin", email, password: PASSWORD }))
        .status,
    ).toBe(429);
    expect(await sql(`select 1 from two_factor where user_id = ? and enabled_at is not null`, [id])).toHaveLength(1);
    const failures = await sql<{ n: string }>(
      `select count(*) as n from sign_in_attempts where email = ? and not succeeded`,
      [email],
    );
    expect(Number(failures[0]!.n)).toBe(5);
  });
});
