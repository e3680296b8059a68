import { defineEntity, p } from "@mikro-orm/postgresql";
import { randomUUID } from "node:crypto";
import { now } from "../../lib/clock.ts";

export const INTERVIEW_STATUSES = ["offered", "booked", "cancelled"] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

// An interview on an application: the company offers times (offered), the candidate books one
// (booked), either side may cancel up to its start. `sequence` is the iCalendar SEQUENCE of the
// last invitation sent (raised by each reschedule and by the cancellation); `version` rises with
// every change, so a booking made from an older page is refused instead of overwriting a newer one.
const InterviewSchema = defineEntity({
  name: "Interview",
  tableName: "interviews",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    applicationId: p.uuid(),
    jobId: p.uuid(),
    companyId: p.uuid(),
    candidateId: p.uuid().nullable(),
    status: p.enum([...INTERVIEW_STATUSES]),
    lengthMinutes: p.integer(),
    location: p.text().nullable(),
    videoUrl: p.text().nullable(),
    // The company's zone when the times were offered: the times are shown in it, named.
    timeZone: p.text(),
    offeredBy: p.uuid().nullable(),
    bookedSlotId: p.uuid().nullable(),
    // The job's interview kit it uses (hiring's interview_kits); null: the job's first kit.
    kitId: p.uuid().nullable(),
    sequence: p.integer().default(0),
    version: p.integer().default(0),
    // The sequence whose reminder went out (null: none yet).
    remindedSequence: p.integer().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelledBy: p.enum(["company", "candidate"] as const).nullable(),
    createdAt: p.datetime().onCreate(() => now()),
    updatedAt: p
      .datetime()
      .onCreate(() => now())
      .onUpdate(() => now()),
  },
});
export class Interview extends InterviewSchema.class {}
InterviewSchema.setClass(Interview);

const InterviewSlotSchema = defineEntity({
  name: "InterviewSlot",
  tableName: "interview_slots",
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    interviewId: p.uuid(),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
  },
});
export class InterviewSlot extends InterviewSlotSchema.class {}
InterviewSlotSchema.setClass(InterviewSlot);

const InterviewerSchema = defineEntity({
  name: "InterviewInterviewer",
  tableName: "interview_interviewers",
  properties: {
    interviewId: p.uuid().primary(),
    userId: p.uuid().primary(),
  },
});
export class InterviewInterviewer extends InterviewerSchema.class {}
InterviewerSchema.setClass(InterviewInterviewer);

export const interviewsEntities = [Interview, InterviewSlot, InterviewInterviewer];
