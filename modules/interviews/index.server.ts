// The interviews module's public interface (decision 074): times offered on an application in
// Interview, booked by the candidate, with calendar invitations, reminders and cancellations.
import { registerAccountData } from "../identity/index.server.ts";
import { onApplicationsAnonymised, registerTimelineSource } from "../applications/index.server.ts";
import { forgetCandidateOf, interviewsAccountData } from "./account-data.ts";
import { interviewTimeline } from "./timeline.ts";

export { interviewsEntities, INTERVIEW_STATUSES, type InterviewStatus } from "./entities.ts";
export { InterviewError, type InterviewErrorCode } from "./errors.ts";
export { interviewsQueues, sendInterviewReminders } from "./queues.ts";
export { INTERVIEW_EMAIL_QUEUE, INTERVIEW_REMINDERS_QUEUE } from "./email-jobs.ts";
export { offerInterview, cancelInterviewForCompany, parseOffer, type OfferInput } from "./offers.ts";
export { MIN_TIMES, MAX_TIMES, INTERVIEW_LENGTHS, MAX_INTERVIEWERS } from "./browser.ts";
export { bookInterview, cancelInterviewForCandidate, askForOtherTimes, PICK_AGAIN } from "./booking.ts";
export {
  companyInterview,
  candidateInterview,
  offerFormFor,
  upcomingInterviews,
  type InterviewView,
  type CandidateInterview,
  type SlotView,
  type UpcomingInterview,
} from "./reads.ts";
export { applicationKit, type ApplicationKit } from "./kits.ts";
export { candidateCalendarFile } from "./facts.ts";
export { invitationUid } from "./calendar.ts";

/** Plugs this module into the hooks of the modules it depends on; wiring.ts calls it once per process. */
export function wireInterviews(): void {
  registerAccountData(interviewsAccountData);
  registerTimelineSource(interviewTimeline);
  onApplicationsAnonymised(forgetCandidateOf);
}
