// What the interviews module holds about an account (registered with identity): a candidate
// exports their interviews (company, job, times, status); a member exports the interviews they
// offered or sit on, by job and time only (the candidate is another person). Deleting a candidate
// cancels their interviews to come, so the interviewers' calendars drop them; the rows lose the
// account through their foreign keys.
import { em } from "../../lib/db.ts";
import { jobCards } from "../hiring/index.server.ts";
import type { AccountDataHolder, AccountExportPart, AccountRef } from "../identity/index.server.ts";
import { Interview, InterviewInterviewer, InterviewSlot } from "./entities.ts";
import { cancelLiveInterview, hasStarted } from "./offers.ts";

async function exportOf(interviews: Interview[], withCompany: boolean): Promise<unknown[]> {
  if (!interviews.length) return [];
  const ids = interviews.map((i) => i.id);
  const [jobs, slots] = await Promise.all([
    jobCards(interviews.map((i) => i.jobId)),
    em().find(InterviewSlot, { interviewId: { $in: ids } }, { orderBy: { startsAt: "asc" } }),
  ]);
  return interviews.map((i) => ({
    job: jobs.get(i.jobId)?.title ?? "A job that no longer exists",
    ...(withCompany ? { company: jobs.get(i.jobId)?.companyName ?? null } : {}),
    status: i.status,
    booked: slots.find((s) => s.id === i.bookedSlotId)?.startsAt.toISOString() ?? null,
    timesOffered: slots.filter((s) => s.interviewId === i.id).map((s) => s.startsAt.toISOString()),
    lengthMinutes: i.lengthMinutes,
    location: i.location ?? null,
    videoUrl: i.videoUrl ?? null,
    timeZone: i.timeZone,
  }));
}

async function exportData(account: AccountRef): Promise<AccountExportPart> {
  if (account.role === "candidate") {
    const mine = await em().find(Interview, { candidateId: account.id }, { orderBy: { createdAt: "asc" } });
    return { json: { "interviews.json": { interviews: await exportOf(mine, true) } } };
  }
  const seats = await em().find(InterviewInterviewer, { userId: account.id });
  const theirs = await em().find(
    Interview,
    { $or: [{ offeredBy: account.id }, { id: { $in: seats.map((s) => s.interviewId) } }] },
    { orderBy: { createdAt: "asc" } },
  );
  return { json: { "interviews.json": { interviews: await exportOf(theirs, false) } } };
}

async function erase(account: AccountRef): Promise<void> {
  const live = await em().find(Interview, { candidateId: account.id, status: { $ne: "cancelled" } });
  for (const interview of live) if (!(await hasStarted(interview))) await cancelLiveInterview(interview, "candidate");
}

/** Retention anonymised these applications (decision 089): their interviews stay, without the candidate. */
export async function forgetCandidateOf(applicationIds: string[]): Promise<void> {
  await em().execute(`update interviews set candidate_id = null where application_id = any(?::uuid[])`, [
    `{${applicationIds.join(",")}}`,
  ]);
}

export const interviewsAccountData: AccountDataHolder = {
  name: "interviews",
  exports: ["interviews.candidate_id", "interviews.offered_by", "interview_interviewers.user_id"],
  exportData,
  erase,
};
