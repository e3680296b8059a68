// Save / Saved on search cards and job pages, "Applied" in place of Apply Now, and "Email me jobs
// like these". Each is a plain form (a POST with an intent) or a link, so it works without
// JavaScript; with it, Save goes through a fetcher: no page load, the button shows the state asked
// for at once (aria-pressed) and settles on the server's answer. Plain props only (browser bundle).
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { StatusBadge } from "./job-bits.tsx";
import { pagePersonalValues } from "./personal-slot.tsx";

/** How the page's viewer can save: a candidate posts; a visitor signs in first; an employer can't. */
export type SaveMode =
  { kind: "candidate"; returnTo: string } | { kind: "visitor"; signInHref: string } | { kind: "none" };

export interface JobMark {
  saved: boolean;
  /** The candidate's application status when they applied ("submitted", "reviewed"…). */
  applied: string | null;
}

/** The marks a page's loader data carries as one JSON string, or null: the page's own values carry them (a shared copy). */
export const readMarks = (json: string | null): Record<string, JobMark> =>
  json === null ? (pagePersonalValues()?.marks ?? {}) : (JSON.parse(json) as Record<string, JobMark>);

/** The anchor a card has, so a save without JavaScript comes back to it. */
export const cardAnchor = (key: string) => `job-${key.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 120)}`;

// Component classes (app/app.css), one per button: a search page shows a Save button on each of
// its 20 cards. The bookmark before the word is drawn by the stylesheet too (outlined for Save,
// filled for Saved).
const savedStyle = "save-on";
const unsavedStyle = "save-off";

export function SaveButton({
  target,
  title,
  visitorLabelledBy,
  saved,
  mode,
  anchor,
}: {
  target: string;
  title: string;
  /** On a result card: ids whose words say "Save {title} (sign in first)" (result-card.tsx). */
  visitorLabelledBy?: string;
  saved: boolean;
  mode: SaveMode;
  anchor: string;
}) {
  const fetcher = useFetcher<{ saved: boolean }>();
  const { t } = useTranslation("jobs");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (mode.kind === "none") return null;
  if (mode.kind === "visitor") {
    return (
      <Link
        to={mode.signInHref}
        discover="none"
        className={unsavedStyle}
        {...(visitorLabelledBy
          ? { "aria-labelledby": visitorLabelledBy }
          : { "aria-label": t("card.saveTitleSignIn", { title }) })}
      >
        {t("card.save")}
      </Link>
    );
  }
  // What the server said last, or what was just asked for while it answers.
  const pendingIntent = fetcher.formData?.get("intent");
  const shown = pendingIntent ? pendingIntent === "save" : (fetcher.data?.saved ?? saved);
  return (
    <fetcher.Form method="post" action="/candidate/saved" preventScrollReset>
      <input type="hidden" name="intent" value={shown ? "unsave" : "save"} />
      <input type="hidden" name="job" value={target} />
      <input type="hidden" name="redirectTo" value={`${mode.returnTo}#${anchor}`} />
      {/* Only a fetcher asks for data back; a plain post is redirected to the page it came from. */}
      {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={`${t(shown ? "card.saved" : "card.save")}: ${title}`}
        disabled={fetcher.state !== "idle"}
        className={shown ? savedStyle : unsavedStyle}
      >
        {t(shown ? "card.saved" : "card.save")}
      </button>
    </fetcher.Form>
  );
}

/** In place of Apply Now where the candidate has applied: "Applied" with the status, to My Applications. */
export function AppliedMark({ status, title }: { status: string; title: string }) {
  const { t } = useTranslation("jobs");
  return (
    <Link to="/candidate/applications" aria-label={t("card.appliedTo", { title })} className="applied-mark">
      {t("card.applied")}
      <StatusBadge status={status} />
    </Link>
  );
}

export interface AlertOffer {
  kind: "candidate" | "visitor";
  /** The search's fields (candidate: posted; visitor: carried through sign-in in signInHref). */
  fields: Record<string, string>;
  signInHref: string;
}

/** "Email me jobs like these": saves this search as an alert (through sign-in for visitors). */
export function EmailMeForm({ offer }: { offer: AlertOffer }) {
  const { t } = useTranslation("jobs");
  if (offer.kind === "visitor") {
    return (
      <Link to={offer.signInHref} className="alert-button">
        <Bell />
        {t("card.emailMe")}
      </Link>
    );
  }
  return (
    <Form
      method="post"
      action="/candidate/alerts"
      className="flex flex-wrap items-center gap-2"
      aria-label={t("card.alertForm")}
    >
      <input type="hidden" name="intent" value="create" />
      {Object.entries(offer.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="alert-frequency" className="sr-only">
        {t("card.howOften")}
      </label>
      <select
        id="alert-frequency"
        name="frequency"
        defaultValue="daily"
        className="rounded-lg border border-field bg-surface px-2 py-2 text-sm"
      >
        <option value="daily">{t("card.daily")}</option>
        <option value="weekly">{t("card.weekly")}</option>
      </select>
      <button type="submit" className="alert-button">
        <Bell />
        {t("card.emailMe")}
      </button>
    </Form>
  );
}

function Bell() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="icon-small">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
      />
    </svg>
  );
}
