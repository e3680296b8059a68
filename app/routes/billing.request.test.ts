// POST /billing/request through its action, with real sessions and database: an owner's request
// lands on /account, which says what happens next; other members and bad plans get 404; past the
// quota, 429 with Retry-After and nothing recorded.
import { afterEach, describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { inviteAndJoin } from "../../tests/support/team.ts";
import { consumeQuota } from "#lib/quotas.ts";
import { config } from "#lib/config.ts";
import { signInResponse, signUp, type Account } from "#modules/identity/index.server.ts";
import { openPlanRequests, setStripeSettings } from "#modules/billing-plans/index.server.ts";
import { action as request } from "./billing.request.tsx";
import { loader as account } from "./account/route.tsx";

useTestRuntime();
afterEach(() => setStripeSettings(undefined));

const args = (req: Request) => ({
  request: req,
  params: {},
  context: { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" },
});

async function cookieFor(who: Account): Promise<string> {
  const response = await signInResponse(who, "/", {});
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

async function post(cookie: string, fields: Record<string, string>): Promise<Response> {
  const req = new Request("http://localhost/billing/request", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    const result = await request(args(req) as never);
    if (result instanceof Response) return result;
    const { data, init } = result as unknown as {
      data: unknown;
      init?: { status?: number; headers?: Record<string, string> };
    };
    return Response.json(data, { status: init?.status ?? 200, headers: init?.headers });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

let n = 0;
const owner = () =>
  signUp({
    email: `request-owner${++n}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
  });

describe("POST /billing/request", () => {
  it("records the owner's request and lands on /account, which says what happens next instead of an operator's command", async () => {
    setStripeSettings(null);
    const erin = await owner();
    const cookie = await cookieFor(erin);
    const answer = await post(cookie, { plan: "startup", billing: "annual" });
    expect([answer.status, answer.headers.get("Location")]).toEqual([303, "/account?plan=requested#plan"]);
    const data = await account(
      args(new Request("http://localhost/account?plan=requested", { headers: { Cookie: cookie } })) as never,
    );
    expect(data.requests).toEqual([
      {
        planId: "startup",
        text: expect.stringMatching(
          /^You requested Startup \(annual\) on .+\. We will contact you to arrange payment; your plan changes as soon as it is set up\.$/,
        ),
      },
    ]);
    expect(data.justRequested).toBe(true);
    expect(JSON.stringify(data)).not.toMatch(/plans:set|npm run/);
  });

  it("answers 404 to a recruiter and to plans nobody requests; nothing is recorded", async () => {
    setStripeSettings(null);
    const erin = await owner();
    const recruiter = await inviteAndJoin(erin, `request-recruiter${n}@example.com`, "recruiter");
    expect((await post(await cookieFor(recruiter), { plan: "startup", billing: "monthly" })).status).toBe(404);
    const cookie = await cookieFor(erin);
    for (const plan of ["enterprise", "free-trial", "essential", "platinum"])
      expect((await post(cookie, { plan, billing: "monthly" })).status).toBe(404);
    expect(await openPlanRequests(erin.id)).toEqual([]);
  });

  it("answers 429 with Retry-After past the account's plan requests for the hour", async () => {
    setStripeSettings(null);
    const erin = await owner();
    for (let i = 0; i < config().quotas["plan-requests"].limit; i++) await consumeQuota("plan-requests", erin.id);
    const refused = await post(await cookieFor(erin), { plan: "business", billing: "monthly" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/^You have reached the limit of 5 plan requests per hour\. Try again in/),
    });
    expect(await openPlanRequests(erin.id)).toEqual([]);
  });
});
