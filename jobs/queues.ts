// Every queue of every module, in one list: the worker registry and the place to look up a name.
import type { QueueDefinition } from "../lib/queue.ts";
import { identityQueues } from "../modules/identity/index.ts";
import { searchQueues } from "../modules/search/index.ts";
import { applicationsQueues } from "../modules/applications/index.ts";
import { aiQueues } from "../modules/ai/index.ts";
import { quotaQueues } from "../lib/quotas.ts";
import { savedQueues } from "../modules/saved/index.ts";
import { hiringQueues } from "../modules/hiring/index.ts";
import { billingPlansQueues } from "../modules/billing-plans/index.ts";

export const queues: QueueDefinition[] = [...identityQueues, ...searchQueues, ...applicationsQueues, ...aiQueues, ...quotaQueues, ...savedQueues, ...hiringQueues, ...billingPlansQueues];
