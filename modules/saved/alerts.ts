// Job alerts: a candidate's saved searches (query, location and filters) with a frequency, listed,
// edited, paused, resumed and deleted on /candidate/alerts; each is emailed a digest of what is
// new (run.ts). Daily alerts are due at 07:00 in the candidate's time zone (UTC unless they chose
// one), weekly ones on Mondays at 07:00 (send-times.ts).
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import {
  CATEGORIES,
  EMPLOYMENT_TYPES,
  LOCATION_TYPES,
  MIN_SALARY_ERROR,
  parseWholeNumber,
} from "../hiring/index.server.ts";
import { isCurrency } from "../search/index.server.ts";
import { FREQUENCIES, JobAlert, type Frequency } from "./entities.ts";
import { alertNotFound, SavedError } from "./errors.ts";
import { knownZone, nextSlot } from "./send-times.ts";

/** How many alerts one candidate may keep. */
export const MAX_ALERTS = 20;

export interface AlertInput {
  q: string;
  location: string;
  locationType: string;
  employmentType: string;
  category: string;
  minSalary: string;
  /** "1" include remote jobs, "0" don't, "" (or absent) the default. */
  includeRemote?: string;
  salaryCurrency?: string;
  frequency: string;
  /** The browser's zone (a hidden field): used when the candidate has not chosen one for their alerts. */
  timeZone?: string;
}

export interface AlertSearchFields {
  q: string;
  location: string;
  locationType: string;
  employmentType: string;
  category: string;
  minSalary: number | null;
  includeRemote: boolean | null;
  salaryCurrency: string;
}

export interface AlertView extends AlertSearchFields {
  id: string;
  frequency: Frequency;
  paused: boolean;
  lastSentAt: string | null;
  nextRunAt: string | null;
  createdAt: string;
}

// Control characters (NUL included, which PostgreSQL can't store) mean nothing in a search.
const oneLine = (text: string) =>
  Array.from(text, (c) => (c < " " || c === "\u007f" ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
const oneOf = (value: string, allowed: readonly string[]) => (allowed.includes(value) ? value : "");

/** The search and frequency as stored, or the messages beside the fields that are wrong. */
export function checkAlert(input: AlertInput): { search: AlertSearchFields; frequency: Frequency } {
  const errors: Record<string, string> = {};
  const q = oneLine(input.q);
  const location = oneLine(input.location);
  if (q.length > 200) errors.q = "Keep the search words under 200 characters.";
  if (location.length > 100) errors.location = "Keep the location under 100 characters.";
  // "80,000", "80 000" and "80000" alike (hiring's parseWholeNumber).
  const salary = parseWholeNumber(input.minSalary);
  if (salary === undefined || (salary ?? 0) > 999_999_999) errors.minSalary = MIN_SALARY_ERROR;
  const minSalary = salary === undefined ? null : salary || null;
  if (!(FREQUENCIES as readonly string[]).includes(input.frequency)) errors.frequency = "Choose daily or weekly.";
  if (Object.keys(errors).length) throw new SavedError("invalid", "Please check the alert's fields.", errors);
  return {
    search: {
      q,
      location,
      locationType: oneOf(input.locationType, LOCATION_TYPES),
      employmentType: oneOf(input.employmentType, EMPLOYMENT_TYPES),
      category: oneOf(input.category, CATEGORIES),
      minSalary,
      includeRemote: input.includeRemote === "1" ? true : input.includeRemote === "0" ? false : null,
      salaryCurrency: isCurrency(input.salaryCurrency) ? input.salaryCurrency : "USD",
    },
    frequency: input.frequency as Frequency,
  };
}

/** Alerts with the same key search the same: they are searched once per run. */
export function searchKey(s: AlertSearchFields): string {
  const base = [s.q.toLowerCase(), s.location.toLowerCase(), s.locationType, s.employmentType, s.category, s.minSalary];
  // The defaults add nothing, so the keys of alerts saved before these fields existed still hold.
  return JSON.stringify(
    s.includeRemote === null && s.salaryCurrency === "USD" ? base : [...base, s.includeRemote, s.salaryCurrency],
  );
}

function view(a: JobAlert): AlertView {
  return {
    id: a.id,
    q: a.q,
    location: a.location,
    locationType: a.locationType,
    employmentType: a.employmentType,
    category: a.category,
    minSalary: a.minSalary ?? null,
    includeRemote: a.includeRemote ?? null,
    salaryCurrency: a.salaryCurrency ?? "USD",
    frequency: a.frequency,
    paused: Boolean(a.pausedAt),
    lastSentAt: a.lastSentAt ? new Date(a.lastSentAt).toISOString() : null,
    nextRunAt: a.pausedAt ? null : new Date(a.nextRunAt).toISOString(),
    createdAt: new Date(a.createdAt).toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The candidate's alerts, oldest first. */
export async function listAlerts(candidateId: string): Promise<AlertView[]> {
  const rows = await em().find(JobAlert, { candidateId }, { orderBy: { createdAt: "asc", id: "asc" } });
  return rows.map(view);
}

/** Saves a new alert; refuses past MAX_ALERTS, and gives back the existing one for the same search. */
export async function createAlert(candidateId: string, input: AlertInput): Promise<AlertView> {
  const { search, frequency } = checkAlert(input);
  const key = searchKey(search);
  return transaction(async (tx) => {
    // One candidate's alerts take turns here, so two creates at once can't pass the cap together.
    await tx.execute(`select pg_advisory_xact_lock(hashtext('job-alerts:' || ?))`, [candidateId]);
    const same = await tx.findOne(JobAlert, { candidateId, searchKey: key });
    if (same) return view(same);
    if ((await tx.count(JobAlert, { candidateId })) >= MAX_ALERTS) {
      throw new SavedError(
        "plan-limit",
        `You can keep up to ${MAX_ALERTS} job alerts. Delete one you no longer need to add another.`,
      );
    }
    const at = now();
    // The zone the candidate chose for their alerts, else the browser's (a hidden field), else UTC.
    const chosen = (await tx.findOne(JobAlert, { candidateId }, { fields: ["timeZone"] }))?.timeZone;
    const timeZone = chosen ?? knownZone(input.timeZone);
    const alert = tx.create(JobAlert, {
      candidateId,
      ...search,
      searchKey: key,
      frequency,
      timeZone,
      seenUntil: at,
      nextRunAt: nextSlot(frequency, at, timeZone),
      createdAt: at,
      updatedAt: at,
    });
    await tx.flush();
    return view(alert);
  });
}

async function mine(candidateId: string, alertId: string): Promise<JobAlert> {
  const alert = UUID.test(alertId) ? await em().findOne(JobAlert, { id: alertId, candidateId }) : null;
  if (!alert) throw alertNotFound();
  return alert;
}

/** Changes an alert's words, location and frequency (filters stay as saved). */
export async function updateAlert(
  candidateId: string,
  alertId: string,
  input: Pick<AlertInput, "q" | "location" | "frequency">,
): Promise<AlertView> {
  const current = await mine(candidateId, alertId);
  const { search, frequency } = checkAlert({
    q: input.q,
    location: input.location,
    frequency: input.frequency,
    locationType: current.locationType,
    employmentType: current.employmentType,
    category: current.category,
    minSalary: current.minSalary === null || current.minSalary === undefined ? "" : String(current.minSalary),
    includeRemote: current.includeRemote === true ? "1" : current.includeRemote === false ? "0" : "",
    salaryCurrency: current.salaryCurrency ?? "USD",
  });
  const at = now();
  const changes: Partial<JobAlert> = {
    q: search.q,
    location: search.location,
    searchKey: searchKey(search),
    frequency,
    updatedAt: at,
  };
  if (frequency !== current.frequency) changes.nextRunAt = nextSlot(frequency, at, current.timeZone);
  await em().nativeUpdate(JobAlert, { id: alertId, candidateId }, changes);
  return view(await mine(candidateId, alertId));
}

/** Pauses or resumes an alert. A resumed alert starts from now: nothing from the pause is sent. */
export async function setAlertPaused(candidateId: string, alertId: string, paused: boolean): Promise<void> {
  const alert = await mine(candidateId, alertId);
  if (Boolean(alert.pausedAt) === paused) return;
  const at = now();
  await em().nativeUpdate(
    JobAlert,
    { id: alertId, candidateId },
    paused
      ? { pausedAt: at, updatedAt: at }
      : { pausedAt: null, seenUntil: at, nextRunAt: nextSlot(alert.frequency, at, alert.timeZone), updatedAt: at },
  );
}

/** The zone all of a candidate's digests go out in (07:00 there); each alert's next send moves to it. */
export async function setAlertTimeZone(candidateId: string, zone: string): Promise<string> {
  const timeZone = knownZone(zone);
  if (timeZone !== zone)
    throw new SavedError("invalid", "Please choose a time zone from the list.", {
      timeZone: "Please choose a time zone from the list.",
    });
  await transaction(async (tx) => {
    const at = now();
    for (const alert of await tx.find(JobAlert, { candidateId })) {
      alert.timeZone = timeZone;
      if (!alert.pausedAt) alert.nextRunAt = nextSlot(alert.frequency, at, timeZone);
    }
    await tx.flush();
  });
  return timeZone;
}

/** The zone a candidate's digests go out in: their alerts', else UTC. */
export async function alertTimeZoneOf(candidateId: string): Promise<string> {
  return (await em().findOne(JobAlert, { candidateId }, { fields: ["timeZone"] }))?.timeZone ?? "UTC";
}

export async function deleteAlert(candidateId: string, alertId: string): Promise<void> {
  const deleted = UUID.test(alertId) ? await em().nativeDelete(JobAlert, { id: alertId, candidateId }) : 0;
  if (!deleted) throw alertNotFound();
}

/** For the unsubscribe link (signed, no session): pauses the alert. Null when it no longer exists. */
export async function unsubscribeAlert(alertId: string): Promise<AlertView | null> {
  if (!UUID.test(alertId)) return null;
  const at = now();
  await em().nativeUpdate(JobAlert, { id: alertId, pausedAt: null }, { pausedAt: at, updatedAt: at });
  const alert = await em().findOne(JobAlert, { id: alertId });
  return alert ? view(alert) : null;
}

/** An alert by id, for the unsubscribe page (the signed link proves the right to see it). */
export async function alertForLink(alertId: string): Promise<AlertView | null> {
  const alert = UUID.test(alertId) ? await em().findOne(JobAlert, { id: alertId }) : null;
  return alert ? view(alert) : null;
}
