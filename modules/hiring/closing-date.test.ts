// A job's closing date in the wizard and the edit form (decision 078): the schema's rules (a
// draft's empty date is the default, an open job's is required, a closed job's is not asked, never
// in the past, read in the company's zone), what the wizard says about it, and what publishing and
// saving an edit write to jobs.closes_at.
import { afterEach, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob, testJobForm } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import {
  checkDetails,
  CLOSING_DATE_PAST,
  closingRule,
  type HiringError,
  memberFor,
  publishDraft,
  saveDraft,
  setJobClosingDate,
  wizardNotes,
  wizardState,
} from "./index.server.ts";

useTestRuntime();
afterEach(() => setClock(undefined));

const at = new Date("2027-03-01T12:00:00Z");
const form = (closes_at: string) => testJobForm({ closes_at });
const check = (closes_at: string, status: "draft" | "active" | "closed", timeZone = "UTC") =>
  checkDetails(form(closes_at), { ...closingRule(timeZone, status), at });

describe("the closing date's rules", () => {
  it("leaves a draft's empty date to the default, and requires an open job's", () => {
    expect(check("", "draft")).toMatchObject({ ok: true, value: { closes_at: null } });
    expect(check("", "active")).toEqual({ ok: false, errors: { closes_at: ["Enter the closing date"] } });
  });

  it("refuses a day that has passed, beside the field, for drafts and open jobs alike", () => {
    for (const status of ["draft", "active"] as const) {
      expect(check("2027-02-28", status)).toEqual({ ok: false, errors: { closes_at: [CLOSING_DATE_PAST] } });
    }
    expect(check("31/12/2027", "draft")).toMatchObject({ ok: false, errors: { closes_at: [/as a date/] } });
    // Other fields' messages come with it, each beside its own field.
    const both = checkDetails({ ...form("2020-01-01"), title: "" }, { ...closingRule("UTC", "draft"), at });
    expect(both.ok ? {} : Object.keys(both.errors).sort()).toEqual(["closes_at", "title"]);
  });

  it("takes today (it ends at 23:59) and reads the day in the company's zone", () => {
    expect(check("2027-03-01", "draft")).toMatchObject({
      ok: true,
      value: { closes_at: new Date("2027-03-01T23:59Z") },
    });
    expect(check("2027-03-10", "active", "America/New_York")).toMatchObject({
      ok: true,
      value: { closes_at: new Date("2027-03-11T04:59:00Z") },
    });
  });

  it("does not ask a closed job (reopening gives it a new date)", () => {
    expect(check("2020-01-01", "closed")).toMatchObject({ ok: true, value: { closes_at: null } });
  });

  it("tells the wizard the default's day, the earliest date, the chosen day and the pay-range notice", () => {
    const notes = wizardNotes({
      timeZone: "America/New_York",
      status: "draft",
      form: { ...form("2027-04-30"), location: "Brooklyn, NY" },
      salaryRangeRequired: true,
      at,
    });
    expect(notes.closing).toEqual({
      need: "optional",
      earliest: "2027-03-01",
      defaultDay: "Apr 30, 2027",
      chosenDay: "Apr 30, 2027",
      timeZone: "America/New_York",
    });
    expect(notes.salaryRangeRequired).toBe(true);
    expect(notes.payRangeNotice).toContain("New York City");
  });
});

describe("publishing and editing write the date", () => {
  let n = 0;
  const owner = () =>
    signUpOnPlan({
      email: `closing-date-${++n}@example.com`,
      password: "correct horse battery",
      role: "employer",
      full_name: "Olive",
      company_name: `Closing ${n}`,
      plan: "business",
    });
  const closesAt = async (jobId: string) =>
    (await em().execute<{ closes_at: Date }[]>(`select closes_at from jobs where id = ?`, [jobId]))[0]!.closes_at;

  it("publishes with the typed date, or 60 days on when it was left empty", async () => {
    setClock(at);
    const account = await owner();
    const typed = await publishTestJob(account.id, { closes_at: "2027-04-15" });
    expect(new Date(await closesAt(typed))).toEqual(new Date("2027-04-15T23:59:00Z"));
    const empty = await publishTestJob(account.id, { closes_at: "" });
    expect(new Date(await closesAt(empty))).toEqual(new Date("2027-04-30T12:00:00Z"));
    const error = await publishTestJob(account.id, { closes_at: "2027-02-01" }).catch((e: unknown) => e);
    expect((error as HiringError).fieldErrors).toEqual({ closes_at: [CLOSING_DATE_PAST] });
  });

  it("an edit shows the job's date, saves a new one, and an Extend meanwhile shows in the edit", async () => {
    setClock(at);
    const account = await owner();
    const member = await memberFor(account.id);
    const jobId = await publishTestJob(account.id, { closes_at: "2027-04-15" });
    const state = await wizardState(member, jobId);
    expect(state.form.closes_at).toBe("2027-04-15");
    await saveDraft(member, jobId, { ...state.form, closes_at: "" });
    const cleared = await publishDraft(member, jobId).catch((e: unknown) => e);
    expect((cleared as HiringError).fieldErrors).toEqual({ closes_at: ["Enter the closing date"] });
    await saveDraft(member, jobId, { ...state.form, closes_at: "2027-05-20" });
    await setJobClosingDate(member, jobId, "2027-06-01");
    expect((await wizardState(member, jobId)).form.closes_at).toBe("2027-06-01");
    await publishDraft(member, jobId);
    expect(new Date(await closesAt(jobId))).toEqual(new Date("2027-06-01T23:59:00Z"));
  });
});
