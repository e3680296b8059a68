// Message templates (decision 072), through the module: placeholders with or without spaces,
// unknown ones refused by name, the name and text limits, who keeps templates (owners and
// recruiters; interviewers are refused, other companies see none), and filling one in for an
// application, with the text left as text; a stage or rejection email's message filled in for each
// candidate.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { memberFor, type Member } from "../hiring/index.server.ts";
import {
  ApplicationError,
  companyThread,
  createTemplate,
  deleteTemplate,
  fillPlaceholders,
  listTemplates,
  moveApplication,
  moveApplications,
  moveMessageSchema,
  postCompanyMessage,
  submitApplication,
  templateForApplication,
  unknownPlaceholderMessage,
  updateTemplate,
} from "./index.server.ts";

useTestRuntime();

let seq = 0;
const account = (role: "employer" | "candidate", name: string, company = "Acme") =>
  signUpOnPlan({
    email: `tpl-${role}${++seq}@example.com`,
    password: "correct horse",
    role,
    company_name: company,
    plan: role === "employer" ? "business" : "essential",
    full_name: name,
  });

async function join(owner: Member, userId: string, role: "recruiter" | "interviewer") {
  await em().execute(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
    owner.companyId,
    userId,
    role,
  ]);
  return memberFor(userId);
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof ApplicationError
        ? { code: error.code, message: error.message, fields: error.fieldErrors }
        : error,
  );

describe("placeholders", () => {
  const values = {
    candidate_first_name: "Cleo",
    job_title: "Platform Engineer",
    company: "Acme",
    interview_link: "https://hirewise.example/candidate/applications/1",
  };

  it("fills each known placeholder, spaces inside the braces or not", () => {
    expect(
      fillPlaceholders("Hi {{candidate_first_name}}, {{ job_title }} at {{company  }}: {{interview_link}}", values),
    ).toBe("Hi Cleo, Platform Engineer at Acme: https://hirewise.example/candidate/applications/1");
    expect(unknownPlaceholderMessage("Hi {{ candidate_first_name }}")).toBeNull();
  });

  it("names an unknown placeholder, and several once each", () => {
    expect(unknownPlaceholderMessage("Hi {{foo}}")).toBe(
      "Unknown placeholder {{foo}}. Use {{candidate_first_name}}, {{job_title}}, {{company}} or {{interview_link}}.",
    );
    expect(unknownPlaceholderMessage("{{ first_name }} {{Company}} {{first_name}}")).toBe(
      "Unknown placeholders {{first_name}}, {{Company}}. Use {{candidate_first_name}}, {{job_title}}, {{company}} or {{interview_link}}.",
    );
  });

  it("puts values in as they are: markup in a value stays text for the page to escape", () => {
    expect(fillPlaceholders("{{company}}", { ...values, company: "<b>Acme</b> {{job_title}}" })).toBe(
      "<b>Acme</b> {{job_title}}",
    );
  });
});

describe("templates", () => {
  it("lets owners and recruiters keep templates and refuses interviewers", async () => {
    const owner = await memberFor((await account("employer", "Olivia Owner")).id);
    const rami = await join(owner, (await account("employer", "Rami Recruiter")).id, "recruiter");
    const ivan = await join(owner, (await account("employer", "Ivan Interviewer")).id, "interviewer");
    const other = await memberFor((await account("employer", "Otto Other", "Globex")).id);

    const id = await createTemplate(rami, { name: " Invite ", body: "Hi {{candidate_first_name}}" });
    expect(await listTemplates(owner)).toEqual([{ id, name: "Invite", body: "Hi {{candidate_first_name}}" }]);
    await updateTemplate(owner, id, { name: "Interview invite", body: "Hello {{ candidate_first_name }}" });
    expect((await listTemplates(rami))[0]).toMatchObject({ name: "Interview invite" });

    expect(await refusal(listTemplates(ivan))).toMatchObject({ code: "forbidden" });
    expect(await refusal(createTemplate(ivan, { name: "Mine", body: "Hi" }))).toMatchObject({ code: "forbidden" });
    expect(await listTemplates(other)).toEqual([]);
    expect(await refusal(updateTemplate(other, id, { name: "Taken", body: "Hi" }))).toMatchObject({
      code: "not-found",
    });
    expect(await refusal(deleteTemplate(other, id))).toMatchObject({ code: "not-found" });

    await deleteTemplate(rami, id);
    expect(await listTemplates(owner)).toEqual([]);
  });

  it("refuses a missing name, a long text and unknown placeholders beside the field", async () => {
    const owner = await memberFor((await account("employer", "Olivia Owner")).id);
    expect(await refusal(createTemplate(owner, { name: " ", body: "Hi" }))).toMatchObject({
      code: "invalid",
      fields: { name: "Please name the template." },
    });
    expect(await refusal(createTemplate(owner, { name: "x".repeat(101), body: "Hi" }))).toMatchObject({
      fields: { name: "A template's name can be up to 100 characters." },
    });
    expect(await refusal(createTemplate(owner, { name: "Long", body: "x".repeat(5001) }))).toMatchObject({
      fields: { body: "A template can be up to 5,000 characters. Please shorten it." },
    });
    expect(await refusal(createTemplate(owner, { name: "Typo", body: "Hi {{first_name}}" }))).toMatchObject({
      fields: {
        body: "Unknown placeholder {{first_name}}. Use {{candidate_first_name}}, {{job_title}}, {{company}} or {{interview_link}}.",
      },
    });
    expect(await listTemplates(owner)).toEqual([]);
  });

  it("fills a template in for an application, and a message's placeholders when it is sent", async () => {
    const ownerAccount = await account("employer", "Olivia Owner");
    const owner = await memberFor(ownerAccount.id);
    const jobId = await publishTestJob(ownerAccount.id, { title: "Template Engineer" });
    const cleo = await account("candidate", "Cleo <i>Candidate</i>");
    const { applicationId } = await submitApplication(cleo.id, jobId);
    const ivan = await join(owner, (await account("employer", "Ivan Interviewer")).id, "interviewer");
    const id = await createTemplate(owner, {
      name: "Invite",
      body: "Hi {{candidate_first_name}}, about {{job_title}} at {{company}}: {{ interview_link }}",
    });

    const filled = await templateForApplication(owner, applicationId, id, { jobId });
    expect(filled).toMatch(
      new RegExp(
        `^Hi Cleo, about Template Engineer at Acme: https?://[^/]+/candidate/applications/${applicationId}/interview$`,
      ),
    );
    expect(await refusal(templateForApplication(ivan, applicationId, id, { jobId }))).toMatchObject({
      code: "forbidden",
    });

    await postCompanyMessage(owner, applicationId, "Dear {{ candidate_first_name }}, see you.", { jobId });
    expect((await companyThread(owner, applicationId)).messages.map((m) => m.body)).toEqual(["Dear Cleo, see you."]);
    expect(await refusal(postCompanyMessage(owner, applicationId, "Dear {{name}}", { jobId }))).toMatchObject({
      code: "invalid",
      fields: { body: expect.stringContaining("Unknown placeholder {{name}}.") },
    });
  });

  it("fills a stage or rejection email's message for each candidate, and refuses unknown placeholders", async () => {
    const ownerAccount = await account("employer", "Olivia Owner");
    const owner = await memberFor(ownerAccount.id);
    const jobId = await publishTestJob(ownerAccount.id, { title: "Pipeline Engineer" });
    const applied: string[] = [];
    for (const name of ["Cleo Candidate", "Dara Doe", "Eli Ek"])
      applied.push((await submitApplication((await account("candidate", name)).id, jobId)).applicationId);
    const [cleo, dara, eli] = applied as [string, string, string];
    const sent = async () =>
      new Map(
        (
          await em().execute<{ application_id: string; message: string | null }[]>(
            `select application_id, message from application_status_changes where application_id in (?, ?, ?)`,
            applied,
          )
        ).map((r) => [r.application_id, r.message]),
      );

    await moveApplications(owner, jobId, [cleo, dara], "interview", {
      message: "Hi {{candidate_first_name}}, let's talk about {{ job_title }}.",
    });
    await moveApplication(owner, eli, "rejected", {
      jobId,
      message: "Thank you, {{candidate_first_name}}.",
      rejection: { reason: null, note: null, emailTiming: "now" },
    });
    expect(await sent()).toEqual(
      new Map([
        [cleo, "Hi Cleo, let's talk about Pipeline Engineer."],
        [dara, "Hi Dara, let's talk about Pipeline Engineer."],
        [eli, "Thank you, Eli."],
      ]),
    );

    const refused = await refusal(moveApplication(owner, cleo, "rejected", { jobId, message: "Bye {{name}}" }));
    expect(refused).toMatchObject({ code: "invalid", fields: { message: expect.stringContaining("{{name}}") } });
    expect(moveMessageSchema.safeParse("Hi {{ first }}").error?.issues[0]?.message).toMatch(/^Unknown placeholder/);
  });
});
