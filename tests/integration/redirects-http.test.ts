// Where the server sends people who ask for a page that is not theirs, over HTTP against the real
// server: the same with JavaScript on or off, as a browser's address bar asks (so the browser
// journeys in tests/e2e do not repeat it). Signed-out visitors go to sign-in with the way back,
// unknown paths go to the right home, each role is sent away from the other role's pages, and
// posts from another origin (a save, a profile change) are refused at the edge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { getProfile } from "../../modules/profiles/index.server.ts";

const PASSWORD = "correct horse battery";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const as = {} as Record<"visitor" | "candidate" | "employer", HttpClient>;
let jobId: string;
let candidateId: string;
const PROFILE_ROUTES = ["/candidate/profile", "/candidate/profile/cv", "/candidate/profile/cv.pdf?template=classic"];

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const employer = await signUpOnPlan({
    email: "rolee@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Acme",
    full_name: "Role Emp",
    plan: "business",
  });
  candidateId = (
    await signUpOnPlan({
      email: "rolec@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Role Cand",
      plan: "essential",
    })
  ).id;
  jobId = await publishTestJob(employer.id, { title: "Redirect Engineer" });
  as.visitor = httpClient(server.baseUrl);
  as.candidate = await signInOverHttp(server.baseUrl, "rolec@example.com", PASSWORD);
  as.employer = await signInOverHttp(server.baseUrl, "rolee@example.com", PASSWORD);
});
afterAll(async () => {
  await running?.stop();
});

/** Where a browser asking for `path` ends up, redirects followed (path and query), and that page's status. */
async function landing(client: HttpClient, path: string): Promise<{ path: string; status: number }> {
  let at = path;
  for (let hops = 0; hops < 5; hops++) {
    const response = await client.get(at);
    await response.arrayBuffer();
    const next = redirectedTo(response);
    if (!next) return { path: at, status: response.status };
    const url = new URL(next, server.baseUrl + at);
    expect(url.origin).toBe(server.baseUrl);
    at = url.pathname + url.search;
  }
  throw new Error(`${path} redirects more than 5 times`);
}

describe("a signed-out visitor", () => {
  it.each([
    ["/no-such-page", "/"],
    ["/employer/anything/else", "/auth?redirect=%2Femployer%2Fdashboard"],
    ["/candidate/unknown", "/auth?redirect=%2Fcandidate%2Fjobs"],
    // Sent to sign in with the whole address asked for, query included, to come back to.
    ["/employer/dashboard?tab=jobs&sort=new", "/auth?redirect=%2Femployer%2Fdashboard%3Ftab%3Djobs%26sort%3Dnew"],
  ])("asking for %s lands on %s", async (path, expected) => {
    expect(await landing(as.visitor, path)).toEqual({ path: expected, status: 200 });
  });

  it.each(PROFILE_ROUTES)("asking for the profile page %s is sent to sign in", async (path) => {
    expect(await landing(as.visitor, path)).toEqual({
      path: `/auth?redirect=${encodeURIComponent(path)}`,
      status: 200,
    });
  });

  it("is sent to sign in from the saved jobs and the alerts", async () => {
    for (const path of ["/candidate/saved", "/candidate/alerts"]) {
      const answer = await as.visitor.get(path);
      await answer.arrayBuffer();
      expect(answer.status, path).toBe(302);
      expect(redirectedTo(answer), path).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
    }
  });
});

describe("a signed-in candidate", () => {
  it.each([
    ["/employer/dashboard", "/candidate/jobs"],
    ["/candidate/no/such/page", "/candidate/jobs"],
    ["/auth", "/candidate/jobs"],
  ])("asking for %s lands on %s", async (path, expected) => {
    expect(await landing(as.candidate, path)).toEqual({ path: expected, status: 200 });
  });
});

describe("a signed-in employer", () => {
  it.each([
    ["/candidate/jobs", "/employer/dashboard"],
    ["/employer/whatever", "/employer/dashboard"],
    ["/auth?mode=signup", "/employer/dashboard"],
    ["/candidate/saved", "/employer/dashboard"],
    ["/candidate/alerts", "/employer/dashboard"],
    ...PROFILE_ROUTES.map((path) => [path, "/employer/dashboard"]),
  ])("asking for %s lands on %s", async (path, expected) => {
    expect(await landing(as.employer, path)).toEqual({ path: expected, status: 200 });
  });
});

it("refuses a save posted from another origin at the edge, and saves nothing", async () => {
  const foreign = await fetch(`${server.baseUrl}/candidate/saved`, {
    method: "POST",
    headers: {
      Origin: "https://evil.example",
      Cookie: as.candidate.cookie!,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: `intent=save&job=${jobId}`,
    redirect: "manual",
  });
  await foreign.arrayBuffer();
  expect(foreign.status).toBe(403);
  expect(await em().execute("select * from saved_jobs")).toEqual([]);
});

it("refuses a profile change posted from another origin, and changes nothing", async () => {
  const foreign = await fetch(`${server.baseUrl}/candidate/profile`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: "https://evil.example",
      Cookie: as.candidate.cookie!,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "intent=save-about&headline=pwned",
  });
  await foreign.arrayBuffer();
  expect(foreign.status).toBe(403);
  expect((await getProfile(candidateId)).headline).not.toBe("pwned");
});
