// The job page's applicants and Details tab over HTTP (issue 18 item 3), as the people around a job
// see them: the owner decides, an assigned interviewer reads without decisions, an interviewer not
// assigned, another company's owner, a candidate and a signed-out visitor get nothing; forged
// views and cursors read the first page, never a server error; Close from the Details tab by
// someone else changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { seedApplicants } from "../support/applicants.ts";
import { flashOf } from "../support/flash.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let jobId: string;
let applicationIds: string[];
const as = {} as Record<"owner" | "interviewer" | "stranger" | "rival" | "candidate" | "signedOut", HttpClient>;

const jobRow = async () =>
  (await em().execute<{ status: string }[]>(`select status from jobs where id = ?`, [jobId]))[0]?.status;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const account = (name: string, role: "employer" | "candidate" = "employer") =>
    signUpOnPlan({
      email: `${name}@example.com`,
      password: PASSWORD,
      role,
      company_name: "Acme",
      full_name: name,
      plan: role === "employer" ? "business" : "essential",
    });
  const [owner, interviewer, stranger, rival] = await Promise.all([
    account("owner"),
    account("ivy"),
    account("stan"),
    account("rita"),
  ]);
  await account("cara", "candidate");
  const { companyId } = await memberFor(owner.id);
  const db = em();
  for (const user of [interviewer, stranger]) {
    await db.execute(
      `insert into company_members (company_id, user_id, role, joined_at) values (?, ?, 'interviewer', now())`,
      [companyId, user.id],
    );
  }
  jobId = await publishTestJob(owner.id, {
    title: "Platform Engineer",
    description: "Run the platform the whole company stands on.",
  });
  await db.execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
    jobId,
    interviewer.id,
  ]);
  await memberFor(rival.id);
  applicationIds = await seedApplicants(
    jobId,
    companyId,
    Array.from({ length: 30 }, (_, i) => ({
      name: `Seeded Person ${i}`,
      status: i % 2 ? "reviewed" : "submitted",
      score: i % 3 ? i * 3 : null,
      appliedAt: new Date(Date.UTC(2026, 10, 1) + i * 1000),
    })),
  );
  [as.owner, as.interviewer, as.stranger, as.rival, as.candidate] = await Promise.all(
    ["owner", "ivy", "stan", "rita", "cara"].map((name) =>
      signInOverHttp(server.baseUrl, `${name}@example.com`, PASSWORD),
    ),
  );
  as.signedOut = httpClient(server.baseUrl);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

const paths = () => [
  `/employer/jobs/${jobId}`,
  `/employer/jobs/${jobId}?show=submitted&sort=match`,
  `/employer/jobs/${jobId}/details`,
  `/employer/jobs/${jobId}/applications/${applicationIds[3]}?sort=match`,
];

describe("who sees the applicants", () => {
  it("the owner: the list with stages, decisions, selection and the CSV; the Details tab with the description", async () => {
    const html = await (await as.owner.get(`/employer/jobs/${jobId}`)).text();
    expect(html).toContain("Seeded Person 29");
    expect(html).not.toContain("Run the platform the whole company stands on.");
    expect(html).toMatch(/All<!-- --> <span[^>]*>30</);
    expect(html).toContain('name="ids"');
    expect(html).toContain(`action="/employer/jobs/${jobId}/move"`);
    expect(html).toContain("Shortlist Seeded Person 29");
    expect(html).toContain("Download CSV");
    const details = await as.owner.get(`/employer/jobs/${jobId}/details`);
    expect(details.status).toBe(200);
    expect(await details.text()).toContain("Run the platform the whole company stands on.");
  });

  it("an interviewer assigned to the job reads the list and the Details, without decisions, selection or the CSV", async () => {
    for (const path of paths()) expect((await as.interviewer.get(path)).status, path).toBe(200);
    const html = await (await as.interviewer.get(`/employer/jobs/${jobId}`)).text();
    expect(html).toContain("Seeded Person 29");
    for (const absent of ['name="ids"', "/move", "Shortlist Seeded", "Reject Seeded", "Download CSV", "Close Job"])
      expect(html).not.toContain(absent);
  });

  it("an interviewer not assigned and another company's owner: 404 on every page; a candidate and a signed-out visitor are sent away", async () => {
    for (const path of paths()) {
      for (const client of [as.stranger, as.rival]) {
        const response = await client.get(path);
        const body = await response.text();
        expect(response.status, path).toBe(404);
        expect(body).not.toContain("Seeded Person");
      }
      const candidate = await as.candidate.get(path);
      expect(candidate.status).toBe(302);
      expect(redirectedTo(candidate)).toBe("/candidate/jobs");
      const signedOut = await as.signedOut.get(path);
      expect(signedOut.status).toBe(302);
      expect(redirectedTo(signedOut)).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("Close from the Details tab by anyone but a member who manages jobs changes nothing; the owner's goes back to Details", async () => {
    for (const client of [as.interviewer, as.stranger, as.rival]) {
      expect((await client.post(`/employer/jobs/${jobId}/details`, { intent: "close" })).status).toBe(404);
    }
    expect(await jobRow()).toBe("active");
    const closed = await as.owner.post(`/employer/jobs/${jobId}/details`, { intent: "close" });
    expect(redirectedTo(closed)).toBe(`/employer/jobs/${jobId}/details`);
    expect(await jobRow()).toBe("closed");
    expect(await (await as.owner.follow(closed)).text()).toContain(
      "The job is closed: it no longer takes applications.",
    );
    const reopened = await as.owner.post(`/employer/jobs/${jobId}/details`, { intent: "reopen" });
    expect(redirectedTo(reopened)).toBe(`/employer/jobs/${jobId}/details`);
    expect(await (await as.owner.follow(reopened)).text()).toContain("The job is active again.");
    expect((await as.owner.post(`/employer/jobs/${jobId}/details`, { intent: "explode" })).status).toBe(400);
  });
});

describe("forged views and cursors", () => {
  it("read the first page, never a server error", async () => {
    const first = await (await as.owner.get(`/employer/jobs/${jobId}?sort=match`)).text();
    const names = (html: string) => [...html.matchAll(/>(Seeded Person \d+)</g)].map((m) => m[1]);
    for (const query of [
      "cursor=garbage",
      "cursor=a.1.2.3",
      `cursor=${encodeURIComponent("a.50.1.00000000-0000-4000-8000-000000000000'--")}`,
      `cursor=${"a".repeat(5000)}`,
      "cursor=b.100.99999999999999.00000000-0000-4000-8000-000000000000",
      "cursor=a.101.1.00000000-0000-4000-8000-000000000000",
    ]) {
      const response = await as.owner.get(`/employer/jobs/${jobId}?sort=match&${query}`);
      expect(response.status, query).toBe(200);
      expect(names(await response.text()), query).toEqual(names(first));
    }
    for (const query of ["show=hired", "show=%00", "sort=oldest", "show[]=x&sort[]=y"]) {
      expect((await as.owner.get(`/employer/jobs/${jobId}?${query}`)).status, query).toBe(200);
      expect(
        (await as.owner.get(`/employer/jobs/${jobId}/applications/${applicationIds[0]}?${query}`)).status,
        query,
      ).toBe(200);
    }
  });

  it("a Shortlist from a later page comes back to that page", async () => {
    const html = await (await as.owner.get(`/employer/jobs/${jobId}?sort=match`)).text();
    const next = /href="[^"]*cursor=([^"&]+)"[^>]*>Next page/.exec(html.replaceAll("&amp;", "&"))?.[1];
    expect(next).toBeTruthy();
    const cursor = decodeURIComponent(next!);
    const posted = await as.owner.post(`/employer/jobs/${jobId}`, {
      intent: `shortlist:${applicationIds[1]}`,
      show: "all",
      sort: "match",
      cursor,
    });
    const back = new URL(redirectedTo(posted)!, "http://x");
    expect(back.pathname).toBe(`/employer/jobs/${jobId}`);
    expect(Object.fromEntries(back.searchParams)).toEqual({ sort: "match", cursor });
    expect(await flashOf(posted)).toMatchObject({ text: expect.stringMatching(/^The candidate is shortlisted\./) });
  });
});
