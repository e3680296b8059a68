// Mail nobody can aim, and passwords nobody guesses, replayed against the production build
// (REQUIRE_EMAIL_VERIFICATION on, default quotas). Once any new employer could invite one address
// again and again (a fresh email each time) under a company name of their choosing, alerts mailed
// addresses nobody confirmed, "password1234" was a fine password, and sign-up and email change
// said "an account with this email already exists". Sign-ups here come from 127.0.0.5, so no
// other probe's sign-up quota is spent; confirmed accounts are confirmed in the database, as the
// emailed link would.
import { request } from "node:http";
import { query, type Probe, type ProbeContext, type ProbeResult } from "./probe.ts";

const PASSWORD = "plinth mosaic ferret";
const FROM = "127.0.0.5";

interface Reply {
  status: number;
  location: string | null;
  retryAfter: string | null;
  session: string | null;
  body: string;
}

/** A urlencoded form post (or a GET without fields) from 127.0.0.5, read to its end. */
function send(
  ctx: ProbeContext,
  path: string,
  fields: Record<string, string> | null,
  cookie: string | null = null,
): Promise<Reply> {
  const url = new URL(path, ctx.base);
  const body = fields ? Buffer.from(new URLSearchParams(fields).toString()) : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: fields ? "POST" : "GET",
        localAddress: FROM,
        headers: {
          Origin: ctx.base,
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body
            ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const session = ([] as string[])
            .concat(res.headers["set-cookie"] ?? [])
            .find((c) => c.startsWith("__session="));
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            retryAfter: (res.headers["retry-after"] as string | undefined) ?? null,
            session: session ? session.split(";")[0]! : null,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

let seq = 0;
const unique = (what: string) => `mail-${what}-${process.pid}-${++seq}@example.com`;
const signUpFields = (email: string, extra: Record<string, string> = {}) => ({
  mode: "signup",
  role: "candidate",
  full_name: "Probe Person",
  email,
  password: PASSWORD,
  ...extra,
});

/** A new account (signed up, then signed in); `confirmed` marks its address confirmed as the link would. */
async function account(
  ctx: ProbeContext,
  role: "candidate" | "employer",
  confirmed: boolean,
): Promise<{ email: string; cookie: string }> {
  const email = unique(role);
  const created = await send(
    ctx,
    "/auth?mode=signup",
    signUpFields(email, role === "employer" ? { role, company_name: `Probe ${seq} Co` } : {}),
  );
  if (created.status !== 303) throw new Error(`signing up ${email} answered ${created.status}`);
  if (confirmed) await query(ctx, `update users set email_verified_at = now() where email = $1`, [email]);
  const signedIn = await send(ctx, "/auth?mode=signin", { mode: "signin", email, password: PASSWORD });
  if (!signedIn.session) throw new Error(`signing in ${email} answered ${signedIn.status}`);
  return { email, cookie: signedIn.session };
}

const invite = (ctx: ProbeContext, cookie: string, email: string) =>
  send(ctx, "/employer/team", { intent: "invite", email, role: "recruiter" }, cookie);
const accepted = (r: Reply) => r.status === 302 && r.location === "/employer/team";
const refused429 = (r: Reply, words: string) =>
  r.status === 429 && /^[1-9][0-9]*$/.test(r.retryAfter ?? "") && r.body.includes(words);
const invitationRows = async (ctx: ProbeContext, email: string) =>
  Number(
    (await query<{ n: string }>(ctx, `select count(*) as n from company_invitations where email = $1`, [email]))[0]!.n,
  );

export const probes: Probe[] = [
  {
    check: "mail: re-invite the same address 8 times from 2 companies: 3 go through, 5 answer 429 with Retry-After",
    tries: 8,
    async run(ctx): Promise<ProbeResult> {
      const [a, b] = await Promise.all([account(ctx, "employer", true), account(ctx, "employer", true)]);
      const target = unique("invited");
      const replies: Reply[] = [];
      for (let i = 0; i < 8; i++) replies.push(await invite(ctx, (i % 2 ? b : a).cookie, target));
      const passed = replies.filter((r, i) =>
        i < 3 ? accepted(r) : refused429(r, "invitations to one address per hour"),
      ).length;
      return { passed, detail: replies.map((r) => r.status).join(",") };
    },
  },
  {
    check: "mail: invitations from one company, 30 at once to different addresses: 20 go through, 10 answer 429",
    tries: 30,
    async run(ctx) {
      const boss = await account(ctx, "employer", true);
      const replies = await Promise.all(
        Array.from({ length: 30 }, () => invite(ctx, boss.cookie, unique("colleague"))),
      );
      const through = replies.filter(accepted).length;
      const limited = replies.filter((r) => refused429(r, "invitations from one company per hour")).length;
      return {
        passed: through === 20 ? through + limited : 0,
        detail: `${through} through, ${limited} limited: ${replies.map((r) => r.status).join(",")}`,
      };
    },
  },
  {
    check: "mail: an unconfirmed account sends an invitation 3 times: 403 with the message, no invitation row",
    tries: 3,
    async run(ctx) {
      const owner = await account(ctx, "employer", false);
      const page = await send(ctx, "/employer/team", null, owner.cookie);
      let passed = 0;
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) {
        const victim = unique("victim");
        const r = await invite(ctx, owner.cookie, victim);
        const rows = await invitationRows(ctx, victim);
        if (
          r.status === 403 &&
          r.body.includes("Confirm your email address before you invite colleagues.") &&
          page.body.includes("Confirm your email address before you invite colleagues.") &&
          rows === 0
        )
          passed++;
        seen.push(`${r.status} rows ${rows}`);
      }
      return { passed, detail: seen.join("; ") };
    },
  },
  {
    check:
      "mail: alerts to an unconfirmed address: the alert is kept and the alerts page says no email goes out until confirmed",
    tries: 1,
    async run(ctx) {
      const candidate = await account(ctx, "candidate", false);
      const created = await send(
        ctx,
        "/candidate/alerts",
        { intent: "create", q: "quokka", location: "", frequency: "daily" },
        candidate.cookie,
      );
      const page = await send(ctx, "/candidate/alerts", null, candidate.cookie);
      const rows = await query<{ n: string }>(
        ctx,
        `select count(*) as n from job_alerts a join users u on u.id = a.candidate_id where u.email = $1`,
        [candidate.email],
      );
      const ok =
        created.status < 400 &&
        Number(rows[0]!.n) === 1 &&
        page.body.includes("we email them only to a confirmed address");
      return {
        passed: ok ? 1 : 0,
        detail: `create ${created.status}, ${rows[0]!.n} alert(s), notice ${page.body.includes("confirmed address")}`,
      };
    },
  },
  {
    check: "mail: well-known password at sign-up (10 of them): 400 beside the password field, no account",
    tries: 10,
    async run(ctx) {
      const weak = [
        "password1234",
        "qwertyuiop123",
        "P@ssw0rd2026!",
        "Summer2026!",
        "iloveyou1",
        "123456789a",
        "letmein123",
        "football12",
        "welcome2026",
        "Password!",
      ];
      let passed = 0;
      const seen: string[] = [];
      for (const password of weak) {
        const email = unique("weak");
        const r = await send(ctx, "/auth?mode=signup", signUpFields(email, { password }));
        const rows = await query(ctx, `select 1 from users where email = $1`, [email]);
        if (
          r.status === 400 &&
          r.body.includes("This password is too easy to guess") &&
          !r.session &&
          rows.length === 0
        )
          passed++;
        else seen.push(`${password}: ${r.status}`);
      }
      return { passed, detail: seen.join("; ") };
    },
  },
  {
    check:
      "mail: sign-up tells whether an address has an account (4 pairs): same status, Location, no session, owner emailed ≤ 3",
    tries: 4,
    async run(ctx) {
      const owner = "employer@demo.hirewise.app";
      let passed = 0;
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        const [fresh, taken] = await Promise.all([
          send(ctx, "/auth?mode=signup", signUpFields(unique("fresh"))),
          send(ctx, "/auth?mode=signup", signUpFields(owner)),
        ]);
        const same =
          fresh.status === taken.status &&
          fresh.location === taken.location &&
          !fresh.session &&
          !taken.session &&
          !taken.body.includes("already exists");
        if (same && taken.status === 303 && taken.location === "/auth?mode=signin") passed++;
        seen.push(`${fresh.status} ${fresh.location} / ${taken.status} ${taken.location}`);
      }
      const [notices] = await query<{ used: number }>(
        ctx,
        `select used from quota_counters where quota = 'account-exists-notices' and key = $1`,
        [owner],
      );
      if ((notices?.used ?? 0) > 3) passed = 0;
      const role = await query<{ role: string }>(ctx, `select role from users where email = $1`, [owner]);
      if (role[0]?.role !== "employer") passed = 0;
      return { passed, detail: `${seen.join("; ")}; notices counted ${notices?.used}` };
    },
  },
];
