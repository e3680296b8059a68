import { defineEntity, p } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";
import { now } from "../../lib/clock.ts";

// The pipeline (pipeline.ts has the moves): the spec's four, then interview, offer and hired.
// "withdrawn": the candidate took it back (only they can). "applied_external": an imported listing
// the candidate applied to on the company's own site; no employer here ever reads it.
export const APPLICATION_STATUSES = [
  "submitted",
  "reviewed",
  "shortlisted",
  "rejected",
  "interview",
  "offer",
  "hired",
  "withdrawn",
  "applied_external",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const RESUME_TEXT_STATUSES = ["pending", "ready", "unreadable"] as const;

// A PDF a candidate uploaded. Kept once and reusable for later applications; the bytes live in
// file storage under `storageKey` (resumes/<candidate>/<job>-<timestamp>.pdf, as the spec builds
// the path). `text` is what a background job reads out of it for scoring.
const ResumeSchema = defineEntity({
  name: "Resume",
  tableName: "resumes",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    candidateId: p.uuid(),
    storageKey: p.string().length(300).unique(),
    originalName: p.string().length(200),
    sizeBytes: p.integer(),
    sha256: p.string().length(64),
    textStatus: p.enum([...RESUME_TEXT_STATUSES]).default("pending"),
    text: p.text().nullable().lazy(),
    createdAt: p.datetime().onCreate(() => now()),
    // The one the apply wizard picks first (at most one per candidate, kept by resume-library.ts).
    isDefault: p.boolean().default(false),
    // Deleted from the library while an employer still holds it with an application: hidden from
    // the candidate, erased once nothing live references it (resume-library.ts).
    deletedAt: p.datetime().nullable(),
  },
});
export class Resume extends ResumeSchema.class {}
ResumeSchema.setClass(Resume);

// One candidate's application to one job (unique per pair). `companyId` is the job's company at
// the time of applying (null for imported listings), so a company's counts need no join.
const ApplicationSchema = defineEntity({
  name: "Application",
  tableName: "applications",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    jobId: p.uuid(),
    // Null once the candidate deleted their account: the row stays, anonymised (decision 039).
    candidateId: p.uuid().nullable(),
    companyId: p.uuid().nullable(),
    status: p.enum([...APPLICATION_STATUSES]),
    resumeId: p.uuid().nullable(),
    // When the candidate was told the job closed while they waited (job-closed.ts): My Applications says so.
    jobClosedAt: p.datetime().nullable(),
    // The candidate asked to stay in the company's talent pool (retention.ts, decision 089): not
    // anonymised before this, even past the company's period after the job closed.
    keptUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => now()),
    updatedAt: p
      .datetime()
      .onCreate(() => now())
      .onUpdate(() => now()),
  },
});
export class Application extends ApplicationSchema.class {}
ApplicationSchema.setClass(Application);

// An answer, with the question as it was asked: questions can be edited later, answers keep what
// the candidate saw.
const ApplicationAnswerSchema = defineEntity({
  name: "ApplicationAnswer",
  tableName: "application_answers",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    applicationId: p.uuid(),
    questionId: p.uuid().nullable(),
    questionText: p.text(),
    questionType: p.string(),
    category: p.string(),
    options: p.json<string[]>().nullable(),
    answer: p.text(),
    rating: p.smallint().nullable(),
    orderIndex: p.integer(),
  },
});
export class ApplicationAnswer extends ApplicationAnswerSchema.class {}
ApplicationAnswerSchema.setClass(ApplicationAnswer);

// Every status an application has had: who moved it, when, and the employer's words to the
// candidate that went with the change's email (null without).
const StatusChangeSchema = defineEntity({
  name: "ApplicationStatusChange",
  tableName: "application_status_changes",
  properties: {
    id: p.integer().primary(),
    applicationId: p.uuid(),
    fromStatus: p.string().nullable(),
    toStatus: p.string(),
    changedBy: p.uuid().nullable(),
    changedAt: p.datetime(),
    message: p.text().nullable(),
    // A rejection's private reason and note (rejections.ts): the team's, never the candidate's.
    rejectionReason: p.string().nullable(),
    rejectionNote: p.text().nullable(),
    // When the change's email goes, and whether a member cancelled it before then.
    emailDueAt: p.datetime().nullable(),
    emailCancelledAt: p.datetime().nullable(),
  },
});
export class ApplicationStatusChange extends StatusChangeSchema.class {}
StatusChangeSchema.setClass(ApplicationStatusChange);

// The apply wizard's working copy between steps (JavaScript off posts each step): answers by
// question id, and the resume picked or uploaded so far.
const ApplicationDraftSchema = defineEntity({
  name: "ApplicationDraft",
  tableName: "application_drafts",
  properties: {
    candidateId: p.uuid().primary(),
    jobId: p.uuid().primary(),
    answers: p.json<Record<string, string>>(),
    resumeId: p.uuid().nullable(),
    // The voluntary self-identification section (a US job; eeo.ts), null until it is posted.
    eeo: p.json<Record<string, string>>().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => now())
      .onUpdate(() => now()),
  },
});
export class ApplicationDraft extends ApplicationDraftSchema.class {}
ApplicationDraftSchema.setClass(ApplicationDraft);

// A visitor's application before there is an account (held.ts, decision 080): first the wizard's
// working copy for one browser (`browserKeyHash`, the SHA-256 of its cookie's key), then, once
// submitted with a name and email (`heldAt`), held until the emailed link (`tokenHash`) is opened.
// The resume's bytes wait in file storage under `resumeKey`; everything goes after `expiresAt`.
const HeldApplicationSchema = defineEntity({
  name: "HeldApplication",
  tableName: "held_applications",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    jobId: p.uuid(),
    browserKeyHash: p.string().length(64),
    answers: p.json<Record<string, string>>(),
    // The voluntary self-identification section (a US job; decision 088), null until it is posted.
    eeo: p.json<Record<string, string>>().nullable(),
    resumeKey: p.string().length(300).nullable(),
    resumeName: p.string().length(200).nullable(),
    resumeSize: p.integer().nullable(),
    resumeSha256: p.string().length(64).nullable(),
    resumeText: p.text().nullable(),
    fullName: p.string().length(200).nullable(),
    email: p.string().length(320).nullable(),
    // The page's language at Send ("de"; null for English): the link's email and the account follow it.
    language: p.string().length(8).nullable(),
    tokenHash: p.string().length(64).nullable(),
    heldAt: p.datetime().nullable(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => now()),
    updatedAt: p
      .datetime()
      .onCreate(() => now())
      .onUpdate(() => now()),
  },
});
export class HeldApplication extends HeldApplicationSchema.class {}
HeldApplicationSchema.setClass(HeldApplication);

// An applicant's voluntary self-identification (a US job; eeo.ts, decision 088), apart from the
// application: no reviewer's read touches this table; only the candidate's export and the owner's
// counts do. Each answer is a code of eeo-vocabulary.ts ("declined" included).
const EeoSelfIdentificationSchema = defineEntity({
  name: "EeoSelfIdentification",
  tableName: "eeo_self_identifications",
  properties: {
    applicationId: p.uuid().primary(),
    gender: p.string().length(40),
    raceEthnicity: p.string().length(40),
    veteranStatus: p.string().length(40),
    disabilityStatus: p.string().length(40),
    createdAt: p.datetime().onCreate(() => now()),
  },
});
export class EeoSelfIdentification extends EeoSelfIdentificationSchema.class {}
EeoSelfIdentificationSchema.setClass(EeoSelfIdentification);

export const applicationsEntities = [
  Resume,
  Application,
  ApplicationAnswer,
  ApplicationStatusChange,
  ApplicationDraft,
  HeldApplication,
  EeoSelfIdentification,
];
