// Offering interview times (decision 074): owners and recruiters offer 2 to 10 times, typed as
// wall times in the company's zone, with a length, a place or a video link and the members who
// interview. Offering again replaces the times not booked; a booked time stays until the candidate
// picks another. The company may cancel up to the start. Each change is emailed by a queued job.
import { z } from "zod";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { enqueue } from "../../lib/queue.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { parseWallTime, WallTimeError, zonedWallTimeToUtc } from "../../lib/zoned-time.ts";
import { jobTeam, kitChoices, may, type Member } from "../hiring/index.server.ts";
import { memberApplicationRef } from "../applications/index.server.ts";
import { Interview, InterviewInterviewer, InterviewSlot } from "./entities.ts";
import { InterviewError, interviewNotFound } from "./errors.ts";
import { INTERVIEW_EMAIL_QUEUE, type InterviewEmailJob } from "./email-jobs.ts";
import { INTERVIEW_LENGTHS, MAX_INTERVIEWERS, MAX_TIMES, MIN_TIMES } from "./browser.ts";

export interface OfferInput {
  /** The rows of the form, in order; empty rows are skipped. */
  times: { date: string; time: string }[];
  length: string;
  location: string;
  videoUrl: string;
  interviewers: string[];
  /** One of the job's interview kits (empty or absent: the job's first kit). */
  kitId?: string;
}

export interface OfferedTimes {
  slots: { startsAt: Date; endsAt: Date }[];
  lengthMinutes: number;
  location: string | null;
  videoUrl: string | null;
  interviewers: string[];
}

const videoUrlSchema = z
  .string()
  .trim()
  .max(500, "A video link can be up to 500 characters.")
  .refine((v) => {
    if (!v) return true;
    try {
      return ["https:", "http:"].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, "Enter a video link that starts with https://.");

function rowError(date: string, time: string, zone: string, at: Date): { error: string } | { start: Date } | null {
  if (!date.trim() && !time.trim()) return null;
  if (!date.trim() || !time.trim()) return { error: "Give both a date and a start time." };
  const wall = parseWallTime(date, time);
  if (!wall) return { error: "Enter a date like 2026-12-03 and a time like 14:30." };
  try {
    const start = zonedWallTimeToUtc(wall, zone, "reject");
    return start.getTime() <= at.getTime() ? { error: "This time has passed. Offer a time to come." } : { start };
  } catch (error) {
    if (!(error instanceof WallTimeError)) throw error;
    if (error.kind === "skipped") return { error: `This time doesn't exist in ${zone}: the clocks go forward then.` };
    if (error.kind === "ambiguous")
      return { error: `This time happens twice in ${zone} (the clocks go back): pick another.` };
    return { error: "That date doesn't exist. Check the day and month." };
  }
}

/**
 * The offer as typed, checked: field errors by name (`time-{i}`, `times`, `length`, `location`,
 * `videoUrl`, `interviewers`) in one InterviewError, or the times as instants.
 */
export function parseOffer(input: OfferInput, zone: string, team: string[], at = now()): OfferedTimes {
  const errors: Record<string, string> = {};
  const length = Number(input.length);
  if (!INTERVIEW_LENGTHS.includes(length as (typeof INTERVIEW_LENGTHS)[number]))
    errors.length = "Choose how long the interview takes.";
  const starts: Date[] = [];
  input.times.slice(0, MAX_TIMES).forEach(({ date, time }, i) => {
    const row = rowError(date, time, zone, at);
    if (!row) return;
    if ("error" in row) errors[`time-${i}`] = row.error;
    else if (starts.some((s) => s.getTime() === row.start.getTime()))
      errors[`time-${i}`] = "You offered this time already.";
    else starts.push(row.start);
  });
  if (starts.length < MIN_TIMES && !Object.keys(errors).some((k) => k.startsWith("time-")))
    errors.times = `Offer at least ${MIN_TIMES} times, so the candidate can choose.`;
  const location = input.location.trim();
  if (location.length > 200) errors.location = "A place can be up to 200 characters.";
  const video = videoUrlSchema.safeParse(input.videoUrl);
  if (!video.success) errors.videoUrl = video.error.issues[0]!.message;
  if (!location && video.success && !video.data) errors.location = "Give a place or a video link.";
  const interviewers = [...new Set(input.interviewers)];
  if (!interviewers.length) errors.interviewers = "Choose who interviews.";
  else if (interviewers.length > MAX_INTERVIEWERS)
    errors.interviewers = `Choose up to ${MAX_INTERVIEWERS} interviewers.`;
  else if (interviewers.some((id) => !team.includes(id)))
    errors.interviewers = "Choose interviewers from the people who can see this job.";
  if (Object.keys(errors).length)
    throw new InterviewError("invalid", "Please check the interview's times and details.", errors);
  starts.sort((a, b) => a.getTime() - b.getTime());
  return {
    slots: starts.map((s) => ({ startsAt: s, endsAt: new Date(s.getTime() + length * 60_000) })),
    lengthMinutes: length,
    location: location || null,
    videoUrl: video.success && video.data ? video.data : null,
    interviewers,
  };
}

/** The kit chosen on the offer, one of the job's (else invalid beside the field); null: none chosen. */
async function checkedKit(jobId: string, kitId: string | undefined): Promise<string | null> {
  if (!kitId) return null;
  if (!(await kitChoices(jobId)).some((k) => k.id === kitId))
    throw new InterviewError("invalid", "Please check the interview's times and details.", {
      kit: "Choose one of this job's interview kits.",
    });
  return kitId;
}

const NOT_IN_INTERVIEW = "Move the application to Interview before offering times.";

/** The live interview of an application, locked (null: none). Call inside a transaction. */
export function lockLiveInterview(applicationId: string): Promise<Interview | null> {
  return lockForUpdate(Interview, { applicationId, status: { $ne: "cancelled" } });
}

/**
 * Offers the times to the candidate (or replaces the times not booked); returns the interview's id.
 * Throws not found, invalid (with field errors, or when the application isn't in Interview), or
 * QuotaExceededError.
 */
export async function offerInterview(
  member: Member,
  applicationId: string,
  jobId: string,
  input: OfferInput,
): Promise<string> {
  return transaction(async (tx) => {
    // Locking the application makes two members offering at once take turns.
    const application = await memberApplicationRef(member, applicationId, { jobId, need: "decide", lock: true });
    if (!application.candidateId || !application.companyId)
      throw new InterviewError("invalid", "The candidate deleted their account, so there is nobody to invite.");
    if (application.status !== "interview") throw new InterviewError("invalid", NOT_IN_INTERVIEW);
    const team = (await jobTeam(member.companyId, application.jobId)).map((m) => m.userId);
    const live = await lockLiveInterview(application.id);
    const offer = parseOffer(input, live?.timeZone ?? member.timeZone, team);
    const kitId = await checkedKit(application.jobId, input.kitId);
    await enforceQuota("interview-emails", member.userId);
    const interview =
      live ??
      tx.create(Interview, {
        applicationId: application.id,
        jobId: application.jobId,
        companyId: application.companyId,
        candidateId: application.candidateId,
        status: "offered",
        lengthMinutes: offer.lengthMinutes,
        timeZone: member.timeZone,
        sequence: 0,
        version: 0,
      });
    interview.lengthMinutes = offer.lengthMinutes;
    interview.location = offer.location;
    interview.videoUrl = offer.videoUrl;
    interview.offeredBy = member.userId;
    interview.kitId = kitId;
    interview.version += live ? 1 : 0;
    await tx.flush();
    await tx.nativeDelete(InterviewSlot, {
      interviewId: interview.id,
      ...(interview.bookedSlotId ? { id: { $ne: interview.bookedSlotId } } : {}),
    });
    await tx.nativeDelete(InterviewInterviewer, { interviewId: interview.id });
    for (const slot of offer.slots) tx.create(InterviewSlot, { interviewId: interview.id, ...slot });
    for (const userId of offer.interviewers) tx.create(InterviewInterviewer, { interviewId: interview.id, userId });
    await tx.flush();
    const job: InterviewEmailJob = { interviewId: interview.id, kind: "offer", version: interview.version };
    await enqueue(INTERVIEW_EMAIL_QUEUE, job);
    return interview.id;
  });
}

/** Whether the interview's booked time has begun (then neither side may cancel it here). */
export async function hasStarted(interview: Interview): Promise<boolean> {
  if (interview.status !== "booked" || !interview.bookedSlotId) return false;
  const slot = await em().findOne(InterviewSlot, { id: interview.bookedSlotId });
  return Boolean(slot && slot.startsAt.getTime() <= now().getTime());
}

/** Cancels the live interview: the invitation sent is withdrawn (METHOD:CANCEL) or the times offered are. */
export async function cancelLiveInterview(interview: Interview, by: "company" | "candidate"): Promise<void> {
  if (await hasStarted(interview))
    throw new InterviewError("invalid", "The interview has started, so it can no longer be cancelled.");
  const wasBooked = interview.status === "booked";
  interview.status = "cancelled";
  interview.cancelledAt = now();
  interview.cancelledBy = by;
  interview.version += 1;
  if (wasBooked) interview.sequence += 1;
  await em().flush();
  const job: InterviewEmailJob = wasBooked
    ? { interviewId: interview.id, kind: "cancel", sequence: interview.sequence }
    : { interviewId: interview.id, kind: "withdrawn", version: interview.version };
  await enqueue(INTERVIEW_EMAIL_QUEUE, job);
}

/** The company cancels the application's interview. Throws not found, forbidden (an interviewer) or invalid. */
export async function cancelInterviewForCompany(member: Member, applicationId: string, jobId: string): Promise<void> {
  await transaction(async () => {
    const application = await memberApplicationRef(member, applicationId, { jobId, need: "review" });
    if (!may(member, "decide"))
      throw new InterviewError("forbidden", "Only owners and recruiters can cancel an interview.");
    const interview = await lockLiveInterview(application.id);
    if (!interview) throw interviewNotFound();
    await enforceQuota("interview-emails", member.userId);
    await cancelLiveInterview(interview, "company");
  });
}
