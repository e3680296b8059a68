// Scorecards against the built server, as a browser with JavaScript off sends them (decision 083):
// the job's attributes page (rename, add, retire, with a refused post's rows kept as typed), and
// each member's scorecard posted as a draft or submitted, answered with a redirect to the
// application page, where the others' scorecards appear only once one's own is submitted. An
// unassigned interviewer and another company's owner get 404 and change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { flashOf } from "../support/flash.ts";

const PASSWORD = "correct horse battery";

let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const as = {} as Record<"owner" | "recruiter" | "interviewer" | "unassigned" | "rival", HttpClient>;
let jobId = "";
let attributesPath = "";
let page = "";
let scorecardPath = "";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const attributes = () =>
  sql<{ id: string; name: string; retired_at: Date | null }>(
    `select id, name, retired_at from job_scorecard_attributes where job_id = ? order by position, created_at`,
    [jobId],
  );
const everything = async () => ({
  attributes: await sql(`select * from job_scorecard_attributes order by id`),
  scorecards: await sql(`select * from scorecards order by id`),
  ratings: await sql(`select * from scorecard_ratings order by scorecard_id, attribute_id`),
});

/** A complete scorecard's fields: every active attribute rated `point`. */
async function completeFields(point: string, takeaways: string) {
  const rows = (await attributes()).filter((a) => !a.retired_at);
  return {
    ...Object.fromEntries(rows.map((a) => [`rating.${a.id}`, point])),
    takeaways,
    recommendation: point,
    intent: "submit",
  };
}

beforeAll(async () => {
  running = await startServerWithModules();
  const account = (name: string, role: "employer" | "candidate") =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@scorecards.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? `${name} Co` : undefined,
      plan: role === "employer" ? "business" : "essential",
    });
  const [owner, recruiter, interviewer, unassigned, rival, cara] = await Promise.all([
    account("Olive", "employer"),
    account("Rex", "employer"),
    account("Ina", "employer"),
    account("Uma", "employer"),
    account("Rita", "employer"),
    account("Cara", "candidate"),
  ]);
  jobId = await publishTestJob(owner.id, { title: "Scorecard Engineer" });
  const company = (await memberFor(owner.id)).companyId;
  for (const [user, role] of [
    [recruiter, "recruiter"],
    [interviewer, "interviewer"],
    [unassigned, "interviewer"],
  ] as const) {
    await sql(`delete from company_members where user_id = ?`, [user.id]);
    await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
      company,
      user.id,
      role,
    ]);
  }
  await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [jobId, interviewer.id]);
  const { applicationId } = await submitApplication(cara.id, jobId);
  attributesPath = `/employer/jobs/${jobId}/scorecard`;
  page = `/employer/jobs/${jobId}/applications/${applicationId}`;
  scorecardPath = `${page}/scorecard`;
  [as.owner, as.recruiter, as.interviewer, as.unassigned, as.rival] = await Promise.all(
    [owner, recruiter, interviewer, unassigned, rival].map((a) =>
      signInOverHttp(running!.server.baseUrl, a.email, PASSWORD),
    ),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("the job's scorecard page", () => {
  it("shows the default set, saves renamed and added rows, keeps a refused post as typed, and retires one", async () => {
    const first = await textOf(await as.owner.get(attributesPath));
    expect(first).toContain("This job starts from your company's default set.");
    expect(first).toContain('value="Core skills for the role"');
    const ids = [...first.matchAll(/name="rows\.(\d+)\.id" value="([^"]+)"/g)].map((m) => m[2]!);
    expect(ids).toHaveLength(5);
    const rows = (names: string[], extra: Record<string, string> = {}) => ({
      ...Object.fromEntries(
        names.flatMap((name, i) => [
          [`rows.${i}.id`, ids[i] ?? ""],
          [`rows.${i}.name`, name],
          [`rows.${i}.guidance`, `Good ${name}`],
          [`rows.${i}.group`, "skills"],
        ]),
      ),
      ...extra,
    });
    const names = ["TypeScript", "Problem solving", "Relevant experience", "Communication", "Motivation"];

    const refused = await as.owner.post(attributesPath, rows(["", ...names.slice(1), "Ownership"], { intent: "save" }));
    const html = await textOf(refused);
    expect(refused.status).toBe(400);
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="rows-0-name-error/);
    expect(html).toContain("Name the attribute.");
    expect(html).toContain('value="Ownership"');
    expect(await sql(`select 1 from job_scorecard_attributes where job_id = ?`, [jobId])).toEqual([]);

    const saved = await as.owner.post(attributesPath, rows([...names, "Ownership"], { intent: "save" }));
    expect(saved.status).toBe(302);
    expect(redirectedTo(saved)).toBe(attributesPath);
    expect((await flashOf(saved))?.text).toBe("The scorecard is saved.");
    expect((await attributes()).map((a) => a.name)).toEqual([...names, "Ownership"]);

    const retired = await as.owner.post(attributesPath, rows(names, { intent: `retire:${ids[4]}` }));
    expect(retired.status).toBe(302);
    expect((await attributes()).filter((a) => a.retired_at).map((a) => a.name)).toEqual(["Motivation"]);
    expect(await textOf(await as.owner.get(attributesPath))).toContain('aria-label="Restore Motivation"');
  });

  it("is read-only for an assigned interviewer, and not found for an unassigned one or another company", async () => {
    const html = await textOf(await as.interviewer.get(attributesPath));
    expect(html).toContain("Owners and recruiters change the scorecard.");
    expect(html).not.toContain('name="rows.0.name"');
    const before = await everything();
    for (const client of [as.unassigned, as.rival]) {
      expect((await client.get(attributesPath)).status).toBe(404);
      expect((await client.post(attributesPath, { intent: "save", "rows.0.name": "Hijack" })).status).toBe(404);
    }
    expect((await as.interviewer.post(attributesPath, { intent: "save", "rows.0.name": "Hijack" })).status).toBe(404);
    expect(await everything()).toEqual(before);
  });
});

describe("members' scorecards", () => {
  it("refuse an incomplete submit beside its fields, keep a draft, and hide the others' until one's own is in", async () => {
    const refused = await as.recruiter.post(scorecardPath, { intent: "submit", takeaways: "Half done" });
    const html = await textOf(refused);
    expect(refused.status).toBe(400);
    expect(html).toContain("Rate TypeScript or choose Not assessed.");
    expect(html).toContain("Choose your overall recommendation.");
    expect(html).toMatch(/<textarea[^>]*name="takeaways"[^>]*>Half done<\/textarea>/);

    const draft = await as.recruiter.post(scorecardPath, {
      intent: "draft",
      takeaways: "Half done",
      recommendation: "3",
    });
    expect(draft.status).toBe(302);
    expect(redirectedTo(draft)).toBe(`${page}#scorecards`);
    expect((await flashOf(draft))?.text).toBe("Your draft is saved. Submit it when you're done.");

    const submitted = await as.recruiter.post(scorecardPath, await completeFields("4", "Rex: deep TypeScript."));
    expect((await flashOf(submitted))?.text).toBe("Your scorecard is submitted.");

    // The interviewer has not submitted: Rex's words are not on their page.
    let ina = await textOf(await as.interviewer.get(page));
    expect(ina).toContain("1 colleague has submitted a scorecard.");
    expect(ina).not.toContain("Rex: deep TypeScript.");
    // The owner reads it at once.
    expect(await textOf(await as.owner.get(page))).toContain("Rex: deep TypeScript.");

    await as.interviewer.post(scorecardPath, await completeFields("2", "Ina: thin on ops."));
    ina = await textOf(await as.interviewer.get(page));
    expect(ina).toContain("Rex: deep TypeScript.");
    expect(ina).toContain("Ina: thin on ops.");
    expect(ina).toMatch(/Not submitted yet:.*Olive Person/s);

    const edited = await as.recruiter.post(scorecardPath, await completeFields("3", "Rex: on reflection, yes."));
    expect((await flashOf(edited))?.text).toBe("Your scorecard is changed; the change is recorded.");
    expect(await textOf(await as.recruiter.get(page))).toMatch(/Submitted [^<]+ · changed /);
  });

  it("are not found for an unassigned interviewer and another company's owner", async () => {
    const before = await everything();
    for (const client of [as.unassigned, as.rival]) {
      expect((await client.get(scorecardPath)).status).toBe(404);
      expect((await client.post(scorecardPath, await completeFields("1", "Hijack"))).status).toBe(404);
      expect((await client.get(page)).status).toBe(404);
    }
    expect(await everything()).toEqual(before);
  });
});
