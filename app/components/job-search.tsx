// The job search screen's pieces: the GET search form (job-search-form.tsx), the count, result
// cards, paging (Load More appends with JavaScript; Next and Previous page links without), the
// in-page detail state and the empty state. Plain props only (bundled for the browser); every
// control is a link or a form, so the screen works without JavaScript.
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { SearchForm } from "./job-search-form.tsx";
import { useEffect, useState, type ReactNode } from "react";
import { Card, CompanyMark } from "./job-bits.tsx";
import { JobBody } from "#app/components/job-body.tsx";
import { AppliedMark, cardAnchor, EmailMeForm, readMarks, SaveButton, type AlertOffer, type JobMark, type SaveMode } from "./save-job.tsx";
import { PersonalSlot } from "./personal-slot.tsx";

export interface ResultCard {
  /** "board:{id}" or "{provider}:{id}": what ?job= names. */
  key: string;
  source: "board" | "provider";
  sourceLabel: string;
  title: string;
  company: string;
  logo: string | null;
  location: string;
  /** A remote job (the card says so). */
  remote: boolean;
  posted: string;
  description: string;
  employmentType: string | null;
  salary: string | null;
  skills: string[];
  benefits: string[];
  applyLink: string | null;
  /** Board jobs: the job's page and its application. */
  jobHref: string | null;
  applyHref: string | null;
  /** Provider listings: the id posted to import it. */
  listingId: string | null;
}

export interface SearchQueryView {
  q: string;
  location: string;
  location_type: string;
  employment_type: string;
  category: string;
  min_salary: string;
  date_posted: string;
  /** "1" include remote jobs, "0" don't, "" the default (yes without a location). */
  remote: string;
  /** The minimum salary's currency. */
  currency: string;
  /** "" the default: relevance with words, newest without. */
  sort: string;
}

export type Choice = [value: string, label: string];

/** Everything the search screen shows, as the loader computes it. */
export interface SearchPageData {
  basePath: string;
  query: SearchQueryView;
  choices: SearchChoices;
  notice: string | null;
  cards: ResultCard[];
  detail: ResultCard | null;
  /** This search's URL (without ?job=), and the list to go back to from a detail. */
  selfHref: string;
  backHref: string;
  /** Load More (JavaScript): the next page's URL, whose cards are appended. */
  moreHref: string | null;
  /** Without JavaScript: the next page (remembering this one), the previous one, and the first. */
  nextHref: string | null;
  previousHref: string | null;
  firstHref: string | null;
  pageNumber: number;
  /** How many board jobs match; the provider that adds listings; the order the list is in. */
  count: { total: number; capped: boolean; provider: string | null; sort: string } | null;
  sampleHref: string;
  /** Saved jobs and alerts: how this viewer saves, each shown job's Saved/Applied by key, this search as an alert. */
  saveMode: SaveMode;
  /** The marks (Record<key, JobMark>) as one JSON string: a shared copy fills it in per viewer (personal-slot.tsx). */
  marks: string;
  alertOffer: AlertOffer | null;
}

export interface SearchChoices {
  locationTypes: Choice[];
  employmentTypes: Choice[];
  categories: Choice[];
  datePosted: Choice[];
  currencies: Choice[];
  sorts: Choice[];
  /** The date of the exchange rates salaries are compared at. */
  ratesDate: string;
}

/** 'Finding the best jobs for you...' while a search runs (JavaScript only: without it the browser shows its own progress). */
export function Searching() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
      <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-brand-600/30 border-t-brand-600" />
      Finding the best jobs for you...
    </p>
  );
}

const Badge = ({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "green" | "brand" }) => (
  <span
    className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
      tone === "green"
        ? "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200"
        : tone === "brand"
          ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-200"
          : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    }`}
  >
    {children}
  </span>
);

/**
 * Apply Now: board jobs go to their application; provider listings are imported first (a POST),
 * and only when they link to the company's own site, where such applications end.
 */
export function ApplyButton({ card, importAction, className = "" }: { card: ResultCard; importAction: string; className?: string }) {
  const style = `inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 ${className}`;
  if (!card.applyHref && !card.applyLink) return null;
  if (card.applyHref) {
    return (
      <Link to={card.applyHref} className={style} aria-label={`Apply now to ${card.title}`}>
        Apply Now
      </Link>
    );
  }
  return (
    <Form method="post" action={importAction}>
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="listing" value={card.listingId ?? ""} />
      <button type="submit" className={style} aria-label={`Apply now to ${card.title}`}>
        Apply Now
      </button>
    </Form>
  );
}

/** Apply Now, or "Applied" with the status where the candidate already applied. */
function ApplyOrApplied({ card, mark, importAction }: { card: ResultCard; mark: JobMark | undefined; importAction: string }) {
  return mark?.applied ? <AppliedMark status={mark.applied} title={card.title} /> : <ApplyButton card={card} importAction={importAction} className="whitespace-nowrap max-sm:w-full" />;
}

export function ResultList({
  cards,
  detailHref,
  importAction,
  marks = {},
  saveMode = { kind: "none" },
}: {
  cards: ResultCard[];
  detailHref: (key: string) => string;
  importAction: string;
  marks?: Record<string, JobMark>;
  saveMode?: SaveMode;
}) {
  return (
    <ul className="grid gap-4" aria-label="Jobs found">
      {cards.map((card, index) => (
        <li key={card.key} id={cardAnchor(card.key)} className="job-card scroll-mt-24" style={{ animationDelay: `${Math.min(index, 20) * 0.1}s` }}>
          {/* A grid: on a phone the badges and the actions take the card's full width under the logo. */}
          <Card className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 !p-5">
            <CompanyMark name={card.company} logo={card.logo} />
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-semibold">{card.title}</h2>
                <Badge tone={card.source === "board" ? "green" : "slate"}>{card.sourceLabel}</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {card.company} · {card.location || (card.remote ? "Remote" : "Location not given")} · {card.posted}
              </p>
              <p className="mt-2 line-clamp-3 text-slate-700 dark:text-slate-300">{card.description}</p>
            </div>
            <div className="col-span-2 mt-3 flex flex-wrap items-center gap-2 sm:col-start-2 sm:col-span-1">
              {card.remote ? <Badge tone="brand">Remote</Badge> : null}
              {card.employmentType ? <Badge tone="brand">{card.employmentType}</Badge> : null}
              {card.salary ? <Badge tone="green">{card.salary}</Badge> : null}
              <div className="flex-1" />
              {/* The actions stay side by side, on a row of their own on a phone. */}
              <div className="flex flex-wrap gap-2 max-sm:w-full">
                <Link
                  to={detailHref(card.key)}
                  aria-label={`View details of ${card.title}`}
                  className="rounded-lg border border-slate-300 px-4 py-2 text-center text-sm font-semibold whitespace-nowrap hover:bg-slate-50 max-sm:flex-1 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  View Details
                </Link>
                <PersonalSlot
                  id={card.key}
                  mark={marks[card.key]}
                  render={(mark) => (
                    <>
                      <SaveButton target={card.key} title={card.title} saved={Boolean(mark?.saved)} mode={saveMode} anchor={cardAnchor(card.key)} />
                      <div className="max-sm:flex-1">
                        <ApplyOrApplied card={card} mark={mark} importAction={importAction} />
                      </div>
                    </>
                  )}
                />
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function JobDetailPanel({
  card,
  backHref,
  importAction,
  mark,
  saveMode = { kind: "none" },
}: {
  card: ResultCard;
  backHref: string;
  importAction: string;
  mark?: JobMark;
  saveMode?: SaveMode;
}) {
  return (
    <article className="grid gap-6" aria-labelledby="job-detail-title">
      <Link to={backHref} className="w-fit text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        ← Back to Jobs
      </Link>
      <Card>
        <div className="flex flex-wrap items-start gap-4">
          <CompanyMark name={card.company} logo={card.logo} size="size-14" />
          <div className="min-w-0 flex-1">
            <h2 id="job-detail-title" className="text-2xl font-bold tracking-tight">
              {card.title}
            </h2>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {card.company} · {card.location || "Location not given"}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge tone={card.source === "board" ? "green" : "slate"}>{card.sourceLabel}</Badge>
              {card.remote ? <Badge tone="brand">Remote</Badge> : null}
              {card.employmentType ? <Badge tone="brand">{card.employmentType}</Badge> : null}
              {card.salary ? <Badge tone="green">{card.salary}</Badge> : null}
              <Badge>{card.posted}</Badge>
            </div>
          </div>
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <PersonalSlot
            id={card.key}
            mark={mark}
            render={(viewerMark) => (
              <>
                <ApplyOrApplied card={card} mark={viewerMark} importAction={importAction} />
                <SaveButton target={card.key} title={card.title} saved={Boolean(viewerMark?.saved)} mode={saveMode} anchor="job-detail-title" />
              </>
            )}
          />
          {card.applyLink ? (
            <a
              href={card.applyLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              External Apply <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          {card.jobHref ? (
            <Link to={card.jobHref} className="inline-flex items-center px-2 py-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
              Open the job page
            </Link>
          ) : null}
        </div>
        <div className="mt-6">
          <JobBody description={card.description} skills={card.skills} benefits={card.benefits} level={3} descriptionTitle="Description" />
        </div>
      </Card>
    </article>
  );
}

/** The whole search screen: form, notice, then the in-page detail, the results or the empty state. */
export function SearchScreen({ data, intro }: { data: SearchPageData; intro?: string }) {
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Find Your Next Opportunity</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{intro ?? "Jobs on Hirewise and across the web, in one list."}</p>
      </div>
      <SearchForm action={data.basePath} query={data.query} choices={data.choices} sort={data.count?.sort} />
      <Searching />
      {data.notice ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {data.notice}
        </p>
      ) : null}
      {data.detail ? (
        <JobDetailPanel card={data.detail} backHref={data.backHref} importAction={`${data.basePath}?index`} mark={readMarks(data.marks)[data.detail.key]} saveMode={data.saveMode} />
      ) : data.cards.length ? (
        <PagedResults data={data} />      ) : (
        <div className="rounded-2xl border border-dashed border-slate-300 px-4 py-12 text-center dark:border-slate-700">
          <p className="text-lg font-semibold">No jobs found</p>
          <p className="mt-2 text-slate-600 dark:text-slate-400">Try other words, a wider location, or fewer filters.</p>
          <Link to={data.sampleHref} className="mt-5 inline-block rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">
            Load Sample Jobs
          </Link>
          {data.alertOffer ? (
            <div className="mt-4 flex justify-center">
              <EmailMeForm offer={data.alertOffer} />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** True once React runs in the browser: JavaScript is on, so Load More can append. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const withIndex = (href: string) => `${href}${href.includes("?") ? "&" : "?"}index`;

/**
 * The count, the cards and the way on. With JavaScript, Load More fetches the next page's data and
 * appends its cards, keeping what is shown; without it, Next page and Previous page are links
 * whose URLs reproduce their pages.
 */
function PagedResults({ data }: { data: SearchPageData }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SearchPageData>();
  const fresh = { from: data.selfHref, cards: [] as ResultCard[], marks: {} as Record<string, JobMark>, next: data.moreHref };
  const [more, setMore] = useState(fresh);
  // A new search (or page) starts the appended list over.
  if (more.from !== data.selfHref) setMore(fresh);
  const loaded = fetcher.data;
  useEffect(() => {
    if (!loaded || loaded.selfHref !== more.next) return;
    setMore((m) => {
      const have = new Set([...data.cards, ...m.cards].map((c) => c.key));
      return { ...m, cards: [...m.cards, ...loaded.cards.filter((c) => !have.has(c.key))], marks: { ...m.marks, ...readMarks(loaded.marks) }, next: loaded.moreHref };
    });
  }, [loaded, more.next, data.cards]);
  const cards = [...data.cards, ...more.cards];
  const marks = { ...readMarks(data.marks), ...more.marks };
  const count = data.count;
  const loading = fetcher.state === "loading";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="job-count">
          {count ? (
            <>
              <strong className="font-semibold text-slate-900 dark:text-slate-100">
                {count.total.toLocaleString("en-US")}
                {count.capped ? "+" : ""} {count.total === 1 && !count.capped ? "job" : "jobs"}
              </strong>{" "}
              on Hirewise{count.provider ? `, with more from ${count.provider}` : ""}
              {data.pageNumber > 1 ? ` · page ${data.pageNumber}` : ""}
            </>
          ) : (
            `${cards.length} ${cards.length === 1 ? "job" : "jobs"} on this page`
          )}
        </p>
        {data.alertOffer ? <EmailMeForm offer={data.alertOffer} /> : null}
      </div>
      <ResultList
        cards={cards}
        detailHref={(key) => `${data.selfHref}${data.selfHref.includes("?") ? "&" : "?"}job=${encodeURIComponent(key)}`}
        importAction={`${data.basePath}?index`}
        marks={marks}
        saveMode={data.saveMode}
      />
      <nav aria-label="More jobs" className="flex flex-wrap items-center justify-center gap-3">
        {data.previousHref ? (
          <Link to={data.previousHref} className={pageLinkClass}>
            ← Previous page
          </Link>
        ) : null}
        {data.firstHref && data.pageNumber > 2 ? (
          <Link to={data.firstHref} className={pageLinkClass}>
            First page
          </Link>
        ) : null}
        {hydrated ? (
          more.next ? (
            <button type="button" className={pageLinkClass} disabled={loading} aria-busy={loading} onClick={() => more.next && fetcher.load(withIndex(more.next))}>
              {loading ? "Loading more jobs…" : "Load More Jobs"}
            </button>
          ) : null
        ) : data.nextHref ? (
          <Link to={data.nextHref} className={pageLinkClass}>
            Next page →
          </Link>
        ) : null}
      </nav>
    </>
  );
}

const pageLinkClass = "rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800";
