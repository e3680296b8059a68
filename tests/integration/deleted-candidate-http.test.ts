// A candidate deletes their account (through the real /account/delete form) after the team scored,
// interviewed, noted and rated their application. Against the real server, the employer's page then
// tells the final state ("This candidate deleted their account", no score, no moves), keeps the
// team's notes and ratings, and every way to move the application (the page's buttons, Reject's
// confirmation, the bulk move) is refused with the reason, nothing changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { emptyQuestion, jobToApply, memberFor } from "../../modules/hiring/index.server.ts";
import {
  addNote,
  moveApplication,
  rateApplication,
  saveAnswers,
  scoreOne,
  submitApplication,
} from "../../modules/applications/index.server.ts";
import { startServerWithModules } from "../support/app-server.ts";
import { signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let owner: HttpClient;
let page = "";
let jobId = "";
let applicationId = "";

const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const statusNow = async () =>
  (await em().execute<{ status: string }[]>(`select status from applications where id = ?`, [applicationId]))[0]
    ?.status;
const changes = async () =>
  (
    await em().execute<{ n: string }[]>(
      `select count(*) as n from application_status_changes where application_id = ?`,
      [applicationId],
    )
  )[0]!.n;

beforeAll(async () => {
  running = await startServerWithModules();
  const baseUrl = running.server.baseUrl;
  const boss = await signUpOnPlan({
    email: "olga@gone.example.com",
    password: PASSWORD,
    role: "employer",
    full_name: "Olga Owner",
    company_name: "Gone Co",
    plan: "business",
  });
  const cara = await signUpOnPlan({
    email: "cara@gone.example.com",
    password: PASSWORD,
    role: "candidate",
    full_name: "Cara Leaving",
    plan: "essential",
  });
  jobId = await publishTestJob(boss.id, {
    title: "Kiln Engineer",
    questions: [{ ...emptyQuestion(), question_text: "What did you fire?" }],
  });
  await saveAnswers(cara.id, jobId, { [(await jobToApply(jobId))!.questions[0]!.id]: "Stoneware at 1300°C" });
  applicationId = (await submitApplication(cara.id, jobId)).applicationId;
  await scoreOne(applicationId);
  const member = await memberFor(boss.id);
  await moveApplication(member, applicationId, "shortlisted", { jobId, notify: false });
  await moveApplication(member, applicationId, "interview", { jobId, notify: false });
  await addNote(member, applicationId, "TEAM-NOTE: strong kiln safety answers");
  await rateApplication(member, applicationId, { stars: "4", reason: "TEAM-RATING: clear and concrete" });
  page = `/employer/jobs/${jobId}/applications/${applicationId}`;

  const candidate = await signInOverHttp(baseUrl, cara.email, PASSWORD);
  const deleted = await candidate.post("/account/delete", { password: PASSWORD, confirmation: "DELETE" });
  await deleted.arrayBuffer();
  expect(deleted.status).toBe(302);
  expect(await em().execute(`select 1 from users where id = ?`, [cara.id])).toEqual([]);
  owner = await signInOverHttp(baseUrl, boss.email, PASSWORD);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("an application whose candidate deleted their account", () => {
  it("reads as final: deleted, no score pending, no moves, the team's notes and ratings kept", async () => {
    const response = await owner.get(page);
    const html = await textOf(response);
    expect(response.status).toBe(200);
    expect(html).toContain("Deleted candidate");
    expect(html).toContain("This candidate deleted their account.");
    expect(html).toContain("No score: the candidate deleted their account.");
    expect(html).not.toContain("Refresh in a moment");
    expect(html).not.toContain("Make an offer");
    expect(html).not.toContain('value="move:');
    expect(html).not.toContain(`${page}/reject"`);
    expect(html).toContain("TEAM-NOTE: strong kiln safety answers");
    expect(html).toContain("TEAM-RATING: clear and concrete");
    expect(html).not.toContain("Stoneware at 1300");
  });

  it("refuses every move on the server with the reason, and changes nothing", async () => {
    const before = await changes();
    const [offer, interview] = await Promise.all([
      owner.post(page, { intent: "move:offer" }),
      owner.post(page, { intent: "move:hired" }),
    ]);
    for (const response of [offer, interview]) {
      expect(response.status).toBe(409);
      expect(await textOf(response)).toContain(
        "This candidate deleted their account, so their application can't be moved any more.",
      );
    }
    const reject = await owner.post(`${page}/reject`, { intent: "silent", message: "" });
    expect(reject.status).toBe(409);
    expect(await textOf(reject)).toContain("This candidate deleted their account");
    const bulk = await owner.post(`/employer/jobs/${jobId}/move`, {
      ids: applicationId,
      to: "offer",
      confirm: "yes",
      intent: "silent",
    });
    expect(bulk.status).toBe(409);
    expect(await textOf(bulk)).toContain("1 of the chosen applicants deleted their account and can't be moved.");
    expect(await statusNow()).toBe("interview");
    expect(await changes()).toBe(before);
  });
});
