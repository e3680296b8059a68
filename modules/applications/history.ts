// What candidates read: their applications with each one's job and status history, their counts,
// and their application to one job. A rejection whose email is waiting or was cancelled is not
// theirs to read yet: they see the stage before it (rejections.ts#statusAsTold).
import { em } from "../../lib/db.ts";
import { isUuid, jobCards, type JobCard } from "../hiring/index.server.ts";
import {
  Application,
  ApplicationAnswer,
  ApplicationStatusChange,
  APPLICATION_STATUSES,
  Resume,
  type ApplicationStatus,
} from "./entities.ts";
import { applicationNotFound } from "./errors.ts";
import { resumeInfo, type ResumeInfo } from "./resumes.ts";
import { changeView, type AnswerView, type StatusChangeView } from "./review.ts";
import { mayWithdraw } from "./withdraw.ts";
import { STATUS_MESSAGES } from "./pipeline.ts";
import { countApplicationsTowardPlan } from "./allowance.ts";
import { heldBack, statusAsTold } from "./rejections.ts";
import { now } from "../../lib/clock.ts";

export { STATUS_MESSAGES };

export interface CandidateApplication {
  id: string;
  status: ApplicationStatus;
  appliedAt: string;
  updatedAt: string;
  /** When the company closed the job and told this candidate, if it did. */
  jobClosedAt: string | null;
  resume: ResumeInfo | null;
  job: JobCard;
  history: StatusChangeView[];
}

export interface CandidateHistory {
  counts: { total: number } & Record<ApplicationStatus, number>;
  applications: CandidateApplication[];
}

/** Every application of the candidate, newest first, with counts per status (four queries). */
export async function candidateHistory(candidateId: string): Promise<CandidateHistory> {
  const rows = await em().find(Application, { candidateId }, { orderBy: { createdAt: "desc", id: "asc" } });
  const ids = rows.map((r) => r.id);
  const resumeIds = rows.map((r) => r.resumeId).filter((id): id is string => Boolean(id));
  const [jobs, changes, resumes] = await Promise.all([
    jobCards(rows.map((r) => r.jobId)),
    ids.length
      ? em().find(
          ApplicationStatusChange,
          { applicationId: { $in: ids } },
          { orderBy: { changedAt: "asc", id: "asc" } },
        )
      : [],
    resumeIds.length ? em().find(Resume, { id: { $in: resumeIds } }) : [],
  ]);
  const counts = {
    total: rows.length,
    ...(Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>),
  };
  const at = now();
  const applications = rows.flatMap((r): CandidateApplication[] => {
    const own = changes.filter((c) => c.applicationId === r.id);
    const status = statusAsTold(r.status, own.at(-1), at);
    counts[status] += 1;
    const job = jobs.get(r.jobId);
    if (!job) return [];
    const resume = resumes.find((x) => x.id === r.resumeId);
    return [
      {
        id: r.id,
        status,
        appliedAt: new Date(r.createdAt).toISOString(),
        updatedAt: new Date(r.updatedAt).toISOString(),
        jobClosedAt: r.jobClosedAt ? new Date(r.jobClosedAt).toISOString() : null,
        resume: resume ? resumeInfo(resume) : null,
        job,
        history: own.filter((c) => !heldBack(c, at)).map((c) => changeView(c, candidateId)),
      },
    ];
  });
  return { counts, applications };
}

/** The candidate's application to one job, for the job page; null when they haven't applied. */
export async function candidateApplicationForJob(
  candidateId: string,
  jobId: string,
): Promise<{ id: string; status: ApplicationStatus; appliedAt: string; resumeId: string | null } | null> {
  if (!isUuid(jobId)) return null;
  const row = await em().findOne(Application, { candidateId, jobId });
  return row
    ? {
        id: row.id,
        status: row.status,
        appliedAt: new Date(row.createdAt).toISOString(),
        resumeId: row.resumeId ?? null,
      }
    : null;
}

/** How many applications count toward the candidate's plan (the plan page's usage): withdrawn ones don't. */
export function countApplicationsSent(candidateId: string): Promise<number> {
  return countApplicationsTowardPlan(candidateId);
}

/** How many applications the company's jobs have received (the plan page's usage). */
export function countApplicationsReceived(companyId: string): Promise<number> {
  return em().count(Application, { companyId });
}

/** An application as its candidate sent it: the questions as asked, the answers, resume and timeline. */
export interface SentApplication extends CandidateApplication {
  answers: AnswerView[];
  /** Still undecided, so the candidate may withdraw it. */
  withdrawable: boolean;
  /** Applied on the company's own site (an imported listing): where that is. */
  companySite: string | null;
}

/** The candidate's own application by id; anyone else's (or a bad id) is not found. */
export async function sentApplication(candidateId: string, applicationId: string): Promise<SentApplication> {
  const row = isUuid(applicationId) ? await em().findOne(Application, { id: applicationId, candidateId }) : null;
  if (!row) throw applicationNotFound();
  const [jobs, changes, resume, answers] = await Promise.all([
    jobCards([row.jobId]),
    em().find(ApplicationStatusChange, { applicationId: row.id }, { orderBy: { changedAt: "asc", id: "asc" } }),
    row.resumeId ? em().findOne(Resume, { id: row.resumeId }) : null,
    em().find(ApplicationAnswer, { applicationId: row.id }, { orderBy: { orderIndex: "asc" } }),
  ]);
  const job = jobs.get(row.jobId);
  if (!job) throw applicationNotFound();
  const at = now();
  return {
    id: row.id,
    status: statusAsTold(row.status, changes.at(-1), at),
    appliedAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    jobClosedAt: row.jobClosedAt ? new Date(row.jobClosedAt).toISOString() : null,
    resume: resume ? resumeInfo(resume) : null,
    job,
    history: changes.filter((c) => !heldBack(c, at)).map((c) => changeView(c, candidateId)),
    answers: answers.map((a) => ({
      question: a.questionText,
      type: a.questionType,
      category: a.category,
      answer: a.answer,
      rating: a.rating ?? null,
    })),
    withdrawable: mayWithdraw(row.status),
    companySite: row.status === "applied_external" ? job.applyLink : null,
  };
}
