// Everything an interview's emails and its calendar file say, read afresh: the job, the booked
// time, the candidate and the interviewers (those whose accounts still exist).
import { config } from "../../lib/config.ts";
import { em } from "../../lib/db.ts";
import { formatZoned } from "../../lib/zoned-time.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translator, type Language } from "../../locales/index.ts";
import { jobCards } from "../hiring/index.server.ts";
import { contactFor, type Contact } from "../identity/index.server.ts";
import { candidateApplicationRef } from "../applications/index.server.ts";
import { invitationIcs, type Invitation } from "./calendar.ts";
import { detailLines, type InterviewDetails } from "./emails.ts";
import { Interview, InterviewInterviewer, InterviewSlot } from "./entities.ts";

export const link = (path: string) => new URL(path, config().publicUrl).toString();
export const settingsUrl = () => link("/account");
export const candidatePage = (i: Interview) => link(`/candidate/applications/${i.applicationId}/interview`);
export const memberPage = (i: Interview) => link(`/employer/jobs/${i.jobId}/applications/${i.applicationId}#interview`);
export const nameOf = (c: Contact | null) => c?.fullName?.trim() || c?.email || "";

/** The address part of MAIL_FROM ("Hirewise <no-reply@…>" → "no-reply@…"). */
function fromAddress(): string {
  const from = config().mail.from;
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

export interface Party {
  userId: string;
  contact: Contact;
  kind: "candidate" | "interviewer";
}

/** The interview with everything its emails say, or null when its job or company is gone. */
export async function gather(interview: Interview) {
  const [job, slot, panel, candidate] = await Promise.all([
    jobCards([interview.jobId]).then((jobs) => jobs.get(interview.jobId)),
    interview.bookedSlotId ? em().findOne(InterviewSlot, { id: interview.bookedSlotId }) : null,
    em().find(InterviewInterviewer, { interviewId: interview.id }),
    interview.candidateId ? contactFor(interview.candidateId) : null,
  ]);
  if (!job) return null;
  const interviewers = (
    await Promise.all(panel.map(async (p) => ({ userId: p.userId, contact: await contactFor(p.userId) })))
  )
    .filter((p): p is { userId: string; contact: Contact } => p.contact !== null)
    .map((p) => ({ ...p, kind: "interviewer" as const }));
  const parties: Party[] = [
    ...(candidate && interview.candidateId
      ? [{ userId: interview.candidateId, contact: candidate, kind: "candidate" as const }]
      : []),
    ...interviewers,
  ];
  // In the reader's language: the time in their format.
  const details = (at: InterviewSlot, language: Language = DEFAULT_LANGUAGE): InterviewDetails => ({
    jobTitle: job.title,
    companyName: job.companyName,
    candidateName: nameOf(candidate) || translator(language, "mail")("interview.someCandidate"),
    when: formatZoned(at.startsAt, interview.timeZone, INTL_LOCALES[language]),
    lengthMinutes: interview.lengthMinutes,
    location: interview.location ?? null,
    videoUrl: interview.videoUrl ?? null,
    interviewers: interviewers.map((p) => nameOf(p.contact)),
  });
  return { job, slot, candidate, parties, details };
}

/** The interview's invitation at its current sequence in `language`, for emails and the .ics download. */
export function invitationOf(
  interview: Interview,
  slot: InterviewSlot,
  facts: InterviewFacts,
  method: Invitation["method"],
  language: Language = DEFAULT_LANGUAGE,
): Invitation {
  const t = translator(language, "mail");
  const d = facts.details(slot, language);
  return {
    interviewId: interview.id,
    host: new URL(config().publicUrl).hostname,
    method,
    sequence: interview.sequence,
    start: slot.startsAt,
    end: slot.endsAt,
    summary: t("interview.calendarSummary", { job: d.jobTitle, company: d.companyName, candidate: d.candidateName }),
    description: detailLines(d, language).join("\n"),
    location: d.location ?? d.videoUrl,
    url: d.videoUrl ?? candidatePage(interview),
    organizer: { name: `${d.companyName} (via Hirewise)`, email: fromAddress() },
    attendees: facts.parties.map((p) => ({ name: nameOf(p.contact), email: p.contact.email })),
  };
}

export type InterviewFacts = NonNullable<Awaited<ReturnType<typeof gather>>>;

/**
 * The candidate's calendar file of their booked interview (METHOD:REQUEST at the current sequence),
 * or null when none is booked. Not found for someone else's application.
 */
export async function candidateCalendarFile(candidateId: string, applicationId: string): Promise<string | null> {
  const application = await candidateApplicationRef(candidateId, applicationId);
  const interview = await em().findOne(Interview, { applicationId: application.id, status: "booked" });
  const facts = interview && (await gather(interview));
  if (!interview || !facts?.slot) return null;
  return invitationIcs(invitationOf(interview, facts.slot, facts, "REQUEST", facts.candidate?.language));
}
