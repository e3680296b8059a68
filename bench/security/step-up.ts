// Sensitive account changes with a stolen session, replayed against the production build: turning
// two-factor on without the password, guessing the password through turning it off, changing the
// email of an account without a password, and deleting such an account while its owner signed in
// with the provider in another browser. The bench runs no identity provider: accounts without a
// password are signed up, then their password removed, and their sessions written to the database
// as a provider sign-in leaves them.
import { createHash, randomBytes } from "node:crypto";
import { generate } from "otplib";
import { query, type Probe, type ProbeContext } from "./probe.ts";
import {
  httpClient,
  httpClientFrom,
  redirectedTo,
  signInOverHttp,
  together,
  type HttpClient,
} from "../../tests/support/http.ts";

const PASSWORD = "probe password 1";
const tag = Date.now().toString(36);
let seq = 0;

/**
 * A new candidate with a password, signed in over HTTP. Sign-ups come from 127.0.0.6, so the other
 * probes' sign-ups from 127.0.0.1 don't spend this file's hourly allowance.
 */
async function passwordAccount(ctx: ProbeContext): Promise<{ email: string; id: string; client: HttpClient }> {
  const email = `stepup-${tag}-${++seq}@example.com`;
  const response = await httpClientFrom(ctx.base, "127.0.0.6").post("/auth?mode=signup", {
    mode: "signup",
    role: "candidate",
    email,
    password: PASSWORD,
    full_name: "Probe Person",
  });
  await response.arrayBuffer();
  // With confirmation required, sign-up answers "check your email" (303); the account signs in below.
  if (response.status !== 302 && response.status !== 303) throw new Error(`sign-up answered ${response.status}`);
  const [{ id }] = (await query<{ id: string }>(ctx, `select id from users where email = $1`, [email])) as [
    { id: string },
  ];
  return { email, id, client: await signInOverHttp(ctx.base, email, PASSWORD) };
}

/** An account without a password, as a provider sign-up leaves it (signed up, then its password removed). */
async function passwordlessAccount(ctx: ProbeContext): Promise<{ id: string; email: string }> {
  const { id, email } = await passwordAccount(ctx);
  await query(ctx, `update users set password_hash = null where id = $1`, [id]);
  return { id, email };
}

/** A session for the account; `providerConfirmed`: signed in with the provider moments ago in it. */
async function sessionFor(ctx: ProbeContext, userId: string, providerConfirmed: boolean): Promise<HttpClient> {
  const token = randomBytes(32).toString("base64url");
  await query(
    ctx,
    `insert into sessions (id, user_id, created_at, expires_at, provider_confirmed_at) values ($1, $2, now(), now() + interval '1 day', $3)`,
    [createHash("sha256").update(token).digest("hex"), userId, providerConfirmed ? new Date() : null],
  );
  // The cookie as Remix's createCookie writes it: the JSON of the value, in base64.
  return httpClient(ctx.base, `__session=${encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64"))}`);
}

const enrolWithoutPassword: Probe = {
  check:
    "step-up: a stolen session turns two-factor on: POST start without the password, or with a guess, answers 400 and shows no key",
  tries: 2,
  async run(ctx) {
    const { id, client } = await passwordAccount(ctx);
    let passed = 0;
    const seen: string[] = [];
    for (const fields of [{ intent: "start" }, { intent: "start", password: "a guess" }] as Record<string, string>[]) {
      const answer = await client.post("/account/two-factor", fields);
      const body = await answer.text();
      const rows = await query(ctx, `select 1 from two_factor where user_id = $1`, [id]);
      seen.push(`${answer.status} rows=${rows.length}`);
      if (answer.status === 400 && !body.includes("setup-key") && rows.length === 0) passed++;
    }
    return { passed, detail: seen.join(", ") };
  },
};

const guessThroughTurnOff: Probe = {
  check:
    "step-up: password guessing through two-factor off: 12 parallel wrong passwords, at most 5 checked, the rest 429 with Retry-After, sign-in locked too",
  tries: 12,
  async run(ctx) {
    const { id, email, client } = await passwordAccount(ctx);
    const started = await client.post("/account/two-factor", { intent: "start", password: PASSWORD });
    await started.arrayBuffer();
    const page = await (await client.get("/account/two-factor")).text();
    const secret = /id="setup-key"[^>]*>([A-Z2-7 ]+)</.exec(page)?.[1]?.replace(/ /g, "");
    if (!secret) throw new Error(`setting up answered ${started.status}`);
    const confirmed = await client.post("/account/two-factor", { intent: "confirm", code: await generate({ secret }) });
    await confirmed.arrayBuffer();
    if (confirmed.status !== 200) throw new Error(`confirming answered ${confirmed.status}`);
    const code = await generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + 1) * 30 });
    const answers = await together(
      Array.from(
        { length: 12 },
        (_, i) => () => client.post("/account/two-factor", { intent: "disable", password: `guess ${i}`, code }),
      ),
    );
    const checked = answers.filter((a) => a.status === 400).length;
    const limited = answers.filter((a) => a.status === 429 && Number(a.headers.get("Retry-After")) > 0).length;
    const signIn = await httpClient(ctx.base).post("/auth?mode=signin", { mode: "signin", email, password: PASSWORD });
    await signIn.arrayBuffer();
    const stillOn =
      (await query(ctx, `select 1 from two_factor where user_id = $1 and enabled_at is not null`, [id])).length === 1;
    const ok = checked <= 5 && checked + limited === 12 && signIn.status === 429 && stillOn;
    return {
      passed: ok ? 12 : checked + limited - Math.max(0, checked - 5),
      detail: `${checked} checked, ${limited} limited, sign-in ${signIn.status}, still on ${stillOn}`,
    };
  },
};

const passwordlessEmailChange: Probe = {
  check:
    "step-up: passwordless email change without proof: a session with no provider sign-in in it asks for a new address, answered 400, no link issued",
  tries: 1,
  async run(ctx) {
    const { id } = await passwordlessAccount(ctx);
    const stolen = await sessionFor(ctx, id, false);
    const answer = await stolen.post("/account", {
      intent: "change-email",
      new_email: `thief-${tag}-${seq}@example.com`,
    });
    await answer.arrayBuffer();
    const tokens = await query(ctx, `select 1 from account_tokens where user_id = $1 and purpose = 'email-change'`, [
      id,
    ]);
    return {
      passed: answer.status === 400 && tokens.length === 0 ? 1 : 0,
      detail: `${answer.status}, ${tokens.length} links`,
    };
  },
};

const deletionFromAnotherBrowser: Probe = {
  check:
    "step-up: account deletion with a provider sign-in from another browser: the stolen session's DELETE answers 400, the account stays; the owner's own session deletes it",
  tries: 2,
  async run(ctx) {
    const { id } = await passwordlessAccount(ctx);
    const stolen = await sessionFor(ctx, id, false);
    const owner = await sessionFor(ctx, id, true);
    const refused = await stolen.post("/account/delete", { confirmation: "DELETE" });
    await refused.arrayBuffer();
    const kept = (await query(ctx, `select 1 from users where id = $1`, [id])).length === 1;
    const deleted = await owner.post("/account/delete", { confirmation: "DELETE" });
    await deleted.arrayBuffer();
    const gone = (await query(ctx, `select 1 from users where id = $1`, [id])).length === 0;
    return {
      passed:
        (refused.status === 400 && kept ? 1 : 0) + (redirectedTo(deleted) === "/?account=deleted" && gone ? 1 : 0),
      detail: `stolen ${refused.status} (kept ${kept}), owner ${deleted.status} (gone ${gone})`,
    };
  },
};

export const probes: Probe[] = [
  enrolWithoutPassword,
  guessThroughTurnOff,
  passwordlessEmailChange,
  deletionFromAnotherBrowser,
];
