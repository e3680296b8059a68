import { defineEntity, p } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";
import { now } from "../../lib/clock.ts";
import {
  CATEGORIES,
  CURRENCIES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  JOB_STATUSES,
  LOCATION_TYPES,
  QUESTION_CATEGORIES,
  QUESTION_TYPES,
} from "./vocabulary.ts";
import type { WizardForm } from "./schemas.ts";
import { placeKeys } from "../../lib/places.ts";

// A job. Columns hold the job as published; a draft row (status draft) has them empty until it is
// published. `draft` is the post wizard's working copy (everything as typed, questions included),
// so a half-finished job or an edit in progress never changes what candidates see. The database
// checks that every job past draft has its required fields (see the migration).
const JobSchema = defineEntity({
  name: "Job",
  tableName: "jobs",
  indexes: [{ properties: ["employerId", "status"] }, { properties: ["companyId", "status"] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    // The company that owns the job (team.ts); null for listings imported from a job-search
    // provider, which have no employer here.
    companyId: p.uuid().nullable(),
    // The member who posted it (identity's user id): new applications are emailed to them while
    // they are a member. Null for imported listings and once that account is deleted.
    employerId: p.uuid().nullable(),
    // Where the job comes from: "board" (posted here) or a provider's name; a provider's own id
    // is unique per provider, so a listing imported twice is one job.
    source: p.string().length(40).default("board"),
    externalId: p.string().length(200).nullable(),
    // Imported listings keep the provider's apply link.
    applyLink: p.string().length(1000).nullable(),
    status: p.enum([...JOB_STATUSES]).default("draft"),
    title: p.string().length(200).nullable(),
    companyName: p.string().length(160).nullable(),
    companyLogo: p.string().length(500).nullable(),
    location: p.string().length(200).nullable(),
    // The places the location names or implies (lib/places.ts), for the search's location filter;
    // recomputed whenever the job is written.
    placeKeys: p
      .array<string>()
      .onCreate((job: { location?: string | null }) => placeKeys(job.location))
      .onUpdate((job: { location?: string | null }) => placeKeys(job.location)),
    locationType: p.enum([...LOCATION_TYPES]).nullable(),
    employmentType: p.enum([...EMPLOYMENT_TYPES]).nullable(),
    category: p.enum([...CATEGORIES]).nullable(),
    experienceLevel: p.enum([...EXPERIENCE_LEVELS]).nullable(),
    salaryMin: p.integer().nullable(),
    salaryMax: p.integer().nullable(),
    salaryCurrency: p.enum([...CURRENCIES]).default("USD"),
    // How many people the job hires (1..100): the hire that fills the last one offers to close it.
    openings: p.integer().default(1),
    requirements: p.text().nullable(),
    description: p.text().nullable(),
    benefits: p.json<string[]>().onCreate(() => []),
    skills: p.json<string[]>().onCreate(() => []),
    draft: p.json<WizardForm>().nullable(),
    questions: () => p.oneToMany(JobQuestion).mappedBy("job").orderBy({ orderIndex: "asc" }),
    createdAt: p.datetime().onCreate(() => now()),
    updatedAt: p
      .datetime()
      .onCreate(() => now())
      .onUpdate(() => now()),
    publishedAt: p.datetime().nullable(),
    // When the job stops taking applications: set on publishing (60 days on), moved by its owner;
    // the expiry run closes active jobs past it (job-expiry.ts).
    closesAt: p.datetime().nullable(),
    // When it last closed or was archived (reopening clears it): a company's retention period counts
    // from here (retention.ts, decision 089).
    closedAt: p.datetime().nullable(),
    // Imported listings come without screening questions; set once questions were made for them.
    questionsGeneratedAt: p.datetime().nullable(),
  },
});
export class Job extends JobSchema.class {}
JobSchema.setClass(Job);

// A screening question of a published job, in the order the employer set.
const JobQuestionSchema = defineEntity({
  name: "JobQuestion",
  tableName: "job_questions",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    job: () => p.manyToOne(Job).deleteRule("cascade").index(),
    questionText: p.text(),
    questionType: p.enum([...QUESTION_TYPES]),
    category: p.enum([...QUESTION_CATEGORIES]).default("custom"),
    // Multiple choice only: at least two options.
    options: p.json<string[]>().nullable(),
    required: p.boolean().default(true),
    orderIndex: p.integer(),
  },
});
export class JobQuestion extends JobQuestionSchema.class {}
JobQuestionSchema.setClass(JobQuestion);

export const MEMBER_ROLES = ["owner", "recruiter", "interviewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

// A company: owns jobs; its plan is the one of `billingUserId` (the account that created it, or the
// owner who took the plan over) while they are a member; null: nobody, the company's own trial.
const CompanySchema = defineEntity({
  name: "Company",
  tableName: "companies",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    name: p.string().length(160),
    // An IANA zone; dates in the applications CSV are written in it.
    timeZone: p.string().length(64).default("UTC"),
    // Set once an owner saves the company's settings: from then on a job's place no longer sets the zone.
    timeZoneChosen: p.boolean().default(false),
    billingUserId: p.uuid().nullable().index(),
    // The career page's address, /companies/{slug} (career-page.ts): made from the name at creation,
    // changed by owners; the slugs it had before stay in company_slugs and redirect here.
    slug: p.string().length(60).unique(),
    // What the career page says about the company (plain text) and its own site; owners set them.
    about: p.text().nullable(),
    website: p.string().length(300).nullable(),
    // Pay transparency: publishing needs both salary bounds (pay-transparency.ts).
    requireSalaryRange: p.boolean().default(false),
    // Members read the others' scorecards only once theirs is submitted (scorecard-blindness.ts).
    blindScorecards: p.boolean().default(true),
    // How long applicants not hired are kept after their job closed: 6, 12 or 24 months (retention.ts).
    retentionMonths: p.smallint().default(12),
    createdAt: p.datetime().onCreate(() => now()),
  },
});
export class Company extends CompanySchema.class {}
CompanySchema.setClass(Company);

// A slug a company's career page had before: its address answers 301 to the current one, and no
// other company may take it.
const CompanySlugSchema = defineEntity({
  name: "CompanySlug",
  tableName: "company_slugs",
  properties: {
    slug: p.string().length(60).primary(),
    companyId: p.uuid().index(),
    retiredAt: p.datetime().onCreate(() => now()),
  },
});
export class CompanySlug extends CompanySlugSchema.class {}
CompanySlugSchema.setClass(CompanySlug);

// An employer account's place in a company (one company per account).
const CompanyMemberSchema = defineEntity({
  name: "CompanyMember",
  tableName: "company_members",
  properties: {
    companyId: p.uuid().primary(),
    userId: p.uuid().primary().unique(),
    role: p.enum([...MEMBER_ROLES]),
    joinedAt: p.datetime().onCreate(() => now()),
  },
});
export class CompanyMember extends CompanyMemberSchema.class {}
CompanyMemberSchema.setClass(CompanyMember);

// An interviewer assigned to a job sees its applicants.
const JobAssignmentSchema = defineEntity({
  name: "JobAssignment",
  tableName: "job_assignments",
  properties: {
    jobId: p.uuid().primary(),
    userId: p.uuid().primary().index(),
    assignedAt: p.datetime().onCreate(() => now()),
  },
});
export class JobAssignment extends JobAssignmentSchema.class {}
JobAssignmentSchema.setClass(JobAssignment);

// An invitation to join a company: a link valid 7 days, used once. The link carries the id signed
// with the server's secret (lib/signed-links.ts); revoking deletes the row.
const CompanyInvitationSchema = defineEntity({
  name: "CompanyInvitation",
  tableName: "company_invitations",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    companyId: p.uuid(),
    email: p.string().length(254),
    role: p.enum([...MEMBER_ROLES]),
    invitedBy: p.uuid().nullable(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => now()),
  },
});
export class CompanyInvitation extends CompanyInvitationSchema.class {}
CompanyInvitationSchema.setClass(CompanyInvitation);

export const hiringEntities = [Job, JobQuestion, Company, CompanySlug, CompanyMember, JobAssignment, CompanyInvitation];
