// What search cards and job pages show of the viewer's saved jobs and applications: for a page's
// jobs, Saved or not and Applied with the status, read in three queries for the whole page (imported
// listings, saved jobs, applications), never per card. And how this viewer saves and sets alerts.
import type { Account } from "#modules/identity/index.server.ts";
import { importedJobIds } from "#modules/search/index.server.ts";
import { applicationStatusesFor } from "#modules/applications/index.server.ts";
import { savedAmong } from "#modules/saved/index.server.ts";
import type { AlertOffer, JobMark, SaveMode } from "#app/components/save-job.tsx";

/** Saved and Applied for each key ("board:{id}", a job id, or "{provider}:{id}") the candidate has either for. */
export async function marksFor(user: Account | null, keys: string[]): Promise<Record<string, JobMark>> {
  if (user?.role !== "candidate" || !keys.length) return {};
  const imported = await importedJobIds(keys.filter((k) => !k.startsWith("board:")));
  const jobIdOf = (key: string) =>
    key.startsWith("board:") ? key.slice("board:".length) : (imported.get(key) ?? null);
  const ids = keys.map(jobIdOf).filter((id): id is string => Boolean(id));
  const [saved, applied] = await Promise.all([savedAmong(user.id, ids), applicationStatusesFor(user.id, ids)]);
  const marks: Record<string, JobMark> = {};
  for (const key of keys) {
    const id = jobIdOf(key);
    if (id && (saved.has(id) || applied.has(id)))
      marks[key] = { saved: saved.has(id), applied: applied.get(id) ?? null };
  }
  return marks;
}

const signInThen = (path: string) => `/auth?mode=signin&redirect=${encodeURIComponent(path)}`;

/** Candidates save with a POST that comes back to `path`; visitors sign in first and come back; employers don't save. */
export function saveModeFor(user: Account | null, path: string): SaveMode {
  if (!user) return { kind: "visitor", signInHref: signInThen(path) };
  return user.role === "candidate" ? { kind: "candidate", returnTo: path } : { kind: "none" };
}

/** "Email me jobs like these" for this search: posted by candidates, through sign-in for visitors. */
export function alertOfferFor(user: Account | null, search: Record<string, string>): AlertOffer | null {
  if (user && user.role !== "candidate") return null;
  const fields = Object.fromEntries(Object.entries(search).filter(([, v]) => v !== ""));
  const params = new URLSearchParams({ new: "1", ...fields });
  return { kind: user ? "candidate" : "visitor", fields, signInHref: signInThen(`/candidate/alerts?${params}`) };
}
