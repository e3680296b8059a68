// The job search's result list: one card per job, styled by the component classes in app/app.css
// (a page shows 20 of them), with links worked out from the job's key (app/job-links.ts) rather
// than carried in the loader data. Plain props only (bundled for the browser).
import { Form, Link, useRevalidator } from "@remix-run/react";
import { useContext, useEffect, useState, type ReactNode } from "react";
import { jobLinks, type Audience, type JobLinks } from "#app/job-links.ts";
import { PersonalSlot } from "./personal-slot.tsx";
import { PageTextContext } from "./page-text.ts";
import { AppliedMark, cardAnchor, SaveButton, type JobMark, type SaveMode } from "./save-job.tsx";

/** A job in the result list: what its card shows. */
export interface ListCard {
  /** "board:{id}" or "{provider}:{id}": what ?job= names. */
  key: string;
  /** Provider listings: the provider's name, on the card's badge (board jobs say "On Hirewise"). */
  provider?: string;
  company: string;
  logo: string | null;
  /** A remote job (the card says so). */
  remote?: boolean;
  employmentType: string | null;
  salary: string | null;
  /** Provider listings: Apply Now imports the listing (it links to the company's own site). */
  importable?: boolean;
  /**
   * The card's words. A `.data` answer (a search or Load More with JavaScript) carries them; a
   * page's own loader data leaves them out, because the page's HTML already says them, and the
   * card reads them back from that HTML when React takes the page over (useCardText).
   */
  text?: CardText;
}

export interface CardText {
  title: string;
  /** "Company · Place · Posted". */
  meta: string;
  /** The description's start, at most 300 characters (lib/rich-text.ts#excerpt). */
  excerpt: string;
}

export const Badge = ({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "green" | "brand" }) => (
  <span className={`badge badge-${tone}`}>{children}</span>
);

/** The company's logo, or its initial on a coloured square (the search cards' CompanyMark). */
function CardMark({ name, logo }: { name: string; logo: string | null }) {
  if (logo) return <img src={logo} alt={`${name} logo`} className="result-logo" />;
  return (
    <span aria-hidden className="result-initial">
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}

/**
 * Apply Now: board jobs go to their application; provider listings are imported first (a POST),
 * and only when they link to the company's own site, where such applications end.
 */
export function ApplyButton({
  title,
  titleId,
  links,
  importable,
  importAction,
}: {
  title: string;
  /** On a result card: its heading's id, so the name is "Apply now to {title}" without repeating the title. */
  titleId?: string;
  links: JobLinks;
  importable: boolean;
  importAction: string;
}) {
  const style = "apply-button";
  const name = titleId ? { "aria-labelledby": `${CARD_LABELS.apply} ${titleId}` } : { "aria-label": `Apply now to ${title}` };
  if (links.applyHref) {
    // discover="none": no data-discover attribute on 20 cards; the route is found when it is followed.
    return (
      <Link to={links.applyHref} discover="none" className={style} {...name}>
        Apply Now
      </Link>
    );
  }
  if (!importable) return null;
  return (
    <Form method="post" action={importAction}>
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="listing" value={links.listingId ?? ""} />
      <button type="submit" className={style} {...name}>
        Apply Now
      </button>
    </Form>
  );
}

/** Apply Now, or "Applied" with the status where the candidate already applied. */
export function ApplyOrApplied({
  title,
  titleId,
  links,
  importable,
  mark,
  importAction,
}: {
  title: string;
  titleId?: string;
  links: JobLinks;
  importable: boolean;
  mark: JobMark | undefined;
  importAction: string;
}) {
  return mark?.applied ? (
    <AppliedMark status={mark.applied} title={title} />
  ) : (
    <ApplyButton title={title} titleId={titleId} links={links} importable={importable} importAction={importAction} />
  );
}

/**
 * The ids of the words the cards' buttons and links put before (and after) their card's title:
 * each names itself with aria-labelledby="{label} {heading's id}", so "View details of {title}"
 * and the like are said in full without the title written three more times on each of 20 cards.
 */
const CARD_LABELS = { details: "lv", apply: "la", save: "ls", signInFirst: "lsi" } as const;

/** The labels' words, once for the list (hidden: aria-labelledby reads hidden elements too). */
function CardLabels() {
  return (
    <p hidden>
      <span id={CARD_LABELS.details}>View details of</span>
      <span id={CARD_LABELS.apply}>Apply now to</span>
      <span id={CARD_LABELS.save}>Save</span>
      <span id={CARD_LABELS.signInFirst}>(sign in first)</span>
    </p>
  );
}

export function ResultList({
  cards,
  audience,
  detailHref,
  importAction,
  marks = {},
  saveMode = { kind: "none" },
}: {
  cards: ListCard[];
  audience: Audience;
  detailHref: (key: string) => string;
  importAction: string;
  marks?: Record<string, JobMark>;
  saveMode?: SaveMode;
}) {
  return (
    <>
      <CardLabels />
      <ul className="result-list grid gap-4" aria-label="Jobs found">
        {cards.map((card, index) => (
          <ResultItem
            key={card.key}
            card={card}
            titleId={`t${index}`}
            audience={audience}
            detailHref={detailHref(card.key)}
            importAction={importAction}
            mark={marks[card.key]}
            saveMode={saveMode}
          />
        ))}
      </ul>
    </>
  );
}

/** What the page's HTML says on the card with this anchor; null where there is no such card. */
function readCardText(anchor: string): CardText | null {
  const item = typeof document === "undefined" ? null : document.getElementById(anchor);
  if (!item) return null;
  const text = (selector: string) => item.querySelector(selector)?.textContent ?? "";
  return { title: text("h2"), meta: text(".result-meta"), excerpt: text(".result-excerpt") };
}

const NO_TEXT: CardText = { title: "", meta: "", excerpt: "" };

/**
 * The card's words: from the loader data; while the server renders a page, from the load context
 * (page-text.ts); in the browser, for the cards of the page as it was served, read back from its
 * HTML once, as React hydrates it, so the render matches what is there. Should they ever be
 * missing, the data is fetched again (a `.data` answer carries them).
 */
function useCardText(card: ListCard, anchor: string): CardText {
  const rendering = useContext(PageTextContext)?.get(card.key);
  const [fromPage] = useState(() => (card.text || rendering ? null : readCardText(anchor)));
  const revalidator = useRevalidator();
  const missing = !card.text && !rendering && !fromPage;
  useEffect(() => {
    if (missing && revalidator.state === "idle") revalidator.revalidate();
  }, [missing, revalidator]);
  return card.text ?? rendering ?? fromPage ?? NO_TEXT;
}

function ResultItem({
  card,
  titleId,
  audience,
  detailHref,
  importAction,
  mark,
  saveMode,
}: {
  card: ListCard;
  titleId: string;
  audience: Audience;
  detailHref: string;
  importAction: string;
  mark: JobMark | undefined;
  saveMode: SaveMode;
}) {
  const anchor = cardAnchor(card.key);
  const { title, meta, excerpt } = useCardText(card, anchor);
  // Each card fades in a little after the one before (the delays are in app/app.css).
  return (
    <li id={anchor}>
      <div className="result-card">
        <CardMark name={card.company} logo={card.logo} />
        <div className="min-w-0">
          <div className="result-head">
            <h2 id={titleId}>{title}</h2>
            <Badge tone={card.provider ? "slate" : "green"}>{card.provider ?? "On Hirewise"}</Badge>
          </div>
          <p className="result-meta">{meta}</p>
          <p className="result-excerpt">{excerpt}</p>
        </div>
        <div className="result-foot">
          {card.remote ? <Badge tone="brand">Remote</Badge> : null}
          {card.employmentType ? <Badge tone="brand">{card.employmentType}</Badge> : null}
          {card.salary ? <Badge tone="green">{card.salary}</Badge> : null}
          <div className="result-actions">
            <Link to={detailHref} discover="none" aria-labelledby={`${CARD_LABELS.details} ${titleId}`} className="result-details">
              View Details
            </Link>
            {/* Saved and Applied are the viewer's: a shared copy fills them in per request (decision 059). */}
            <PersonalSlot
              id={card.key}
              mark={mark}
              render={(viewerMark) => (
                <>
                  <SaveButton
                    target={card.key}
                    title={title}
                    visitorLabelledBy={`${CARD_LABELS.save} ${titleId} ${CARD_LABELS.signInFirst}`}
                    saved={Boolean(viewerMark?.saved)}
                    mode={saveMode}
                    anchor={anchor}
                  />
                  <div className="max-sm:flex-1">
                    <ApplyOrApplied title={title} titleId={titleId} links={jobLinks(card.key, audience)} importable={Boolean(card.importable)} mark={viewerMark} importAction={importAction} />
                  </div>
                </>
              )}
            />
          </div>
        </div>
      </div>
    </li>
  );
}
