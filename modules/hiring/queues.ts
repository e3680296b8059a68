// Hiring's background work, for the worker registry (jobs/queues.ts): invitation emails, and the
// scheduled refresh of the salary figures job pages read.
import type { QueueDefinition } from "../../lib/queue.ts";
import { invitationQueues } from "./invitations.ts";
import { salaryFiguresQueue } from "./salary-insight.ts";

export const hiringQueues: QueueDefinition[] = [...invitationQueues, salaryFiguresQueue as QueueDefinition];
