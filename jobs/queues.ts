// Every queue of every module, in one list: the worker registry and the place to look up a name.
import type { QueueDefinition } from "../lib/queue.ts";
import { identityQueues } from "../modules/identity/index.server.ts";
import { searchQueues } from "../modules/search/index.server.ts";
import { applicationsQueues } from "../modules/applications/index.server.ts";
import { aiQueues } from "../modules/ai/index.server.ts";
import { quotaQueues } from "../lib/quotas.ts";
import { savedQueues } from "../modules/saved/index.server.ts";
import { hiringQueues } from "../modules/hiring/index.server.ts";
import { billingPlansQueues } from "../modules/billing-plans/index.server.ts";
import { interviewsQueues } from "../modules/interviews/index.server.ts";
import { feedsQueues } from "../modules/feeds/index.server.ts";

export const queues: QueueDefinition[] = [
  ...identityQueues,
  ...searchQueues,
  ...applicationsQueues,
  ...aiQueues,
  ...quotaQueues,
  ...savedQueues,
  ...hiringQueues,
  ...billingPlansQueues,
  ...interviewsQueues,
  ...feedsQueues,
];
