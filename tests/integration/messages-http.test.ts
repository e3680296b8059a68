// Messages on an application against the real server, as a browser with JavaScript off sends them
// (decision 071): a post with intent "message" answered by a redirect to the page's #messages; an
// interviewer's post answers 403 and saves nothing; someone else's application is not found; bad
// text answers 400 beside the field with the text as typed; past the hour's quota, 429 with
// Retry-After; links become links and nothing else is markup; two members posting at once both land;
// an imported listing has no thread and says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { UNSTORABLE_FIELD } from "../../lib/forms.ts";
import { consumeQuota } from "../../lib/quotas.ts";
import { importListing, memberFor } from "../../modules/hiring/index.server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, together, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { globexListing } from "../fixtures/listings.ts";

const PASSWORD = "correct horse battery";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const as = {} as Record<
  "signedOut" | "owner" | "recruiter" | "interviewer" | "unassigned" | "cara" | "otto",
  HttpClient
>;
let page = "";
let candidatePage = "";
let applicationId = "";
let recruiterId = "";
let importedPage = "";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const bodies = async () =>
  (
    await sql<{ body: string }>(
      `select body from application_messages where application_id = ? order by created_at, id`,
      [applicationId],
    )
  ).map((r) => r.body);

/** The text of a page, entities of quotes decoded. */
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const account = (name: string, role: "employer" | "candidate") =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@messages.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? `${name} Co` : undefined,
      plan: role === "employer" ? "business" : "essential",
    });
  const [owner, recruiter, interviewer, unassigned, cara, otto] = await Promise.all([
    account("Olive", "employer"),
    account("Rex", "employer"),
    account("Ina", "employer"),
    account("Uma", "employer"),
    account("Cara", "candidate"),
    account("Otto", "candidate"),
  ]);
  recruiterId = recruiter.id;
  const jobId = await publishTestJob(owner.id, { title: "Thread Engineer" });
  const company = (await memberFor(owner.id)).companyId;
  for (const [user, role] of [
    [recruiter, "recruiter"],
    [interviewer, "interviewer"],
    [unassigned, "interviewer"],
  ] as const)
    await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
      company,
      user.id,
      role,
    ]);
  await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [jobId, interviewer.id]);
  applicationId = (await submitApplication(cara.id, jobId)).applicationId;
  page = `/employer/jobs/${jobId}/applications/${applicationId}`;
  candidatePage = `/candidate/applications/${applicationId}`;
  const listing = (await importListing(globexListing("messages-http")))!;
  await sql("update jobs set questions_generated_at = now() where id = ?", [listing]);
  importedPage = `/candidate/applications/${(await submitApplication(cara.id, listing)).applicationId}`;
  as.signedOut = httpClient(server.baseUrl);
  [as.owner, as.recruiter, as.interviewer, as.unassigned, as.cara, as.otto] = await Promise.all(
    [owner, recruiter, interviewer, unassigned, cara, otto].map((a) =>
      signInOverHttp(server.baseUrl, a.email, PASSWORD),
    ),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("messages over HTTP", () => {
  it("the company writes, the candidate reads and replies, each post redirected to the thread", async () => {
    let response = await as.owner.post(page, { intent: "message", body: "Hello Cara, are you free on Tuesday?" });
    await response.arrayBuffer();
    expect([response.status, redirectedTo(response)]).toEqual([302, `${page}#messages`]);

    let html = await textOf(await as.cara.get(candidatePage));
    expect(html).toContain("Olive Person · Acme");
    expect(html).toContain("Hello Cara, are you free on Tuesday?");

    response = await as.cara.post(candidatePage, { intent: "message", body: "Yes, any time after 2pm." });
    await response.arrayBuffer();
    expect([response.status, redirectedTo(response)]).toEqual([302, `${candidatePage}#messages`]);
    html = await textOf(await as.owner.get(page));
    expect(html).toMatch(/Hello Cara, are you free on Tuesday\?.*Cara Person.*Yes, any time after 2pm\./s);
  });

  it("lets an interviewer read but not write: 403, nothing saved, no form", async () => {
    const before = await bodies();
    const html = await textOf(await as.interviewer.get(page));
    expect(html).toContain("Hello Cara, are you free on Tuesday?");
    expect(html).toContain("Interviewers can read this thread.");
    expect(html).not.toContain('value="message"');
    const response = await as.interviewer.post(page, { intent: "message", body: "Let me in." });
    expect(response.status).toBe(403);
    expect(await textOf(response)).toContain("Interviewers can read this thread.");
    expect(await bodies()).toEqual(before);
  });

  it("answers someone else's application as not found, and a signed-out post by going to sign in", async () => {
    const before = await bodies();
    for (const [client, path] of [
      [as.unassigned, page],
      [as.otto, candidatePage],
    ] as const) {
      const response = await client.post(path, { intent: "message", body: "Hi there." });
      await response.arrayBuffer();
      expect(response.status).toBe(404);
    }
    const response = await as.signedOut.post(candidatePage, { intent: "message", body: "Hi there." });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    expect(redirectedTo(response)).toMatch(/^\/auth/);
    expect(await bodies()).toEqual(before);
  });

  it("refuses bad text with 400 beside the field, keeping what was typed", async () => {
    const before = await bodies();
    let response = await as.owner.post(page, { intent: "message", body: "   " });
    let html = await textOf(response);
    expect(response.status).toBe(400);
    expect(html).toContain("Please write your message.");
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="message-body-error/);

    const long = "L".repeat(5001);
    response = await as.cara.post(candidatePage, { intent: "message", body: long });
    html = await textOf(response);
    expect(response.status).toBe(400);
    expect(html).toContain("A message can be up to 5,000 characters.");
    expect(html).toContain(`>${long}</textarea>`);

    response = await as.owner.post(page, { intent: "message", body: "Before\0after" });
    html = await textOf(response);
    expect(response.status).toBe(400);
    expect(html).toContain(UNSTORABLE_FIELD);
    expect(html).toContain(">Beforeafter</textarea>");
    expect(await bodies()).toEqual(before);
  });

  it("offers no thread on an imported listing, and says why; a post there saves nothing", async () => {
    const html = await textOf(await as.cara.get(importedPage));
    expect(html).toContain("You applied on the company's own site, so they aren't on Hirewise to read messages here.");
    expect(html).not.toContain('value="message"');
    const response = await as.cara.post(importedPage, { intent: "message", body: "Anyone there?" });
    expect(response.status).toBe(400);
    await response.arrayBuffer();
    expect(await sql(`select 1 from application_messages where body = 'Anyone there?'`)).toEqual([]);
  });

  it("makes http(s) addresses links, and leaves everything else as text", async () => {
    const text = "See https://example.com/brief?a=1&b=2. Not javascript:alert(1) nor <b>bold</b> or <a href=x>y</a>";
    const response = await as.owner.post(page, { intent: "message", body: text });
    await response.arrayBuffer();
    const html = await (await as.cara.get(candidatePage)).text();
    expect(html).toContain(
      '<a href="https://example.com/brief?a=1&amp;b=2" rel="nofollow noopener noreferrer" target="_blank"',
    );
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('href="x"');
  });

  it("lands both of two members' messages posted at once", async () => {
    const before = (await bodies()).length;
    const answers = await together([
      () => as.owner.post(page, { intent: "message", body: "From Olive, at once." }),
      () => as.recruiter.post(page, { intent: "message", body: "From Rex, at once." }),
    ]);
    expect(answers.map((a) => [a.status, a.location])).toEqual([
      [302, `${page}#messages`],
      [302, `${page}#messages`],
    ]);
    const after = await bodies();
    expect(after).toHaveLength(before + 2);
    expect(after).toEqual(expect.arrayContaining(["From Olive, at once.", "From Rex, at once."]));
  });

  it("answers 429 with Retry-After past the account's messages for the hour, keeping the text", async () => {
    for (let i = 0; i < 100; i++) await consumeQuota("messages", recruiterId);
    const before = await bodies();
    const response = await as.recruiter.post(page, { intent: "message", body: "Over the limit." });
    const html = await textOf(response);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(html).toContain("You have reached the limit of 100 messages per hour.");
    expect(html).toContain(">Over the limit.</textarea>");
    expect(await bodies()).toEqual(before);
  });
});
