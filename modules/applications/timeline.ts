// The candidate's application as one timeline (issue 32 item 5, decision 076): what they were
// told, oldest first. A stage move counts once its email was due and not cancelled, and only if the
// application was still there when it was due (queues.ts skips an email the next move overtook); a
// move "without email", a rejection still waiting or cancelled, and stages that never email
// (Under Review) are not told. The private rejection reason and note are never read here.
//
// Adding a kind (e.g. `interview`: booked, rescheduled, cancelled, with a link to its .ics): add its
// shape to `TimelineEntry` and one reader to `SOURCES`; the page's switches over `kind` are exhaustive,
// so the type checker points at where it must learn to draw it (application-timeline.tsx).
import { now } from "../../lib/clock.ts";
import { em } from "../../lib/db.ts";
import { jobCards } from "../hiring/index.server.ts";
import type { Application, ApplicationStatus } from "./entities.ts";
import { candidateThread, type MessageThread, type MessageView } from "./messages.ts";
import { candidateApplication } from "./refs.ts";
import { isEmailed } from "./pipeline.ts";
import { pageDateTime } from "./zoned-dates.ts";

interface EntryBase {
  /** Unique in the timeline (a list key, an anchor). */
  id: string;
  /** When it happened as the candidate heard it (ISO), the order of the timeline. */
  at: string;
  /** The same time as the candidate reads it (UTC, like the messages). */
  when: string;
  /** Who did it: "You", the company, or a member "Name · Company". */
  who: string;
}

export type TimelineEntry = EntryBase &
  (
    | { kind: "submitted" }
    /** A move the candidate was told of: from the stage they last heard of, with the employer's words. */
    | { kind: "stage"; from: ApplicationStatus; to: ApplicationStatus; words: string | null }
    | { kind: "decision"; decision: "hired" | "rejected"; words: string | null }
    | { kind: "message"; message: MessageView }
    | { kind: "job-closed" }
    | { kind: "withdrawn" }
    /** An interview (the interviews module's, through `registerTimelineSource`): its state now. */
    | {
        kind: "interview";
        state: "offered" | "booked" | "cancelled";
        /** "Booked for Thu, Dec 3, 2026, 10:00 AM CST", "3 times offered", "Cancelled by you". */
        summary: string;
        /** Where the candidate picks, moves or cancels it. */
        pageHref: string;
        /** The calendar file while it is booked. */
        calendarHref: string | null;
      }
  );

export type TimelineKind = TimelineEntry["kind"];

export interface CandidateTimeline {
  entries: TimelineEntry[];
  /** The reply box under the timeline: whether they may write, and why not (an imported listing). */
  reply: Pick<MessageThread, "mayWrite" | "closedReason">;
  /** The newest message's id (the reply form's key: a new one empties it). */
  lastMessageId: string | null;
}

/** What every reader gets: read once per timeline. */
interface Context {
  candidateId: string;
  application: Application;
  company: string;
  thread: MessageThread;
  changes: ChangeRow[];
  at: Date;
}

type Source = (context: Context) => Promise<TimelineEntry[]> | TimelineEntry[];

/** Entries another module adds (interviews), for the candidate's own application. */
export type TimelineSource = (application: {
  id: string;
  candidateId: string;
  company: string;
}) => Promise<TimelineEntry[]>;

const registered: TimelineSource[] = [];

/** Called once by a module whose events belong in the candidate's timeline (wiring.ts). */
export function registerTimelineSource(source: TimelineSource): void {
  if (!registered.includes(source)) registered.push(source);
}

/** The time fields every entry has, for a source that makes entries elsewhere. */
export const timelineStamp = (id: string, value: Date | string, who: string) => base(id, value, who);

const iso = (value: Date | string) => new Date(value).toISOString();
const base = (id: string, value: Date | string, who: string): EntryBase => ({
  id,
  at: iso(value),
  when: pageDateTime(value, "UTC"),
  who,
});

interface ChangeRow {
  id: number;
  from_status: string | null;
  to_status: ApplicationStatus;
  changed_by: string | null;
  changed_at: Date;
  message: string | null;
  email_due_at: Date | null;
  email_cancelled_at: Date | null;
}

// Only the columns the candidate may read: never rejection_reason or rejection_note.
const changeRows = (applicationId: string) =>
  em().execute<ChangeRow[]>(
    `select id, from_status, to_status, changed_by, changed_at, message, email_due_at, email_cancelled_at
       from application_status_changes where application_id = ? order by changed_at, id`,
    [applicationId],
  );

/** Whether the candidate was told of the change: its email was due, not cancelled, and not overtaken. */
function told(change: ChangeRow, next: ChangeRow | undefined, at: Date): boolean {
  if (!isEmailed(change.to_status) || !change.email_due_at || change.email_cancelled_at) return false;
  const due = new Date(change.email_due_at);
  return due <= at && (!next || new Date(next.changed_at) >= due);
}

/** The stage moves and decisions they heard of, and their own withdrawal. */
function statusEntries({ changes, candidateId, company, at }: Context): TimelineEntry[] {
  let heard: ApplicationStatus = "submitted";
  return changes.flatMap((change, i): TimelineEntry[] => {
    const id = `change-${change.id}`;
    if (change.to_status === "withdrawn" && change.changed_by === candidateId)
      return [{ ...base(id, change.changed_at, "You"), kind: "withdrawn" }];
    if (!told(change, changes[i + 1], at)) return [];
    const from = heard;
    heard = change.to_status;
    const entry = base(id, change.email_due_at!, company);
    if (change.to_status === "hired" || change.to_status === "rejected")
      return [{ ...entry, kind: "decision", decision: change.to_status, words: change.message }];
    return [{ ...entry, kind: "stage", from, to: change.to_status, words: change.message }];
  });
}

const SOURCES: Source[] = [
  ({ application }) => [{ ...base("submitted", application.createdAt, "You"), kind: "submitted" }],
  statusEntries,
  ({ thread }) =>
    thread.messages.map((m) => ({
      ...base(`message-${m.id}`, m.createdAt, m.authorName),
      kind: "message",
      message: m,
    })),
  ({ application, company }) =>
    application.jobClosedAt ? [{ ...base("job-closed", application.jobClosedAt, company), kind: "job-closed" }] : [],
];

/**
 * The candidate's own application as one timeline, oldest first (ties keep SOURCES' order: what
 * happened first in a journey comes first). Someone else's application, or a bad id, is not found.
 */
export async function candidateTimeline(candidateId: string, applicationId: string): Promise<CandidateTimeline> {
  const application = await candidateApplication(candidateId, applicationId);
  const [thread, jobs, changes] = await Promise.all([
    candidateThread(candidateId, applicationId),
    jobCards([application.jobId]),
    changeRows(application.id),
  ]);
  const context: Context = {
    candidateId,
    application,
    company: jobs.get(application.jobId)?.companyName ?? "The company",
    thread,
    changes,
    at: now(),
  };
  const outside = registered.map(
    (source) => (c: Context) => source({ id: c.application.id, candidateId, company: c.company }),
  );
  const lists = await Promise.all([...SOURCES, ...outside].map((source) => source(context)));
  // Array#sort is stable: entries at the same moment keep their source's order.
  const entries = lists.flat().sort((a, b) => a.at.localeCompare(b.at));
  return {
    entries,
    reply: { mayWrite: thread.mayWrite, closedReason: thread.closedReason },
    lastMessageId: thread.messages.at(-1)?.id ?? null,
  };
}
