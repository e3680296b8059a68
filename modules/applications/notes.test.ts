// Notes and ratings (issue 18 item 4, decision 051), through the module: who may write them, that
// each author changes only their own, one rating per member however the posts race, the average,
// and that nothing a candidate reads holds any of it.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { emptyQuestion, jobToApply, memberFor, type Member } from "../hiring/index.server.ts";
import {
  addNote,
  applicationNotes,
  applicationRatings,
  averageLabel,
  candidateHistory,
  deleteNote,
  editNote,
  FORMER_MEMBER,
  rateApplication,
  saveAnswers,
  sentApplication,
  starsLabel,
  submitApplication,
} from "./index.server.ts";

useTestRuntime();

let seq = 0;
const PASSWORD = "correct horse";

async function employer(name: string) {
  return signUpOnPlan({
    email: `notes-boss${++seq}@example.com`,
    password: PASSWORD,
    role: "employer",
    company_name: "Acme",
    plan: "business",
    full_name: name,
  });
}

/** Puts `userId` in `member`'s company with `role` (and assigns an interviewer to `jobId` when given). */
async function join(
  member: Member,
  userId: string,
  role: "recruiter" | "interviewer",
  jobId?: string,
): Promise<Member> {
  await em().execute(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
    member.companyId,
    userId,
    role,
  ]);
  if (jobId)
    await em().execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
      jobId,
      userId,
    ]);
  return memberFor(userId);
}

/** A company (owner Olivia, recruiter Rami) with one application from Cleo. */
async function world() {
  const owner = await employer("Olivia Owner");
  const jobId = await publishTestJob(owner.id, {
    title: "Notes Engineer",
    questions: [{ ...emptyQuestion(), question_text: "What did you build?" }],
  });
  const cleo = await signUpOnPlan({
    email: `cleo${++seq}@example.com`,
    password: PASSWORD,
    role: "candidate",
    plan: "essential",
    full_name: "Cleo Candidate",
  });
  const question = (await jobToApply(jobId))!.questions[0]!.id;
  await saveAnswers(cleo.id, jobId, { [question]: "A search engine." });
  const { applicationId } = await submitApplication(cleo.id, jobId);
  const olivia = await memberFor(owner.id);
  const rami = await join(olivia, (await employer("Rami Recruiter")).id, "recruiter");
  return { jobId, applicationId, olivia, rami, cleo };
}

const rowsOf = (table: "application_notes" | "application_ratings", applicationId: string) =>
  em().execute(`select * from ${table} where application_id = ? order by id`, [applicationId]);

describe("notes", () => {
  it("are written by members, shown newest first with their author and time, and changed only by their author", async () => {
    const { jobId, applicationId, olivia, rami } = await world();
    const first = await addNote(olivia, applicationId, "  Strong on search.  ", { jobId });
    const second = await addNote(rami, applicationId, "Ask about\nteam size.", { jobId });
    await em().execute(`update application_notes set created_at = created_at - interval '1 minute' where id = ?`, [
      first,
    ]);

    const seenByOlivia = await applicationNotes(olivia, applicationId, { jobId });
    expect(seenByOlivia.map((n) => [n.authorName, n.body, n.mine])).toEqual([
      ["Rami Recruiter", "Ask about\nteam size.", false],
      ["Olivia Owner", "Strong on search.", true],
    ]);
    // In the company's zone, which its first job (in Austin) set.
    expect(seenByOlivia[0]!.when).toMatch(/\d{4}, \d{1,2}:\d\d [AP]M C[SD]T$/);
    expect((await applicationNotes(rami, applicationId)).map((n) => n.mine)).toEqual([true, false]);

    // Olivia's own note: edited. Rami's: not found for her, and unchanged.
    await editNote(olivia, applicationId, first, "Strong on search; weak on ops.", { jobId });
    await expect(editNote(olivia, applicationId, second, "Hijacked", { jobId })).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(deleteNote(olivia, applicationId, second, { jobId })).rejects.toMatchObject({ code: "not-found" });
    await expect(editNote(olivia, applicationId, "not-a-uuid", "x")).rejects.toMatchObject({ code: "not-found" });
    const notes = await applicationNotes(olivia, applicationId);
    expect(notes.map((n) => [n.body, n.editedAt !== null])).toEqual([
      ["Ask about\nteam size.", false],
      ["Strong on search; weak on ops.", true],
    ]);

    await deleteNote(olivia, applicationId, first, { jobId });
    await expect(deleteNote(olivia, applicationId, first, { jobId })).rejects.toMatchObject({ code: "not-found" });
    expect((await applicationNotes(rami, applicationId)).map((n) => n.body)).toEqual(["Ask about\nteam size."]);
  });

  it("refuses an empty, too long or unstorable note with a message for the field, and saves nothing", async () => {
    const { applicationId, olivia } = await world();
    for (const [body, message] of [
      ["   ", "Please write the note."],
      ["x".repeat(5001), "A note can be up to 5,000 characters."],
      ["bad\0byte", "The note contained characters we can't store."],
      [undefined, "Expected string, received undefined"],
    ] as const) {
      const error = await addNote(olivia, applicationId, body).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "invalid" });
      if (body !== undefined) expect(error).toMatchObject({ fieldErrors: { body: message } });
    }
    expect(await addNote(olivia, applicationId, "y".repeat(5000))).toEqual(expect.any(String));
    const id = await addNote(olivia, applicationId, "Keep me");
    await expect(editNote(olivia, applicationId, id, "")).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { body: "Please write the note." },
    });
    expect((await rowsOf("application_notes", applicationId)).map((r) => r.body).sort()).toEqual(
      ["Keep me", "y".repeat(5000)].sort(),
    );
  });

  it("are not found for another company, an interviewer not assigned to the job, a removed member, or under another job", async () => {
    const { jobId, applicationId, olivia } = await world();
    const noteId = await addNote(olivia, applicationId, "Only ours");
    const rival = await memberFor((await employer("Rita Rival")).id);
    const outsider = await join(olivia, (await employer("Ivo Unassigned")).id, "interviewer");
    const removed = await join(olivia, (await employer("Remy Removed")).id, "recruiter");
    const removedNote = await addNote(removed, applicationId, "Written before leaving");
    await em().execute(`delete from company_members where user_id = ?`, [removed.userId]);
    const gone = await memberFor(removed.userId); // a company of their own now
    const otherJob = await publishTestJob(olivia.userId, { title: "Another job" });

    for (const [who, jobScope] of [
      [rival, undefined],
      [outsider, undefined],
      [gone, undefined],
      [olivia, otherJob],
    ] as const) {
      await expect(addNote(who, applicationId, "Intruder", { jobId: jobScope })).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(applicationNotes(who, applicationId, { jobId: jobScope })).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(editNote(who, applicationId, noteId, "Intruder", { jobId: jobScope })).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(deleteNote(who, applicationId, removedNote, { jobId: jobScope })).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(rateApplication(who, applicationId, { stars: "1" }, { jobId: jobScope })).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(applicationRatings(who, applicationId, { jobId: jobScope })).rejects.toMatchObject({
        code: "not-found",
      });
    }
    expect((await rowsOf("application_notes", applicationId)).map((r) => r.body).sort()).toEqual([
      "Only ours",
      "Written before leaving",
    ]);
    expect(await rowsOf("application_ratings", applicationId)).toEqual([]);

    // Assigned to the job, the interviewer reads and writes.
    await em().execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
      jobId,
      outsider.userId,
    ]);
    await addNote(outsider, applicationId, "Interview went well", { jobId });
    await rateApplication(outsider, applicationId, { stars: "5" }, { jobId });
    expect((await applicationNotes(outsider, applicationId, { jobId })).map((n) => n.authorName)).toEqual(
      expect.arrayContaining(["Ivo Unassigned", "Remy Removed"]),
    );
  });

  it('keep their text by "Former member" once the author\'s account is gone', async () => {
    const { applicationId, olivia, rami } = await world();
    await addNote(rami, applicationId, "From Rami");
    await rateApplication(rami, applicationId, { stars: "2", reason: "Thin answers" });
    await em().execute(`update application_notes set author_id = null where author_id = ?`, [rami.userId]);
    await em().execute(`update application_ratings set rater_id = null where rater_id = ?`, [rami.userId]);
    expect((await applicationNotes(olivia, applicationId)).map((n) => [n.authorName, n.mine])).toEqual([
      [FORMER_MEMBER, false],
    ]);
    expect((await applicationRatings(olivia, applicationId)).ratings.map((r) => [r.raterName, r.stars])).toEqual([
      [FORMER_MEMBER, 2],
    ]);
  });
});

describe("ratings", () => {
  it("are one per member, changed by rating again, and averaged", async () => {
    const { jobId, applicationId, olivia, rami } = await world();
    expect(averageLabel((await applicationRatings(olivia, applicationId)).average, 0)).toBe("No ratings yet");
    await rateApplication(olivia, applicationId, { stars: "2", reason: "Unsure" }, { jobId });
    await rateApplication(
      olivia,
      applicationId,
      { stars: "4", reason: "  Convincing after the second read  " },
      { jobId },
    );
    await rateApplication(rami, applicationId, { stars: 3 }, { jobId });

    const summary = await applicationRatings(olivia, applicationId, { jobId });
    expect(summary).toMatchObject({
      average: 3.5,
      count: 2,
      mine: { stars: 4, reason: "Convincing after the second read" },
    });
    expect(summary.ratings.map((r) => [r.raterName, starsLabel(r.stars), r.reason, r.mine]).sort()).toEqual([
      ["Olivia Owner", "4 of 5", "Convincing after the second read", true],
      ["Rami Recruiter", "3 of 5", "", false],
    ]);
    expect(averageLabel(summary.average, summary.count)).toBe("Average 3.5 from 2 ratings");
    expect(averageLabel(4, 1)).toBe("Average 4 from 1 rating");
    expect(await rowsOf("application_ratings", applicationId)).toHaveLength(2);
  });

  it("hold when two members rate at once, and when one member's two posts race", async () => {
    const { applicationId, olivia, rami } = await world();
    await Promise.all([
      rateApplication(olivia, applicationId, { stars: "5" }),
      rateApplication(rami, applicationId, { stars: "2" }),
    ]);
    expect((await applicationRatings(olivia, applicationId)).average).toBe(3.5);
    await Promise.all([1, 2, 3, 4].map((n) => rateApplication(olivia, applicationId, { stars: String(n) })));
    const rows = (await rowsOf("application_ratings", applicationId)) as { rater_id: string; stars: number }[];
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.rater_id === olivia.userId)).toHaveLength(1);
  });

  it("refuses stars outside 1 to 5 and a reason over 300 characters, and changes nothing", async () => {
    const { applicationId, olivia } = await world();
    await rateApplication(olivia, applicationId, { stars: "3", reason: "Fine" });
    for (const input of [
      { stars: "0" },
      { stars: "6" },
      { stars: "x" },
      { stars: "" },
      { stars: "2.5" },
      { stars: 7 },
    ]) {
      await expect(rateApplication(olivia, applicationId, input)).rejects.toMatchObject({
        code: "invalid",
        fieldErrors: { stars: "Choose from 1 to 5 stars." },
      });
    }
    await expect(rateApplication(olivia, applicationId, { stars: "4", reason: "r".repeat(301) })).rejects.toMatchObject(
      {
        code: "invalid",
        fieldErrors: { reason: "A reason can be up to 300 characters." },
      },
    );
    expect((await applicationRatings(olivia, applicationId)).mine).toEqual({ stars: 3, reason: "Fine" });
  });
});

describe("candidates", () => {
  it("read none of the notes or ratings in My Applications or on their application's page", async () => {
    const { applicationId, olivia, rami, cleo } = await world();
    await addNote(olivia, applicationId, "SECRET-NOTE-TEXT about Cleo");
    await rateApplication(rami, applicationId, { stars: "1", reason: "SECRET-RATING-REASON" });
    const seen = JSON.stringify([await candidateHistory(cleo.id), await sentApplication(cleo.id, applicationId)]);
    expect(seen).toContain("A search engine.");
    for (const secret of ["SECRET-NOTE-TEXT", "SECRET-RATING-REASON", "Olivia Owner", "Rami Recruiter", "of 5"])
      expect(seen).not.toContain(secret);
  });
});
