// The job alert queues: the hourly run (a pg-boss schedule, cron in UTC) and the digest sends it
// queues in batches. Each digest is sent once per alert and period (lib/mail.ts#sendMailOnce), to
// an alert that still exists and is not paused, of a confirmed address, with RFC 8058 one-click
// unsubscribe headers.
import { config } from "../../lib/config.ts";
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { logger } from "../../lib/logger.ts";
import { greet } from "../../lib/email-layout.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { signLink } from "../../lib/signed-links.ts";
import { EMPLOYMENT_TYPE_LABELS, LOCATION_TYPE_LABELS, labelOf } from "../hiring/index.server.ts";
import { confirmedAccounts, emailLanguages, publicProfiles } from "../identity/index.server.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translator, type Language } from "../../locales/index.ts";
import { digestEmail } from "./emails.ts";
import { JobAlert } from "./entities.ts";
import { runAlerts, SEND_DIGESTS_QUEUE, type QueuedDigest } from "./run.ts";

export const RUN_ALERTS_QUEUE = "saved.run-alerts";
export const UNSUBSCRIBE_PURPOSE = "alert-unsubscribe";

const link = (path: string) => new URL(path, config().publicUrl).toString();

/** The signed link that unsubscribes from one alert, signed out (in the reader's language: `?lng=` but for English). */
export async function unsubscribeUrl(alertId: string, language: Language = DEFAULT_LANGUAGE): Promise<string> {
  const path = `/alerts/unsubscribe/${await signLink(UNSUBSCRIBE_PURPOSE, alertId)}`;
  return link(language === DEFAULT_LANGUAGE ? path : `${path}?lng=${language}`);
}

/** "react developer in Berlin (remote, full-time)", as lists and subjects name an alert. */
type SearchFields = {
  q: string;
  location: string;
  locationType: string;
  employmentType: string;
  category: string;
  minSalary: number | null;
  includeRemote?: boolean | null;
  salaryCurrency?: string;
};

export function describeSearch(a: SearchFields, language: Language = DEFAULT_LANGUAGE): string {
  const t = translator(language, "alerts");
  // English keeps the vocabulary's own labels; another language its catalogue's words for them.
  const vocab = (kind: string, labels: Record<string, string>, value: string) =>
    language === DEFAULT_LANGUAGE
      ? labelOf(labels, value)
      : translator(language, "jobs")(`vocab.${kind}.${value}`, { defaultValue: labelOf(labels, value) });
  const words = a.q ? t("search.quoted", { q: a.q }) : t("search.allJobs");
  const filters = [
    a.locationType ? vocab("locationType", LOCATION_TYPE_LABELS, a.locationType) : "",
    a.employmentType ? vocab("employmentType", EMPLOYMENT_TYPE_LABELS, a.employmentType) : "",
    a.category ? vocab("category", {}, a.category) : "",
    a.minSalary
      ? t("search.from", {
          amount: `${a.minSalary.toLocaleString(INTL_LOCALES[language])}${a.salaryCurrency && a.salaryCurrency !== "USD" ? ` ${a.salaryCurrency}` : ""}`,
        })
      : "",
    a.includeRemote === true && a.location
      ? t("search.andRemote")
      : a.includeRemote === false && !a.location
        ? t("search.noRemote")
        : "",
  ].filter(Boolean);
  return `${words}${a.location ? t("search.inPlace", { location: a.location }) : ""}${filters.length ? ` (${filters.join(", ")})` : ""}`;
}

/** The search page's URL for an alert's search. */
export function searchPath(a: SearchFields): string {
  const params = new URLSearchParams({ q: a.q, location: a.location });
  if (a.locationType) params.set("location_type", a.locationType);
  if (a.employmentType) params.set("employment_type", a.employmentType);
  if (a.category) params.set("category", a.category);
  if (a.minSalary) params.set("min_salary", String(a.minSalary));
  if (a.minSalary && a.salaryCurrency && a.salaryCurrency !== "USD") params.set("currency", a.salaryCurrency);
  if (a.includeRemote !== null && a.includeRemote !== undefined) params.set("remote", a.includeRemote ? "1" : "0");
  return `/candidate/jobs?${params}`;
}

const runAlertsQueue: QueueDefinition<object> = {
  name: RUN_ALERTS_QUEUE,
  schedule: "10 * * * *",
  // 10,000 alerts take well under a minute; the heartbeat says the run is alive meanwhile.
  expireInSeconds: 900,
  async handle(_data, run) {
    const summary = await runAlerts(run.jobId, now());
    logger.info({ ...summary, jobId: run.jobId }, "job alert run done");
  },
};

/** Runs `work` over `items`, `parallel` at a time (each send waits on the database and the mail server). */
async function eachParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// Stand-ins for what differs between people getting the same digest: rendered once per distinct
// digest (alerts with the same search and new jobs), then filled in per person.
const GREETING = "HIREWISEGREETINGMARK";
const UNSUBSCRIBE = "https://unsubscribe.invalid/HIREWISEUNSUBSCRIBEMARK";

const sendDigestsQueue: QueueDefinition<{ digests: QueuedDigest[] }> = {
  name: SEND_DIGESTS_QUEUE,
  async handle({ digests }, run) {
    const ids = digests.map((d) => d.alertId);
    const alerts = new Map((await em().find(JobAlert, { id: { $in: ids }, pausedAt: null })).map((a) => [a.id, a]));
    const candidates = [...alerts.values()].map((a) => a.candidateId);
    const [people, confirmed, languages] = await Promise.all([
      publicProfiles(candidates),
      confirmedAccounts(candidates),
      emailLanguages(candidates),
    ]);
    const rendered = new Map<string, Promise<{ subject: string; html: string; text: string }>>();
    const sentIds: string[] = [];
    await eachParallel(digests, 8, async (digest) => {
      const alert = alerts.get(digest.alertId);
      const person = alert && people.get(alert.candidateId);
      // Deleted or paused since the run, the account is gone, or its address is not confirmed
      // (the alert stays; the digests start once it is): nothing to send.
      if (!alert || !person || !confirmed.has(alert.candidateId)) return;
      const search = {
        q: alert.q,
        location: alert.location,
        locationType: alert.locationType,
        employmentType: alert.employmentType,
        category: alert.category,
        minSalary: alert.minSalary ?? null,
      };
      // The recipient's language is part of the key: a German and an English reader of one search get their own.
      const language = languages.get(alert.candidateId) ?? DEFAULT_LANGUAGE;
      const key = JSON.stringify([alert.searchKey, alert.frequency, language, digest.jobs.map((j) => j.key)]);
      if (!rendered.has(key)) {
        rendered.set(
          key,
          digestEmail({
            language,
            candidateName: GREETING,
            searchLabel: describeSearch(search, language),
            frequency: alert.frequency,
            jobs: digest.jobs.map((j) => ({ ...j, url: link(j.path) })),
            searchUrl: link(searchPath(search)),
            alertsUrl: link("/candidate/alerts"),
            unsubscribeUrl: UNSUBSCRIBE,
          }),
        );
      }
      const template = await rendered.get(key)!;
      const unsubscribe = await unsubscribeUrl(alert.id, language);
      const stand = greet(GREETING, language);
      const greeting = greet(person.fullName, language);
      const fill = (text: string, html: boolean) =>
        text
          .replaceAll(stand, html ? escapeHtml(greeting) : greeting)
          .replaceAll(UNSUBSCRIBE, html ? escapeHtml(unsubscribe) : unsubscribe);
      const result = await sendMailOnce(
        `alert-digest:${alert.id}:${digest.period}`,
        {
          to: person.email,
          subject: template.subject,
          html: fill(template.html, true),
          text: fill(template.text, false),
          headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        },
        run,
      );
      if (result !== "claimed-elsewhere") sentIds.push(alert.id);
    });
    if (sentIds.length) await em().nativeUpdate(JobAlert, { id: { $in: sentIds } }, { lastSentAt: now() });
  },
};

export const savedQueues = [runAlertsQueue, sendDigestsQueue];
