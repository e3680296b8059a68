// Where a search result's links lead, from its key alone ("board:{id}" or "{provider}:{id}") and
// who is looking: the result cards work them out in the browser instead of carrying them in the
// loader data, and the server's detail card uses the same rules. Browser-safe: no server imports.

/** Signed-in candidates apply; everyone else ("public") signs up as a candidate first. */
export type Audience = "candidate" | "public";

export const signUpThen = (path: string) => `/auth?mode=signup&role=candidate&redirect=${encodeURIComponent(path)}`;

/** A board job's application (candidates only). */
export const applyPath = (id: string) => `/candidate/jobs/${encodeURIComponent(id)}/apply`;

export interface JobLinks {
  /** Board jobs: the job's own page. */
  jobHref: string | null;
  /** Apply Now as a link: a board job's application, or for visitors /jobs/{id}/apply (no account needed, decision 080). */
  applyHref: string | null;
  /** Provider listings, for candidates: the key posted to import the listing. */
  listingId: string | null;
}

export function jobLinks(key: string, audience: Audience): JobLinks {
  if (key.startsWith("board:")) {
    const id = key.slice("board:".length);
    return {
      jobHref: audience === "candidate" ? `/candidate/jobs/${id}` : `/jobs/${id}`,
      // Visitors: the wizard without an account (app/routes/jobs.$id_.apply/).
      applyHref: audience === "candidate" ? applyPath(id) : `/jobs/${id}/apply`,
      listingId: null,
    };
  }
  // Candidates import it with a POST; visitors sign up first and come back to it.
  return {
    jobHref: null,
    applyHref: audience === "candidate" ? null : signUpThen(`/candidate/jobs?job=${encodeURIComponent(key)}`),
    listingId: key,
  };
}
