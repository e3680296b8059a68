// "Request this plan" (no online payment) emails the operator: a burst of presses must not become
// a burst of emails. One candidate presses it 40 times over 4 connections across the four plan and
// billing pairs it may ask for: each pair is recorded once and queued one email, and every press
// answers the redirect to /account (nothing fails, nothing else is queued).
import { request } from "node:http";
import { query, type Probe, type ProbeContext } from "./probe.ts";

const PASSWORD = "honest-probe-pass";
const PAIRS = [
  { plan: "essential", billing: "monthly" },
  { plan: "essential", billing: "annual" },
  { plan: "professional", billing: "monthly" },
  { plan: "professional", billing: "annual" },
];

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

function send(ctx: ProbeContext, path: string, body: string, cookie?: string): Promise<Reply> {
  const url = new URL(path, ctx.base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: "POST",
        // Its own loopback address, so no other probe's sign-ups spend this one's quota.
        localAddress: "127.0.0.5",
        headers: {
          Origin: ctx.base,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export const probes: Probe[] = [
  {
    check:
      "honest: 40 presses of Request this plan over 4 connections, 4 plan/billing pairs: 4 requests recorded, 4 emails queued, every press a 303",
    tries: 40,
    async run(ctx) {
      const email = `honest-probe-${process.pid}@example.com`;
      const signup = await send(
        ctx,
        "/auth?mode=signup",
        new URLSearchParams({
          mode: "signup",
          role: "candidate",
          full_name: "Probe",
          email,
          password: PASSWORD,
        }).toString(),
      );
      // Sign-up says "check your email" (the address is unconfirmed); the account then signs in.
      const signin = await send(
        ctx,
        "/auth?mode=signin",
        new URLSearchParams({ mode: "signin", email, password: PASSWORD }).toString(),
      );
      const cookie = ([] as string[])
        .concat(signin.headers["set-cookie"] ?? [])
        .find((c) => c.startsWith("__session="))
        ?.split(";")[0];
      if (!cookie) return { passed: 0, detail: `sign-up answered ${signup.status}` };
      let next = 0;
      const statuses: number[] = [];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < 40) {
            const pair = PAIRS[next++ % PAIRS.length]!;
            statuses.push((await send(ctx, "/billing/request", new URLSearchParams(pair).toString(), cookie)).status);
          }
        }),
      );
      const [{ recorded }] = await query<{ recorded: number }>(
        ctx,
        `select count(*)::int as recorded from plan_requests r join users u on u.id = r.holder_id where u.email = $1`,
        [email],
      );
      const [{ queued }] = await query<{ queued: number }>(
        ctx,
        `select count(*)::int as queued from pgboss.job where name = 'billing-plans.plan-request'
           and (data->>'requestId')::int in (select r.id from plan_requests r join users u on u.id = r.holder_id where u.email = $1)`,
        [email],
      );
      const redirected = statuses.filter((s) => s === 303).length;
      const ok = recorded === PAIRS.length && queued === PAIRS.length;
      return {
        passed: ok ? redirected : 0,
        detail: `${redirected} of 40 answered 303; ${recorded} requests recorded, ${queued} emails queued (want ${PAIRS.length} each)`,
      };
    },
  },
];
