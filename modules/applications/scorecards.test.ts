// Structured evaluation (issue 34, decision 083), through the modules: a job's scorecard of 3 to
// 10 attributes (hiring's) and retiring one, each member's scorecard (draft, submitted, edited),
// the others' hidden until one's own is submitted (owners read all), who may not see any of it,
// and two members submitting at once.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import {
  DEFAULT_ATTRIBUTES,
  jobScorecard,
  memberFor,
  saveJobScorecard,
  setAttributeRetired,
  type Member,
} from "../hiring/index.server.ts";
import {
  myScorecard,
  saveScorecard,
  scorecardPicture,
  submitApplication,
  type ScorecardInput,
} from "./index.server.ts";

import { deleteAccount } from "../identity/index.server.ts";
import { FORMER_MEMBER } from "./index.server.ts";

useTestRuntime();

let seq = 0;

const employer = (name: string) =>
  signUpOnPlan({
    email: `cards-boss${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "business",
    full_name: name,
  });

async function join(owner: Member, name: string, role: "recruiter" | "interviewer", jobId?: string): Promise<Member> {
  const { id } = await employer(name);
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

/** Owner Olivia, recruiter Rami, interviewer Ines (assigned), interviewer Ivo (not), one application. */
async function world() {
  const owner = await employer("Olivia Owner");
  const jobId = await publishTestJob(owner.id, { title: "Scorecard Engineer" });
  const cleo = await signUpOnPlan({
    email: `cards-cleo${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    plan: "essential",
    full_name: "Cleo Candidate",
  });
  const { applicationId } = await submitApplication(cleo.id, jobId);
  const olivia = await memberFor(owner.id);
  const rami = await join(olivia, "Rami Recruiter", "recruiter");
  const ines = await join(olivia, "Ines Interviewer", "interviewer", jobId);
  const ivo = await join(olivia, "Ivo Unassigned", "interviewer");
  return { jobId, applicationId, olivia, rami, ines, ivo };
}

/** A complete scorecard: every active attribute rated `point`. */
async function complete(member: Member, jobId: string, point: string, takeaways = "Solid."): Promise<ScorecardInput> {
  const { attributes } = await jobScorecard(member, jobId);
  const ratings = Object.fromEntries(attributes.filter((a) => !a.retired).map((a) => [a.id, point]));
  return { ratings, takeaways, recommendation: point };
}

describe("a job's scorecard", () => {
  it("starts from the default set without writing, then keeps 3 to 10 attributes, renamed and added to", async () => {
    const { jobId, olivia, ines } = await world();
    const first = await jobScorecard(olivia, jobId);
    expect(first).toMatchObject({ isDefault: true, mayEdit: true });
    expect(first.attributes.map((a) => a.name)).toEqual(DEFAULT_ATTRIBUTES.map((a) => a.name));
    expect((await jobScorecard(olivia, jobId)).attributes.map((a) => a.id)).toEqual(first.attributes.map((a) => a.id));
    expect(await em().execute(`select 1 from job_scorecard_attributes where job_id = ?`, [jobId])).toEqual([]);
    expect((await jobScorecard(ines, jobId)).mayEdit).toBe(false);
    await expect(saveJobScorecard(ines, jobId, [])).rejects.toMatchObject({ code: "not-found" });

    const rows = first.attributes.map((a) => ({ id: a.id, name: a.name, guidance: a.guidance, group: a.group }));
    rows[0]!.name = "TypeScript";
    await saveJobScorecard(olivia, jobId, [
      ...rows,
      { name: "Ownership", guidance: "Sees it through.", group: "experience" },
      { name: "", guidance: "", group: "skills" },
    ]);
    const saved = await jobScorecard(olivia, jobId);
    expect(saved.isDefault).toBe(false);
    expect(saved.attributes.map((a) => a.name)).toEqual([
      "TypeScript",
      ...DEFAULT_ATTRIBUTES.slice(1).map((a) => a.name),
      "Ownership",
    ]);
    expect(saved.attributes[0]!.id).toBe(first.attributes[0]!.id);

    const many = Array.from({ length: 5 }, (_, i) => ({ name: `Extra ${i}`, guidance: "", group: "skills" }));
    await expect(saveJobScorecard(olivia, jobId, many)).rejects.toMatchObject({
      code: "invalid",
      fieldErrors: { rows: ["A scorecard has 3 to 10 attributes."] },
    });
    await expect(
      saveJobScorecard(olivia, jobId, [
        { name: "typescript", guidance: "", group: "skills" },
        { name: "TypeScript", guidance: "", group: "nope" },
      ]),
    ).rejects.toMatchObject({
      fieldErrors: { "rows.1.name": ["Another attribute has this name."], "rows.1.group": ["Choose a group."] },
    });
    expect((await jobScorecard(olivia, jobId)).attributes).toHaveLength(6);
  });

  it("retires an attribute (kept with its ratings, gone from new scorecards) and restores it, within 3 to 10", async () => {
    const { jobId, applicationId, olivia, rami } = await world();
    await saveScorecard(olivia, applicationId, await complete(olivia, jobId, "4"), { jobId, submit: true });
    const [core, ...rest] = (await jobScorecard(olivia, jobId)).attributes;
    await setAttributeRetired(olivia, jobId, core!.id, true);
    const after = await jobScorecard(rami, jobId);
    expect(after.attributes.map((a) => [a.name, a.retired]).at(-1)).toEqual([core!.name, true]);
    expect((await myScorecard(rami, applicationId, { jobId })).attributes.map((a) => a.id)).not.toContain(core!.id);
    // Olivia's rating of it stays in the picture, under the retired attribute.
    const picture = await scorecardPicture(olivia, applicationId, { jobId });
    expect(picture.attributes.find((a) => a.id === core!.id)).toMatchObject({
      retired: true,
      ratings: [{ rating: 4 }],
    });

    await setAttributeRetired(olivia, jobId, rest[0]!.id, true);
    await expect(setAttributeRetired(olivia, jobId, rest[1]!.id, true)).rejects.toMatchObject({ code: "invalid" });
    await setAttributeRetired(olivia, jobId, core!.id, false);
    expect((await jobScorecard(olivia, jobId)).attributes.filter((a) => !a.retired).at(-1)!.id).toBe(core!.id);
    await expect(setAttributeRetired(olivia, jobId, "not-an-id", true)).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("scorecards", () => {
  it("keep a draft, refuse an incomplete submit beside its fields, and record an edit after submitting", async () => {
    const { jobId, applicationId, rami } = await world();
    const full = await complete(rami, jobId, "3");
    const [firstId] = Object.keys(full.ratings);
    expect(
      await saveScorecard(rami, applicationId, { ratings: { [firstId!]: "na" }, takeaways: "", recommendation: "" }),
    ).toBe("draft");
    expect(await myScorecard(rami, applicationId)).toMatchObject({ state: "draft", values: { [firstId!]: "na" } });

    const refused = await saveScorecard(
      rami,
      applicationId,
      { ratings: { [firstId!]: "2" }, takeaways: "", recommendation: "" },
      { submit: true },
    ).catch((e) => e);
    expect(refused).toMatchObject({ code: "invalid" });
    expect(Object.keys(refused.fieldErrors)).toEqual(
      expect.arrayContaining(["takeaways", "recommendation", `rating.${Object.keys(full.ratings)[1]}`]),
    );
    expect(refused.fieldErrors[`rating.${firstId}`]).toBeUndefined();
    await expect(saveScorecard(rami, applicationId, { ...full, recommendation: "5" })).rejects.toMatchObject({
      fieldErrors: { recommendation: "Choose a recommendation from the scale." },
    });
    expect((await myScorecard(rami, applicationId)).values).toEqual({ [firstId!]: "na" });

    expect(await saveScorecard(rami, applicationId, full, { jobId, submit: true })).toBe("submitted");
    expect(await myScorecard(rami, applicationId)).toMatchObject({
      state: "submitted",
      editedAt: null,
      recommendation: "3",
    });
    // Submitted stays submitted: a draft save must now be complete, and is an edit.
    await expect(saveScorecard(rami, applicationId, { ...full, takeaways: "" })).rejects.toMatchObject({
      code: "invalid",
    });
    expect(await saveScorecard(rami, applicationId, { ...full, recommendation: "4" })).toBe("edited");
    expect(await myScorecard(rami, applicationId)).toMatchObject({
      state: "submitted",
      recommendation: "4",
      editedAt: expect.any(String),
    });
  });

  it("stay hidden from a member until theirs is submitted; owners read all; drafts stay their author's", async () => {
    const { jobId, applicationId, olivia, rami, ines } = await world();
    await saveScorecard(rami, applicationId, await complete(rami, jobId, "4", "Rami's view"), { submit: true });
    await saveScorecard(ines, applicationId, { ratings: {}, takeaways: "Ines' draft", recommendation: "1" });

    const hidden = await scorecardPicture(ines, applicationId, { jobId });
    expect(hidden).toMatchObject({
      visible: false,
      submittedCount: 1,
      attributes: [],
      recommendations: [],
      myState: "draft",
    });
    expect(hidden.pending.map((p) => p.name)).toEqual(["Olivia Owner", "Ines Interviewer"]);

    const owner = await scorecardPicture(olivia, applicationId, { jobId });
    expect(owner.visible).toBe(true);
    expect(owner.recommendations.map((r) => [r.by, r.recommendation, r.takeaways])).toEqual([
      ["Rami Recruiter", 4, "Rami's view"],
    ]);
    expect(owner.attributes[0]!.ratings).toEqual([{ by: "Rami Recruiter", mine: false, rating: 4 }]);

    await saveScorecard(ines, applicationId, await complete(ines, jobId, "1", "Ines' view"), { submit: true });
    const seen = await scorecardPicture(ines, applicationId, { jobId });
    expect(seen.visible).toBe(true);
    expect(seen.recommendations.map((r) => [r.by, r.mine])).toEqual([
      ["Rami Recruiter", false],
      ["Ines Interviewer", true],
    ]);
    expect(seen.pending.map((p) => p.name)).toEqual(["Olivia Owner"]);
  });

  it("are not found for an unassigned interviewer and another company's member", async () => {
    const { jobId, applicationId, ivo } = await world();
    const stranger = await memberFor((await employer("Sam Stranger")).id);
    for (const member of [ivo, stranger]) {
      await expect(scorecardPicture(member, applicationId, { jobId })).rejects.toMatchObject({ code: "not-found" });
      await expect(myScorecard(member, applicationId)).rejects.toMatchObject({ code: "not-found" });
      await expect(
        saveScorecard(member, applicationId, { ratings: {}, takeaways: "", recommendation: "" }),
      ).rejects.toMatchObject({ code: "not-found" });
      await expect(jobScorecard(member, jobId)).rejects.toMatchObject({ code: "not-found" });
    }
    expect(await em().execute(`select 1 from scorecards where application_id = ?`, [applicationId])).toEqual([]);
  });

  it("hold when two members submit at once (the job's default set stored once), and one member's saves race", async () => {
    const { jobId, applicationId, olivia, rami } = await world();
    const [a, b] = await Promise.all([complete(olivia, jobId, "4"), complete(rami, jobId, "2")]);
    await Promise.all([
      saveScorecard(olivia, applicationId, a, { submit: true }),
      saveScorecard(rami, applicationId, b, { submit: true }),
    ]);
    const picture = await scorecardPicture(olivia, applicationId);
    expect(picture.recommendations.map((r) => r.recommendation).sort()).toEqual([2, 4]);
    expect(picture.attributes.every((x) => x.ratings.length === 2)).toBe(true);
    expect(await em().execute(`select 1 from job_scorecard_attributes where job_id = ?`, [jobId])).toHaveLength(5);

    await Promise.all(
      ["1", "2", "3"].map(async (p) => saveScorecard(rami, applicationId, await complete(rami, jobId, p))),
    );
    expect(await em().execute(`select 1 from scorecards where application_id = ?`, [applicationId])).toHaveLength(2);
  });
});

describe("deleting an account", () => {
  const here = { sessionToken: null, ip: "10.20.30.42" };
  const gone = { password: "correct horse", confirmation: "DELETE" };

  it("keeps a member's submitted scorecard by Former member (their draft goes), and the team's when the candidate leaves", async () => {
    const { jobId, applicationId, olivia, rami, ines } = await world();
    await saveScorecard(rami, applicationId, await complete(rami, jobId, "3"), { submit: true });
    await saveScorecard(ines, applicationId, { ratings: {}, takeaways: "Unfinished", recommendation: "" });
    expect(await deleteAccount(rami.userId, gone, here)).toBe("deleted");
    expect(await deleteAccount(ines.userId, gone, here)).toBe("deleted");
    const picture = await scorecardPicture(olivia, applicationId, { jobId });
    expect(picture.recommendations.map((r) => [r.by, r.recommendation])).toEqual([[FORMER_MEMBER, 3]]);
    expect(await em().execute(`select 1 from scorecards where application_id = ?`, [applicationId])).toHaveLength(1);

    const [{ candidate_id: cleoId }] = await em().execute(`select candidate_id from applications where id = ?`, [
      applicationId,
    ]);
    expect(await deleteAccount(cleoId, gone, here)).toBe("deleted");
    expect((await scorecardPicture(olivia, applicationId, { jobId })).submittedCount).toBe(1);
  });
});
