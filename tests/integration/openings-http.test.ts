// A job's openings over HTTP, as a browser with JavaScript off posts them (decision 075): the edit
// form refuses a count outside 1..100 beside the field, keeping what was typed, and saves a good
// one; on the last opening the application page offers the close, ticked; a hire posted without
// the box (unticked) leaves the job open and tells nobody; an interviewer's post is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, wizardDetailsPost, type HttpClient } from "../support/http.ts";
import { flashOf } from "../support/flash.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { inviteAndJoin } from "../support/team.ts";
import { assignJobs, memberFor } from "../../modules/hiring/index.server.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const as = {} as Record<"owner" | "interviewer", HttpClient>;
let jobId = "";
const applications: string[] = [];

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const job = async () =>
  (await sql<{ status: string; openings: number }>(`select status, openings from jobs where id = ?`, [jobId]))[0]!;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const owner = await signUpOnPlan({
    email: "olive@openings.example.com",
    password: PASSWORD,
    role: "employer",
    full_name: "Olive Owner",
    company_name: "Openings Co",
    plan: "business",
  });
  const interviewer = await inviteAndJoin(owner, "ivy@openings.example.com", "interviewer");
  jobId = await publishTestJob(owner.id, { title: "Openings Engineer", openings: "2" });
  await assignJobs(await memberFor(owner.id), interviewer.id, [jobId]);
  for (const name of ["Cara", "Dan", "Eve"]) {
    const candidate = await signUpOnPlan({
      email: `${name.toLowerCase()}@openings.example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: `${name} Person`,
      plan: "essential",
    });
    applications.push((await submitApplication(candidate.id, jobId)).applicationId);
  }
  await sql(`update applications set status = 'offer' where id in (?, ?)`, [applications[0], applications[1]]);
  [as.owner, as.interviewer] = await Promise.all([
    signInOverHttp(server.baseUrl, owner.email, PASSWORD),
    signInOverHttp(server.baseUrl, interviewer.email, "correct horse"),
  ]);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("openings over HTTP", () => {
  it("the edit form refuses 0 beside the field and keeps it, then saves 1", async () => {
    const edit = `/employer/jobs/${jobId}/edit?step=1`;
    const page = await (await as.owner.get(edit)).text();
    expect(page).toMatch(/name="openings"[^>]*value="2"/);
    const refused = await as.owner.post(edit, { ...wizardDetailsPost("Openings Engineer"), openings: "0" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Enter a whole number from 1 to 100");
    expect(html).toMatch(/name="openings"[^>]*value="0"/);
    expect((await job()).openings).toBe(2);

    const next = await as.owner.post(edit, { ...wizardDetailsPost("Openings Engineer"), openings: "1" });
    expect(next.status).toBe(302);
    const saved = await as.owner.post(`/employer/jobs/${jobId}/edit?step=3`, { step: "3", intent: "publish" });
    expect(redirectedTo(saved)).toBe(`/employer/jobs/${jobId}`);
    expect((await job()).openings).toBe(1);
  });

  it("offers the close on the last opening, ticked; unticked, the hire leaves the job open", async () => {
    const path = `/employer/jobs/${jobId}/applications/${applications[0]}`;
    const html = await (await as.owner.get(path)).text();
    expect(html).toMatch(/<input type="checkbox" name="close_job"[^>]* checked="" value="on"\/>/);
    expect(html).toContain("Close the job and tell the 2 other undecided applicants");

    // The interviewer may not move anyone: not found, nothing changed.
    expect((await as.interviewer.post(path, { intent: "move:hired", close_job: "on" })).status).toBe(404);
    expect((await job()).status).toBe("active");

    const hired = await as.owner.post(path, { intent: "move:hired" });
    expect(redirectedTo(hired)).toBe(path);
    expect((await flashOf(hired))?.text).toBe("The candidate moved to Hired. We'll let them know.");
    expect((await job()).status).toBe("active");
    expect(await sql(`select id from applications where job_id = ? and job_closed_at is not null`, [jobId])).toEqual(
      [],
    );

    // Past the last opening (a second hire), the offer stays while the job is open.
    const second = await (await as.owner.get(`/employer/jobs/${jobId}/applications/${applications[1]}`)).text();
    expect(second).toContain("Close the job and tell the 1 other undecided applicant");
  });
});
