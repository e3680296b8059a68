// The candidate's side of an interview (decision 074): pick one of the times offered, move to
// another, cancel up to the start, or say none of them work (a message to the company). A booking
// names the interview's version it was made from: of twenty pressed at once, one books and the
// others are told the interview changed and to pick again.
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { enqueue } from "../../lib/queue.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import { isUuid } from "../hiring/index.server.ts";
import { candidateApplicationRef, postCandidateMessage } from "../applications/index.server.ts";
import { Interview, InterviewSlot } from "./entities.ts";
import { InterviewError, interviewNotFound } from "./errors.ts";
import { INTERVIEW_EMAIL_QUEUE, type InterviewEmailJob } from "./email-jobs.ts";
import { cancelLiveInterview, lockLiveInterview } from "./offers.ts";

export const PICK_AGAIN =
  "This interview changed since you opened the page. The times below are the ones on offer now: please pick again.";

/**
 * Books (or moves the booking to) one of the times offered; says which. Throws not found, invalid or
 * invalid-transition.
 */
export async function bookInterview(
  candidateId: string,
  applicationId: string,
  choice: { slotId: string; version: string },
): Promise<"booked" | "moved"> {
  return transaction(async (tx) => {
    const application = await candidateApplicationRef(candidateId, applicationId);
    const interview = await lockLiveInterview(application.id);
    if (!interview) throw interviewNotFound();
    if (String(interview.version) !== choice.version) throw new InterviewError("invalid-transition", PICK_AGAIN);
    const slot = isUuid(choice.slotId)
      ? await tx.findOne(InterviewSlot, { id: choice.slotId, interviewId: interview.id })
      : null;
    if (!slot) throw new InterviewError("invalid", "Please pick one of the times offered.", { slot: "Pick a time." });
    if (slot.startsAt.getTime() <= now().getTime())
      throw new InterviewError("invalid", "That time has passed. Please pick another.", {
        slot: "Pick a time to come.",
      });
    if (slot.id === interview.bookedSlotId)
      throw new InterviewError("invalid", "You're booked at that time already.", {
        slot: "Pick another time to move to.",
      });
    await enforceQuota("interview-emails", candidateId);
    const moving = interview.status === "booked";
    interview.status = "booked";
    interview.bookedSlotId = slot.id;
    interview.version += 1;
    if (moving) interview.sequence += 1;
    await tx.flush();
    const job: InterviewEmailJob = { interviewId: interview.id, kind: "invite", sequence: interview.sequence };
    await enqueue(INTERVIEW_EMAIL_QUEUE, job);
    return moving ? "moved" : "booked";
  });
}

/** The candidate cancels their booked interview. Throws not found or invalid (not booked, started). */
export async function cancelInterviewForCandidate(candidateId: string, applicationId: string): Promise<void> {
  await transaction(async () => {
    const application = await candidateApplicationRef(candidateId, applicationId);
    const interview = await lockLiveInterview(application.id);
    if (!interview) throw interviewNotFound();
    if (interview.status !== "booked")
      throw new InterviewError(
        "invalid",
        "There is no booked time to cancel. If none of the times work, say so below.",
      );
    await enforceQuota("interview-emails", candidateId);
    await cancelLiveInterview(interview, "candidate");
  });
}

/**
 * "None of these work": the candidate's words go to the company as a message on the application
 * (applications' thread), while the times stay offered. Throws not found or invalid (an empty message).
 */
export async function askForOtherTimes(candidateId: string, applicationId: string, body: unknown): Promise<void> {
  const application = await candidateApplicationRef(candidateId, applicationId);
  const live = await em().count(Interview, { applicationId: application.id, status: { $ne: "cancelled" } });
  if (!live) throw interviewNotFound();
  await postCandidateMessage(candidateId, applicationId, body);
}
