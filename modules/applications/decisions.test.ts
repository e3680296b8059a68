// A decision recorded (issue 34 item 5, decision 086), through the modules: a move to Offer or
// Hired, or a rejection after an interview, keeps who, when, why and against how many scorecards;
// the why is required only against most of them, in one transaction with the move (one move, or a
// bulk one), never in what the candidate reads; and the company's switch for blind scorecards.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { blindScorecards, jobScorecard, memberFor, setBlindScorecards, type Member } from "../hiring/index.server.ts";
import {
  applicationDecisions,
  candidateTimeline,
  moveApplication,
  moveApplications,
  saveScorecard,
  scorecardPicture,
  sentApplication,
  submitApplication,
} from "./index.server.ts";
import { applicationsAccountData } from "./account-data.ts";

useTestRuntime();

let seq = 0;
const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);

const employer = (name: string) =>
  signUpOnPlan({
    email: `decide-boss${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "business",
    full_name: name,
  });

async function join(owner: Member, name: string, role: "recruiter" | "interviewer", jobId?: string): Promise<Member> {
  const { id } = await employer(name);
  await sql(`delete from company_members where user_id = ?`, [id]);
  await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
    owner.companyId,
    id,
    role,
  ]);
  if (jobId) await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [jobId, id]);
  return memberFor(id);
}

async function apply(jobId: string, name: string) {
  const person = await signUpOnPlan({
    email: `decide-cand${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    plan: "essential",
    full_name: name,
  });
  const { applicationId } = await submitApplication(person.id, jobId);
  return { candidate: person, applicationId };
}

/** Owner Olivia, recruiter Rami, interviewer Ines (assigned); Cleo applied and is in Interview. */
async function world() {
  const owner = await employer("Olivia Owner");
  const jobId = await publishTestJob(owner.id, { title: "Decision Engineer" });
  const olivia = await memberFor(owner.id);
  const rami = await join(olivia, "Rami Recruiter", "recruiter");
  const ines = await join(olivia, "Ines Interviewer", "interviewer", jobId);
  const { candidate: cleo, applicationId } = await apply(jobId, "Cleo Candidate");
  await moveApplication(olivia, applicationId, "interview", { jobId, notify: false });
  return { jobId, applicationId, cleo, olivia, rami, ines };
}

/** Submits the member's complete scorecard recommending `point` ("1" Strong no … "4" Strong yes). */
async function submitCard(member: Member, jobId: string, applicationId: string, point: string, takeaways = "Seen.") {
  const { attributes } = await jobScorecard(member, jobId);
  const ratings = Object.fromEntries(attributes.filter((a) => !a.retired).map((a) => [a.id, point]));
  await saveScorecard(member, applicationId, { ratings, takeaways, recommendation: point }, { jobId, submit: true });
}

const statusOf = async (applicationId: string) =>
  (await sql<{ status: string }>(`select status from applications where id = ?`, [applicationId]))[0]!.status;
const changesOf = async (applicationId: string) =>
  (
    await sql<{ to_status: string }>(`select to_status from application_status_changes where application_id = ?`, [
      applicationId,
    ])
  ).map((r) => r.to_status);
const decisionRows = (applicationId: string) =>
  sql<{ why: string | null; scorecards: number; against: number; to_status: string }>(
    `select why, scorecards, against, to_status from application_decisions where application_id = ?`,
    [applicationId],
  );

describe("a decision recorded with the move", () => {
  it("needs a why to go against most scorecards; keeps who, why and the tally; the candidate reads none of it", async () => {
    const { jobId, applicationId, cleo, olivia, rami, ines } = await world();
    await submitCard(rami, jobId, applicationId, "2");
    await submitCard(ines, jobId, applicationId, "1");

    await expect(moveApplication(olivia, applicationId, "offer", { jobId })).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { why: "2 of 2 scorecards recommend No or Strong no: say why you decided otherwise." },
    });
    await expect(moveApplication(olivia, applicationId, "offer", { jobId, why: "   " })).rejects.toMatchObject({
      fieldErrors: { why: expect.stringContaining("2 of 2") },
    });
    expect(await statusOf(applicationId)).toBe("interview");
    expect(await changesOf(applicationId)).toEqual(["submitted", "interview"]);
    expect(await decisionRows(applicationId)).toEqual([]);

    const why = "References from two past managers outweigh a nervous interview.";
    expect(await moveApplication(olivia, applicationId, "offer", { jobId, why: `  ${why} ` })).toBe("offer");
    const [decision] = await applicationDecisions(rami, applicationId, { jobId });
    expect(decision).toMatchObject({
      to: "offer",
      toLabel: "Offer",
      by: "Olivia Owner",
      why,
      tally: "against 2 of 2 scorecards",
      againstMost: true,
    });
    expect(await applicationDecisions(ines, applicationId)).toHaveLength(1);

    // Their timeline, their application page and their export hold none of it.
    const seen = JSON.stringify([
      await candidateTimeline(cleo.id, applicationId),
      await sentApplication(cleo.id, applicationId),
      (await applicationsAccountData.exportData!({ id: cleo.id, email: cleo.email, role: "candidate", fullName: null }))
        .json,
    ]);
    expect(seen).toContain("Decision Engineer");
    expect(seen).not.toContain("References from two past managers");
    expect(seen).not.toContain("against 2");

    // Another company's member, or an unassigned interviewer, finds nothing.
    const stranger = await memberFor((await employer("Stan Stranger")).id);
    const ivo = await join(olivia, "Ivo Unassigned", "interviewer");
    await expect(applicationDecisions(stranger, applicationId)).rejects.toMatchObject({ code: "not-found" });
    await expect(applicationDecisions(ivo, applicationId)).rejects.toMatchObject({ code: "not-found" });
    await expect(moveApplication(stranger, applicationId, "hired", { why: "Mine now." })).rejects.toMatchObject({
      code: "not-found",
    });
    expect(await decisionRows(applicationId)).toHaveLength(1);

    // The decider exports it; erasing their account keeps it, by "Former member".
    const oliviaAccount = { id: olivia.userId, email: "", role: "employer" as const, fullName: null };
    const exported = (await applicationsAccountData.exportData!(oliviaAccount)).json?.["decisions-made.json"];
    expect(exported).toMatchObject({
      decisions: [{ job: "Decision Engineer", decision: "Offer", why, scorecards: "against 2 of 2 scorecards" }],
    });
    await applicationsAccountData.erase!(oliviaAccount);
    expect(await applicationDecisions(rami, applicationId, { jobId })).toMatchObject([{ by: "Former member", why }]);
  });

  it("takes no why where it goes with most scorecards, or where there are none, and refuses an overlong one", async () => {
    const { jobId, applicationId, olivia, rami, ines } = await world();
    await submitCard(rami, jobId, applicationId, "3");
    await submitCard(ines, jobId, applicationId, "2");
    await expect(
      moveApplication(olivia, applicationId, "offer", { jobId, why: "x".repeat(1001) }),
    ).rejects.toMatchObject({ code: "invalid", fieldErrors: { why: "The reason can be up to 1,000 characters." } });
    // One of two against is not most.
    await moveApplication(olivia, applicationId, "offer", { jobId });
    await moveApplication(olivia, applicationId, "hired", { jobId, why: "Accepted the offer." });
    expect(await applicationDecisions(olivia, applicationId)).toMatchObject([
      { to: "offer", why: null, tally: "against 1 of 2 scorecards", againstMost: false, by: "Olivia Owner" },
      { to: "hired", why: "Accepted the offer.", tally: "against 1 of 2 scorecards" },
    ]);

    const { applicationId: quiet } = await apply(jobId, "Quinn Quiet");
    await moveApplication(rami, quiet, "interview", { jobId, notify: false });
    await moveApplication(rami, quiet, "offer", { jobId, notify: false });
    expect(await applicationDecisions(olivia, quiet)).toMatchObject([
      { to: "offer", by: "Rami Recruiter", why: null, tally: null },
    ]);
    // Moves that are not decisions record none.
    expect(await decisionRows(quiet)).toHaveLength(1);
  });

  it("records a rejection after an interview or a scorecard (its note is the why), not a rejection before", async () => {
    const { jobId, applicationId, olivia, rami, ines } = await world();
    await submitCard(rami, jobId, applicationId, "4");
    await submitCard(ines, jobId, applicationId, "3");
    const rejection = { reason: "another-candidate" as const, note: null, emailTiming: "later" as const };
    await expect(moveApplication(olivia, applicationId, "rejected", { jobId, rejection })).rejects.toMatchObject({
      fieldErrors: { why: "2 of 2 scorecards recommend Yes or Strong yes: say why you decided otherwise." },
    });
    expect(await statusOf(applicationId)).toBe("interview");
    await moveApplication(olivia, applicationId, "rejected", {
      jobId,
      rejection: { ...rejection, note: "The other finalist has the on-call experience." },
    });
    expect(await applicationDecisions(olivia, applicationId)).toMatchObject([
      {
        to: "rejected",
        toLabel: "Not Selected",
        why: "The other finalist has the on-call experience.",
        againstMost: true,
      },
    ]);

    // Rejected straight from Submitted: no decision. With a submitted scorecard (no interview): one.
    const { applicationId: early } = await apply(jobId, "Erin Early");
    await moveApplication(olivia, early, "rejected", { jobId, notify: false });
    expect(await decisionRows(early)).toEqual([]);
    const { applicationId: carded } = await apply(jobId, "Cal Carded");
    await submitCard(rami, jobId, carded, "1");
    await moveApplication(olivia, carded, "rejected", { jobId, notify: false });
    expect(await decisionRows(carded)).toEqual([{ why: null, scorecards: 1, against: 0, to_status: "rejected" }]);
  });

  it("moves several at once only with one why when any goes against most, naming those applicants", async () => {
    const { jobId, applicationId, olivia, rami } = await world();
    await submitCard(rami, jobId, applicationId, "1");
    const { applicationId: other } = await apply(jobId, "Otto Other");
    await moveApplication(olivia, other, "interview", { jobId, notify: false });

    await expect(moveApplications(olivia, jobId, [applicationId, other], "offer")).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: {
        why: expect.stringMatching(
          /^Most scorecards recommend No or Strong no for Cleo Candidate \(1 of 1\): .*Nothing was moved\.$/,
        ),
      },
    });
    expect([await statusOf(applicationId), await statusOf(other)]).toEqual(["interview", "interview"]);
    expect([...(await decisionRows(applicationId)), ...(await decisionRows(other))]).toEqual([]);

    await moveApplications(olivia, jobId, [applicationId, other], "offer", { why: "Both pass the take-home." });
    expect(await decisionRows(applicationId)).toEqual([
      { why: "Both pass the take-home.", scorecards: 1, against: 1, to_status: "offer" },
    ]);
    expect(await decisionRows(other)).toEqual([
      { why: "Both pass the take-home.", scorecards: 0, against: 0, to_status: "offer" },
    ]);
  });

  it("is one transaction with the move: a decision that can't be stored leaves the move unmade", async () => {
    const { jobId, applicationId, olivia } = await world();
    await sql(`create function refuse_decision() returns trigger language plpgsql as $$
      begin raise exception 'the decision is refused'; end $$`);
    await sql(`create trigger refuse_decision before insert on application_decisions
      for each row when (new.why = 'refuse me') execute function refuse_decision()`);
    await expect(moveApplication(olivia, applicationId, "offer", { jobId, why: "refuse me" })).rejects.toThrow(
      /the decision is refused/,
    );
    expect(await statusOf(applicationId)).toBe("interview");
    expect(await changesOf(applicationId)).toEqual(["submitted", "interview"]);
    const emails = await sql(
      `select 1 from pgboss.job where data->>'applicationId' = ? and data->>'status' = 'offer'`,
      [applicationId],
    );
    expect(emails).toEqual([]);
    await moveApplication(olivia, applicationId, "offer", { jobId, why: "Strong pairing session." });
    expect(await decisionRows(applicationId)).toHaveLength(1);
  });
});

describe("the company's blind-scorecards setting", () => {
  it("is on by default, changed by owners only; off, a member who has not submitted reads the others' at once", async () => {
    const { jobId, applicationId, olivia, rami, ines } = await world();
    await submitCard(rami, jobId, applicationId, "4", "Rami: sharp on systems.");
    expect(await blindScorecards(olivia.companyId)).toBe(true);
    expect(await scorecardPicture(ines, applicationId, { jobId })).toMatchObject({
      visible: false,
      submittedCount: 1,
      recommendations: [],
    });

    await expect(setBlindScorecards(rami, false)).rejects.toMatchObject({ code: "not-found" });
    await expect(setBlindScorecards(ines, false)).rejects.toMatchObject({ code: "not-found" });
    expect(await blindScorecards(olivia.companyId)).toBe(true);

    const other = await memberFor((await employer("Oscar Other")).id);
    await setBlindScorecards(olivia, false);
    expect(await blindScorecards(olivia.companyId)).toBe(false);
    expect(await blindScorecards(other.companyId)).toBe(true);
    const open = await scorecardPicture(ines, applicationId, { jobId });
    expect(open.visible).toBe(true);
    expect(open.myState).toBe("none");
    expect(open.recommendations).toMatchObject([{ by: "Rami Recruiter", takeaways: "Rami: sharp on systems." }]);

    await setBlindScorecards(olivia, true);
    expect((await scorecardPicture(ines, applicationId, { jobId })).visible).toBe(false);
  });
});
