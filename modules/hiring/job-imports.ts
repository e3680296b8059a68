// Listings from a job-search provider, stored as jobs without a company (one per provider id),
// and the screening questions made for them once.
import { placeKeys } from "../../lib/places.ts";
import { boardChanged } from "./board-events.ts";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { Job, JobQuestion } from "./entities.ts";
import { isUuid } from "../../lib/uuid.ts";
import { HiringError } from "./errors.ts";
import { randomUUID } from "node:crypto";
import {
  CURRENCIES,
  EMPLOYMENT_TYPES,
  MAX_BENEFITS,
  MAX_QUESTIONS,
  MAX_SALARY,
  MAX_SKILLS,
  type QuestionCategory,
  type QuestionType,
} from "./vocabulary.ts";

export interface ExternalListing {
  /** The provider's name, e.g. "sample" or "jsearch". */
  source: string;
  externalId: string;
  title: string;
  companyName: string;
  companyLogo: string | null;
  location: string;
  remote: boolean;
  description: string;
  employmentType: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  skills: string[];
  benefits: string[];
  applyLink: string | null;
  postedAt: string | null;
}

const clip = (text: string | null | undefined, max: number) => (text ?? "").trim().slice(0, max);

/**
 * Stores a provider's listing as an active job with no employer, and returns its id. The same
 * listing imported twice, or by two candidates at once, is one job: the unique (source,
 * external id) index decides, and the loser reads the winner's row.
 */
export async function importListing(listing: ExternalListing): Promise<string | null> {
  const title = clip(listing.title, 200);
  const company = clip(listing.companyName, 160);
  if (!title || !company)
    throw new HiringError("invalid", "This listing has no title or company, so it can't be applied to here.");
  const employment = (EMPLOYMENT_TYPES as readonly string[]).includes(listing.employmentType ?? "")
    ? listing.employmentType
    : null;
  const currency = (CURRENCIES as readonly string[]).includes(listing.salaryCurrency ?? "")
    ? listing.salaryCurrency
    : "USD";
  const [min, max] = [listing.salaryMin, listing.salaryMax].map((n) =>
    Number.isInteger(n) && n! >= 0 && n! <= MAX_SALARY ? n : null,
  );
  const salaryOk = min === null || max === null || min <= max;
  const posted = listing.postedAt && !Number.isNaN(Date.parse(listing.postedAt)) ? new Date(listing.postedAt) : now();
  const manager = em();
  await manager
    .createQueryBuilder(Job)
    .insert({
      id: randomUUID(),
      employerId: null,
      companyId: null,
      source: clip(listing.source, 40),
      externalId: clip(listing.externalId, 200),
      status: "active",
      title,
      companyName: company,
      companyLogo: /^https:\/\//.test(listing.companyLogo ?? "") ? clip(listing.companyLogo, 500) : null,
      location: clip(listing.location, 200) || (listing.remote ? "Remote" : null),
      placeKeys: placeKeys(clip(listing.location, 200)),
      locationType: listing.remote ? "remote" : null,
      employmentType: employment as Job["employmentType"],
      salaryMin: salaryOk ? min : null,
      salaryMax: salaryOk ? max : null,
      salaryCurrency: currency as Job["salaryCurrency"],
      description: clip(listing.description, 20_000),
      requirements: listing.skills.length ? listing.skills.join(", ").slice(0, 10_000) : null,
      skills: listing.skills
        .slice(0, MAX_SKILLS)
        .map((s) => clip(s, 60))
        .filter(Boolean),
      benefits: listing.benefits
        .slice(0, MAX_BENEFITS)
        .map((b) => clip(b, 120))
        .filter(Boolean),
      applyLink: /^https?:\/\//.test(listing.applyLink ?? "") ? clip(listing.applyLink, 1000) : null,
      createdAt: now(),
      updatedAt: now(),
      publishedAt: posted,
    })
    .onConflict()
    .ignore()
    .execute();
  const job = await manager.findOneOrFail(Job, {
    source: clip(listing.source, 40),
    externalId: clip(listing.externalId, 200),
  });
  await boardChanged();
  // Imported before and since closed or archived here: not open to applications any more.
  return job.status === "active" ? job.id : null;
}

export interface GeneratedQuestionInput {
  questionText: string;
  questionType: QuestionType;
  category: QuestionCategory;
  options: string[] | null;
  required: boolean;
}

export async function addGeneratedQuestions(jobId: string, questions: GeneratedQuestionInput[]): Promise<boolean> {
  return transaction(async (tx) => {
    const job = isUuid(jobId) ? await lockForUpdate(Job, { id: jobId, companyId: null }) : null;
    if (!job || job.questionsGeneratedAt || (await tx.count(JobQuestion, { job: jobId }))) return false;
    questions.slice(0, MAX_QUESTIONS).forEach((q, i) =>
      tx.create(JobQuestion, {
        job,
        questionText: q.questionText,
        questionType: q.questionType,
        category: q.category,
        options: q.options,
        required: q.required,
        orderIndex: i,
      }),
    );
    job.questionsGeneratedAt = now();
    await tx.flush();
    return true;
  });
}
