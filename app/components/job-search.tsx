// The job search screen's pieces: the GET search form (job-search-form.tsx), the count, result
// cards, paging (Load More appends with JavaScript; Next and Previous page links without), the
// in-page detail state and the empty state. Plain props only (bundled for the browser); every
// control is a link or a form, so the screen works without JavaScript.
import { Link, useFetcher, useNavigation } from "@remix-run/react";
import { SearchForm } from "./job-search-form.tsx";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, CompanyMark } from "./job-bits.tsx";
import { JobBody } from "#app/components/job-body.tsx";
import type { Audience } from "#app/job-links.ts";
import { ApplyOrApplied, Badge, ResultList, type ListCard } from "./result-card.tsx";
import { EmailMeForm, readMarks, SaveButton, type AlertOffer, type JobMark, type SaveMode } from "./save-job.tsx";
import { PersonalSlot } from "./personal-slot.tsx";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";
import { intlLocale } from "#locales/index.ts";

/** The job in the in-page detail view (?job=): the whole description, skills and benefits. */
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

/** Everything the search screen shows, as the loader computes it. */
export interface SearchPageData {
  basePath: string;
  /** Who is looking: candidates apply, visitors sign up first (app/job-links.ts). */
  audience: Audience;
  query: SearchQueryView;
  notice: string | null;
  cards: ListCard[];
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
  /** The marks (Record<key, JobMark>) as one JSON string; null in a shared copy, whose page carries each viewer's (personal-slot.tsx). */
  marks: string | null;
  alertOffer: AlertOffer | null;
}

/** 'Finding the best jobs for you...' while a search runs (JavaScript only: without it the browser shows its own progress). */
export function Searching() {
  const navigation = useNavigation();
  const { t } = useTranslation("jobs");
  if (navigation.state !== "loading" || !navigation.location) return null;
  return (
    <p role="status" className="flex items-center gap-2 text-muted">
      <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-brand-600/30 border-t-brand-600" />
      {t("searching")}
    </p>
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
  const { t } = useTranslation("jobs");
  return (
    <article id="job" className="grid scroll-mt-24 gap-6" aria-labelledby="job-detail-title">
      <Link to={backHref} className={`${smallTextLink} w-fit`}>
        {`← ${t("backToJobs")}`}
      </Link>
      <Card>
        <div className="flex flex-wrap items-start gap-4">
          <CompanyMark name={card.company} logo={card.logo} size="size-14" />
          <div className="min-w-0 flex-1">
            <h2 id="job-detail-title" className="scroll-mt-24 text-2xl font-bold tracking-tight">
              {card.title}
            </h2>
            <p className="mt-1 text-muted">
              {card.company} · {card.location || t("locationNotGiven")}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge tone={card.source === "board" ? "green" : "slate"}>{card.sourceLabel}</Badge>
              {card.remote ? <Badge tone="brand">{t("remote")}</Badge> : null}
              {card.employmentType ? <Badge tone="brand">{card.employmentType}</Badge> : null}
              {card.salary ? <Badge tone="green">{card.salary}</Badge> : null}
              <Badge>{card.posted}</Badge>
            </div>
          </div>
        </div>
        {card.source === "provider" ? (
          <p role="note" className="mt-4 font-medium">
            {t("outside", { company: card.company })}.
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <PersonalSlot
            id={card.key}
            mark={mark}
            render={(viewerMark) => (
              <>
                <ApplyOrApplied
                  title={card.title}
                  links={card}
                  importable={Boolean(card.applyLink)}
                  mark={viewerMark}
                  importAction={importAction}
                />
                <SaveButton
                  target={card.key}
                  title={card.title}
                  saved={Boolean(viewerMark?.saved)}
                  mode={saveMode}
                  anchor="job-detail-title"
                />
              </>
            )}
          />
          {card.applyLink ? (
            <a
              href={card.applyLink}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: "secondary" })}
            >
              {t("externalApply")} <span className="sr-only">{t("opensInNewTab")}</span>
            </a>
          ) : null}
          {card.jobHref ? (
            <Link
              to={card.jobHref}
              className="inline-flex items-center px-2 py-2 text-sm font-semibold text-brand hover:underline"
            >
              {t("openJobPage")}
            </Link>
          ) : null}
        </div>
        <div className="mt-6">
          <JobBody
            description={card.description}
            skills={card.skills}
            benefits={card.benefits}
            level={3}
            descriptionTitle={t("descriptionTitle")}
          />
        </div>
      </Card>
    </article>
  );
}

/** The whole search screen: form, notice, then the in-page detail, the results or the empty state. */
export function SearchScreen({ data, intro }: { data: SearchPageData; intro?: string }) {
  const { t } = useTranslation("jobs");
  return (
    // Component classes (app/app.css) for what every search page shows: the screen, its heading.
    <section className="search-screen">
      <div className="search-intro">
        <h1>{t("heading")}</h1>
        <p>{intro ?? t("intro")}</p>
      </div>
      <SearchForm action={data.basePath} query={data.query} sort={data.count?.sort} />
      <Searching />
      {data.notice ? (
        <p role="status" className="rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-sm text-warn-fg">
          {data.notice}
        </p>
      ) : null}
      {data.detail ? (
        <JobDetailPanel
          card={data.detail}
          backHref={data.backHref}
          importAction={`${data.basePath}?index`}
          mark={readMarks(data.marks)[data.detail.key]}
          saveMode={data.saveMode}
        />
      ) : data.cards.length ? (
        <PagedResults data={data} />
      ) : (
        <div className="rounded-2xl border border-dashed border-edge px-4 py-12 text-center">
          <p className="text-lg font-semibold">{t("noJobs")}</p>
          <p className="mt-2 text-muted">{t("noJobsHint")}</p>
          <ButtonLink to={data.sampleHref} size="lg" className="mt-5">
            {t("loadSamples")}
          </ButtonLink>
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
  const { t, i18n } = useTranslation("jobs");
  const fresh = {
    from: data.selfHref,
    cards: [] as ListCard[],
    marks: {} as Record<string, JobMark>,
    next: data.moreHref,
  };
  const [more, setMore] = useState(fresh);
  // A new search (or page) starts the appended list over.
  if (more.from !== data.selfHref) setMore(fresh);
  const loaded = fetcher.data;
  useEffect(() => {
    if (!loaded || loaded.selfHref !== more.next) return;
    setMore((m) => {
      const have = new Set([...data.cards, ...m.cards].map((c) => c.key));
      return {
        ...m,
        cards: [...m.cards, ...loaded.cards.filter((c) => !have.has(c.key))],
        marks: { ...m.marks, ...readMarks(loaded.marks) },
        next: loaded.moreHref,
      };
    });
  }, [loaded, more.next, data.cards]);
  const cards = [...data.cards, ...more.cards];
  const marks = { ...readMarks(data.marks), ...more.marks };
  const count = data.count;
  const loading = fetcher.state === "loading";
  return (
    <>
      <div className="results-bar">
        {/* Each run of words one text node (React puts a comment between adjacent ones). */}
        <p aria-live="polite" data-testid="job-count">
          {count ? (
            <>
              <strong>
                {count.capped
                  ? t("countCapped", { formatted: formatCount(count.total, i18n.language) })
                  : t("count", { count: count.total, formatted: formatCount(count.total, i18n.language) })}
              </strong>
              {`${t("onHirewise")}${count.provider ? t("moreFrom", { provider: count.provider }) : ""}${data.pageNumber > 1 ? t("pageN", { n: data.pageNumber }) : ""}`}
            </>
          ) : (
            t("onThisPage", { count: cards.length })
          )}
        </p>
        {data.alertOffer ? <EmailMeForm offer={data.alertOffer} /> : null}
      </div>
      <ResultList
        cards={cards}
        audience={data.audience}
        detailHref={(key) =>
          `${data.selfHref}${data.selfHref.includes("?") ? "&" : "?"}job=${encodeURIComponent(key)}#job`
        }
        importAction={`${data.basePath}?index`}
        marks={marks}
        saveMode={data.saveMode}
      />
      <nav aria-label={t("moreJobs")} className="more-jobs">
        {data.previousHref ? (
          <Link to={data.previousHref} className={pageLinkClass}>
            {t("previousPage")}
          </Link>
        ) : null}
        {data.firstHref && data.pageNumber > 2 ? (
          <Link to={data.firstHref} className={pageLinkClass}>
            {t("firstPage")}
          </Link>
        ) : null}
        {hydrated ? (
          more.next ? (
            <button
              type="button"
              className={pageLinkClass}
              disabled={loading}
              aria-busy={loading}
              onClick={() => more.next && fetcher.load(withIndex(more.next))}
            >
              {t(loading ? "loadingMore" : "loadMore")}
            </button>
          ) : null
        ) : data.nextHref ? (
          <Link to={data.nextHref} className={pageLinkClass}>
            {t("nextPage")}
          </Link>
        ) : null}
      </nav>
    </>
  );
}

const pageLinkClass = "page-link";

/** A count as the page's language writes it ("1,234" / "1.234"). */
const formatCount = (n: number, language: string) => n.toLocaleString(intlLocale(language));
