// Interview kits (issue 34 item 2, decision 087), through the modules: owners and recruiters write
// a job's kits, assigned interviewers read them, anyone else (another company's member, an
// unassigned interviewer) hears not found; attributes must be the job's; an interview picks a kit
// (one of the job's) and the application shows it, or the job's first kit without one.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import {
  deleteInterviewKit,
  jobInterviewKits,
  jobScorecard,
  kitQuestionsSource,
  memberFor,
  saveInterviewKit,
  type KitInput,
  type Member,
} from "./index.server.ts";
import { submitApplication, moveApplication } from "../applications/index.server.ts";
import { applicationKit, offerInterview } from "../interviews/index.server.ts";

useTestRuntime();

let seq = 0;
const employer = (name: string) =>
  signUpOnPlan({
    email: `kits-boss${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "business",
    full_name: name,
  });

async function join(owner: Member, role: "recruiter" | "interviewer", jobId?: string): Promise<Member> {
  const { id } = await employer(`${role} ${seq}`);
  await em().execute(`delete from company_members where user_id = ?`, [id]);
  await em().execute(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
    owner.companyId,
    id,
    role,
  ]);
  if (jobId)
    await em().execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [jobId, id]);
  return memberFor(id);
}

async function world() {
  const owner = await employer("Olivia Owner");
  const jobId = await publishTestJob(owner.id, { title: "Kit Engineer" });
  const olivia = await memberFor(owner.id);
  const rami = await join(olivia, "recruiter");
  const ines = await join(olivia, "interviewer", jobId);
  const ivo = await join(olivia, "interviewer");
  const stranger = await memberFor((await employer("Sam Stranger")).id);
  return { jobId, olivia, rami, ines, ivo, stranger };
}

const kit = (over: Partial<KitInput> = {}): KitInput => ({
  name: "Technical interview",
  questions: ["How would you find a slow query?", "Tell me about a bug you chased for days."],
  attributeIds: [],
  notesPrompt: "What backs each rating?",
  ...over,
});

describe("interview kits", () => {
  it("owners and recruiters write them, in order, covering the job's attributes; interviewers assigned read them", async () => {
    const w = await world();
    // The job still has the default set: its derived ids are accepted, and stored.
    const { attributes } = await jobScorecard(w.olivia, w.jobId);
    const [first, second] = attributes;
    const id = await saveInterviewKit(w.olivia, w.jobId, null, kit({ attributeIds: [second!.id, first!.id] }));
    await saveInterviewKit(w.rami, w.jobId, null, kit({ name: "Culture conversation", questions: ["Why us?"] }));
    const read = await jobInterviewKits(w.ines, w.jobId);
    expect(read.mayEdit).toBe(false);
    expect(read.kits.map((k) => k.name)).toEqual(["Technical interview", "Culture conversation"]);
    expect(read.kits[0]).toMatchObject({
      id,
      questions: ["How would you find a slow query?", "Tell me about a bug you chased for days."],
      notesPrompt: "What backs each rating?",
    });
    // In the scorecard's order, whatever order they were sent in.
    expect(read.kits[0]!.attributes.map((a) => a.id)).toEqual([first!.id, second!.id]);
    expect((await jobScorecard(w.olivia, w.jobId)).isDefault).toBe(false);

    await saveInterviewKit(w.rami, w.jobId, id, kit({ name: "Tech", questions: ["One question only?"] }));
    expect((await jobInterviewKits(w.olivia, w.jobId)).kits[0]).toMatchObject({
      name: "Tech",
      questions: ["One question only?"],
      attributes: [],
    });
    await deleteInterviewKit(w.olivia, w.jobId, id);
    expect((await jobInterviewKits(w.olivia, w.jobId)).kits.map((k) => k.name)).toEqual(["Culture conversation"]);
  });

  it("answers not found to interviewers writing, an unassigned interviewer and another company's member", async () => {
    const w = await world();
    const id = await saveInterviewKit(w.olivia, w.jobId, null, kit());
    await expect(saveInterviewKit(w.ines, w.jobId, id, kit())).rejects.toMatchObject({ code: "not-found" });
    await expect(deleteInterviewKit(w.ines, w.jobId, id)).rejects.toMatchObject({ code: "not-found" });
    await expect(kitQuestionsSource(w.ines, w.jobId, [])).rejects.toMatchObject({ code: "not-found" });
    await expect(jobInterviewKits(w.ivo, w.jobId)).rejects.toMatchObject({ code: "not-found" });
    await expect(jobInterviewKits(w.stranger, w.jobId)).rejects.toMatchObject({ code: "not-found" });
    await expect(saveInterviewKit(w.stranger, w.jobId, null, kit())).rejects.toMatchObject({ code: "not-found" });
    // Another company's kit id is not this job's.
    const other = await memberFor((await employer("Other Owner")).id);
    const foreign = await saveInterviewKit(other, await publishTestJob(other.userId, { title: "Other" }), null, kit());
    await expect(saveInterviewKit(w.olivia, w.jobId, foreign, kit())).rejects.toMatchObject({ code: "not-found" });
    expect((await jobInterviewKits(w.olivia, w.jobId)).kits).toHaveLength(1);
  });

  it("refuses attributes of another job and bad fields, each beside its field", async () => {
    const w = await world();
    const other = await publishTestJob(w.olivia.userId, { title: "Another job" });
    const foreign = (await jobScorecard(w.olivia, other)).attributes[0]!.id;
    await expect(saveInterviewKit(w.olivia, w.jobId, null, kit({ attributeIds: [foreign] }))).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { attributes: ["Choose attributes from this job's scorecard."] },
    });
    await expect(
      saveInterviewKit(w.olivia, w.jobId, null, kit({ name: " ", questions: [" "], notesPrompt: "x".repeat(501) })),
    ).rejects.toMatchObject({
      fieldErrors: {
        name: ["Name the kit, e.g. Technical interview."],
        questions: ["Write at least one question to ask, or generate some."],
        notesPrompt: ["The notes prompt can be up to 500 characters."],
      },
    });
    await saveInterviewKit(w.olivia, w.jobId, null, kit());
    await expect(saveInterviewKit(w.rami, w.jobId, null, kit({ name: "technical INTERVIEW" }))).rejects.toMatchObject({
      fieldErrors: { name: ["Another kit of this job has this name."] },
    });
    expect((await jobInterviewKits(w.olivia, w.jobId)).kits).toHaveLength(1);
  });

  it("gives the AI the job and the chosen attributes (none chosen: every active one)", async () => {
    const w = await world();
    const { attributes } = await jobScorecard(w.olivia, w.jobId);
    const all = await kitQuestionsSource(w.rami, w.jobId, []);
    expect(all.title).toBe("Kit Engineer");
    expect(all.attributes.map((a) => a.name)).toEqual(attributes.map((a) => a.name));
    const one = await kitQuestionsSource(w.rami, w.jobId, [attributes[3]!.id]);
    expect(one.attributes).toEqual([
      { name: attributes[3]!.name, guidance: attributes[3]!.guidance, group: attributes[3]!.group },
    ]);
  });
});

describe("the kit an application shows", () => {
  it("is the job's first kit until an interview picks one of the job's kits", async () => {
    const w = await world();
    const cleo = await signUpOnPlan({
      email: `kits-cleo${++seq}@example.com`,
      password: "correct horse",
      role: "candidate",
      plan: "essential",
      full_name: "Cleo Candidate",
    });
    const { applicationId } = await submitApplication(cleo.id, w.jobId);
    expect(await applicationKit(w.ines, applicationId, w.jobId)).toBeNull();
    const tech = await saveInterviewKit(w.olivia, w.jobId, null, kit());
    const culture = await saveInterviewKit(w.olivia, w.jobId, null, kit({ name: "Culture conversation" }));
    expect(await applicationKit(w.ines, applicationId, w.jobId)).toMatchObject({ kit: { id: tech }, chosen: false });
    await expect(applicationKit(w.ivo, applicationId, w.jobId)).rejects.toMatchObject({ code: "not-found" });
    await expect(applicationKit(w.stranger, applicationId, w.jobId)).rejects.toMatchObject({ code: "not-found" });

    await moveApplication(w.olivia, applicationId, "interview", { jobId: w.jobId });
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const offer = {
      times: [
        { date: day, time: "10:00" },
        { date: day, time: "14:00" },
      ],
      length: "45",
      location: "Room 4",
      videoUrl: "",
      interviewers: [w.ines.userId],
    };
    const otherJob = await publishTestJob(w.olivia.userId, { title: "Another job" });
    const foreign = await saveInterviewKit(w.olivia, otherJob, null, kit());
    await expect(offerInterview(w.olivia, applicationId, w.jobId, { ...offer, kitId: foreign })).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { kit: "Choose one of this job's interview kits." },
    });
    await offerInterview(w.olivia, applicationId, w.jobId, { ...offer, kitId: culture });
    expect(await applicationKit(w.ines, applicationId, w.jobId)).toMatchObject({
      kit: { id: culture, name: "Culture conversation" },
      chosen: true,
    });
    // Deleting the chosen kit leaves the interview on the job's first kit.
    await deleteInterviewKit(w.olivia, w.jobId, culture);
    expect(await applicationKit(w.ines, applicationId, w.jobId)).toMatchObject({ kit: { id: tech }, chosen: false });
  });
});
