// Interviews against the real server, as a browser with JavaScript off sends them (decision 074):
// an interviewer can't offer (404) or cancel (403) and nothing changes; an offer with one time is
// refused beside the field; twenty bookings posted at once book one time once, the others told to
// pick again (409); someone else's interview is not found; the calendar file downloads; the
// dashboard lists the week's interviews; past the quota, 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { consumeQuota } from "../../lib/quotas.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { moveApplication, submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, together, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const as = {} as Record<"owner" | "interviewer" | "cara" | "otto", HttpClient>;
let page = "";
let offerPage = "";
let pickPage = "";
let applicationId = "";
let caraId = "";
let ownerId = "";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const interviews = () =>
  sql<{ id: string; status: string; version: number; sequence: number }>(
    `select id, status, version, sequence from interviews where application_id = ?`,
    [applicationId],
  );
const textOf = async (response: Response) => (await response.text()).replace(/&#x27;|&#39;/g, "'");
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const offerForm = (times: [string, string][]) => ({
  intent: "offer",
  rows: "3",
  ...Object.fromEntries(
    times.flatMap(([date, time], i) => [
      [`date-${i}`, date],
      [`time-${i}`, time],
    ]),
  ),
  length: "30",
  location: "Room 4, 1 Main St",
  videoUrl: "",
  interviewer: ownerId,
});

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const account = (name: string, role: "employer" | "candidate") =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@interviews.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? `${name} Co` : undefined,
      plan: role === "employer" ? "business" : "essential",
    });
  const [owner, interviewer, cara, otto] = await Promise.all([
    account("Olive", "employer"),
    account("Ina", "employer"),
    account("Cara", "candidate"),
    account("Otto", "candidate"),
  ]);
  caraId = cara.id;
  ownerId = owner.id;
  const jobId = await publishTestJob(owner.id, { title: "Booking Engineer" });
  const olive = await memberFor(owner.id);
  await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, 'interviewer', now())`, [
    olive.companyId,
    interviewer.id,
  ]);
  await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [jobId, interviewer.id]);
  applicationId = (await submitApplication(cara.id, jobId)).applicationId;
  await moveApplication(olive, applicationId, "interview", { jobId });
  page = `/employer/jobs/${jobId}/applications/${applicationId}`;
  offerPage = `${page}/interview`;
  pickPage = `/candidate/applications/${applicationId}/interview`;
  [as.owner, as.interviewer, as.cara, as.otto] = await Promise.all(
    [owner, interviewer, cara, otto].map((a) => signInOverHttp(server.baseUrl, a.email, PASSWORD)),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("interviews over HTTP", () => {
  it("refuses an interviewer's offer as not found and one time alone beside the field, then sends the times", async () => {
    expect((await as.interviewer.get(offerPage)).status).toBe(404);
    const refused = await as.interviewer.post(
      offerPage,
      offerForm([
        [inDays(3), "10:00"],
        [inDays(4), "11:00"],
      ]),
    );
    expect(refused.status).toBe(404);
    expect(await interviews()).toEqual([]);

    let response = await as.owner.post(offerPage, offerForm([[inDays(3), "10:00"]]));
    expect(response.status).toBe(400);
    const html = await textOf(response);
    expect(html).toContain("Offer at least 2 times, so the candidate can choose.");
    expect(html).toContain(`value="${inDays(3)}"`);
    expect(await interviews()).toEqual([]);

    response = await as.owner.post(
      offerPage,
      offerForm([
        [inDays(3), "10:00"],
        [inDays(4), "11:00"],
      ]),
    );
    await response.arrayBuffer();
    expect([response.status, redirectedTo(response)]).toEqual([302, `${page}#interview`]);
    expect(await interviews()).toMatchObject([{ status: "offered", version: 0 }]);
    expect(await textOf(await as.interviewer.get(page))).toContain("Waiting for the candidate");
  });

  it("books one time once when twenty bookings arrive at once; the others are told to pick again", async () => {
    expect((await as.otto.get(pickPage)).status).toBe(404);
    const [interview] = await interviews();
    const [slot] = await sql<{ id: string }>(
      `select id from interview_slots where interview_id = ? order by starts_at limit 1`,
      [interview!.id],
    );
    const answers = await together(
      Array.from(
        { length: 20 },
        () => () => as.cara.post(pickPage, { intent: "book", slot: slot!.id, version: String(interview!.version) }),
      ),
    );
    expect(answers.filter((a) => a.status === 302)).toHaveLength(1);
    const others = answers.filter((a) => a.status !== 302);
    expect(new Set(others.map((a) => a.status))).toEqual(new Set([409]));
    expect(others[0]!.body).toContain("This interview changed since you opened the page.");
    expect(await interviews()).toMatchObject([{ status: "booked", version: 1, sequence: 0 }]);

    const ics = await as.cara.get(`/candidate/applications/${applicationId}/interview.ics`);
    expect([ics.status, ics.headers.get("content-type")]).toEqual([
      200,
      "text/calendar; charset=utf-8; method=REQUEST",
    ]);
    expect(await ics.text()).toContain(`UID:interview-${interview!.id}@`);
    expect((await as.otto.get(`/candidate/applications/${applicationId}/interview.ics`)).status).toBe(404);
    expect(await textOf(await as.owner.get("/employer/dashboard"))).toContain("Interviews in the next 7 days");
  });

  it("lets an interviewer's cancel answer 403, and the candidate's past the quota 429, changing nothing", async () => {
    const before = await interviews();
    const response = await as.interviewer.post(offerPage, { intent: "cancel" });
    expect(response.status).toBe(403);
    expect(await interviews()).toEqual(before);

    for (let i = 0; i < 40; i++) await consumeQuota("interview-emails", caraId);
    const limited = await as.cara.post(pickPage, { intent: "cancel" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await textOf(limited)).toContain("interview changes");
    expect(await interviews()).toEqual(before);
  });
});
