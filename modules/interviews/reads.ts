// What each side reads of an interview: the company on the application page and the dashboard,
// the candidate on their pick page. Times are shown in the zone the company offered them in, named.
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { formatZoned } from "../../lib/zoned-time.ts";
import {
  jobCards,
  jobScope,
  jobTeam,
  kitChoices,
  may,
  type JobTeamMember,
  type Member,
} from "../hiring/index.server.ts";
import { publicProfiles } from "../identity/index.server.ts";
import { candidateApplicationRef, memberApplicationRef } from "../applications/index.server.ts";
import { Interview, InterviewInterviewer, InterviewSlot, type InterviewStatus } from "./entities.ts";

export interface SlotView {
  id: string;
  startsAt: string;
  endsAt: string;
  /** "Thu, Dec 3, 2026, 10:00 AM CST". */
  label: string;
}

export interface InterviewView {
  id: string;
  status: InterviewStatus;
  /** The version a booking form sends back (booking.ts). */
  version: number;
  lengthMinutes: number;
  location: string | null;
  videoUrl: string | null;
  timeZone: string;
  booked: SlotView | null;
  /** The times on offer that are still to come, other than the booked one. */
  options: SlotView[];
  interviewers: { userId: string; name: string }[];
  cancelledBy: "company" | "candidate" | null;
  /** Whether its time has begun (then it can't be cancelled). */
  started: boolean;
  /** The job's interview kit it uses (null: the job's first kit). */
  kitId: string | null;
}

const slotView = (slot: InterviewSlot, zone: string): SlotView => ({
  id: slot.id,
  startsAt: slot.startsAt.toISOString(),
  endsAt: slot.endsAt.toISOString(),
  label: formatZoned(slot.startsAt, zone),
});

/** The application's live interview, else its last cancelled one (null: never any). */
export async function latestInterview(applicationId: string): Promise<Interview | null> {
  const live = await em().findOne(Interview, { applicationId, status: { $ne: "cancelled" } });
  if (live) return live;
  const [last] = await em().find(Interview, { applicationId }, { orderBy: { createdAt: "desc" }, limit: 1 });
  return last ?? null;
}

export async function interviewView(interview: Interview): Promise<InterviewView> {
  const [slots, people] = await Promise.all([
    em().find(InterviewSlot, { interviewId: interview.id }, { orderBy: { startsAt: "asc" } }),
    em().find(InterviewInterviewer, { interviewId: interview.id }),
  ]);
  const profiles = await publicProfiles(people.map((p) => p.userId));
  const at = now().getTime();
  const booked = slots.find((s) => s.id === interview.bookedSlotId) ?? null;
  return {
    id: interview.id,
    status: interview.status,
    version: interview.version,
    lengthMinutes: interview.lengthMinutes,
    location: interview.location ?? null,
    videoUrl: interview.videoUrl ?? null,
    timeZone: interview.timeZone,
    booked: booked && interview.status === "booked" ? slotView(booked, interview.timeZone) : null,
    options:
      interview.status === "cancelled"
        ? []
        : slots
            .filter((s) => s.id !== interview.bookedSlotId && s.startsAt.getTime() > at)
            .map((s) => slotView(s, interview.timeZone)),
    interviewers: people
      .map((p) => ({
        userId: p.userId,
        name: profiles.get(p.userId)?.fullName?.trim() || profiles.get(p.userId)?.email || "Former member",
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    cancelledBy: interview.cancelledBy ?? null,
    started: Boolean(booked && interview.status === "booked" && booked.startsAt.getTime() <= at),
    kitId: interview.kitId ?? null,
  };
}

/** The interview as the company reads it on the application page (null: none yet). Not found as the application is. */
export async function companyInterview(
  member: Member,
  applicationId: string,
  jobId: string,
): Promise<(InterviewView & { mayChange: boolean }) | null> {
  const application = await memberApplicationRef(member, applicationId, { jobId, need: "review" });
  const interview = await latestInterview(application.id);
  return interview ? { ...(await interviewView(interview)), mayChange: may(member, "decide") } : null;
}

export interface CandidateInterview extends InterviewView {
  companyName: string;
  jobTitle: string;
}

/** The interview as the candidate reads it (null: none offered). Not found for someone else's application. */
export async function candidateInterview(
  candidateId: string,
  applicationId: string,
): Promise<CandidateInterview | null> {
  const application = await candidateApplicationRef(candidateId, applicationId);
  const interview = await latestInterview(application.id);
  if (!interview) return null;
  const job = (await jobCards([application.jobId])).get(application.jobId);
  return {
    ...(await interviewView(interview)),
    companyName: job?.companyName ?? "The company",
    jobTitle: job?.title ?? "A job",
  };
}

/** What the offer form starts from: who can interview, and the live interview's details to change. */
export async function offerFormFor(
  member: Member,
  applicationId: string,
  jobId: string,
): Promise<{
  team: JobTeamMember[];
  current: InterviewView | null;
  timeZone: string;
  applicationStatus: string;
  kits: { id: string; name: string }[];
}> {
  const application = await memberApplicationRef(member, applicationId, { jobId, need: "decide" });
  const live = await em().findOne(Interview, { applicationId: application.id, status: { $ne: "cancelled" } });
  return {
    team: await jobTeam(member.companyId, application.jobId),
    current: live ? await interviewView(live) : null,
    timeZone: live?.timeZone ?? member.timeZone,
    applicationStatus: application.status,
    kits: await kitChoices(application.jobId),
  };
}

export interface UpcomingInterview {
  interviewId: string;
  applicationId: string;
  jobId: string;
  jobTitle: string;
  candidateName: string;
  startsAt: string;
  label: string;
  interviewers: string[];
}

/** The company's booked interviews starting in the next `days` days, soonest first (an interviewer's jobs only). */
export async function upcomingInterviews(member: Member, days = 7): Promise<UpcomingInterview[]> {
  const scope = jobScope(member, "j");
  const from = now();
  const to = new Date(from.getTime() + days * 86_400_000);
  const rows = await em().execute<
    {
      id: string;
      application_id: string;
      job_id: string;
      candidate_id: string | null;
      starts_at: Date;
      time_zone: string;
    }[]
  >(
    `select i.id, i.application_id, i.job_id, i.candidate_id, s.starts_at, i.time_zone
       from interviews i join interview_slots s on s.id = i.booked_slot_id join jobs j on j.id = i.job_id
      where i.status = 'booked' and i.company_id = ? and s.ends_at > ? and s.starts_at < ? and ${scope.sql}
      order by s.starts_at, i.id limit 50`,
    [member.companyId, from, to, ...scope.params],
  );
  if (!rows.length) return [];
  const [jobs, people, panel] = await Promise.all([
    jobCards(rows.map((r) => r.job_id)),
    publicProfiles(rows.map((r) => r.candidate_id).filter((id): id is string => Boolean(id))),
    em().find(InterviewInterviewer, { interviewId: { $in: rows.map((r) => r.id) } }),
  ]);
  const panelNames = await publicProfiles(panel.map((p) => p.userId));
  return rows.map((r) => ({
    interviewId: r.id,
    applicationId: r.application_id,
    jobId: r.job_id,
    jobTitle: jobs.get(r.job_id)?.title ?? "A job",
    candidateName: (r.candidate_id && people.get(r.candidate_id)?.fullName?.trim()) || "Candidate",
    startsAt: new Date(r.starts_at).toISOString(),
    label: formatZoned(new Date(r.starts_at), member.timeZone),
    interviewers: panel
      .filter((p) => p.interviewId === r.id)
      .map((p) => panelNames.get(p.userId)?.fullName?.trim() || panelNames.get(p.userId)?.email || "Former member"),
  }));
}
