// Hiring's background work, for the worker registry (jobs/queues.ts): invitation emails, the notice
// to a member made owner, the hourly close of expired jobs and their closing reminders.
import type { QueueDefinition } from "../../lib/queue.ts";
import { invitationQueues } from "./invitations.ts";
import { ownerPromotedQueue } from "./owner-promotion.ts";
import { jobExpiryQueue } from "./job-expiry.ts";

export const hiringQueues: QueueDefinition[] = [
  ...invitationQueues,
  ownerPromotedQueue as QueueDefinition,
  jobExpiryQueue as QueueDefinition,
];
