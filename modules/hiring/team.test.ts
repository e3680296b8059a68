// Employers as teams: invitations, roles, assignments, the last owner, and what each role sees.
import { afterEach, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { findAccount, signUp, type Account } from "../identity/index.server.ts";
import {
  decideApplication,
  jobApplications,
  openApplication,
  submitApplication,
} from "../applications/index.server.ts";
import {
  acceptInvitation,
  assignJobs,
  changeJobStatus,
  changeMemberRole,
  employerDashboard,
  employerJob,
  invitationPath,
  inviteMember,
  memberFor,
  pendingInvitations,
  readInvitation,
  removeMember,
  revokeInvitation,
  teamOverview,
  updateCompany,
  wizardState,
  type MemberRole,
} from "./index.server.ts";

useTestRuntime();
afterEach(() => setClock(undefined));

let seq = 0;
const employer = (plan = "business") =>
  signUpOnPlan({
    email: `team${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: `Team Co ${seq}`,
    full_name: `Member ${seq}`,
    plan,
  });
const candidate = () =>
  signUpOnPlan({
    email: `team-cand${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    full_name: `Cand ${seq}`,
    plan: "professional",
  });

/** The token in an invitation's link. */
const tokenOf = async (invitationId: string) => (await invitationPath(invitationId)).split("/").pop()!;

async function invite(owner: Account, email: string, role: MemberRole) {
  const invitation = await inviteMember(await memberFor(owner.id), { email, role });
  return tokenOf(invitation.id);
}

/** A company with an owner, and a colleague of `role` who joined through an invitation. */
async function teamWith(role: MemberRole) {
  const owner = await employer();
  const colleague = await signUp({
    email: `colleague${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Mine",
    full_name: `Colleague ${seq}`,
  });
  await acceptInvitation(await invite(owner, colleague.email, role), colleague);
  return { owner, colleague };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => ({ code: "none", message: "" }),
    (e: { code: string; message: string }) => e,
  );

describe("invitations", () => {
  it("lets an invited new employer join once, as the role given, with the address verified", async () => {
    const owner = await employer();
    const token = await invite(owner, "New.Person@Example.com", "recruiter");
    const read = await readInvitation(token);
    expect(read).toMatchObject({ kind: "open", email: "new.person@example.com", roleLabel: "Recruiter" });
    const person = await signUp({
      email: "new.person@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Whatever",
      full_name: "New Person",
    });
    expect(await acceptInvitation(token, person)).toEqual({ companyName: (await memberFor(owner.id)).companyName });
    const member = await memberFor(person.id);
    expect(member).toMatchObject({ companyId: (await memberFor(owner.id)).companyId, role: "recruiter" });
    expect((await findAccount(person.id))!.emailVerified).toBe(true);
    // Used once.
    expect((await refusal(acceptInvitation(token, person))).message).toMatch(/already been used/);
    expect(await readInvitation(token)).toMatchObject({ kind: "gone" });
  });

  it("refuses another address, a candidate, an expired or revoked link and a tampered one, changing nothing", async () => {
    const owner = await employer();
    const stranger = await employer();
    const token = await invite(owner, "invitee@example.com", "interviewer");
    expect((await refusal(acceptInvitation(token, stranger))).message).toMatch(/is for invitee@example.com/);
    const cand = await signUp({ email: "invitee2@example.com", password: "correct horse", role: "candidate" });
    const candToken = await invite(owner, "invitee2@example.com", "recruiter");
    expect((await refusal(acceptInvitation(candToken, cand))).message).toMatch(/candidate account/);
    expect((await refusal(acceptInvitation(`${token.slice(0, -2)}xx`, stranger))).message).toMatch(/not valid/);
    setClock(new Date(Date.now() + 8 * 86_400_000));
    expect((await readInvitation(token)).kind).toBe("gone");
    const late = await signUp({
      email: "invitee@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "Late",
    });
    expect((await refusal(acceptInvitation(token, late))).message).toMatch(/expired/);
    setClock(undefined);
    const revokedToken = await invite(owner, "revoked@example.com", "recruiter");
    const [pending] = (await pendingInvitations(await memberFor(owner.id))).filter(
      (i) => i.email === "revoked@example.com",
    );
    await revokeInvitation(await memberFor(owner.id), pending!.id);
    const revokedPerson = await signUp({
      email: "revoked@example.com",
      password: "correct horse",
      role: "employer",
      company_name: "R",
    });
    expect((await refusal(acceptInvitation(revokedToken, revokedPerson))).message).toMatch(/not valid/);
    expect((await teamOverview(await memberFor(owner.id))).members).toHaveLength(1);
  });

  it("moves an employer out of an empty company of their own, but not out of one with jobs", async () => {
    const owner = await employer();
    const busy = await employer();
    await publishTestJob(busy.id);
    const token = await invite(owner, busy.email, "recruiter");
    expect((await refusal(acceptInvitation(token, busy))).message).toMatch(/has jobs or colleagues/);
    const idle = await employer();
    const idleCompany = (await memberFor(idle.id)).companyId;
    await acceptInvitation(await invite(owner, idle.email, "recruiter"), idle);
    expect((await memberFor(idle.id)).companyId).toBe((await memberFor(owner.id)).companyId);
    expect(await em().execute(`select id from companies where id = ?`, [idleCompany])).toEqual([]);
  });

  it("lets only owners invite, and names a member invited twice", async () => {
    const { owner, colleague } = await teamWith("recruiter");
    expect(
      (await refusal(inviteMember(await memberFor(colleague.id), { email: "x@example.com", role: "recruiter" }))).code,
    ).toBe("not-found");
    const twice = await refusal(inviteMember(await memberFor(owner.id), { email: colleague.email, role: "owner" }));
    const company = (await memberFor(owner.id)).companyName;
    expect(twice).toMatchObject({
      code: "invalid",
      fieldErrors: { email: [`${colleague.email} is already a member of ${company}.`] },
    });
    expect(
      await refusal(inviteMember(await memberFor(owner.id), { email: "not an address", role: "boss" })),
    ).toMatchObject({
      code: "invalid",
      fieldErrors: { email: ["Please enter a valid email address."], role: ["Please choose a role."] },
    });
  });
});

describe("roles", () => {
  it("shows an interviewer only the jobs assigned to them, read-only", async () => {
    const { owner, colleague } = await teamWith("interviewer");
    const assigned = await publishTestJob(owner.id, { title: "Assigned job" });
    const other = await publishTestJob(owner.id, { title: "Other job" });
    const applicant = await candidate();
    const { applicationId } = await submitApplication(applicant.id, assigned);
    const { applicationId: otherApplication } = await submitApplication(applicant.id, other);
    const interviewer = await memberFor(colleague.id);
    expect((await employerDashboard(interviewer)).jobs).toEqual([]);
    expect((await refusal(employerJob(interviewer, assigned))).code).toBe("not-found");

    await assignJobs(await memberFor(owner.id), colleague.id, [assigned]);
    expect((await employerDashboard(interviewer)).jobs.map((j) => j.title)).toEqual(["Assigned job"]);
    expect((await employerJob(interviewer, assigned)).actions).toEqual([]);
    expect(await jobApplications(interviewer, assigned)).toHaveLength(1);
    // Reading changes nothing; deciding, editing and the other job are not theirs.
    expect((await openApplication(interviewer, applicationId)).status).toBe("submitted");
    expect((await refusal(decideApplication(interviewer, applicationId, "shortlist"))).code).toBe("not-found");
    expect((await refusal(openApplication(interviewer, otherApplication))).code).toBe("not-found");
    expect((await refusal(changeJobStatus(interviewer, assigned, "close"))).code).toBe("not-found");
    expect((await refusal(wizardState(interviewer, assigned))).code).toBe("not-found");
  });

  it("lets a recruiter manage jobs and applicants, but not the team", async () => {
    const { owner, colleague } = await teamWith("recruiter");
    const jobId = await publishTestJob(owner.id);
    const recruiter = await memberFor(colleague.id);
    const { applicationId } = await submitApplication((await candidate()).id, jobId);
    expect(await decideApplication(recruiter, applicationId, "shortlist")).toBe("shortlisted");
    expect(await changeJobStatus(recruiter, jobId, "close")).toBe("closed");
    expect((await refusal(changeMemberRole(recruiter, owner.id, "interviewer"))).code).toBe("not-found");
    expect((await refusal(updateCompany(recruiter, { name: "Mine now", timeZone: "UTC" }))).code).toBe("not-found");
  });

  it("counts the plan's limits per company: a recruiter's job counts against the owner's plan", async () => {
    const owner = await employer("startup");
    const colleague = await signUp({
      email: `rec${++seq}@example.com`,
      password: "correct horse",
      role: "employer",
      company_name: "X",
    });
    await acceptInvitation(await invite(owner, colleague.email, "recruiter"), colleague);
    // Startup allows 5 active jobs: 3 by the owner and 2 by the recruiter fill it.
    for (let i = 0; i < 3; i++) await publishTestJob(owner.id);
    for (let i = 0; i < 2; i++) await publishTestJob(colleague.id);
    expect((await refusal(publishTestJob(colleague.id))).code).toBe("plan-limit");
  });

  it("turns a removed member away from the company's jobs", async () => {
    const { owner, colleague } = await teamWith("recruiter");
    const jobId = await publishTestJob(owner.id);
    await removeMember(await memberFor(owner.id), colleague.id);
    const after = await memberFor(colleague.id);
    expect(after.companyId).not.toBe((await memberFor(owner.id)).companyId);
    expect((await refusal(employerJob(after, jobId))).code).toBe("not-found");
  });
});

describe("the last owner", () => {
  it("can't be demoted or removed, and two owners demoting each other at once leave one owner", async () => {
    const { owner, colleague } = await teamWith("owner");
    const [a, b] = [await memberFor(owner.id), await memberFor(colleague.id)];
    const results = await Promise.allSettled([
      changeMemberRole(a, colleague.id, "recruiter"),
      changeMemberRole(b, owner.id, "recruiter"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const owners = (await teamOverview(a)).members.filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
    const last = await memberFor(owners[0]!.userId);
    expect((await refusal(removeMember(last, last.userId))).message).toMatch(/at least one owner/);
    expect((await refusal(changeMemberRole(last, last.userId, "recruiter"))).message).toMatch(/at least one owner/);
  });

  it("assigns only interviewers, only to the company's own jobs", async () => {
    const { owner, colleague } = await teamWith("recruiter");
    const elsewhere = await publishTestJob((await employer()).id);
    const mine = await publishTestJob(owner.id);
    const m = await memberFor(owner.id);
    expect((await refusal(assignJobs(m, colleague.id, [mine]))).message).toMatch(/Only interviewers/);
    await changeMemberRole(m, colleague.id, "interviewer");
    expect((await refusal(assignJobs(m, colleague.id, [mine, elsewhere]))).message).toMatch(/could not be found/);
    expect((await teamOverview(m)).members.find((x) => x.userId === colleague.id)!.assignedJobIds).toEqual([]);
  });

  it("keeps the company's time zone and name as the owner sets them, refusing unknown zones", async () => {
    const owner = await employer();
    const m = await memberFor(owner.id);
    expect(await refusal(updateCompany(m, { name: "", timeZone: "Mars/Olympus" }))).toMatchObject({
      code: "invalid",
      fieldErrors: {
        name: ["Please enter the company's name."],
        timeZone: ["Please choose a time zone from the list."],
      },
    });
    await updateCompany(m, { name: "Renamed", timeZone: "Europe/Berlin" });
    expect(await memberFor(owner.id)).toMatchObject({ companyName: "Renamed", timeZone: "Europe/Berlin" });
  });
});
