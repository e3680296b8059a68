// The applicants list (decision 052): every applicant once across the pages in both orders and
// back again, stage filters and counts, forged cursors, who may read it, and Previous/Next.
import { beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { seedApplicants } from "../../tests/support/applicants.ts";
import { memberFor, type Member } from "../hiring/index.server.ts";
import {
  applicantList,
  applicantListView,
  applicantNeighbours,
  type ApplicantListView,
  type ApplicantPage,
} from "./index.server.ts";

useTestRuntime();

const STATUSES = ["submitted", "reviewed", "shortlisted", "rejected", "withdrawn"] as const;
let seq = 0;
const employer = () =>
  signUpOnPlan({
    email: `list-boss${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: "Acme",
    plan: "business",
    full_name: "Boss",
  });

let owner: Member;
let jobId: string;
let ids: string[];

beforeAll(async () => {
  const boss = await employer();
  owner = await memberFor(boss.id);
  jobId = await publishTestJob(boss.id, { title: "Platform Engineer" });
  const start = Date.UTC(2026, 10, 1, 9);
  ids = await seedApplicants(
    jobId,
    owner.companyId,
    Array.from({ length: 60 }, (_, i) => ({
      name: `Applicant ${String(i).padStart(2, "0")}`,
      status: STATUSES[i % 5],
      // A quarter unscored; the rest with ties (several share a score).
      score: i % 4 === 0 ? null : (i * 7) % 50,
      // Five share one instant, so the id breaks the tie.
      appliedAt: new Date(i >= 10 && i < 15 ? start + 10 * 60_000 : start + i * 60_000),
    })),
  );
  // Microseconds a JavaScript Date can't hold: the cursor must keep them.
  await em().execute(
    `update applications set created_at = created_at + (abs(hashtext(id::text)) % 997) * interval '1 microsecond' where job_id = ? and not (created_at = ?)`,
    [jobId, new Date(start + 10 * 60_000)],
  );
  // Another job of the company, whose applicants never show here.
  const otherJob = await publishTestJob(boss.id, { title: "Other" });
  await seedApplicants(otherJob, owner.companyId, [{ name: "Elsewhere", appliedAt: new Date(start) }]);
});

async function expectedOrder(view: ApplicantListView): Promise<string[]> {
  const order =
    view.sort === "match"
      ? "coalesce(s.overall, -1) desc, a.created_at desc, a.id desc"
      : "a.created_at desc, a.id desc";
  const rows = await em().execute<{ id: string }[]>(
    `select a.id from applications a left join application_scores s on s.application_id = a.id where a.job_id = ? ${view.show === "all" ? "" : "and a.status = ?"} order by ${order}`,
    view.show === "all" ? [jobId] : [jobId, view.show],
  );
  return rows.map((r) => r.id);
}

/** Follows Next to the end, then Previous back to the start; returns the pages both ways. */
async function walk(member: Member, view: ApplicantListView) {
  const forward: ApplicantPage[] = [await applicantList(member, jobId, view)];
  while (forward.at(-1)!.next) forward.push(await applicantList(member, jobId, view, forward.at(-1)!.next));
  const backward: ApplicantPage[] = [forward.at(-1)!];
  while (backward.at(-1)!.hasPrevious)
    backward.push(await applicantList(member, jobId, view, backward.at(-1)!.previous));
  return { forward, backward };
}

const idsOf = (pages: ApplicantPage[]) => pages.flatMap((p) => p.applicants.map((a) => a.id));

describe("paging", () => {
  for (const sort of ["newest", "match"] as const) {
    it(`visits each of the 60 applicants exactly once, in order, forwards and back (${sort})`, async () => {
      const view = { show: "all", sort };
      const { forward, backward } = await walk(owner, view);
      expect(forward.map((p) => p.applicants.length)).toEqual([25, 25, 10]);
      const seen = idsOf(forward);
      expect(new Set(seen).size).toBe(60);
      expect(seen).toEqual(await expectedOrder(view));
      expect(forward[0]!.hasPrevious).toBe(false);
      expect(forward[0]!.cursor).toBeNull();
      // Back: the same pages in reverse, the last Previous leading to the first page (no cursor).
      expect(backward.map((p) => idsOf([p]))).toEqual(forward.map((p) => idsOf([p])).reverse());
      expect(forward[1]!.previous).toBeNull();
      expect(forward[1]!.hasPrevious).toBe(true);
      if (sort === "match") {
        const scores = forward.flatMap((p) => p.applicants.map((a) => a.match?.overall ?? -1));
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        expect(scores.slice(-15).every((s) => s === -1)).toBe(true);
      }
    });
  }

  it("filters by stage, with counts per stage and in total", async () => {
    const page = await applicantList(owner, jobId, { show: "all", sort: "newest" });
    // The stages come from the module's list (more may join it): "All" first, then each with its count.
    expect(page.stages[0]).toEqual({ value: "all", label: "All", count: 60 });
    const counts = Object.fromEntries(page.stages.map((s) => [s.value, [s.label, s.count]]));
    expect(counts).toMatchObject({
      submitted: ["Submitted", 12],
      reviewed: ["Under Review", 12],
      shortlisted: ["Shortlisted", 12],
      rejected: ["Not Selected", 12],
      withdrawn: ["Withdrawn", 12],
    });
    expect(page.stages.slice(1).reduce((sum, s) => sum + s.count, 0)).toBe(60);
    for (const sort of ["newest", "match"] as const) {
      const view = { show: "shortlisted", sort };
      const { forward } = await walk(owner, view);
      expect(forward).toHaveLength(1);
      expect(forward[0]!.applicants.every((a) => a.status === "shortlisted")).toBe(true);
      expect(idsOf(forward)).toEqual(await expectedOrder(view));
    }
    // Withdrawn applications offer no resume and no decision.
    const withdrawn = await applicantList(owner, jobId, { show: "withdrawn", sort: "newest" });
    expect(withdrawn.applicants.every((a) => a.resumeId === null && a.decisions.length === 0)).toBe(true);
  });

  it("reads the view from the URL, unknown values as the defaults", () => {
    expect(applicantListView(new URLSearchParams("show=reviewed&sort=match"))).toEqual({
      show: "reviewed",
      sort: "match",
    });
    expect(applicantListView(new URLSearchParams("show=hired%27&sort=best"))).toEqual({ show: "all", sort: "newest" });
  });

  it("reads the first page for a forged, stale or mismatched cursor, never fails", async () => {
    const first = idsOf([await applicantList(owner, jobId, { show: "all", sort: "newest" })]);
    const second = await applicantList(
      owner,
      jobId,
      { show: "all", sort: "newest" },
      (await applicantList(owner, jobId, { show: "all", sort: "newest" })).next,
    );
    const [, micros, id] = second.cursor!.split(".");
    for (const cursor of [
      "garbage",
      "a.",
      "a.1.2.3.4",
      `x.${micros}.${id}`,
      `a.${micros}.not-a-uuid`,
      `a.99999999999999999999.${id}`,
      `a.-5.${id}`,
      `a.${micros}.${id}'; drop table applications; --`,
      `a.0.${id}`, // past the end
      "a." + "9".repeat(200),
      `b.${micros}.${id}.x`,
    ]) {
      const page = await applicantList(owner, jobId, { show: "all", sort: "newest" }, cursor);
      expect(idsOf([page]), cursor).toEqual(first);
      expect(page.cursor, cursor).toBeNull();
    }
    // A newest-first cursor means nothing to the match order (and the other way round).
    const matchFirst = idsOf([await applicantList(owner, jobId, { show: "all", sort: "match" })]);
    expect(idsOf([await applicantList(owner, jobId, { show: "all", sort: "match" }, second.cursor)])).toEqual(
      matchFirst,
    );
    expect(idsOf([await applicantList(owner, jobId, { show: "all", sort: "match" }, `a.101.${micros}.${id}`)])).toEqual(
      matchFirst,
    );
  });
});

describe("who reads the list", () => {
  async function colleague(role: "interviewer" | "recruiter", assigned: boolean): Promise<Member> {
    const account = await employer();
    await em().execute(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
      owner.companyId,
      account.id,
      role,
    ]);
    if (assigned)
      await em().execute(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
        jobId,
        account.id,
      ]);
    return memberFor(account.id);
  }

  it("another company's owner and an interviewer not assigned to the job: not found", async () => {
    const rival = await memberFor((await employer()).id);
    const stranger = await colleague("interviewer", false);
    for (const member of [rival, stranger]) {
      await expect(applicantList(member, jobId, { show: "all", sort: "newest" })).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(applicantNeighbours(member, jobId, ids[0]!, { show: "all", sort: "newest" })).rejects.toMatchObject({
        code: "not-found",
      });
    }
    await expect(applicantList(owner, "not-a-uuid", { show: "all", sort: "newest" })).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("an assigned interviewer reads the list without decisions; a recruiter decides", async () => {
    const interviewer = await colleague("interviewer", true);
    const page = await applicantList(interviewer, jobId, { show: "submitted", sort: "newest" });
    expect(page.mayDecide).toBe(false);
    expect(page.applicants).toHaveLength(12);
    expect(page.applicants.every((a) => a.decisions.length === 0)).toBe(true);
    const recruiter = await colleague("recruiter", false);
    const decided = await applicantList(recruiter, jobId, { show: "submitted", sort: "newest" });
    expect(decided.mayDecide).toBe(true);
    expect(decided.applicants.every((a) => a.decisions.join() === "shortlist,reject")).toBe(true);
  });
});

describe("Previous and Next applicant", () => {
  for (const view of [
    { show: "all", sort: "newest" },
    { show: "all", sort: "match" },
    { show: "rejected", sort: "match" },
  ] as const) {
    it(`follow the list's order (${view.show}, ${view.sort})`, async () => {
      const order = await expectedOrder(view);
      for (const [i, id] of order.entries()) {
        expect(await applicantNeighbours(owner, jobId, id, view), `#${i}`).toEqual({
          previous: order[i - 1] ?? null,
          next: order[i + 1] ?? null,
        });
      }
    });
  }

  it("keep the place of an application that has left the stage, and know nothing of other jobs' or made-up ids", async () => {
    const view = { show: "submitted", sort: "newest" } as const;
    const all = await expectedOrder({ show: "all", sort: "newest" });
    const submitted = await expectedOrder(view);
    // A reviewed application between two submitted ones in the full order.
    const index = all.findIndex((id, i) => i > 0 && !submitted.includes(id) && submitted.includes(all[i - 1]!));
    const outside = all[index]!;
    const neighbours = await applicantNeighbours(owner, jobId, outside, view);
    expect(neighbours.previous).toBe(all[index - 1]);
    expect(neighbours.next).toBe(all.slice(index + 1).find((id) => submitted.includes(id)));
    expect(await applicantNeighbours(owner, jobId, "not-a-uuid", view)).toEqual({ previous: null, next: null });
    expect(await applicantNeighbours(owner, jobId, "00000000-0000-4000-8000-000000000000", view)).toEqual({
      previous: null,
      next: null,
    });
  });
});

describe("waiting applicants", () => {
  it("marks the undecided ones applied more than 14 days ago, never the decided or withdrawn", async () => {
    const stale = async () =>
      (await applicantList(owner, jobId, applicantListView(new URLSearchParams()))).applicants.map((a) => [
        a.status,
        a.stale,
      ]);
    try {
      setClock(new Date(Date.UTC(2026, 10, 14, 9)));
      expect((await stale()).filter(([, s]) => s)).toEqual([]);
      setClock(new Date(Date.UTC(2026, 10, 16, 9)));
      const rows = await stale();
      expect(rows.filter(([status]) => status === "submitted" || status === "shortlisted").every(([, s]) => s)).toBe(
        true,
      );
      expect(rows.filter(([status]) => status === "rejected" || status === "withdrawn").some(([, s]) => s)).toBe(false);
    } finally {
      setClock(undefined);
    }
  });
});
