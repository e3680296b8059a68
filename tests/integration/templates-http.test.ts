// Message templates against the real server, as a browser with JavaScript off sends them
// (decision 072): a recruiter saves a template on /employer/templates (an unknown placeholder is
// refused beside the field), uses it on an application's message form (the text area comes back
// filled in for this candidate), previews the text and sends it, and fills a rejection's message
// with it, and a bulk move's message (filled in for each candidate as it goes); an interviewer gets 403 on the templates page, on its forms and on "Use template", and
// no picker; the text stays text.
import { beforeAll, afterAll, describe, expect, it } from "vitest";
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
const as = {} as Record<"owner" | "recruiter" | "interviewer", HttpClient>;
let page = "";
let applicationId = "";
let jobId = "";
let dane = { id: "" };

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  running = await startServerWithModules();
  const account = (name: string, role: "employer" | "candidate") =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@templates.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? "Acme" : undefined,
      plan: role === "employer" ? "business" : "essential",
    });
  const [owner, recruiter, interviewer, cara, daneAccount] = await Promise.all([
    account("Olive", "employer"),
    account("Rex", "employer"),
    account("Ina", "employer"),
    account("Cara", "candidate"),
    account("Dane", "candidate"),
  ]);
  dane = daneAccount;
  jobId = await publishTestJob(owner.id, { title: "Template Engineer" });
  const company = (await memberFor(owner.id)).companyId;
  for (const [user, role] of [
    [recruiter, "recruiter"],
    [interviewer, "interviewer"],
  ] as const)
    await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
      company,
      user.id,
      role,
    ]);
  await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [jobId, interviewer.id]);
  applicationId = (await submitApplication(cara.id, jobId)).applicationId;
  page = `/employer/jobs/${jobId}/applications/${applicationId}`;
  [as.owner, as.recruiter, as.interviewer] = await Promise.all(
    [owner, recruiter, interviewer].map((a) => signInOverHttp(running!.server.baseUrl, a.email, PASSWORD)),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

const bodies = async () =>
  (
    await sql<{ body: string }>(`select body from application_messages where application_id = ? order by created_at`, [
      applicationId,
    ])
  ).map((r) => r.body);

describe("message templates over HTTP", () => {
  let templateId = "";

  it("refuses an unknown placeholder beside the text, keeping what was typed, and saves a good one", async () => {
    let response = await as.recruiter.post("/employer/templates", {
      intent: "create",
      name: "Invite",
      body: "Hi {{first_name}}",
    });
    expect(response.status).toBe(400);
    const html = await textOf(response);
    expect(html).toContain(
      "Unknown placeholder {{first_name}}. Use {{candidate_first_name}}, {{job_title}}, {{company}} or {{interview_link}}.",
    );
    expect(html).toContain("Hi {{first_name}}</textarea>");

    response = await as.recruiter.post("/employer/templates", {
      intent: "create",
      name: "Invite",
      body: "Hi {{ candidate_first_name }}, <b>{{job_title}}</b> at {{company}}: {{interview_link}}",
    });
    await response.arrayBuffer();
    expect([response.status, redirectedTo(response)]).toEqual([302, "/employer/templates"]);
    expect(await flashOf(response)).toMatchObject({ text: "Template saved." });
    [{ id: templateId }] = await sql<{ id: string }>(`select id from message_templates where name = 'Invite'`);
    expect(await textOf(await as.owner.follow(response))).toContain("Template saved.");
  });

  it("fills the text area from the template, previews it for this candidate and sends it", async () => {
    expect(await textOf(await as.recruiter.get(page))).toMatch(
      new RegExp(`<option value="${templateId}"[^>]*>Invite</option>`),
    );

    let response = await as.recruiter.post(page, { intent: "use-template", template: templateId, body: "" });
    expect(response.status).toBe(200);
    const filled = `Hi Cara, <b>Template Engineer</b> at Acme: ${running!.server.baseUrl}/candidate/applications/${applicationId}/interview`;
    let html = await response.text();
    expect(html).toContain(`${filled.replace(/</g, "&lt;").replace(/>/g, "&gt;")}</textarea>`);

    // The picker keeps showing the template used, not the list's first.
    response = await as.recruiter.post("/employer/templates", {
      intent: "create",
      name: "Zed note",
      body: "Thanks {{candidate_first_name}}",
    });
    await response.arrayBuffer();
    const [{ id: zedId }] = await sql<{ id: string }>(`select id from message_templates where name = 'Zed note'`);
    response = await as.recruiter.post(page, { intent: "use-template", template: zedId, body: "" });
    html = await response.text();
    expect(html).toContain("Thanks Cara</textarea>");
    expect(html).toMatch(new RegExp(`<option value="${zedId}" selected="">Zed note</option>`));
    expect(html).toMatch(new RegExp(`<option value="${templateId}">Invite</option>`));
    await sql(`delete from message_templates where id = ?`, [zedId]);

    response = await as.recruiter.post(page, {
      intent: "preview",
      body: "Dear {{candidate_first_name}}, <i>hello</i>",
    });
    expect(response.status).toBe(200);
    html = await response.text();
    expect(html).toContain("Preview: the candidate will read");
    expect(html).toContain("Dear Cara, &lt;i&gt;hello&lt;/i&gt;");
    expect(await bodies()).toEqual([]);

    response = await as.recruiter.post(page, { intent: "preview", body: "Dear {{name}}" });
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain("Unknown placeholder {{name}}.");

    response = await as.recruiter.post(page, { intent: "message", body: filled });
    await response.arrayBuffer();
    expect([response.status, redirectedTo(response)]).toEqual([302, `${page}#messages`]);
    expect(await bodies()).toEqual([filled]);
  });

  it("refuses an interviewer: 403 on the page, its forms and Use template, and no picker", async () => {
    let response = await as.interviewer.get("/employer/templates");
    expect(response.status).toBe(403);
    expect(await textOf(response)).toContain("Only owners and recruiters keep and use message templates.");
    response = await as.interviewer.post("/employer/templates", { intent: "delete", template: templateId });
    await response.arrayBuffer();
    expect(response.status).toBe(403);
    response = await as.interviewer.post(page, { intent: "use-template", template: templateId, body: "" });
    await response.arrayBuffer();
    expect(response.status).toBe(403);
    expect(await textOf(await as.interviewer.get(page))).not.toContain("Use template");
    expect(await sql(`select 1 from message_templates where id = ?`, [templateId])).toHaveLength(1);
  });

  it("fills the rejection's message from a template for this candidate; the rejection goes on as before", async () => {
    const reject = `${page}/reject`;
    expect(await textOf(await as.owner.get(reject))).toMatch(
      new RegExp(`<option value="${templateId}"[^>]*>Invite</option>`),
    );
    let response = await as.owner.post(reject, { intent: "use-template", template: templateId, message: "" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      `Hi Cara, &lt;b&gt;Template Engineer&lt;/b&gt; at Acme: ${running!.server.baseUrl}/candidate/applications/`,
    );
    expect(await sql(`select status from applications where id = ?`, [applicationId])).toEqual([
      { status: "submitted" },
    ]);

    response = await as.owner.post(reject, { intent: "notify", message: "Thank you, Cara." });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    expect(await sql(`select status from applications where id = ?`, [applicationId])).toEqual([
      { status: "rejected" },
    ]);
    response = await as.interviewer.post(reject, { intent: "use-template", template: templateId });
    await response.arrayBuffer();
    expect(response.status).toBe(404);
  });

  it("puts a template in a bulk move's message and fills it in for each candidate when it goes", async () => {
    const daneApplication = (await submitApplication(dane.id, jobId)).applicationId;
    const move = `/employer/jobs/${jobId}/move`;
    const fields = { ids: daneApplication, to: "interview", confirm: "yes" };
    let response = await as.recruiter.post(move, { ...fields, intent: "use-template", template: templateId });
    expect(response.status).toBe(200);
    let html = await textOf(response);
    expect(html).toContain(
      "Hi {{ candidate_first_name }}, &lt;b&gt;{{job_title}}&lt;/b&gt; at {{company}}: {{interview_link}}</textarea>",
    );
    expect(html).toContain("Preview: Dane Person will read");
    expect(html).toContain("Hi Dane, &lt;b&gt;Template Engineer&lt;/b&gt; at Acme:");

    response = await as.recruiter.post(move, { ...fields, intent: "notify", message: "Bye {{name}}" });
    expect(response.status).toBe(400);
    html = await textOf(response);
    expect(html).toContain("Unknown placeholder {{name}}.");
    expect(html).toContain("Bye {{name}}</textarea>");

    response = await as.recruiter.post(move, { ...fields, intent: "notify", message: "Hi {{candidate_first_name}}!" });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    expect(
      await sql(`select message from application_status_changes where application_id = ? and to_status = 'interview'`, [
        daneApplication,
      ]),
    ).toEqual([{ message: "Hi Dane!" }]);
  });

  it("edits and deletes a template", async () => {
    let response = await as.owner.post(`/employer/templates?edit=${templateId}`, {
      intent: "save",
      template: templateId,
      name: "Invite",
      body: "",
    });
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain("Please write the template's text.");
    response = await as.owner.post("/employer/templates", {
      intent: "save",
      template: templateId,
      name: "Invite v2",
      body: "Hello {{candidate_first_name}}",
    });
    await response.arrayBuffer();
    expect(redirectedTo(response)).toBe("/employer/templates");
    expect(await flashOf(response)).toMatchObject({ text: "Template updated." });
    response = await as.owner.post("/employer/templates", { intent: "delete", template: templateId });
    await response.arrayBuffer();
    expect(redirectedTo(response)).toBe("/employer/templates");
    expect(await flashOf(response)).toMatchObject({ text: "Template deleted." });
    expect(await sql(`select 1 from message_templates`)).toHaveLength(0);
  });
});
