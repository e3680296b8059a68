// Hiring's background work, for the worker registry (jobs/queues.ts): invitation emails, the notice
// to a member made owner, and the scheduled refresh of the salary figures job pages read.
import type { QueueDefinition } from "../../lib/queue.ts";
import { invitationQueues } from "./invitations.ts";
import { salaryFiguresQueue } from "./salary-insight.ts";
import { ownerPromotedQueue } from "./owner-promotion.ts";

export const hiringQueues: QueueDefinition[] = [
  ...invitationQueues,
  salaryFiguresQueue as QueueDefinition,
  ownerPromotedQueue as QueueDefinition,
];
