// What the applications module holds about an account, for its export and its erasure
// (registered with identity, modules/identity/account-data.ts). Decision 039:
// - a candidate exports their applications (job, answers, statuses, history, scores), drafts and
//   resumes; an employer exports only counts of the applications their jobs received, since every
//   application is another person's data;
// - a deleted candidate's applications to an employer's job stay as rows without a candidate
//   (no answers, resume, score or link to the person), so the employer's counts and pipeline stay
//   true and the application reads "Deleted candidate"; applications nobody received (imported
//   listings) go entirely;
// - a deleted employer's applicants whose application was still open are told the job closed
//   (one email per application), and the applications lose the employer's id.
// Notes and ratings (decision 051): an employer exports the notes and ratings they wrote (their
// words, with the job's title, never the candidate's name); a candidate's export has none, as
// candidates never read them. Deleting an employer keeps their notes and ratings with the company,
// by "Former member" (author cleared). Deleting a candidate keeps the team's notes and ratings on the
// anonymised application: they are the company's record of its own review, and without them the
// team's decision on a "Deleted candidate" would read as never made.
// Scorecards (decision 083) and recorded decisions (086) go as notes do: an employer exports theirs; a deleted member's
// submitted ones stay by "Former member", their drafts go.
// Voluntary self-identification (decision 088): a candidate exports their own answers; it goes
// with their account (the anonymised application keeps none).
// Messages (decision 071): a candidate exports the whole thread of each application (both sides
// wrote to them); an employer exports the messages they wrote, with the job's title. The thread
// goes with the candidate's account; a deleted member's messages stay by "Former member".
import { em } from "../../lib/db.ts";
import { enqueue } from "../../lib/queue.ts";
import { findMember, jobCards, memberCount } from "../hiring/index.server.ts";
import type { AccountDataHolder, AccountExportPart, AccountRef } from "../identity/index.server.ts";
import {
  Application,
  ApplicationAnswer,
  ApplicationDraft,
  ApplicationStatusChange,
  Resume,
  APPLICATION_STATUSES,
} from "./entities.ts";
import { JOB_CLOSED_EMAIL_QUEUE } from "./queues.ts";
import { changeView, STATUS_LABELS } from "./review.ts";
import { isOpen } from "./pipeline.ts";
import { scoresFor } from "./scoring.ts";
import { scaleLabel } from "./scorecard-scale.ts";
import { decisionsMade } from "./decisions.ts";
import { anonymiseApplications } from "./anonymise.ts";
import { retentionDueDates } from "./retention.ts";
import { draftSelfIdentification, ownSelfIdentifications } from "./eeo.ts";

const safeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._ -]+/g, "_")
    .replace(/^[.\s]+/, "")
    .slice(0, 120) || "resume.pdf";
const iso = (d: Date | string) => new Date(d).toISOString();

// What retention keeps and for how long (decision 089), as the privacy page says it.
const RETENTION_NOTE =
  "A company keeps an application for the period it chose (6, 12 or 24 months, 12 unless it changed it) after the job closed, or longer if you asked to stay in its talent pool; 30 days before, we email you a link to ask. From `anonymisedFrom` on, your answers, resume, messages and the team's notes and scorecards are removed, and the company keeps only that an application reached each stage, without you. `anonymisedFrom` is null while the job is open and for a hire. Your account and resume library stay until you delete them.";

async function candidateExport(candidateId: string): Promise<AccountExportPart> {
  const [rows, drafts, resumes] = await Promise.all([
    em().find(Application, { candidateId }, { orderBy: { createdAt: "asc", id: "asc" } }),
    em().find(ApplicationDraft, { candidateId }, { orderBy: { updatedAt: "asc" } }),
    em().find(Resume, { candidateId }, { orderBy: { createdAt: "asc" }, populate: ["text"] }),
  ]);
  const ids = rows.map((r) => r.id);
  const [jobs, answers, changes, scores, messages, dueDates, selfIdentified] = await Promise.all([
    jobCards([...rows.map((r) => r.jobId), ...drafts.map((d) => d.jobId)]),
    ids.length ? em().find(ApplicationAnswer, { applicationId: { $in: ids } }, { orderBy: { orderIndex: "asc" } }) : [],
    ids.length
      ? em().find(
          ApplicationStatusChange,
          { applicationId: { $in: ids } },
          { orderBy: { changedAt: "asc", id: "asc" } },
        )
      : [],
    scoresFor(ids),
    threadsOf(ids),
    retentionDueDates(rows),
    ownSelfIdentifications(ids),
  ]);
  const files = resumes.map((r, i) => ({
    path: `resumes/${i + 1}-${safeName(r.originalName)}`,
    storageKey: r.storageKey,
  }));
  const fileOf = new Map(resumes.map((r, i) => [r.id, files[i]!.path]));
  const jobView = (jobId: string) => {
    const job = jobs.get(jobId);
    return job
      ? { title: job.title, company: job.companyName, location: job.location, open: job.status === "active" }
      : { title: "A job that no longer exists" };
  };
  return {
    json: {
      "applications.json": {
        retention: RETENTION_NOTE,
        applications: rows.map((r) => ({
          job: jobView(r.jobId),
          appliedAt: iso(r.createdAt),
          updatedAt: iso(r.updatedAt),
          status: STATUS_LABELS[r.status],
          history: changes.filter((c) => c.applicationId === r.id).map((c) => changeView(c, candidateId)),
          answers: answers
            .filter((a) => a.applicationId === r.id)
            .map((a) => ({ question: a.questionText, answer: a.answer, rating: a.rating ?? null })),
          resume: r.resumeId ? (fileOf.get(r.resumeId) ?? null) : null,
          score: scores.get(r.id) ?? null,
          messages: messages.get(r.id) ?? [],
          anonymisedFrom: dueDates.has(r.id) ? iso(dueDates.get(r.id)!) : null,
          voluntarySelfIdentification: selfIdentified.get(r.id) ?? null,
        })),
        drafts: drafts.map((d) => ({
          job: jobView(d.jobId),
          answers: d.answers,
          resume: d.resumeId ? (fileOf.get(d.resumeId) ?? null) : null,
          voluntarySelfIdentification: draftSelfIdentification(d),
          savedAt: iso(d.updatedAt),
        })),
      },
      "resumes.json": {
        resumes: resumes.map((r) => ({
          file: fileOf.get(r.id),
          name: r.originalName,
          sizeBytes: r.sizeBytes,
          sha256: r.sha256,
          uploadedAt: iso(r.createdAt),
          textWeRead: r.textStatus === "ready" ? (r.text ?? null) : null,
        })),
      },
    },
    files,
  };
}

/** Each application's messages, oldest first, as its candidate reads them. */
async function threadsOf(applicationIds: string[]) {
  const threads = new Map<string, { from: string; text: string; sentAt: string }[]>();
  if (!applicationIds.length) return threads;
  const rows = await em().execute<{ application_id: string; author_side: string; body: string; created_at: Date }[]>(
    `select application_id, author_side, body, created_at from application_messages
      where application_id = any(?::uuid[]) order by created_at, id`,
    [`{${applicationIds.join(",")}}`],
  );
  for (const row of rows) {
    const thread = threads.get(row.application_id) ?? [];
    thread.push({
      from: row.author_side === "candidate" ? "You" : "The company",
      text: row.body,
      sentAt: iso(row.created_at),
    });
    threads.set(row.application_id, thread);
  }
  return threads;
}

async function messagesWritten(authorId: string) {
  const rows = await em().execute<{ job_id: string; body: string; created_at: Date }[]>(
    `select a.job_id, m.body, m.created_at from application_messages m join applications a on a.id = m.application_id
      where m.author_id = ? and m.author_side = 'company' order by m.created_at, m.id`,
    [authorId],
  );
  const jobs = await jobCards(rows.map((r) => r.job_id));
  return {
    note: "The messages you wrote to applicants, with the job they applied to. Who the applicant was and what they wrote are their personal data, so they are not part of your export.",
    messages: rows.map((r) => ({ job: jobs.get(r.job_id)?.title ?? null, text: r.body, sentAt: iso(r.created_at) })),
  };
}

async function notesAndRatingsWritten(authorId: string) {
  const [notes, ratings] = await Promise.all([
    em().execute<{ job_id: string; body: string; created_at: Date; edited_at: Date | null }[]>(
      `select a.job_id, n.body, n.created_at, n.edited_at from application_notes n join applications a on a.id = n.application_id
        where n.author_id = ? order by n.created_at, n.id`,
      [authorId],
    ),
    em().execute<{ job_id: string; stars: number; reason: string; updated_at: Date }[]>(
      `select a.job_id, r.stars, r.reason, r.updated_at from application_ratings r join applications a on a.id = r.application_id
        where r.rater_id = ? order by r.created_at, r.id`,
      [authorId],
    ),
  ]);
  const jobs = await jobCards([...notes.map((n) => n.job_id), ...ratings.map((r) => r.job_id)]);
  const title = (jobId: string) => jobs.get(jobId)?.title ?? null;
  return {
    note: "The notes and ratings you wrote on applicants, with the job they applied to. Who the applicant was is their personal data, so it is not part of your export.",
    notes: notes.map((n) => ({
      job: title(n.job_id),
      text: n.body,
      writtenAt: iso(n.created_at),
      editedAt: n.edited_at ? iso(n.edited_at) : null,
    })),
    ratings: ratings.map((r) => ({
      job: title(r.job_id),
      stars: r.stars,
      reason: r.reason,
      ratedAt: iso(r.updated_at),
    })),
  };
}

/** The scorecards a member wrote (decision 083): their ratings and words, with the job's title. */
async function scorecardsWritten(authorId: string) {
  const cards = await em().execute<
    {
      id: string;
      job_id: string;
      takeaways: string;
      recommendation: number | null;
      submitted_at: Date | null;
      edited_at: Date | null;
    }[]
  >(
    `select s.id, a.job_id, s.takeaways, s.recommendation, s.submitted_at, s.edited_at from scorecards s
      join applications a on a.id = s.application_id where s.author_id = ? order by s.created_at, s.id`,
    [authorId],
  );
  const ratings = cards.length
    ? await em().execute<{ scorecard_id: string; name: string; rating: number | null }[]>(
        `select r.scorecard_id, t.name, r.rating from scorecard_ratings r join job_scorecard_attributes t on t.id = r.attribute_id
          where r.scorecard_id = any(?::uuid[]) order by t.position, t.id`,
        [`{${cards.map((c) => c.id).join(",")}}`],
      )
    : [];
  const jobs = await jobCards(cards.map((c) => c.job_id));
  return {
    note: "The scorecards you wrote on applicants, with the job they applied to. Who the applicant was is their personal data, so it is not part of your export.",
    scorecards: cards.map((c) => ({
      job: jobs.get(c.job_id)?.title ?? null,
      ratings: ratings
        .filter((r) => r.scorecard_id === c.id)
        .map((r) => ({ attribute: r.name, rating: scaleLabel(r.rating) })),
      takeaways: c.takeaways,
      recommendation: c.recommendation === null ? null : scaleLabel(c.recommendation),
      submittedAt: c.submitted_at ? iso(c.submitted_at) : null,
      editedAt: c.edited_at ? iso(c.edited_at) : null,
    })),
  };
}

async function employerExport(employerId: string): Promise<AccountExportPart> {
  const rows = await em().execute<{ job_id: string; status: string; n: string }[]>(
    `select a.job_id, a.status, count(*) as n from applications a join jobs j on j.id = a.job_id where j.employer_id = ? group by a.job_id, a.status`,
    [employerId],
  );
  const jobs = await jobCards(rows.map((r) => r.job_id));
  const perJob = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const counts = perJob.get(row.job_id) ?? Object.fromEntries(APPLICATION_STATUSES.map((s) => [STATUS_LABELS[s], 0]));
    counts[STATUS_LABELS[row.status as keyof typeof STATUS_LABELS]] = Number(row.n);
    perJob.set(row.job_id, counts);
  }
  return {
    json: {
      "applications-received.json": {
        note: "How many applications each of your jobs received, by status. The applications themselves are the candidates' personal data, so they are not part of your export.",
        jobs: [...perJob].map(([jobId, counts]) => ({
          jobId,
          title: jobs.get(jobId)?.title ?? null,
          total: Object.values(counts).reduce((a, b) => a + b, 0),
          byStatus: counts,
        })),
      },
      "notes-and-ratings.json": await notesAndRatingsWritten(employerId),
      "messages-written.json": await messagesWritten(employerId),
      "scorecards-written.json": await scorecardsWritten(employerId),
      "decisions-made.json": await decisionsMade(employerId),
    },
  };
}

async function eraseCandidate(candidateId: string): Promise<string[]> {
  const manager = em();
  // Nobody received an application to an imported listing: it goes with its answers and history.
  await manager.execute(`delete from applications where candidate_id = ? and company_id is null`, [candidateId]);
  const mine = await manager.execute<{ id: string }[]>(`select id from applications where candidate_id = ?`, [
    candidateId,
  ]);
  await anonymiseApplications(
    mine.map((r) => r.id),
    { teamRecord: "keep" },
  );
  await manager.execute(`update application_status_changes set changed_by = null where changed_by = ?`, [candidateId]);
  await manager.execute(`delete from application_drafts where candidate_id = ?`, [candidateId]);
  const resumes = await manager.execute<{ storage_key: string }[]>(
    `delete from resumes where candidate_id = ? returning storage_key`,
    [candidateId],
  );
  return resumes.map((r) => r.storage_key);
}

async function eraseEmployer(employerId: string): Promise<void> {
  const manager = em();
  // The last member of a company leaving closes its jobs (hiring's part): the candidates still
  // waiting hear it. With colleagues left, the company's jobs and applications carry on.
  const member = await findMember(employerId);
  if (member && (await memberCount(member.companyId)) <= 1) {
    const waiting = APPLICATION_STATUSES.filter(isOpen);
    const open = await manager.execute<{ id: string }[]>(
      `select id from applications where company_id = ? and candidate_id is not null and status = any(?::text[]) order by created_at, id`,
      [member.companyId, `{${waiting.join(",")}}`],
    );
    for (const { id } of open) await enqueue(JOB_CLOSED_EMAIL_QUEUE, { applicationId: id });
  }
  await manager.execute(`update application_status_changes set changed_by = null where changed_by = ?`, [employerId]);
  // What they wrote stays the company's record of its review, by "Former member".
  await manager.execute(`update application_notes set author_id = null where author_id = ?`, [employerId]);
  await manager.execute(`update application_ratings set rater_id = null where rater_id = ?`, [employerId]);
  // A draft was never the company's; a submitted scorecard is its record, by "Former member".
  await manager.execute(`delete from scorecards where author_id = ? and submitted_at is null`, [employerId]);
  await manager.execute(`update scorecards set author_id = null where author_id = ?`, [employerId]);
  // A decision stays the company's record of it (decision 086), by "Former member".
  await manager.execute(`update application_decisions set decided_by = null where decided_by = ?`, [employerId]);
  await manager.execute(
    `update application_messages set author_id = null where author_id = ? and author_side = 'company'`,
    [employerId],
  );
}

export const applicationsAccountData: AccountDataHolder = {
  name: "applications",
  // Status changes: a candidate's come out in each application's history; an employer's were made
  // on candidates' applications, which are theirs (only counts go out, as above).
  exports: [
    "applications.candidate_id",
    "application_drafts.candidate_id",
    "resumes.candidate_id",
    "application_notes.author_id",
    "application_ratings.rater_id",
    "scorecards.author_id",
    "application_decisions.decided_by",
    "application_messages.author_id",
    "application_status_changes.changed_by",
  ],
  exportData: (account: AccountRef) =>
    account.role === "employer" ? employerExport(account.id) : candidateExport(account.id),
  async erase(account: AccountRef) {
    // Both, whatever the role: a role changed by the CLI may have left rows of the other kind.
    await eraseEmployer(account.id);
    return eraseCandidate(account.id);
  },
};
