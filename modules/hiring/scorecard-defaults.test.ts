// The company's default scorecard: owners replace it (3 to 10, a blank row dropped), new jobs read
// it, a job whose scorecard is stored keeps its own, and two owners saving at once leave one list.
import { expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob, testJobForm } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { inviteAndJoin } from "../../tests/support/team.ts";
import {
  companyScorecard,
  DEFAULT_ATTRIBUTES,
  jobScorecard,
  memberFor,
  saveCompanyScorecard,
  saveJobScorecard,
  scorecardAttributesOf,
  startDraft,
} from "./index.server.ts";

useTestRuntime();

const row = (name: string, group = "skills") => ({ name, guidance: `Good ${name.toLowerCase()}.`, group });

async function company(tag: string) {
  return signUpOnPlan({
    email: `defaults-${tag}@example.com`,
    password: "correct horse battery",
    role: "employer",
    full_name: "Dee Fault",
    company_name: `Defaults ${tag}`,
    plan: "business",
  });
}

it("starts every unchanged job from the owners' set, and leaves a stored job's own", async () => {
  const owner = await company("owner");
  const olive = await memberFor(owner.id);
  const stored = await publishTestJob(owner.id);
  const { attributes: builtIn } = await scorecardAttributesOf(stored);
  await saveJobScorecard(
    olive,
    stored,
    builtIn.map(({ id, name, guidance, group }) => ({ id, name, guidance, group })),
  );
  const untouched = await publishTestJob(owner.id);

  expect(await companyScorecard(olive)).toMatchObject({ isBuiltIn: true, mayEdit: true });
  await saveCompanyScorecard(olive, [
    row("Typescript"),
    { name: "", guidance: "", group: "skills" },
    row("Code review", "collaboration"),
    row("Mentoring", "collaboration"),
  ]);
  const saved = await companyScorecard(olive);
  expect(saved.isBuiltIn).toBe(false);
  expect(saved.attributes.map((a) => a.name)).toEqual(["Typescript", "Code review", "Mentoring"]);

  // A job nobody changed or rated reads the new set, as does one published after it.
  const later = await publishTestJob(owner.id);
  for (const id of [untouched, later]) {
    const card = await jobScorecard(olive, id);
    expect(card.isDefault).toBe(true);
    expect(card.attributes.map((a) => a.name)).toEqual(["Typescript", "Code review", "Mentoring"]);
  }
  // Its first save stores that set under the ids the page showed.
  const shown = (await scorecardAttributesOf(later)).attributes;
  await saveJobScorecard(
    olive,
    later,
    shown.map(({ id, name, guidance, group }) => ({ id, name, guidance, group })),
  );
  expect((await scorecardAttributesOf(later)).attributes.map((a) => a.id)).toEqual(shown.map((a) => a.id));
  // The job stored before keeps its own.
  expect((await scorecardAttributesOf(stored)).attributes.map((a) => a.name)).toEqual(
    DEFAULT_ATTRIBUTES.map((a) => a.name),
  );
});

it("lets only owners change it, with 3 to 10 attributes, messages beside the rows", async () => {
  const owner = await company("rules");
  const recruiter = await inviteAndJoin(owner, "defaults-rules-recruiter@example.com", "recruiter");
  const rex = await memberFor(recruiter.id);
  expect((await companyScorecard(rex)).mayEdit).toBe(false);
  await expect(saveCompanyScorecard(rex, [row("A"), row("B"), row("C")])).rejects.toMatchObject({
    code: "not-found",
  });
  const olive = await memberFor(owner.id);
  await expect(saveCompanyScorecard(olive, [row("A"), row("B")])).rejects.toMatchObject({
    code: "invalid",
    fieldErrors: { rows: ["A scorecard has 3 to 10 attributes."] },
  });
  await expect(saveCompanyScorecard(olive, [row("A"), row("a"), row("C")])).rejects.toMatchObject({
    fieldErrors: { "rows.1.name": ["Another attribute has this name."] },
  });
  await expect(
    saveCompanyScorecard(
      olive,
      Array.from({ length: 11 }, (_, i) => row(`Attribute ${i}`)),
    ),
  ).rejects.toMatchObject({ code: "invalid" });
  expect((await companyScorecard(olive)).isBuiltIn).toBe(true);
});

it("keeps one owner's whole list when two save at once", async () => {
  const owner = await company("race");
  const olive = await memberFor(owner.id);
  const first = ["One", "Two", "Three"].map((n) => row(n));
  const second = ["Uno", "Dos", "Tres", "Cuatro"].map((n) => row(n));
  await Promise.all([saveCompanyScorecard(olive, first), saveCompanyScorecard(olive, second)]);
  const names = (await companyScorecard(olive)).attributes.map((a) => a.name);
  expect([first.map((r) => r.name), second.map((r) => r.name)]).toContainEqual(names);
});

it("shows a draft's scorecard to those who post jobs, and to no interviewer", async () => {
  const owner = await company("draft");
  const olive = await memberFor(owner.id);
  const draftId = await startDraft(olive, testJobForm({ title: "Drafted role" }));
  expect(await jobScorecard(olive, draftId)).toMatchObject({ draft: true, jobTitle: "Drafted role", isDefault: true });
  const interviewer = await inviteAndJoin(owner, "defaults-draft-interviewer@example.com", "interviewer");
  await expect(jobScorecard(await memberFor(interviewer.id), draftId)).rejects.toMatchObject({ code: "not-found" });
});
