// What a company's members read of applications: list a job's, open one (which marks it Under
// Review when a member who decides opens it). Moving them is moves.ts. Every function takes the
// member asking (hiring's team.ts); an application to a job they do not see is not found.
import { em, lockForUpdate } from "../../lib/db.ts";
import { isUuid, jobOfMember, may, type Member, type TeamAction } from "../hiring/index.server.ts";
import { publicProfiles, type PublicProfile } from "../identity/index.server.ts";
import { Application, ApplicationAnswer, ApplicationStatusChange, Resume, type ApplicationStatus } from "./entities.ts";
import { applicationNotFound } from "./errors.ts";
import { resumeInfo, type ResumeInfo } from "./resumes.ts";
import { canMove, movesFrom, PIPELINE_STAGES, STATUS_LABELS } from "./pipeline.ts";
import { scoresFor, type ApplicationScoreView } from "./scoring.ts";

// The moves themselves are one table (pipeline.ts) applied by moves.ts.
export { STATUS_LABELS };

/** The Shortlist and Reject buttons of the job page's rows, as the table allows them. */
export function decisionsFor(status: ApplicationStatus): ("shortlist" | "reject")[] {
  return (["shortlist", "reject"] as const).filter((a) =>
    canMove(status, a === "shortlist" ? "shortlisted" : "rejected"),
  );
}

/**
 * One of the company's applications (to `jobId` when given) that the member may `need`: to a job
 * an interviewer is not assigned to, another company's, or an action their role does not allow, it
 * is not found.
 */
export async function applicationOfMember(
  member: Member,
  applicationId: string,
  { jobId, lock = false, need = "review" }: { jobId?: string; lock?: boolean; need?: TeamAction } = {},
): Promise<Application> {
  if (!isUuid(applicationId) || (jobId !== undefined && !isUuid(jobId)) || !may(member, need))
    throw applicationNotFound();
  const where = jobId
    ? { id: applicationId, companyId: member.companyId, jobId }
    : { id: applicationId, companyId: member.companyId };
  const application = lock ? await lockForUpdate(Application, where) : await em().findOne(Application, where);
  if (!application) throw applicationNotFound();
  if (member.role === "interviewer")
    await jobOfMember(member, application.jobId).catch(() => Promise.reject(applicationNotFound()));
  return application;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface ApplicantSummary {
  id: string;
  jobId: string;
  candidateName: string;
  /** The candidate deleted their account: the application keeps only its job, status and dates. */
  candidateDeleted: boolean;
  avatarUrl: string | null;
  status: ApplicationStatus;
  appliedAt: string;
  updatedAt: string;
  resumeId: string | null;
  decisions: ("shortlist" | "reject")[];
  /** Every stage the member may move it to by hand (none for an interviewer). */
  moves: ApplicationStatus[];
  /** The AI's reading, once the background job has made it. */
  score: ApplicationScoreView | null;
}

/** What employers see in place of a candidate who deleted their account (decision 039). */
export const DELETED_CANDIDATE = "Deleted candidate";

/** The name an employer sees: the candidate's, "Anonymous" without one, or DELETED_CANDIDATE. */
export function candidateLabel(candidateId: string | null | undefined, person: PublicProfile | undefined): string {
  if (!candidateId) return DELETED_CANDIDATE;
  return person?.fullName?.trim() || "Anonymous";
}

const ids = (values: (string | null | undefined)[]) => values.filter((v): v is string => Boolean(v));

export const APPLICANT_FILTERS = ["all", ...PIPELINE_STAGES] as const;

// "oldest": who has waited longest first (the weekly digest of waiting applicants links to it);
// "recommendation": the team's average recommendation first (applicant-list.ts, decision 085).
export const APPLICANT_SORTS = ["newest", "match", "oldest", "recommendation"] as const;

/**
 * A job's applications, newest first or best match first (unscored last), optionally of one
 * status. The job must be one the member sees.
 */
export async function jobApplications(
  member: Member,
  jobId: string,
  status: string = "all",
  sort: string = "newest",
): Promise<ApplicantSummary[]> {
  await jobOfMember(member, jobId);
  const where: Record<string, unknown> = { jobId, companyId: member.companyId };
  if ((APPLICANT_FILTERS as readonly string[]).includes(status) && status !== "all") where.status = status;
  const rows = await em().find(Application, where, { orderBy: { createdAt: "desc", id: "asc" } });
  const [people, scores] = await Promise.all([
    publicProfiles(ids(rows.map((r) => r.candidateId))),
    scoresFor(rows.map((r) => r.id)),
  ]);
  if (sort === "match") rows.sort((a, b) => (scores.get(b.id)?.overall ?? -1) - (scores.get(a.id)?.overall ?? -1));
  return rows.map((r) => {
    const person = r.candidateId ? people.get(r.candidateId) : undefined;
    return {
      id: r.id,
      jobId: r.jobId,
      candidateName: candidateLabel(r.candidateId, person),
      candidateDeleted: !r.candidateId,
      avatarUrl: person?.avatarUrl ?? null,
      status: r.status,
      appliedAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
      // A withdrawn application no longer gives its employer the resume (decision 048).
      resumeId: r.status === "withdrawn" ? null : (r.resumeId ?? null),
      decisions: r.candidateId && may(member, "decide") ? decisionsFor(r.status) : [],
      moves: r.candidateId && may(member, "decide") ? movesFrom(r.status) : [],
      score: scores.get(r.id) ?? null,
    };
  });
}

export interface AnswerView {
  question: string;
  type: string;
  category: string;
  answer: string;
  rating: number | null;
}

export interface StatusChangeView {
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  /** "candidate" or "employer": who moved it (names are not kept in the history). */
  by: "candidate" | "employer" | null;
  at: string;
}

export interface ApplicationDetail extends ApplicantSummary {
  candidateEmail: string;
  answers: AnswerView[];
  resume: ResumeInfo | null;
  history: StatusChangeView[];
}

/** A recorded status change as pages show it. */
export function changeView(change: ApplicationStatusChange, candidateId: string | null): StatusChangeView {
  return {
    from: (change.fromStatus as ApplicationStatus | null) ?? null,
    to: change.toStatus as ApplicationStatus,
    by: change.changedBy ? (change.changedBy === candidateId ? "candidate" : "employer") : null,
    at: new Date(change.changedAt).toISOString(),
  };
}

async function historyOf(applicationId: string, candidateId: string | null): Promise<StatusChangeView[]> {
  const changes = await em().find(
    ApplicationStatusChange,
    { applicationId },
    { orderBy: { changedAt: "asc", id: "asc" } },
  );
  return changes.map((c) => changeView(c, candidateId));
}

/**
 * One application as the company's members read it: answers beside their questions, the resume
 * and the status history. Reading changes nothing: Under Review is a move a member makes (a GET
 * may come from a prefetch, a link preview or a colleague who only looked).
 */
export async function openApplication(
  member: Member,
  applicationId: string,
  jobId?: string,
): Promise<ApplicationDetail> {
  const application = await applicationOfMember(member, applicationId, { jobId });
  const [answers, resume, people, history, scores] = await Promise.all([
    em().find(ApplicationAnswer, { applicationId }, { orderBy: { orderIndex: "asc" } }),
    application.resumeId && application.status !== "withdrawn"
      ? em().findOne(Resume, { id: application.resumeId })
      : null,
    publicProfiles(ids([application.candidateId])),
    historyOf(applicationId, application.candidateId ?? null),
    scoresFor([applicationId]),
  ]);
  const person = application.candidateId ? people.get(application.candidateId) : undefined;
  return {
    id: application.id,
    jobId: application.jobId,
    candidateName: candidateLabel(application.candidateId, person),
    candidateDeleted: !application.candidateId,
    candidateEmail: person?.email ?? "",
    avatarUrl: person?.avatarUrl ?? null,
    status: application.status,
    appliedAt: new Date(application.createdAt).toISOString(),
    updatedAt: new Date(application.updatedAt).toISOString(),
    resumeId: application.status === "withdrawn" ? null : (application.resumeId ?? null),
    decisions: application.candidateId && may(member, "decide") ? decisionsFor(application.status) : [],
    moves: application.candidateId && may(member, "decide") ? movesFrom(application.status) : [],
    score: scores.get(applicationId) ?? null,
    answers: answers.map((a) => ({
      question: a.questionText,
      type: a.questionType,
      category: a.category,
      answer: a.answer,
      rating: a.rating ?? null,
    })),
    resume: resume ? resumeInfo(resume) : null,
    history,
  };
}
