// Guessing second-step codes with a known password, against the built server: wrong codes count
// per account across all its pending sign-ins (at most 10 in 15 minutes, then 429 with
// Retry-After, the right code too), in parallel as well; they count as failed sign-ins for the
// email and the address; the owner is told once; an account holds at most 5 pending sign-ins.
// Each test's requests come from a loopback address of its own, so the per-address limit of one
// test never reaches another's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClientFrom, redirectedTo, together } from "../support/http.ts";
import { countInMailbox } from "../support/mailbox.ts";
import { em } from "../../lib/db.ts";
import { signUp } from "../../modules/identity/index.server.ts";

const PASSWORD = "correct horse battery";
const LOCKED = /Too many wrong codes for this account\. Try again in \d+ minutes?\./;
const NOTICE = "Someone is trying to sign in to your Hirewise account";
let server: AppServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ server, stop } = await startServerWithModules());
}, 120_000);
afterAll(async () => {
  await stop?.();
});

const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
// The code of this time step, or of the next (the server accepts the step either side; setting up used this one).
const codeNow = (secret: string, ahead = 0) =>
  generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + ahead) * 30 });

let counter = 0;
/** An employer with two-factor on, set up over HTTP (the server seals the secret with its own key). */
async function accountWithTwoFactor() {
  counter += 1;
  const email = `guess-${counter}@example.com`;
  // This test's own client address.
  const address = `127.0.0.${10 + counter}`;
  const { id } = await signUp({
    email,
    password: PASSWORD,
    role: "employer",
    company_name: "Guess Co",
    full_name: "Gia",
  });
  const signedIn = await httpClientFrom(server.baseUrl, address).post("/auth?mode=signin", {
    mode: "signin",
    email,
    password: PASSWORD,
  });
  const client = httpClientFrom(
    server.baseUrl,
    address,
    signedIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0]!,
  );
  await client.post("/account/two-factor", { intent: "start", password: PASSWORD });
  const secret = /id="setup-key"[^>]*>([A-Z2-7 ]+)</
    .exec(await (await client.get("/account/two-factor")).text())![1]!
    .replace(/ /g, "");
  expect((await client.post("/account/two-factor", { intent: "confirm", code: await codeNow(secret) })).status).toBe(
    200,
  );
  return { id, email, secret, address };
}

/** The password step from `address`: a client holding only the pending sign-in's cookie. */
async function passwordStep(email: string, address: string) {
  const response = await httpClientFrom(server.baseUrl, address).post("/auth?mode=signin", {
    mode: "signin",
    email,
    password: PASSWORD,
  });
  expect(redirectedTo(response)).toBe("/auth/two-factor");
  const pending = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__two_factor="))!
    .split(";")[0]!;
  return httpClientFrom(server.baseUrl, address, pending);
}

const wrongCodesOf = async (email: string) =>
  Number(
    (
      await sql<{ n: string }>(
        `select count(*) as n from sign_in_attempts where email = ? and kind = 'code' and not succeeded`,
        [email],
      )
    )[0]!.n,
  );
const noticesTo = async (email: string) =>
  Number(
    (
      await sql<{ n: string }>(
        `select count(*) as n from pgboss.job where name = 'identity.security-notice' and data->>'to' = ? and data->>'kind' = 'second-step-locked'`,
        [email],
      )
    )[0]!.n,
  );

describe("wrong second-step codes", () => {
  it("count across pending sign-ins: past 10 even the right code answers 429 beside the field, and password sign-ins wait too", async () => {
    const { email, secret, address } = await accountWithTwoFactor();
    const [a, b, c] = [
      await passwordStep(email, address),
      await passwordStep(email, address),
      await passwordStep(email, address),
    ];
    for (const [browser, tries] of [
      [a, 4],
      [b, 4],
      [c, 2],
    ] as const) {
      for (let i = 0; i < tries; i++)
        expect((await browser.post("/auth/two-factor", { method: "code", code: "000000" })).status).toBe(400);
    }
    expect(await wrongCodesOf(email)).toBe(10);
    const [{ failures }] = await sql<{ failures: string }>(
      `select sum(failures) as failures from pending_sign_ins p join users u on u.id = p.user_id where u.email = ?`,
      [email],
    );
    expect(Number(failures)).toBe(10);

    for (const [method, code] of [
      ["code", "000000"],
      ["recovery", "aaaaa-aaaaa"],
      ["code", await codeNow(secret, 1)],
    ] as const) {
      const refused = await c.post("/auth/two-factor", { method, code });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      // Without JavaScript: the page itself, the message beside the code field.
      const page = await refused.text();
      expect(page).toMatch(new RegExp(`id="two-factor-${method}-error"[^>]*>(<[^>]+>)*${LOCKED.source}`));
    }
    expect(await wrongCodesOf(email)).toBe(10);
    // They were failed sign-ins for the email (and the address): a right password waits as well.
    const password = await httpClientFrom(server.baseUrl, address).post("/auth?mode=signin", {
      mode: "signin",
      email,
      password: PASSWORD,
    });
    expect(password.status).toBe(429);
    expect(await password.text()).toContain("Too many sign-in attempts");
    const [{ n }] = await sql<{ n: string }>(
      `select count(*) as n from sign_in_attempts where ip like ? and kind = 'code' and not succeeded`,
      [`%${address}`],
    );
    expect(Number(n)).toBe(10);

    // One notice, however many refusals.
    expect(await noticesTo(email)).toBe(1);
    await expect.poll(() => countInMailbox(server.dataDir, email, NOTICE), { timeout: 30_000 }).toBe(1);

    // Once the window has passed, the right code signs in on a pending sign-in that is still open.
    await sql(`update sign_in_attempts set attempted_at = attempted_at - interval '16 minutes' where email = ?`, [
      email,
    ]);
    const right = await c.post("/auth/two-factor", { method: "code", code: await codeNow(secret, 1) });
    expect(redirectedTo(right)).toBe("/employer/dashboard");
  });

  it("sent 20 at once across 5 pending sign-ins: 10 are checked, the other 10 answer 429", async () => {
    const { email, address } = await accountWithTwoFactor();
    const browsers = [];
    for (let i = 0; i < 5; i++) browsers.push(await passwordStep(email, address));
    const answers = await together(
      browsers.flatMap((browser) =>
        [1, 2, 3, 4].map(() => () => browser.post("/auth/two-factor", { method: "code", code: "000000" })),
      ),
    );
    expect(answers.filter((r) => r.status === 400)).toHaveLength(10);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused.every((r) => Number(r.headers.get("Retry-After")) > 0 && LOCKED.test(r.body))).toBe(true);
    expect(await wrongCodesOf(email)).toBe(10);
    expect(await noticesTo(email)).toBe(1);
  });

  it("a right password does not clear them", async () => {
    const { email, address } = await accountWithTwoFactor();
    const first = await passwordStep(email, address);
    for (let i = 0; i < 4; i++) await first.post("/auth/two-factor", { method: "code", code: "000000" });
    await passwordStep(email, address);
    expect(await wrongCodesOf(email)).toBe(4);
  });
});

describe("pending sign-ins", () => {
  it("are at most 5 per account: a sixth drops the oldest", async () => {
    const { id, email, address } = await accountWithTwoFactor();
    const browsers = [];
    for (let i = 0; i < 6; i++) browsers.push(await passwordStep(email, address));
    expect(
      Number((await sql<{ n: string }>(`select count(*) as n from pending_sign_ins where user_id = ?`, [id]))[0]!.n),
    ).toBe(5);
    expect(redirectedTo(await browsers[0]!.get("/auth/two-factor"))).toBe("/auth?mode=signin");
    for (const browser of browsers.slice(1)) expect((await browser.get("/auth/two-factor")).status).toBe(200);
  });
});
