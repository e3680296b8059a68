// Hiring's background work, for the worker registry (jobs/queues.ts): invitation emails, the notice
// to a member made owner.
import type { QueueDefinition } from "../../lib/queue.ts";
import { invitationQueues } from "./invitations.ts";
import { ownerPromotedQueue } from "./owner-promotion.ts";

export const hiringQueues: QueueDefinition[] = [...invitationQueues, ownerPromotedQueue as QueueDefinition];
