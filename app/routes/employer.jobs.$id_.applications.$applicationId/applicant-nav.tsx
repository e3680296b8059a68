// "← Previous applicant" and "Next applicant →" on an application page, in the order and stage of
// the list it was opened from (the links keep ?show=&sort=). Plain props only.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export interface ApplicantNavData {
  previousHref: string | null;
  nextHref: string | null;
}

const LINK = "rounded-lg border border-field px-3 py-1.5 text-sm font-semibold hover:bg-tint";

export function ApplicantNav({ nav }: { nav: ApplicantNavData }) {
  const { t } = useTranslation("review");
  if (!nav.previousHref && !nav.nextHref) return null;
  return (
    <nav aria-label={t("nav.label")} className="flex flex-wrap items-center justify-between gap-2">
      {nav.previousHref ? (
        <Link to={nav.previousHref} className={LINK}>
          {t("nav.previous")}
        </Link>
      ) : (
        <span />
      )}
      {nav.nextHref ? (
        <Link to={nav.nextHref} className={LINK}>
          {t("nav.next")}
        </Link>
      ) : null}
    </nav>
  );
}
