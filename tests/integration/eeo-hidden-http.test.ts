// Voluntary self-identification against the built server (decision 088). A candidate answers the
// review step's section with JavaScript off (kept across steps, sent with the application); then
// every page a reviewer can open for that application, as owner, recruiter and interviewer, the
// CSV and the move page included, holds none of the answers, and neither does what the AI scorer
// sent to the model. The owner's report answers; a recruiter, an interviewer and another company
// get 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { em, setOrm } from "../../lib/db.ts";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { logger } from "../../lib/logger.ts";
import { emptyQuestion, jobToApply, memberFor } from "../../modules/hiring/index.server.ts";
import { saveAnswers } from "../../modules/applications/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { startFakeModelServer, type FakeModelServer } from "../support/fake-model-server.ts";
import { inject } from "vitest";

const PASSWORD = "correct horse battery";

// The candidate's answers, each one few pages would hold by chance; and their words and codes.
const ANSWERS = {
  eeo_gender: "female",
  eeo_raceEthnicity: "native_hawaiian_pacific_islander",
  eeo_veteranStatus: "protected",
  eeo_disabilityStatus: "yes",
};
const TRACES = [
  /\bfemale\b/i,
  /native.hawaiian/i,
  /pacific.islander/i,
  /protected.veteran/i,
  /have a disability/i,
  /eeo_/i,
  /race.ethnicity/i,
];
const SCORE = {
  technical: 70,
  communication: 70,
  cultureFit: 70,
  overall: 70,
  reasons: { technical: "t", communication: "c", cultureFit: "f", overall: "o" },
};
const openAiReply = (content: string) => ({ choices: [{ message: { role: "assistant", content } }] });

let fake: FakeModelServer;
let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
const as = {} as Record<"owner" | "recruiter" | "interviewer" | "rival" | "candidate", HttpClient>;
let jobId = "";
let applicationId = "";

const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const tracesIn = (text: string) => TRACES.filter((t) => t.test(text)).map(String);

beforeAll(async () => {
  fake = await startFakeModelServer();
  fake.answer = () => ({ body: openAiReply(JSON.stringify(SCORE)) });
  server = await startAppServer(inject("adminDatabaseUrl"), {
    AI_PROVIDER: "openai",
    AI_BASE_URL: `${fake.url}/v1`,
    AI_API_KEY: "fake-key",
    AI_MODEL: "fake-model",
  });
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  const account = (name: string, role: "employer" | "candidate") =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@eeo.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? `${name} Co` : undefined,
      plan: role === "employer" ? "business" : "essential",
    });
  const [owner, recruiter, interviewer, rival, cara] = await Promise.all([
    account("Olive", "employer"),
    account("Rex", "employer"),
    account("Ina", "employer"),
    account("Rita", "employer"),
    account("Cara", "candidate"),
  ]);
  jobId = await publishTestJob(owner.id, {
    title: "Self-ID Engineer",
    location: "Remote (US)",
    location_type: "remote",
  });
  const company = (await memberFor(owner.id)).companyId;
  for (const [user, role] of [
    [recruiter, "recruiter"],
    [interviewer, "interviewer"],
  ] as const) {
    await em().execute(`delete from company_members where user_id = ?`, [user.id]);
    await em().execute(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
      company,
      user.id,
      role,
    ]);
  }
  await em().execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
    jobId,
    interviewer.id,
  ]);
  const questions = (await jobToApply(jobId))!.questions;
  await saveAnswers(
    cara.id,
    jobId,
    Object.fromEntries(questions.map((q) => [q.id, q.questionType === "rating" ? "4" : (q.options?.[0] ?? "I ship.")])),
  );
  [as.owner, as.recruiter, as.interviewer, as.rival, as.candidate] = await Promise.all(
    [owner, recruiter, interviewer, rival, cara].map((a) => signInOverHttp(server.baseUrl, a.email, PASSWORD)),
  );
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  setOrm(undefined);
  await orm?.close();
  await server?.stop();
  await fake?.close();
});

describe("voluntary self-identification", () => {
  it("keeps the section's choices in the draft when a submit is refused", async () => {
    // Another US job, whose required question the candidate has not answered: Submit is refused.
    const [owner] = await em().execute<{ id: string }[]>(`select id from users where email = 'olive@eeo.example.com'`);
    const otherJob = await publishTestJob(owner!.id, {
      title: "Second Self-ID Engineer",
      location: "Remote (US)",
      location_type: "remote",
      questions: [{ ...emptyQuestion(), question_text: "What did you build?" }],
    });
    const refused = await as.candidate.post(`/candidate/jobs/${otherJob}/apply?step=3`, {
      step: "3",
      intent: "submit",
      eeo_gender: "male",
    });
    await refused.arrayBuffer();
    expect(refused.status).toBe(400);
    expect(await em().execute(`select eeo from application_drafts where job_id = ?`, [otherJob])).toEqual([
      { eeo: { gender: "male" } },
    ]);
    expect(await em().execute(`select 1 from applications where job_id = ?`, [otherJob])).toEqual([]);
  });

  it("is asked on the review step, kept across steps, and sent with the application", async () => {
    const path = `/candidate/jobs/${jobId}/apply?step=3`;
    const review = await textOf(await as.candidate.get(path));
    expect(review).toContain("Voluntary self-identification");
    expect(review).toContain("declining has no effect on your application");
    expect(review).toContain("The people reviewing your application never see these answers.");
    expect(review).toContain("Native Hawaiian or Other Pacific Islander (Not Hispanic or Latino)");
    expect(review).toContain("No, I do not have a disability and have not had one in the past");
    expect(review).not.toMatch(/name="eeo_[^"]+"[^>]*checked/);

    const back = await as.candidate.post(path, { step: "3", intent: "previous", ...ANSWERS });
    expect(redirectedTo(back)).toBe(`/candidate/jobs/${jobId}/apply?step=2`);
    const again = await textOf(await as.candidate.get(path));
    for (const [name, value] of Object.entries(ANSWERS))
      expect(again).toMatch(new RegExp(`name="${name}"[^>]*checked=""[^>]*value="${value}"`));

    const sent = await as.candidate.post(path, { step: "3", intent: "submit", ...ANSWERS });
    expect(redirectedTo(sent)).toBe("/candidate/applications?submitted=1");
    const [row] = await em().execute<{ id: string }[]>(`select id from applications where job_id = ?`, [jobId]);
    applicationId = row!.id;
    expect(
      await em().execute(
        `select gender, race_ethnicity, veteran_status, disability_status from eeo_self_identifications where application_id = ?`,
        [applicationId],
      ),
    ).toEqual([
      {
        gender: "female",
        race_ethnicity: "native_hawaiian_pacific_islander",
        veteran_status: "protected",
        disability_status: "yes",
      },
    ]);
  });

  it("appears on no reviewer's page, in no CSV, and not in what the AI scorer sends", async () => {
    expect(applicationId).not.toBe("");
    // The server's worker scores the application through the fake model.
    await expect
      .poll(() => em().execute(`select source from application_scores where application_id = ?`, [applicationId]), {
        timeout: 30_000,
      })
      .toEqual([{ source: "ai" }]);
    const sentToModel = JSON.stringify(fake.hits.map((hit) => hit.body));
    expect(sentToModel).toContain("Self-ID Engineer");
    expect(tracesIn(sentToModel)).toEqual([]);

    const app = `/employer/jobs/${jobId}/applications/${applicationId}`;
    const pages = [
      `/employer/dashboard`,
      `/employer/jobs/${jobId}`,
      `/employer/jobs/${jobId}?show=all`,
      `/employer/jobs/${jobId}/details`,
      `/employer/jobs/${jobId}/scorecard`,
      `/employer/jobs/${jobId}/applications.csv`,
      `/employer/jobs/${jobId}/move`,
      app,
      `${app}/scorecard`,
      `${app}/reject`,
      `${app}/interview`,
      `${app}/notes`,
      `${app}/rating`,
    ];
    const seen: Record<string, Record<string, number>> = {};
    for (const role of ["owner", "recruiter", "interviewer"] as const) {
      seen[role] = {};
      for (const page of pages) {
        const response = await as[role].get(page);
        const text = await textOf(response);
        seen[role][page] = response.status;
        expect(tracesIn(text), `${role} ${page}`).toEqual([]);
      }
      // The move page's confirmation names the applicants chosen.
      const move = await as[role].post(`/employer/jobs/${jobId}/move`, { ids: applicationId, to: "shortlisted" });
      expect(tracesIn(await textOf(move)), `${role} move`).toEqual([]);
    }
    // The pages were read, not refused: the application page and the list for every role, the CSV for those who export it.
    for (const role of ["owner", "recruiter", "interviewer"]) {
      expect(seen[role]![app]).toBe(200);
      expect(seen[role]![`/employer/jobs/${jobId}`]).toBe(200);
    }
    expect(seen.owner![`/employer/jobs/${jobId}/applications.csv`]).toBe(200);
    expect(seen.recruiter![`/employer/jobs/${jobId}/applications.csv`]).toBe(200);
    // Only the owner's list links to the counts.
    expect(await textOf(await as.owner.get(`/employer/jobs/${jobId}`))).toContain(`href="/employer/jobs/${jobId}/eeo"`);
    expect(await textOf(await as.recruiter.get(`/employer/jobs/${jobId}`))).not.toContain(`/eeo"`);
    const csv = await (await as.owner.get(`/employer/jobs/${jobId}/applications.csv`)).text();
    expect(csv).toContain("Cara Person");
  }, 60_000);

  it("gives the owner the counts, hidden below 5, and everyone else 404", async () => {
    const report = `/employer/jobs/${jobId}/eeo`;
    const page = await textOf(await as.owner.get(report));
    expect(page).toContain("Voluntary self-identification");
    expect(page).toContain("Hidden");
    // The traces looked for elsewhere are found where the answers' names are shown.
    expect(tracesIn(page)).toEqual(expect.arrayContaining(["/\\bfemale\\b/i", "/native.hawaiian/i"]));
    // One applicant: no count of them shows, only the answers' names as columns.
    expect(page).not.toMatch(/<td[^>]*>1<\/td>/);
    for (const role of ["recruiter", "interviewer", "rival"] as const)
      expect((await as[role].get(report)).status, role).toBe(404);
  });
});
