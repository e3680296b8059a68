// Sign-in with identity providers and the second sign-in step, replayed against the production
// build: pre-account hijacking (a squatter's unconfirmed account, then the address's owner signs
// in with a provider, or resets the password) and guessing second-step codes across pending
// sign-ins. The provider probe starts a real OpenID provider (tests/support/oidc-idp.ts) and a
// second web process configured with it, on the bench's database (no workers: the bench's server
// sends the mail). Requests come from client addresses of their own, so these probes use up none
// of 127.0.0.1's sign-in and sign-up limits that other probes need.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate } from "otplib";
import { query, type Probe, type ProbeContext } from "./probe.ts";
import { freePort, running, stop, WEB_NODE_FLAGS } from "../server.ts";
import { listMailbox, readMailboxMessage } from "../../lib/mail.ts";
import { CookieBrowser } from "../../tests/support/cookie-browser.ts";
import { httpClientFrom, redirectedTo, together } from "../../tests/support/http.ts";
import { startTestIdp, throughTestIdp, type TestIdp } from "../../tests/support/oidc-idp.ts";

const tag = Date.now().toString(36);
const SQUATTER_PASSWORD = "squatter's own secret";
const codeNow = (secret: string, ahead = 0) =>
  generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + ahead) * 30 });

/** A browser whose requests to `app` say they come from `address` (the provider server trusts one proxy hop). */
class BrowserAt extends CookieBrowser {
  private readonly app: string;
  private readonly address: string;
  constructor(app: string, address: string) {
    super();
    this.app = app;
    this.address = address;
  }
  override request(input: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (new URL(input).origin === this.app) headers.set("X-Forwarded-For", this.address);
    return super.request(input, { ...init, headers });
  }
}

/** The production server with the test provider configured, on the bench's database; stopped by `close`. */
async function providerServer(ctx: ProbeContext): Promise<{ base: string; idp: TestIdp; close(): Promise<void> }> {
  const idp = await startTestIdp();
  const dataDir = await mkdtemp(path.join(tmpdir(), "hirewise-bench-idp-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...WEB_NODE_FLAGS, "server.ts"], {
    env: {
      ...process.env,
      ...idp.env("testidp", "Test ID"),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: ctx.databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      RUN_WORKERS: "false",
      TRUST_PROXY: "1",
    },
    stdio: "ignore",
  });
  const close = async () => {
    await stop(child);
    await idp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (
      (await fetch(`${base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false)) === true
    )
      break;
    if (!running(child) || i > 1800) {
      await close();
      throw new Error("the server with the test provider did not start");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, idp, close };
}

/** The path of the first link under `prefix` in the newest email to `to` with `subject` (the bench server's mailbox). */
async function mailedLink(ctx: ProbeContext, to: string, subject: string, prefix: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    for (const entry of await listMailbox(path.join(ctx.dataDir, "mail"))) {
      if (entry.to !== to || entry.subject !== subject) continue;
      const link = (await readMailboxMessage(entry)).links.find((l) => new URL(l).pathname.startsWith(prefix));
      if (link) return new URL(link).pathname;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${subject}" email to ${to}`);
}

const squatterAccount: Probe = {
  check:
    "provider sign-in on an unverified squatter account (password + two-factor + own provider; onboarding + reset): owner gets it clean",
  tries: 2,
  async run(ctx) {
    const { base, idp, close } = await providerServer(ctx);
    const at = (n: number) => new BrowserAt(base, `203.0.113.${n}`);
    const problems: string[] = [];
    const userOf = async (email: string) =>
      (
        await query<{ id: string; password_hash: string | null; email_verified_at: Date | null }>(
          ctx,
          `select id, password_hash, email_verified_at from users where email = $1`,
          [email],
        )
      )[0]!;
    const countOf = async (sql: string, id: string) =>
      (await query<{ n: number }>(ctx, `select count(*)::int as n ${sql}`, [id]))[0]!.n;
    const signedIn = async (browser: CookieBrowser) => (await browser.request(`${base}/account`)).status === 200;
    try {
      // 1. The squatter signs up with the victim's address, turns two-factor on and connects a provider of their own.
      const victim = `victim-${tag}@example.com`;
      const squatter = at(1);
      await squatter.post(`${base}/auth?mode=signup`, {
        mode: "signup",
        role: "employer",
        email: victim,
        password: SQUATTER_PASSWORD,
        full_name: "Sam",
        company_name: "Squat Co",
      });
      await squatter.post(`${base}/auth?mode=signin`, { mode: "signin", email: victim, password: SQUATTER_PASSWORD });
      const connect: RequestInit = {
        method: "POST",
        body: new URLSearchParams({ connect: "testidp", password: SQUATTER_PASSWORD }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      };
      await squatter.request(
        await throughTestIdp(squatter, base, idp, `sam-${tag}`, "/account/sign-in-methods", connect),
      );
      await squatter.post(`${base}/account/two-factor`, { intent: "start", password: SQUATTER_PASSWORD });
      const key =
        /id="setup-key"[^>]*>([A-Z2-7 ]+)</
          .exec(await (await squatter.request(`${base}/account/two-factor`)).text())?.[1]
          ?.replace(/ /g, "") ?? "";
      await squatter.post(`${base}/account/two-factor`, { intent: "confirm", code: await codeNow(key) });
      const { id } = await userOf(victim);
      const before = {
        twoFactor: await countOf("from two_factor where enabled_at is not null and user_id = $1", id),
        links: await countOf("from identity_links where user_id = $1", id),
      };
      if (before.twoFactor !== 1 || before.links !== 1)
        throw new Error(`the squatter's setup did not take: ${JSON.stringify(before)}`);
      // The owner continues with the provider, which verified the address.
      const owner = at(2);
      const landed = await owner.request(await throughTestIdp(owner, base, idp, victim));
      const after = await userOf(victim);
      const seen = {
        owner: `${landed.status} ${landed.headers.get("location")}`,
        ownerSignedIn: await signedIn(owner),
        squatterSignedIn: await signedIn(squatter),
        squatterPassword: (
          await at(3).post(`${base}/auth?mode=signin`, { mode: "signin", email: victim, password: SQUATTER_PASSWORD })
        ).status,
        password: after.password_hash !== null,
        verified: after.email_verified_at !== null,
        twoFactor: await countOf("from two_factor where user_id = $1", id),
        links: (await query<{ subject: string }>(ctx, `select subject from identity_links where user_id = $1`, [id]))
          .map((l) => l.subject)
          .join(","),
        notice: await countOf(
          `from pgboss.job where name = 'identity.security-notice' and data->>'kind' = 'account-claimed' and data->>'to' = (select email from users where id = $1)`,
          id,
        ),
      };
      const ok =
        seen.owner === "302 /employer/dashboard" &&
        seen.ownerSignedIn &&
        !seen.squatterSignedIn &&
        seen.squatterPassword === 401 &&
        !seen.password &&
        seen.verified &&
        seen.twoFactor === 0 &&
        seen.links === victim &&
        seen.notice === 1;
      if (!ok) problems.push(`squatter with a password: ${JSON.stringify(seen)}`);

      // 2. Through onboarding with an unverified provider address, then the owner resets the password.
      const olive = `olive-${tag}@example.com`;
      const onboarder = at(4);
      await onboarder.request(await throughTestIdp(onboarder, base, idp, `unverified:${olive}`));
      await onboarder.post(`${base}/auth/onboarding`, { role: "candidate", accept: "yes" });
      const { id: oliveId } = await userOf(olive);
      const resetter = at(5);
      await resetter.post(`${base}/auth/forgot`, { email: olive });
      const link = await mailedLink(ctx, olive, "Reset your Hirewise password", "/auth/reset/");
      const reset = await resetter.post(base + link, { password: "the owner's new password" });
      const back = at(6);
      const again = await back.request(await throughTestIdp(back, base, idp, `unverified:${olive}`));
      const seen2 = {
        reset: reset.status,
        links: await countOf("from identity_links where user_id = $1", oliveId),
        onboarderSignedIn: await signedIn(onboarder),
        providerAgain: again.status,
        providerSession: back.has("__session"),
      };
      const ok2 =
        seen2.reset === 303 &&
        seen2.links === 0 &&
        !seen2.onboarderSignedIn &&
        seen2.providerAgain === 400 &&
        !seen2.providerSession;
      if (!ok2) problems.push(`onboarding then reset: ${JSON.stringify(seen2)}`);
      return { passed: Number(ok) + Number(ok2), detail: problems.join(" | ") };
    } finally {
      await close();
    }
  },
};

const codeGuessing: Probe = {
  check:
    "second-step code guessing across pending sign-ins: 20 parallel wrong codes over 5, at most 10 checked, the rest 429; a new password and the right code stay 429",
  tries: 21,
  async run(ctx) {
    const address = "127.0.0.42";
    const email = `probe-guess-${tag}@example.com`;
    const password = "probe password 1";
    const client = (cookie: string | null = null) => httpClientFrom(ctx.base, address, cookie);
    const cookieOf = (r: Response, name: string) =>
      r.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${name}=`))
        ?.split(";")[0] ?? null;
    await client().post("/auth?mode=signup", {
      mode: "signup",
      role: "candidate",
      email,
      password,
      full_name: "Probe Person",
    });
    const signedIn = await client().post("/auth?mode=signin", { mode: "signin", email, password });
    const session = client(cookieOf(signedIn, "__session"));
    await session.post("/account/two-factor", { intent: "start", password });
    const secret =
      /id="setup-key"[^>]*>([A-Z2-7 ]+)</
        .exec(await (await session.get("/account/two-factor")).text())?.[1]
        ?.replace(/ /g, "") ?? "";
    const confirmed = await session.post("/account/two-factor", { intent: "confirm", code: await codeNow(secret) });
    if (confirmed.status !== 200) throw new Error(`turning two-factor on answered ${confirmed.status}`);
    const passwordStep = async () => {
      const r = await client().post("/auth?mode=signin", { mode: "signin", email, password });
      if (redirectedTo(r) !== "/auth/two-factor")
        throw new Error(`the password step answered ${r.status} ${redirectedTo(r)}`);
      return client(cookieOf(r, "__two_factor"));
    };
    const pending = [];
    for (let i = 0; i < 5; i++) pending.push(await passwordStep());
    const answers = await together(
      pending.flatMap((p) =>
        [1, 2, 3, 4].map(() => () => p.post("/auth/two-factor", { method: "code", code: "000000" })),
      ),
    );
    const [{ checked }] = (await query<{ checked: number }>(
      ctx,
      `select count(*)::int as checked from sign_in_attempts where email = $1 and kind = 'code' and not succeeded`,
      [email],
    )) as [{ checked: number }];
    const wrong = answers.filter((a) => a.status === 400).length;
    const refused = answers.filter(
      (a) =>
        a.status === 429 &&
        Number(a.headers.get("Retry-After")) > 0 &&
        /Too many wrong codes for this account/.test(a.body),
    ).length;
    // The last pending sign-in with the right code: still refused (a new password step is refused too: the email's sign-ins wait).
    const right = await pending[4]!.post("/auth/two-factor", { method: "code", code: await codeNow(secret, 1) });
    const newPassword = await client().post("/auth?mode=signin", { mode: "signin", email, password });
    const lockedOut = right.status === 429 && newPassword.status === 429 ? 1 : 0;
    const passed = checked <= 10 && wrong === checked ? refused + wrong + lockedOut : 0;
    const statuses = answers.reduce<Record<number, number>>(
      (acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }),
      {},
    );
    return {
      passed,
      detail: `${JSON.stringify(statuses)}, ${checked} codes checked, right code ${right.status}, new password ${newPassword.status}`,
    };
  },
};

export const probes: Probe[] = [squatterAccount, codeGuessing];
