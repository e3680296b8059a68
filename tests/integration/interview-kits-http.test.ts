// Interview kits against the built server, as a browser with JavaScript off sends them (decision
// 087): "Generate questions" answers the form again with the questions added and everything typed
// kept, saving nothing; Save redirects to the kits with the notice; past the member's AI
// generations the message shows beside the button with 429 and Retry-After; an interviewer reads
// the kits but may not open the form, and another company's owner gets 404 and changes nothing.
import { afterAll, beforeAll, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { jobScorecard, memberFor } from "../../modules/hiring/index.server.ts";
import { startServerWithModules } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { flashOf } from "../support/flash.ts";

const PASSWORD = "correct horse battery";
const GENERATIONS = 2;

let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const as = {} as Record<"recruiter" | "interviewer" | "rival", HttpClient>;
let jobId = "";
let attributeId = "";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const kits = () => sql(`select name, questions, attribute_ids, notes_prompt from interview_kits order by name`);

beforeAll(async () => {
  running = await startServerWithModules({ QUOTAS: `ai-generations=${GENERATIONS}` });
  const account = (name: string) =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@kits.example.com`,
      password: PASSWORD,
      role: "employer",
      full_name: `${name} Person`,
      company_name: `${name} Co`,
      plan: "business",
    });
  const [owner, recruiter, interviewer, rival] = await Promise.all(["Olive", "Rex", "Ina", "Rita"].map(account));
  jobId = await publishTestJob(owner!.id, { title: "Kit Engineer" });
  const olive = await memberFor(owner!.id);
  for (const [user, role] of [
    [recruiter!, "recruiter"],
    [interviewer!, "interviewer"],
  ] as const) {
    await sql(`delete from company_members where user_id = ?`, [user.id]);
    await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
      olive.companyId,
      user.id,
      role,
    ]);
  }
  await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
    jobId,
    interviewer!.id,
  ]);
  attributeId = (await jobScorecard(olive, jobId)).attributes.find((a) => a.name === "Problem solving")!.id;
  [as.recruiter, as.interviewer, as.rival] = await Promise.all(
    [recruiter!, interviewer!, rival!].map((a) => signInOverHttp(running!.server.baseUrl, a.email, PASSWORD)),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

it("generates into the form without saving, saves, and refuses generating past the member's AI generations", async () => {
  const form = `/employer/jobs/${jobId}/kits/new`;
  const typed = {
    name: "Technical interview",
    attribute: attributeId,
    questions: "How do you debug a flaky test?",
    notesPrompt: "Listen for the steps.",
  };
  const generated = await as.recruiter.post(form, { ...typed, intent: "generate" });
  expect(generated.status).toBe(200);
  const html = await textOf(generated);
  expect(html).toMatch(
    /<textarea[^>]*name="questions"[^>]*>How do you debug a flaky test\?\n\n[^<]*For problem solving, we look for this:/,
  );
  expect(html).toContain('value="Technical interview"');
  expect(html).toMatch(new RegExp(`checked="" value="${attributeId}"`));
  expect(html).toContain("Listen for the steps.</textarea>");
  expect(html).toContain("Edit them, then save the kit: nothing is saved yet.");
  expect(await kits()).toEqual([]);

  const saved = await as.recruiter.post(form, { ...typed, questions: "One?\n\n2. Two?", intent: "save" });
  expect(saved.status).toBe(302);
  expect(redirectedTo(saved)).toBe(`/employer/jobs/${jobId}/kits`);
  expect((await flashOf(saved))?.text).toBe("The interview kit is saved.");
  expect(await kits()).toEqual([
    {
      name: "Technical interview",
      questions: ["One?", "Two?"],
      attribute_ids: [attributeId],
      notes_prompt: "Listen for the steps.",
    },
  ]);

  // The first generation used one; the second is the last.
  expect((await as.recruiter.post(form, { ...typed, intent: "generate" })).status).toBe(200);
  const refused = await as.recruiter.post(form, { ...typed, intent: "generate" });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  const page = await textOf(refused);
  expect(page).toContain(`You have reached the limit of ${GENERATIONS} AI generations per hour.`);
  expect(page).toMatch(/<textarea[^>]*name="questions"[^>]*>How do you debug a flaky test\?<\/textarea>/);
});

it("lets an interviewer read the kits but not open the form; another company's owner gets 404", async () => {
  const [kit] = await sql<{ id: string }>(`select id from interview_kits where job_id = ?`, [jobId]);
  const list = `/employer/jobs/${jobId}/kits`;
  const html = await textOf(await as.interviewer.get(list));
  expect(html).toContain("Technical interview");
  expect(html).not.toContain("New interview kit");
  const before = await kits();
  for (const path of [`${list}/new`, `${list}/${kit!.id}`]) {
    expect((await as.interviewer.get(path)).status).toBe(404);
    expect((await as.interviewer.post(path, { name: "Hijack", questions: "Q?", intent: "save" })).status).toBe(404);
    expect((await as.rival.get(path)).status).toBe(404);
    expect((await as.rival.post(path, { name: "Hijack", questions: "Q?", intent: "save" })).status).toBe(404);
  }
  expect((await as.rival.get(list)).status).toBe(404);
  expect(await kits()).toEqual(before);
});
