import { defineEntity, p } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";
import { now } from "../../lib/clock.ts";

export const FREQUENCIES = ["daily", "weekly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

// A job a candidate saved. Provider listings are imported as jobs first (decision 045), so every
// saved job is a row in jobs and shows as closed when it closes.
const SavedJobSchema = defineEntity({
  name: "SavedJob",
  tableName: "saved_jobs",
  properties: {
    candidateId: p.uuid().primary(),
    jobId: p.uuid().primary(),
    savedAt: p.datetime().onCreate(() => now()),
  },
});
export class SavedJob extends SavedJobSchema.class {}
SavedJobSchema.setClass(SavedJob);

// A saved search the candidate is emailed about. `seenUntil`: jobs first seen after it are new to
// this alert. `nextRunAt`: when the alert run next sends it; a run claims it by moving that on
// (one atomic UPDATE), so each alert goes out at most once per period. `claimedBy` names the run
// that claimed it until the digest is queued, so that run's retry finishes the work.
const JobAlertSchema = defineEntity({
  name: "JobAlert",
  tableName: "job_alerts",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    candidateId: p.uuid(),
    q: p.string().length(200).default(""),
    location: p.string().length(100).default(""),
    locationType: p.string().length(20).default(""),
    employmentType: p.string().length(20).default(""),
    category: p.string().length(60).default(""),
    minSalary: p.integer().nullable(),
    // The search's "Include remote jobs" (null: the default, yes without a location) and the
    // minimum salary's currency, so the alert finds what its search found (decision 053).
    includeRemote: p.boolean().nullable(),
    salaryCurrency: p.string().length(3).default("USD"),
    // The normalised search: alerts with the same key are searched once per run.
    searchKey: p.string().length(600),
    frequency: p.enum([...FREQUENCIES]),
    // The candidate's zone: digests go out at 07:00 there (send-times.ts).
    timeZone: p.string().length(64).default("UTC"),
    pausedAt: p.datetime().nullable(),
    seenUntil: p.datetime(),
    nextRunAt: p.datetime(),
    claimedBy: p.string().length(100).nullable(),
    claimedPeriod: p.string().length(20).nullable(),
    claimSince: p.datetime().nullable(),
    lastSentAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => now()),
    updatedAt: p
      .datetime()
      .onCreate(() => now())
      .onUpdate(() => now()),
  },
});
export class JobAlert extends JobAlertSchema.class {}
JobAlertSchema.setClass(JobAlert);

export const savedEntities = [SavedJob, JobAlert];
