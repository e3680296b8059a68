// The job search's result list: one card per job, styled by the component classes in app/app.css
// (a page shows 20 of them), with links worked out from the job's key (app/job-links.ts) rather
// than carried in the loader data. Plain props only (bundled for the browser).
import { Form, Link, useRevalidator } from "@remix-run/react";
import { useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { jobLinks, type Audience, type JobLinks } from "#app/job-links.ts";
import { PersonalSlot } from "./personal-slot.tsx";
import { PageTextContext } from "./page-text.ts";
import { AppliedMark, cardAnchor, SaveButton, type JobMark, type SaveMode } from "./save-job.tsx";

/** A job in the result list. */
export interface ListCard {
  /** "board:{id}" or "{provider}:{id}": what ?job= names. */
  key: string;
  /** Provider listings: Apply Now imports the listing (it links to the company's own site). */
  importable?: boolean;
  /**
   * What the card shows. A `.data` answer (a search or Load More with JavaScript) carries it; a
   * page's own loader data leaves it out, because the page's HTML already says it, and the card
   * reads it back from that HTML when React takes the page over (useCardFace).
   */
  face?: CardFace;
}

/** Everything a card's HTML says, as it says it (so it can be read back from the HTML exactly). */
export interface CardFace {
  title: string;
  /** "Company · Place · Posted". */
  meta: string;
  /** The description's start, at most 300 characters (lib/rich-text.ts#excerpt). */
  excerpt: string;
  /** The company's logo; without one, the card shows the company's initial. */
  logo?: string;
  /** The logo's text alternative ("{company} logo"), or the initial shown in its place. */
  mark: string;
  /** Provider listings: the provider's name on the badge by the title (board jobs say "On Hirewise"). */
  provider?: string;
  /** Provider listings: where the application ends ("You apply on {company}'s site; we help you prepare"). */
  outside?: string;
  /** The badges after the excerpt: "Remote" for a remote job, the employment type. */
  tags: string[];
  /** The salary's badge, after those. */
  salary?: string;
}

export const Badge = ({ children, tone = "slate" }: { children: ReactNode; tone?: "slate" | "green" | "brand" }) => (
  <span className={`badge-${tone}`}>{children}</span>
);

/** The initial a card without a logo shows on its coloured square (CompanyMark's). */
export const initialOf = (company: string) => (company.trim()[0] ?? "?").toUpperCase();

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
  const { t } = useTranslation("jobs");
  const style = "apply-button";
  const name = titleId
    ? { "aria-labelledby": `${CARD_LABELS.apply} ${titleId}` }
    : { "aria-label": t("card.applyNowToTitle", { title }) };
  if (links.applyHref) {
    // discover="none": no data-discover attribute on 20 cards; the route is found when it is followed.
    return (
      <Link to={links.applyHref} discover="none" className={style} {...name}>
        {t("card.applyNow")}
      </Link>
    );
  }
  if (!importable) return null;
  return (
    <Form method="post" action={importAction}>
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="listing" value={links.listingId ?? ""} />
      <button type="submit" className={style} {...name}>
        {t("card.applyNow")}
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
  const { t } = useTranslation("jobs");
  return (
    <p hidden>
      <span id={CARD_LABELS.details}>{t("card.viewDetailsOf")}</span>
      <span id={CARD_LABELS.apply}>{t("card.applyNowTo")}</span>
      <span id={CARD_LABELS.save}>{t("card.save")}</span>
      <span id={CARD_LABELS.signInFirst}>{t("card.signInFirst")}</span>
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
      <ul className="result-list" aria-label="Jobs found">
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
function readCardFace(anchor: string): CardFace | null {
  const item = typeof document === "undefined" ? null : document.getElementById(anchor);
  if (!item) return null;
  const text = (element: Element | null | undefined) => element?.textContent ?? "";
  const logo = item.querySelector("img.result-logo");
  const source = item.querySelector(".result-head > span");
  const foot = item.querySelector(".result-foot");
  const face: CardFace = {
    title: text(item.querySelector("h2")),
    meta: text(item.querySelector(".result-meta")),
    excerpt: text(item.querySelector(".result-excerpt")),
    mark: logo ? (logo.getAttribute("alt") ?? "") : text(item.querySelector(".result-initial")),
    tags: Array.from(foot?.querySelectorAll(":scope > .badge-brand") ?? [], text),
  };
  if (logo) face.logo = logo.getAttribute("src") ?? "";
  if (source?.classList.contains("badge-slate")) face.provider = text(source);
  const outside = item.querySelector(".result-outside");
  if (outside) face.outside = text(outside);
  const salary = foot?.querySelector(":scope > .badge-green");
  if (salary) face.salary = text(salary);
  return face;
}

const NO_FACE: CardFace = { title: "", meta: "", excerpt: "", mark: "", tags: [] };

/**
 * What the card shows: from the loader data; while the server renders a page, from the load
 * context (page-text.ts); in the browser, for the cards of the page as it was served, read back
 * from its HTML once, as React hydrates it, so the render matches what is there. Should it ever be
 * missing, the data is fetched again (a `.data` answer carries it).
 */
function useCardFace(card: ListCard, anchor: string): CardFace {
  const rendering = useContext(PageTextContext)?.get(card.key);
  const [fromPage] = useState(() => (card.face || rendering ? null : readCardFace(anchor)));
  const revalidator = useRevalidator();
  const missing = !card.face && !rendering && !fromPage;
  useEffect(() => {
    if (missing && revalidator.state === "idle") revalidator.revalidate();
  }, [missing, revalidator]);
  return card.face ?? rendering ?? fromPage ?? NO_FACE;
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
  const face = useCardFace(card, anchor);
  const { t } = useTranslation("jobs");
  const { title } = face;
  // One element per part, each with one class (app/app.css places them on the card's grid). Each
  // card fades in a little after the one before (the delays are in app/app.css too).
  return (
    <li id={anchor} className="result-card">
      {face.logo ? (
        <img src={face.logo} alt={face.mark} className="result-logo" />
      ) : (
        <span aria-hidden className="result-initial">
          {face.mark}
        </span>
      )}
      <div className="result-head">
        <h2 id={titleId}>{title}</h2>
        <Badge tone={face.provider ? "slate" : "green"}>{face.provider ?? t("onHirewiseBadge")}</Badge>
      </div>
      <p className="result-meta">{face.meta}</p>
      <p className="result-excerpt">{face.excerpt}</p>
      {face.outside ? <p className="result-outside">{face.outside}</p> : null}
      <div className="result-foot">
        {face.tags.map((tag, i) => (
          <Badge key={i} tone="brand">
            {tag}
          </Badge>
        ))}
        {face.salary ? <Badge tone="green">{face.salary}</Badge> : null}
        <div className="result-actions">
          <Link
            to={detailHref}
            discover="none"
            aria-labelledby={`${CARD_LABELS.details} ${titleId}`}
            className="result-details"
          >
            {t("card.viewDetails")}
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
                <ApplyOrApplied
                  title={title}
                  titleId={titleId}
                  links={jobLinks(card.key, audience)}
                  importable={Boolean(card.importable)}
                  mark={viewerMark}
                  importAction={importAction}
                />
              </>
            )}
          />
        </div>
      </div>
    </li>
  );
}
