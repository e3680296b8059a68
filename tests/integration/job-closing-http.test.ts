// Closing a job with applicants still waiting, against the real server as a browser with
// JavaScript off posts it (decision 073): the page offers "Tell the N undecided applicants" and
// marks an undecided applicant waiting 14+ days; two
// owners closing at once tell each undecided applicant once (one close lands, the other is
// refused); the decided ones hear nothing; My Applications says "Job closed on {date}"; archiving
// afterwards tells nobody again; unticked, a close tells nobody; reopening clears the line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, together, type HttpClient } from "../support/http.ts";
import { countInMailbox } from "../support/mailbox.ts";
import { settledJob } from "../support/runtime.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";
const QUEUE = "applications.job-closed-email";
const SUBJECT = "Closing Engineer is closed";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const as = {} as Record<"owner" | "coOwner" | "cara" | "dan" | "eve", HttpClient>;
const emails = { cara: "", dan: "", eve: "" };
const applications = { cara: "", dan: "", eve: "" };
let jobId = "";
let otherJobId = "";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const closedJobs = (applicationId: string) =>
  sql(`select id from pgboss.job where name = ? and data->>'applicationId' = ?`, [QUEUE, applicationId]);
const closedAt = async (applicationId: string) =>
  (await sql<{ job_closed_at: Date | null }>(`select job_closed_at from applications where id = ?`, [applicationId]))[0]
    ?.job_closed_at ?? null;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const account = (name: string, role: "employer" | "candidate") =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@closing.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? `${name} Co` : undefined,
      plan: role === "employer" ? "business" : "essential",
    });
  const [owner, coOwner, cara, dan, eve] = await Promise.all([
    account("Olive", "employer"),
    account("Oscar", "employer"),
    account("Cara", "candidate"),
    account("Dan", "candidate"),
    account("Eve", "candidate"),
  ]);
  jobId = await publishTestJob(owner.id, { title: "Closing Engineer" });
  otherJobId = await publishTestJob(owner.id, { title: "Quiet Engineer" });
  const company = (await memberFor(owner.id)).companyId;
  await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, 'owner', now())`, [
    company,
    coOwner.id,
  ]);
  for (const [name, user] of [
    ["cara", cara],
    ["dan", dan],
    ["eve", eve],
  ] as const) {
    emails[name] = user.email;
    applications[name] = (await submitApplication(user.id, jobId)).applicationId;
  }
  // Dan is shortlisted (still undecided); Eve was already told no.
  await sql(`update applications set status = 'shortlisted' where id = ?`, [applications.dan]);
  await sql(`update applications set status = 'rejected' where id = ?`, [applications.eve]);
  await submitApplication(cara.id, otherJobId);
  [as.owner, as.coOwner, as.cara, as.dan, as.eve] = await Promise.all(
    [owner, coOwner, cara, dan, eve].map((a) => signInOverHttp(server.baseUrl, a.email, PASSWORD)),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("closing a job with applicants waiting, over HTTP", () => {
  it("offers to tell the undecided applicants, ticked by default, and marks the one waiting 14+ days", async () => {
    await sql(`update applications set created_at = now() - interval '15 days' where id in (?, ?)`, [
      applications.cara,
      applications.eve,
    ]);
    const html = await (await as.owner.get(`/employer/jobs/${jobId}`)).text();
    // Cara is undecided and waiting; Eve, as old, was rejected.
    expect(html.match(/>Waiting 14\+ days</g)).toHaveLength(1);
    expect(html).toContain(`<input type="checkbox" name="tell" checked="" value="on"/>`);
    expect(html).toContain("Tell the 2 undecided applicants");
  });

  it("two owners closing at once tell each undecided applicant once, the decided one nothing", async () => {
    const post = (client: HttpClient) => () => client.post(`/employer/jobs/${jobId}`, { intent: "close", tell: "on" });
    const answers = await together([post(as.owner), post(as.coOwner)]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(answers.find((a) => a.status === 302)?.location).toBe(`/employer/jobs/${jobId}`);

    for (const name of ["cara", "dan"] as const) {
      expect(await closedJobs(applications[name])).toHaveLength(1);
      const closed = (await closedAt(applications[name]))!;
      expect(await settledJob(QUEUE, { applicationId: applications[name] })).toBe("completed");
      expect(await countInMailbox(server.dataDir, emails[name], SUBJECT)).toBe(1);
      expect(closed).not.toBeNull();
    }
    expect(await closedJobs(applications.eve)).toHaveLength(0);
    expect(await closedAt(applications.eve)).toBeNull();
    expect(await countInMailbox(server.dataDir, emails.eve, SUBJECT)).toBe(0);
  });

  it("My Applications says the job closed and when, only on the closed job's application", async () => {
    const html = await (await as.cara.get("/candidate/applications")).text();
    expect(html.match(/Job closed on /g)).toHaveLength(1);
    expect(await (await as.cara.get(`/candidate/applications/${applications.cara}`)).text()).toContain(
      "Job closed on ",
    );
    expect(await (await as.eve.get("/candidate/applications")).text()).not.toContain("Job closed on ");
  });

  it("archiving the closed job tells nobody twice, and the checkbox is gone", async () => {
    expect(await (await as.owner.get(`/employer/jobs/${jobId}`)).text()).not.toContain('name="tell"');
    const response = await as.owner.post(`/employer/jobs/${jobId}`, { intent: "archive", tell: "on" });
    expect(redirectedTo(response)).toBe(`/employer/jobs/${jobId}`);
    for (const name of ["cara", "dan"] as const) expect(await closedJobs(applications[name])).toHaveLength(1);
  });

  it("unticked, a close tells nobody; closed again ticked, the applicant hears; reopening clears the line", async () => {
    const [quiet] = await sql<{ id: string }>(`select id from applications where job_id = ?`, [otherJobId]);
    const closed = await as.owner.post(`/employer/jobs/${otherJobId}/details`, { intent: "close" });
    expect(redirectedTo(closed)).toBe(`/employer/jobs/${otherJobId}/details`);
    expect(await closedJobs(quiet!.id)).toHaveLength(0);
    expect(await closedAt(quiet!.id)).toBeNull();
    // Reopened, then closed with the box ticked: now the applicant hears.
    await (await as.owner.post(`/employer/jobs/${otherJobId}`, { intent: "reopen" })).arrayBuffer();
    await (await as.owner.post(`/employer/jobs/${otherJobId}`, { intent: "close", tell: "on" })).arrayBuffer();
    expect(await closedJobs(quiet!.id)).toHaveLength(1);
    expect(await closedAt(quiet!.id)).not.toBeNull();
    await (await as.owner.post(`/employer/jobs/${otherJobId}`, { intent: "reopen" })).arrayBuffer();
    expect(await closedAt(quiet!.id)).toBeNull();
  });
});
