// What the saved module holds about a candidate: the jobs they saved, their job alerts and last search, for
// "Export my data" (wired to identity by wireSaved, modules/identity/account-data.ts). All go with the
// account (their foreign keys cascade).
import type { AccountDataHolder, AccountRef } from "../identity/index.server.ts";
import { listAlerts } from "./alerts.ts";
import { describeSearch } from "./queues.ts";
import { listSavedJobs } from "./saved-jobs.ts";
import { lastSearchOf } from "./last-search.ts";

export const savedAccountData: AccountDataHolder = {
  name: "saved",
  exports: ["saved_jobs.candidate_id", "job_alerts.candidate_id", "last_searches.candidate_id"],
  async exportData(account: AccountRef) {
    const [saved, alerts, lastSearch] = await Promise.all([
      listSavedJobs(account.id),
      listAlerts(account.id),
      lastSearchOf(account.id),
    ]);
    return {
      json: {
        "saved-jobs.json": {
          savedJobs: saved.map((s) => ({
            title: s.job.title,
            company: s.job.companyName,
            location: s.job.location,
            open: s.open,
            savedAt: s.savedAt,
          })),
        },
        "job-alerts.json": {
          alerts: alerts.map(({ id: _id, ...alert }) => ({ search: describeSearch(alert), ...alert })),
        },
        "last-search.json": { lastSearch },
      },
    };
  },
};
