// A rejection's private reason and delayed email over HTTP, as a browser with JavaScript off posts
// them (decision 073): the reject page asks for a reason, a note and when to email (in 24 hours by
// default); a note over 500 characters is refused beside its field and kept; the reason lands in
// the CSV and nowhere the candidate reads; the application page offers "Cancel the rejection
// email" while it waits, and once cancelled the email job sends nothing; "Now" leaves nothing to cancel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { countInMailbox } from "../support/mailbox.ts";
import { settledJob } from "../support/runtime.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";
const QUEUE = "applications.status-email";
const NOTE = "Strong answers, but no SQL yet.";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const as = {} as Record<"owner" | "cara" | "dan", HttpClient>;
let jobId = "";
const ids = { cara: "", dan: "" };
const emails = { cara: "", dan: "" };

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const page = (id: string) => `/employer/jobs/${jobId}/applications/${id}`;
const emailJob = async (applicationId: string) =>
  (
    await sql<{ id: string; wait: number }>(
      `select id, extract(epoch from start_after - created_on)::int as wait from pgboss.job where name = ? and data->>'applicationId' = ?`,
      [QUEUE, applicationId],
    )
  )[0];

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const account = (name: string, role: "employer" | "candidate") =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@rejecting.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? `${name} Co` : undefined,
      plan: role === "employer" ? "business" : "essential",
    });
  const [owner, cara, dan] = await Promise.all([
    account("Olive", "employer"),
    account("Cara", "candidate"),
    account("Dan", "candidate"),
  ]);
  jobId = await publishTestJob(owner.id, { title: "Reason Engineer" });
  ids.cara = (await submitApplication(cara.id, jobId)).applicationId;
  ids.dan = (await submitApplication(dan.id, jobId)).applicationId;
  emails.cara = cara.email;
  emails.dan = dan.email;
  [as.owner, as.cara, as.dan] = await Promise.all(
    [owner, cara, dan].map((a) => signInOverHttp(server.baseUrl, a.email, PASSWORD)),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("rejecting with a private reason and a delayed email, over HTTP", () => {
  it("asks for a reason, a note and when to email, in 24 hours by default", async () => {
    const html = await (await as.owner.get(`${page(ids.cara)}/reject`)).text();
    for (const text of [
      "Reason (only your team sees it)",
      ">Skills or experience<",
      ">Another candidate chosen<",
      ">Position filled or closed<",
      ">Not reachable<",
      ">Other<",
      "Private note (optional)",
    ])
      expect(html).toContain(text);
    expect(html).toContain(`<input type="radio" name="emailTiming" checked="" value="later"/>`);
    expect(html).toContain(`<input type="radio" name="emailTiming" value="now"/>`);
  });

  it("refuses a note over 500 characters beside the field, keeping what was typed, and changes nothing", async () => {
    const long = "n".repeat(501);
    const answer = await as.owner.post(`${page(ids.cara)}/reject`, {
      intent: "notify",
      reason: "skills",
      reasonNote: long,
      emailTiming: "later",
    });
    expect(answer.status).toBe(400);
    const body = await answer.text();
    expect(body).toContain("A note can be up to 500 characters.");
    expect(body).toContain(long);
    expect((await sql(`select status from applications where id = ?`, [ids.cara]))[0]).toEqual({
      status: "submitted",
    });
  });

  it("keeps the reason for the team and the CSV, holds the email a day, and a cancel sends nothing", async () => {
    const done = await as.owner.post(`${page(ids.cara)}/reject`, {
      intent: "notify",
      reason: "skills",
      reasonNote: NOTE,
      emailTiming: "later",
    });
    expect(redirectedTo(done)).toBe(page(ids.cara));
    expect(
      await sql(
        `select rejection_reason, rejection_note from application_status_changes where application_id = ? and to_status = 'rejected'`,
        [ids.cara],
      ),
    ).toEqual([{ rejection_reason: "skills", rejection_note: NOTE }]);
    const job = (await emailJob(ids.cara))!;
    expect(job.wait).toBeGreaterThanOrEqual(24 * 60 * 60 - 5);

    const csv = await (await as.owner.get(`/employer/jobs/${jobId}/applications.csv`)).text();
    expect(csv).toContain(`Skills or experience,"${NOTE}"`);
    for (const path of ["/candidate/applications", `/candidate/applications/${ids.cara}`]) {
      const html = await (await as.cara.get(path)).text();
      expect(html).not.toContain("no SQL yet");
      expect(html).not.toContain("Skills or experience");
    }

    const shown = await (await as.owner.get(page(ids.cara))).text();
    expect(shown).toContain("The rejection email to the candidate goes on ");
    expect(shown).toContain("Cancel the rejection email");
    const cancelled = await as.owner.post(page(ids.cara), { intent: "cancel-rejection-email" });
    expect(redirectedTo(cancelled)).toBe(page(ids.cara));
    const after = await (await as.owner.follow(cancelled)).text();
    expect(after).toContain("The rejection email is cancelled: nothing will be sent.");
    expect(after).not.toContain("Cancel the rejection email");
    expect((await as.owner.post(page(ids.cara), { intent: "cancel-rejection-email" })).status).toBe(409);

    // The day is up: the job runs and sends nothing.
    await sql(`update pgboss.job set start_after = now() where id = ?`, [job.id]);
    expect(await settledJob(QUEUE, { applicationId: ids.cara })).toBe("completed");
    expect(await countInMailbox(server.dataDir, emails.cara, "An update on your application for Reason Engineer")).toBe(
      0,
    );
  });

  it('"Now" sends the email at once, with nothing to cancel', async () => {
    const done = await as.owner.post(`${page(ids.dan)}/reject`, { intent: "notify", reason: "", emailTiming: "now" });
    expect(redirectedTo(done)).toBe(page(ids.dan));
    expect((await emailJob(ids.dan))!.wait).toBeLessThan(60);
    expect(await settledJob(QUEUE, { applicationId: ids.dan })).toBe("completed");
    expect(await countInMailbox(server.dataDir, emails.dan, "An update on your application for Reason Engineer")).toBe(
      1,
    );
    expect(await (await as.owner.get(page(ids.dan))).text()).not.toContain("Cancel the rejection email");
  });
});
