// The wizard's closing date and the company's "Always show a salary range" over HTTP against the
// built server, posted as a browser with JavaScript off posts them: a past date is refused beside
// the field with everything typed kept; a good one is saved to jobs.closes_at and shown on the job's
// page and in the edit form; a recruiter can't change the setting (404, nothing changed); with it
// on, publishing without both bounds is refused beside the salary fields; a New York City location
// gets the pay-range notice; the range shows on the job page, the board's cards and the JSON list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { formatClosingDay, SALARY_RANGE_REQUIRED } from "../../modules/hiring/index.server.ts";
import { startServerWithModules } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, wizardDetailsPost, type HttpClient } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { inviteAndJoin } from "../support/team.ts";

const PASSWORD = "correct horse battery";
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let owner: HttpClient;
let recruiter: HttpClient;
let companyId = "";

const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const draftTitled = async (title: string) =>
  (await sql<{ id: string }>(`select id from jobs where draft->>'title' = ?`, [title]))[0]?.id ?? "";
const requireRange = async () =>
  (
    await sql<{ require_salary_range: boolean }>(`select require_salary_range from companies where id = ?`, [companyId])
  )[0]!.require_salary_range;
/** YYYY-MM-DD `days` from today (UTC; the company's zone is UTC until its first job is published). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Step 1 with Next, then Next on the questions, then Publish: the answer to Publish. */
async function postJob(client: HttpClient, fields: Record<string, string>) {
  const first = await client.post("/employer/jobs/new", { ...wizardDetailsPost(fields.title!), ...fields });
  expect(first.status, await first.clone().text()).toBe(302);
  const id = await draftTitled(fields.title!);
  await client.post(`/employer/jobs/new?draft=${id}&step=2`, { step: "2", intent: "next" });
  return { id, answer: await client.post(`/employer/jobs/new?draft=${id}&step=3`, { step: "3", intent: "publish" }) };
}

beforeAll(async () => {
  running = await startServerWithModules();
  const boss = await signUpOnPlan({
    email: "olive@pay.example.com",
    password: PASSWORD,
    role: "employer",
    full_name: "Olive Owner",
    company_name: "Open Pay Co",
    plan: "business",
  });
  const hire = await inviteAndJoin(boss, "rita@pay.example.com", "recruiter");
  companyId = (
    await sql<{ company_id: string }>(`select company_id from company_members where user_id = ?`, [boss.id])
  )[0]!.company_id;
  owner = await signInOverHttp(running.server.baseUrl, boss.email, PASSWORD);
  recruiter = await signInOverHttp(running.server.baseUrl, hire.email, "correct horse");
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("the closing date in the wizard", () => {
  it("refuses a date in the past beside the field, keeping everything typed", async () => {
    const answer = await owner.post("/employer/jobs/new", {
      ...wizardDetailsPost("Past Closing Engineer"),
      closes_at: "2020-01-31",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(`<li>The closing date can&#x27;t be in the past.</li>`);
    expect(html).toMatch(/id="job-closes_at-error"/);
    expect(html).toContain('value="2020-01-31"');
    expect(html).toContain('value="Past Closing Engineer"');
    // Kept as a draft, the date as typed.
    const [draft] = await sql<{ closes_at: string }>(`select draft->>'closes_at' as closes_at from jobs where id = ?`, [
      await draftTitled("Past Closing Engineer"),
    ]);
    expect(draft!.closes_at).toBe("2020-01-31");
  });

  it("saves a chosen date to closes_at, shows it on the job's page and in the edit form", async () => {
    const { id, answer } = await postJob(owner, { title: "Dated Engineer", closes_at: day(30) });
    expect(redirectedTo(answer)).toBe("/employer/dashboard");
    const [row] = await sql<{ closes_at: Date; zone: string }>(
      `select j.closes_at, c.time_zone as zone from jobs j join companies c on c.id = j.company_id where j.id = ?`,
      [id],
    );
    const shown = formatClosingDay(new Date(row!.closes_at), row!.zone);
    expect(new Date(row!.closes_at).toISOString().slice(0, 10)).toBe(day(30));
    expect(await (await owner.get(`/employer/jobs/${id}/details`)).text()).toContain(`Closes ${shown}`);
    expect(await (await owner.get(`/employer/jobs/${id}/edit?step=1`)).text()).toContain(`value="${day(30)}"`);
    // Saving the edit with a past date is refused beside the field; the job keeps its date.
    const edit = await owner.post(`/employer/jobs/${id}/edit?step=1`, {
      ...wizardDetailsPost("Dated Engineer"),
      closes_at: "2020-01-31",
    });
    expect(edit.status).toBe(400);
    expect(await edit.text()).toContain("The closing date can&#x27;t be in the past.");
  });

  it("left empty on a new job, closes 60 days after publishing", async () => {
    const before = Date.now();
    const { id } = await postJob(owner, { title: "Default Engineer", closes_at: "" });
    const [row] = await sql<{ closes_at: Date }>(`select closes_at from jobs where id = ?`, [id]);
    expect(new Date(row!.closes_at).getTime()).toBeGreaterThanOrEqual(before + 60 * 86_400_000);
  });
});

describe("always show a salary range", () => {
  it("a recruiter can't change it (404, nothing changed); the owner can", async () => {
    const refused = await recruiter.post("/employer/team", { intent: "salary-range", require_salary_range: "on" });
    expect(refused.status).toBe(404);
    expect(await requireRange()).toBe(false);
    expect(await (await recruiter.get("/employer/team")).text()).not.toContain("Always show a salary range");
    const saved = await owner.post("/employer/team", { intent: "salary-range", require_salary_range: "on" });
    expect(redirectedTo(saved)).toBe("/employer/team");
    expect(await requireRange()).toBe(true);
    expect(await (await owner.follow(saved)).text()).toMatch(/<input[^>]*name="require_salary_range"[^>]*checked=""/);
  });

  it("with it on, publishing without both bounds is refused beside the salary fields", async () => {
    const { id, answer } = await postJob(owner, { title: "Unpaid Engineer", salary_min: "90000", salary_max: "" });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(`id="job-salary_max-error"`);
    expect(html).toContain(SALARY_RANGE_REQUIRED.replace("'", "&#x27;"));
    expect(html).toContain('value="90000"');
    expect((await sql<{ status: string }>(`select status from jobs where id = ?`, [id]))[0]!.status).toBe("draft");
  });

  it("points out New York City's rule beside the salary fields, and the range shows where candidates look", async () => {
    const nyc = { title: "Manhattan Engineer", location: "New York, NY" };
    const first = await owner.post("/employer/jobs/new", {
      ...wizardDetailsPost(nyc.title),
      ...nyc,
      intent: "dashboard",
    });
    expect(redirectedTo(first)).toBe("/employer/dashboard");
    const id = await draftTitled(nyc.title);
    const step = await (await owner.get(`/employer/jobs/new?draft=${id}&step=1`)).text();
    expect(step).toContain("Job ads in New York City and New York State must show a pay range");
    const { id: paid } = await postJob(owner, {
      title: "Paid Engineer",
      location: "Brooklyn, NY",
      salary_min: "90000",
      salary_max: "120000",
    });
    const range = "$90,000 - $120,000";
    expect(await (await owner.get(`/jobs/${paid}`)).text()).toContain(range);
    expect(await (await owner.get(`/jobs?q=Paid+Engineer`)).text()).toContain(range);
    const [{ slug }] = (await sql<{ slug: string }>(`select slug from companies where id = ?`, [companyId])) as [
      { slug: string },
    ];
    const listed = (await (await owner.get(`/companies/${slug}/jobs.json`)).json()) as {
      jobs: { id: string; salary: unknown }[];
    };
    expect(listed.jobs.find((j) => j.id === paid)?.salary).toMatchObject({ min: 90000, max: 120000 });
  });
});
