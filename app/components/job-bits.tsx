// Small pieces every job page shares: the status badge in the spec's colours, cards, the company
// mark and the "Job Not Found" card. Bundled for the browser: plain props, and only the modules'
// browser-safe entries.
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { STATUS_LABELS, type ApplicationStatus } from "#modules/applications/browser.ts";
import { Badge, type BadgeTone } from "./ui/badge.tsx";
import { ButtonLink } from "./ui/button.tsx";
import { Card } from "./ui/card.tsx";

// Badge tones: active and shortlisted green; closed and rejected red; submitted blue; reviewed
// yellow; archived and anything else grey. The stages past Shortlisted (decision 050): interview
// and offer in violet and teal, hired a deeper green.
const TONE: Record<string, BadgeTone> = {
  active: "green",
  shortlisted: "green",
  closed: "red",
  rejected: "red",
  interview: "violet",
  offer: "teal",
  hired: "hired",
  submitted: "blue",
  reviewed: "yellow",
  withdrawn: "slate",
  applied_external: "brand",
};

/** How a job or application status reads: the pipeline's labels ("Under Review", "Not Selected"), else capitalised. */
export const statusLabel = (status: string) =>
  STATUS_LABELS[status as ApplicationStatus] ?? status.charAt(0).toUpperCase() + status.slice(1);

/** `statusLabel` in the page's language (catalogue: status.label). */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation("status");
  return (status) => t(`label.${status}`, { defaultValue: statusLabel(status) });
}

export function StatusBadge({ status }: { status: string }) {
  const label = useStatusLabel();
  return <Badge tone={TONE[status] ?? "slate"}>{label(status)}</Badge>;
}

export { Card };

/** What an employer sees for a job that isn't theirs or doesn't exist. */
export function JobNotFound() {
  const { t } = useTranslation("post");
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{t("notFound")}</h1>
        <p className="mt-3 text-muted">{t("notFoundMessage")}</p>
        <ButtonLink to="/employer/dashboard" size="lg" className="mt-6">
          {t("backToDashboard")}
        </ButtonLink>
      </Card>
    </section>
  );
}

/** The company's logo, or its initial on a coloured square. */
export function CompanyMark({ name, logo, size = "size-12" }: { name: string; logo: string | null; size?: string }) {
  const { t } = useTranslation("jobs");
  if (logo)
    return (
      <img
        src={logo}
        alt={t("logoOf", { company: name })}
        className={`${size} shrink-0 rounded-xl border border-line bg-white object-contain`}
      />
    );
  return (
    <span
      aria-hidden
      className={`${size} grid shrink-0 place-items-center rounded-xl bg-brand-wash text-lg font-bold text-brand-ink`}
    >
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}

/** A job route's error boundary: the not-found card for 404s, a plain apology otherwise. */
export function JobErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { t: tp } = useTranslation("post");
  if (isRouteErrorResponse(error) && error.status === 404) return <JobNotFound />;
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{t("errors.failedTitle")}</h1>
        <p className="mt-3 text-muted">{t("errors.failedMessage")}</p>
        <ButtonLink to="/employer/dashboard" size="lg" className="mt-6">
          {tp("backToDashboard")}
        </ButtonLink>
      </Card>
    </section>
  );
}

/** What a listing from outside Hirewise says on its card, its page and its application's first step. */
export const outsideNote = (company: string) => `You apply on ${company}'s site; we help you prepare`;
