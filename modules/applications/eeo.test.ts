// Voluntary self-identification (decision 088): offered for US jobs only, kept in the draft, written
// apart from the application in submit's transaction, declining changing nothing else; the owner's
// counts hide small ones so none can be worked out; nobody else reads them; the candidate's export
// has their own answers and deleting the account deletes them.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { inviteAndJoin } from "../../tests/support/team.ts";
import { readZip } from "../../tests/support/zip.ts";
import { memberFor } from "../hiring/index.server.ts";
import { deleteAccount, exportAccount } from "../identity/index.server.ts";
import { heldToken } from "./held.ts";
import {
  applyState,
  confirmHeldApplication,
  guestApplyState,
  holdApplication,
  newBrowserKey,
  saveGuestSelfIdentification,
  eeoReport,
  moveApplication,
  saveAnswers,
  saveSelfIdentification,
  submitApplication,
  suppress,
} from "./index.server.ts";

useTestRuntime();

let seq = 0;
const candidate = () =>
  signUpOnPlan({
    email: `eeo-candidate${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    plan: "essential",
    full_name: "Cand Idate",
  });
const employer = () =>
  signUpOnPlan({
    email: `eeo-employer${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "business",
    full_name: "Olive Owner",
  });
const rows = (applicationId: string) =>
  em().execute(`select * from eeo_self_identifications where application_id = ?`, [applicationId]);
const applicationRow = (applicationId: string) =>
  em().execute(`select job_id, candidate_id, company_id, status, resume_id from applications where id = ?`, [
    applicationId,
  ]);

describe("voluntary self-identification", () => {
  it("is offered for a US job (remote US included) and not elsewhere", async () => {
    const owner = await employer();
    const cand = await candidate();
    const austin = await publishTestJob(owner.id);
    const remoteUs = await publishTestJob(owner.id, { location: "Remote (US)", location_type: "remote" });
    const london = await publishTestJob(owner.id, { location: "London, UK" });
    expect((await applyState(cand.id, austin)).eeo).toEqual({
      gender: "",
      raceEthnicity: "",
      veteranStatus: "",
      disabilityStatus: "",
    });
    expect((await applyState(cand.id, remoteUs)).eeo).not.toBeNull();
    expect((await applyState(cand.id, london)).eeo).toBeNull();
    // Posted for a job outside the US, nothing is kept.
    await saveSelfIdentification(cand.id, london, { gender: "female" });
    expect(await em().execute(`select eeo from application_drafts where job_id = ?`, [london])).toEqual([]);
  });

  it("keeps the answers in the draft and writes them apart from the application at submit", async () => {
    const owner = await employer();
    const cand = await candidate();
    const jobId = await publishTestJob(owner.id);
    await saveSelfIdentification(cand.id, jobId, { gender: "female", raceEthnicity: "asian", disabilityStatus: "yes" });
    expect((await applyState(cand.id, jobId)).eeo).toEqual({
      gender: "female",
      raceEthnicity: "asian",
      veteranStatus: "",
      disabilityStatus: "yes",
    });
    const { applicationId } = await submitApplication(cand.id, jobId);
    expect(await rows(applicationId)).toMatchObject([
      { gender: "female", race_ethnicity: "asian", veteran_status: "declined", disability_status: "yes" },
    ]);
    // Nothing of it on the application's own rows.
    const stored = JSON.stringify(
      await em().execute(
        `select a.*, (select json_agg(x) from application_answers x where x.application_id = a.id) as answers
           from applications a where a.id = ?`,
        [applicationId],
      ),
    );
    expect(stored).not.toMatch(/female|asian/i);
  });

  it("declining stores declined and changes nothing else about the application", async () => {
    const owner = await employer();
    const [answering, declining] = [await candidate(), await candidate()];
    const jobId = await publishTestJob(owner.id);
    await saveSelfIdentification(answering.id, jobId, { gender: "male", veteranStatus: "protected" });
    // Having answered step 1 (a draft), they leave every question of the section blank.
    await saveAnswers(declining.id, jobId, {});
    await saveSelfIdentification(declining.id, jobId, {});
    const a = await submitApplication(answering.id, jobId);
    const d = await submitApplication(declining.id, jobId);
    expect(await rows(d.applicationId)).toMatchObject([
      { gender: "declined", race_ethnicity: "declined", veteran_status: "declined", disability_status: "declined" },
    ]);
    const strip = (r: Record<string, unknown>[]) => r.map(({ candidate_id: _c, ...rest }) => rest);
    expect(strip(await applicationRow(d.applicationId))).toEqual(strip(await applicationRow(a.applicationId)));
  });

  it("shows the owner counts per stage with small ones hidden, and nobody else", async () => {
    const owner = await employer();
    const recruiter = await inviteAndJoin(owner, `eeo-recruiter${++seq}@example.com`, "recruiter");
    const interviewer = await inviteAndJoin(owner, `eeo-interviewer${++seq}@example.com`, "interviewer");
    const rival = await employer();
    const jobId = await publishTestJob(owner.id);
    await em().execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
      jobId,
      interviewer.id,
    ]);
    const ids: string[] = [];
    // 6 female, 5 male, 5 declined; then one female moves on.
    for (let i = 0; i < 16; i++) {
      const cand = await candidate();
      await saveAnswers(cand.id, jobId, {});
      await saveSelfIdentification(cand.id, jobId, i < 6 ? { gender: "female" } : i < 11 ? { gender: "male" } : {});
      ids.push((await submitApplication(cand.id, jobId)).applicationId);
    }
    const ownerMember = await memberFor(owner.id);
    await moveApplication(ownerMember, ids[0]!, "reviewed");
    const report = await eeoReport(ownerMember, jobId);
    const gender = report.questions.find((q) => q.question === "gender")!;
    expect(gender.options.map((o) => o.label)).toEqual(["Male", "Female", "I don't wish to answer"]);
    const stage = (name: string) => gender.stages.find((s) => s.stage === name)!.counts;
    expect(stage("submitted")).toEqual([5, 5, 5]);
    // One applicant at the stage: every count hidden, so nobody's answer shows.
    expect(stage("reviewed")).toEqual([null, null, null]);
    expect(stage("hired")).toEqual([0, 0, 0]);
    const race = report.questions.find((q) => q.question === "raceEthnicity")!;
    expect(race.stages.find((s) => s.stage === "submitted")!.counts).toEqual([0, 0, 0, 0, 0, 0, 0, 15].map(() => null));
    expect(JSON.stringify(report)).not.toContain(ids[0]!);

    for (const other of [recruiter, interviewer, rival]) {
      await expect(eeoReport(await memberFor(other.id), jobId)).rejects.toMatchObject({ code: "not-found" });
    }
  });

  it("hides any count below 5, and enough others that none can be worked out from the stage's size", () => {
    expect(suppress([12, 9, 7])).toEqual([12, 9, 7]);
    expect(suppress([12, 3, 7])).toEqual([12, null, null]);
    expect(suppress([12, 3, 2, 9])).toEqual([12, null, null, 9]);
    expect(suppress([12, 0, 0])).toEqual([null, null, null]);
    expect(suppress([20, 6, 0])).toEqual([20, null, null]);
    expect(suppress([4, 0, 0])).toEqual([null, null, null]);
    expect(suppress([0, 0, 0])).toEqual([0, 0, 0]);
  });

  it("exports the candidate's own answers, and deleting the account deletes them", async () => {
    const owner = await employer();
    const cand = await candidate();
    const jobId = await publishTestJob(owner.id);
    await saveSelfIdentification(cand.id, jobId, { raceEthnicity: "two_or_more" });
    const { applicationId } = await submitApplication(cand.id, jobId);
    const zip = readZip(Buffer.from(await new Response(await exportAccount(cand.id)).arrayBuffer()));
    const exported = JSON.parse(zip.get("applications.json")!.toString("utf8"));
    expect(exported.applications[0].voluntarySelfIdentification).toEqual({
      gender: "I don't wish to answer",
      raceEthnicity: "Two or More Races (Not Hispanic or Latino)",
      veteranStatus: "I don't wish to answer",
      disabilityStatus: "I do not want to answer",
    });
    const here = { sessionToken: null, ip: "10.20.30.43" };
    expect(await deleteAccount(cand.id, { password: "correct horse", confirmation: "DELETE" }, here)).toBe("deleted");
    expect(await rows(applicationId)).toEqual([]);
    // The application stays with the employer, anonymised (decision 039).
    expect(await applicationRow(applicationId)).toMatchObject([{ candidate_id: null }]);
  });

  it("a visitor's answers wait with the held application and are written when its link sends it", async () => {
    const owner = await employer();
    const jobId = await publishTestJob(owner.id);
    const key = newBrowserKey();
    expect((await guestApplyState(key, jobId)).eeo).not.toBeNull();
    await saveGuestSelfIdentification(key, jobId, { gender: "male", veteranStatus: "not_protected" });
    expect((await guestApplyState(key, jobId)).eeo).toMatchObject({ gender: "male", veteranStatus: "not_protected" });
    await holdApplication(
      key,
      jobId,
      { full_name: "Gus Guest", email: `eeo-guest${++seq}@example.com` },
      "203.0.113.9",
    );
    const [held] = await em().execute<{ id: string }[]>(`select id from held_applications where job_id = ?`, [jobId]);
    const done = await confirmHeldApplication(heldToken(held!.id), null, null);
    expect(done).toMatchObject({ outcome: "confirmed" });
    const applicationId = (done as { applicationId: string }).applicationId;
    expect(await rows(applicationId)).toMatchObject([
      { gender: "male", race_ethnicity: "declined", veteran_status: "not_protected", disability_status: "declined" },
    ]);
  });
});
