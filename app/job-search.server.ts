// The search screen's loader, shared by /candidate/jobs (signed-in candidates) and /jobs (anyone):
// reads the GET form, runs the one search over board and provider, and turns results into cards.
import {
  activeJob,
  parseWholeNumber,
  MAX_SALARY,
  companyDisplayName,
  type ListedJob,
} from "#modules/hiring/index.server.ts";
import type { AppLoadContext } from "@remix-run/node";
import {
  findListing,
  MAX_PREVIOUS_PAGES,
  parseSearchQuery,
  searchJobs,
  type SearchResult,
} from "#modules/search/index.server.ts";
import { readFromReplica } from "#lib/http/edge-cache/index.ts";
import type { ResultCard, SearchPageData, SearchQueryView } from "#app/components/job-search.tsx";
import { initialOf, type CardFace, type ListCard } from "#app/components/result-card.tsx";
import { jobWords, type JobWords } from "#app/job-view.server.ts";
import { languageFor } from "#app/i18n.server.ts";
import { jobLinks, type Audience } from "#app/job-links.ts";
import { excerpt } from "#lib/rich-text.ts";
import { alertOfferFor, saveModeFor } from "#app/saved-marks.server.ts";
import { marksData, viewerOf } from "#app/viewer.server.ts";
import { cachedResults } from "#app/edge-cache.server.ts";
import { isPlainVisit, lastSearchOf, rememberSearch, searchFieldsOf } from "#modules/saved/index.server.ts";

export const SEARCH_DEFAULTS = { q: "software developer", location: "United States" };

/**
 * /candidate/jobs and the candidate's last search: a URL stating a search (any form field, even an
 * empty q: the form always sends them) is kept as it; a plain visit goes back to the kept one, with
 * the URL's other parameters (a notice). Returns where to send the candidate, or null to render.
 */
export async function lastSearchFor(candidateId: string, url: URL): Promise<string | null> {
  const stated = searchFieldsOf(url.searchParams);
  if (stated !== null) {
    await rememberSearch(candidateId, stated);
    return null;
  }
  if (!isPlainVisit(url.searchParams)) return null;
  const last = await lastSearchOf(candidateId);
  if (!last) return null;
  const rest = url.searchParams.toString();
  return `${url.pathname}?${last.query}${rest ? `&${rest}` : ""}`;
}

function hrefFor(
  basePath: string,
  defaults: { q: string; location: string },
  query: SearchQueryView,
  extra: Record<string, string | number | null | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...extra })) {
    // q and location are left out only when they say their default (a missing one reads as it),
    // and stay even when empty otherwise. Short links: a page has a few on each of its 20 cards.
    if (k === "q" || k === "location") {
      if (v === defaults[k]) continue;
    } else if (
      v === null ||
      v === undefined ||
      v === "" ||
      (k === "date_posted" && v === "all") ||
      (k === "currency" && v === "USD")
    )
      continue;
    params.set(k, String(v));
  }
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

type ProviderListing = Extract<SearchResult, { source: "provider" }>["listing"];

/** What a board job's card and detail share. */
const boardFields = (job: ListedJob, words: JobWords) => ({
  title: job.title,
  company: companyDisplayName(job.companyName),
  logo: job.companyLogo,
  location: job.location,
  remote: job.locationType === "remote",
  posted: job.publishedAt ? words.date(job.publishedAt) : words.t("recentlyPosted"),
  employmentType: job.employmentType ? words.employmentType(job.employmentType) : null,
  salary: words.salary(job.salaryMin, job.salaryMax, job.salaryCurrency),
});

/** What a provider listing's card and detail share. */
const providerFields = (listing: ProviderListing, words: JobWords) => ({
  title: listing.title,
  company: companyDisplayName(listing.company),
  logo: listing.logo,
  location: listing.location,
  remote: listing.isRemote,
  posted: listing.postedLabel,
  employmentType: listing.employmentType ? words.employmentType(listing.employmentType) : null,
  salary: listing.salaryMin !== null || listing.salaryMax !== null ? listing.salary : null,
});

/**
 * A result card: what the list shows and no more: an excerpt of the description (at most 300
 * characters), no skills or benefits, no links (the card works them out from the key), and no
 * field that only says its default. Its face is what the card's HTML says, word for word.
 */
function listCard(result: SearchResult, words: JobWords): ListCard {
  if (result.source === "board") return boardCard(result.job, words);
  const job = providerFields(result.listing, words);
  const face = faceOf(job, result.listing.description, words);
  const card: ListCard = { key: result.key, face };
  if (result.providerName) face.provider = result.providerName;
  face.outside = words.t("outside", { company: job.company });
  if (result.listing.applyLink) card.importable = true;
  return card;
}

/** A board job's result card, as the board shows it (a career page lists its company's jobs so). */
export function boardCard(job: ListedJob, words: JobWords = jobWords()): ListCard {
  return { key: `board:${job.id}`, face: faceOf(boardFields(job, words), job.descriptionPreview, words) };
}

function faceOf(job: ReturnType<typeof boardFields>, description: string, words: JobWords): CardFace {
  const { t } = words;
  const face: CardFace = {
    title: job.title,
    meta: `${job.company} · ${job.location || (job.remote ? t("remote") : t("locationNotGiven"))} · ${job.posted}`,
    excerpt: excerpt(description),
    mark: job.logo ? t("logoOf", { company: job.company }) : initialOf(job.company),
    tags: [...(job.remote ? [t("remote")] : []), ...(job.employmentType ? [job.employmentType] : [])],
  };
  if (job.logo) face.logo = job.logo;
  if (job.salary) face.salary = job.salary;
  return face;
}

/** The in-page detail (?job=): the whole job, as its page shows it. */
async function detailCard(key: string, audience: Audience, words: JobWords): Promise<ResultCard | null> {
  if (key.startsWith("board:")) {
    const job = await readFromReplica(() => activeJob(key.slice("board:".length)));
    if (!job) return null;
    return {
      key,
      source: "board",
      sourceLabel: words.t("onHirewiseBadge"),
      ...boardFields(job, words),
      description: job.description,
      skills: job.skills,
      benefits: job.benefits,
      applyLink: null,
      ...jobLinks(key, audience),
    };
  }
  const found = await findListing(key);
  if (!found) return null;
  const { listing } = found;
  return {
    key,
    source: "provider",
    sourceLabel: found.providerName,
    ...providerFields(listing, words),
    description: listing.description,
    skills: listing.requirements,
    benefits: listing.benefits,
    applyLink: listing.applyLink,
    ...jobLinks(key, audience),
  };
}

export async function loadSearch(
  request: Request,
  options: {
    defaults: { q: string; location: string };
    basePath: string;
    audience: Audience;
    /** The load context: a page request's words kept out of its loader data (`pageText`, none for `.data`), and a shared render's stand-in viewer (decision 059). */
    context?: AppLoadContext;
  },
): Promise<SearchPageData> {
  const url = new URL(request.url);
  const { cursor, page, job, sample, prev, ...query } = parseSearchQuery(url.searchParams, options.defaults);
  // The signed-in account, or the stand-in of a shared copy (decision 059).
  const user = await viewerOf(request, options.context);
  // The cards' words in the page's language (the stand-in of a shared copy has the viewer's setting).
  const words = jobWords(await languageFor(request, user));
  const here = { cursor, page: page !== 1 ? page : null, sample: sample ? 1 : null };
  const selfHref = hrefFor(options.basePath, options.defaults, query, { ...here, prev: prev.join(".") || null });
  // Saved jobs and alerts: how this viewer saves (back to this page), and this search as an alert.
  const saving = {
    saveMode: saveModeFor(
      user,
      job ? `${selfHref}${selfHref.includes("?") ? "&" : "?"}job=${encodeURIComponent(job)}` : selfHref,
    ),
    alertOffer: alertOfferFor(user, {
      q: query.q,
      location: query.location,
      location_type: query.location_type,
      employment_type: query.employment_type,
      category: query.category,
      min_salary: parseWholeNumber(query.min_salary) === undefined ? "" : query.min_salary,
      remote: query.remote,
      currency: query.min_salary && query.currency !== "USD" ? query.currency : "",
    }),
  };
  const includeRemote = query.remote === "" ? !query.location : query.remote === "1";
  const shown = { ...query, remote: includeRemote ? "1" : "0" };
  const base = { basePath: options.basePath, audience: options.audience, query: shown, ...saving };
  // The search stays in the form; the list shows the sample listings instead of its (empty) results.
  const sampleHref = hrefFor(options.basePath, options.defaults, query, { sample: 1 });
  const noPaging = { moreHref: null, nextHref: null, previousHref: null, firstHref: null, pageNumber: 1, count: null };

  if (job) {
    const detail = await detailCard(job, options.audience, words);
    if (detail)
      return {
        ...base,
        ...noPaging,
        marks: await marksData(user, [detail.key], options.context),
        notice: null,
        cards: [],
        detail,
        selfHref,
        backHref: selfHref,
        sampleHref,
      };
  }
  const asked = {
    q: query.q,
    location: query.location,
    includeRemote: query.remote === "" ? null : query.remote === "1",
    locationType: query.location_type,
    employmentType: query.employment_type,
    category: query.category,
    // No job pays more than MAX_SALARY: a larger minimum is that one (and stays a safe integer).
    minSalary: Math.min(parseWholeNumber(query.min_salary) ?? 0, MAX_SALARY) || null,
    salaryCurrency: query.currency,
    sort: query.sort,
    datePosted: query.date_posted,
    cursor,
    page,
    sample,
  };
  // The same results for everyone for a few seconds (app/edge-cache.server.ts); marks stay per viewer.
  const found = await cachedResults(request, JSON.stringify(asked), () => searchJobs(asked));
  // The list goes out once: a page's loader data has each card without its face (words, logo,
  // badges), which goes to the render through the load context (the card reads it back from the
  // HTML as it hydrates); a `.data` answer carries it.
  const cards = found.results
    .map((result) => listCard(result, words))
    .map(({ face, ...card }) => {
      const pageText = options.context?.pageText;
      if (!pageText || !face) return { ...card, face };
      pageText.set(card.key, face);
      return card;
    });
  const notices = [
    job ? words.t("notices.jobGone") : null,
    url.searchParams.get("unavailable") ? words.t("notices.listingGone") : null,
    found.fuzzy ? words.t("notices.fuzzy") : null,
    found.provider.state === "unavailable" ? words.t("notices.providerDown", { provider: found.provider.name }) : null,
    sample ? words.t("notices.sample") : null,
  ].filter(Boolean);
  // Paging: Load More (JavaScript) appends the next page; without it, Next and Previous are links,
  // and the earlier pages' positions ride in `prev`, so every URL reproduces its page.
  const next = found.next ? { cursor: found.next.cursor, page: found.next.page, sample: sample ? 1 : null } : null;
  const position = `${cursor ?? ""}~${page}`;
  const previous = prev.at(-1);
  return {
    ...base,
    marks: await marksData(
      user,
      cards.map((c) => c.key),
      options.context,
    ),
    notice: notices.join(" ") || null,
    cards,
    detail: null,
    selfHref,
    backHref: selfHref,
    moreHref: next ? hrefFor(options.basePath, options.defaults, query, next) : null,
    nextHref: next
      ? hrefFor(options.basePath, options.defaults, query, {
          ...next,
          prev: [...prev, position].slice(-MAX_PREVIOUS_PAGES).join("."),
        })
      : null,
    previousHref:
      previous !== undefined
        ? hrefFor(options.basePath, options.defaults, query, {
            cursor: previous.split("~")[0] || null,
            page: Number(previous.split("~")[1]) !== 1 ? Number(previous.split("~")[1]) : null,
            sample: sample ? 1 : null,
            prev: prev.slice(0, -1).join(".") || null,
          })
        : null,
    firstHref:
      cursor || page !== 1 ? hrefFor(options.basePath, options.defaults, query, { sample: sample ? 1 : null }) : null,
    pageNumber: prev.length + 1,
    // Sample listings are no count of jobs on Hirewise: the list says how many are on the page.
    count: sample
      ? null
      : {
          total: found.total,
          capped: found.totalCapped,
          provider: found.provider.state === "ok" && found.provider.name ? found.provider.name : null,
          sort: found.sort,
        },
    sampleHref,
  };
}
