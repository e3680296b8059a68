// Small pieces every job page shares: the status badge in the spec's colours, cards, the company
// mark and the "Job Not Found" card. Bundled for the browser: plain props, and only the modules'
// browser-safe entries.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { STATUS_LABELS, type ApplicationStatus } from "#modules/applications/browser.ts";

// Badge colours: active and shortlisted green; closed and rejected red; submitted blue;
// reviewed yellow; archived and anything else grey. The stages past Shortlisted (decision 050):
// interview and offer in the brand's blue-violet and teal, hired a deeper green.
const GREY_CLASS = "bg-slate-100 text-label dark:bg-slate-800";
const BADGE: Record<string, { className: string }> = {
  active: { className: "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200" },
  shortlisted: { className: "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200" },
  closed: { className: "bg-red-100 text-danger-fg dark:bg-red-900/60" },
  rejected: { className: "bg-red-100 text-danger-fg dark:bg-red-900/60" },
  interview: { className: "bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100" },
  offer: { className: "bg-teal-100 text-teal-900 dark:bg-teal-900/60 dark:text-teal-100" },
  hired: { className: "bg-green-700 text-white dark:bg-green-300 dark:text-green-950" },
  submitted: { className: "bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-200" },
  reviewed: { className: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900/60 dark:text-yellow-100" },
  withdrawn: { className: GREY_CLASS },
  applied_external: { className: "bg-brand-tint text-brand-800 dark:text-brand-200" },
};
const GREY = GREY_CLASS;

/** How a job or application status reads: the pipeline's labels ("Under Review", "Not Selected"), else capitalised. */
export const statusLabel = (status: string) =>
  STATUS_LABELS[status as ApplicationStatus] ?? status.charAt(0).toUpperCase() + status.slice(1);

export function StatusBadge({ status }: { status: string }) {
  const badge = BADGE[status];
  const label = statusLabel(status);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge?.className ?? GREY}`}
    >
      {label}
    </span>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-subtle bg-surface p-6 shadow-sm ${className}`}>{children}</div>;
}

/** What an employer sees for a job that isn't theirs or doesn't exist. */
export function JobNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">Job Not Found</h1>
        <p className="mt-3 text-muted">The job you're looking for could not be found.</p>
        <Link
          to="/employer/dashboard"
          className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Back to Dashboard
        </Link>
      </Card>
    </section>
  );
}

/** The company's logo, or its initial on a coloured square. */
export function CompanyMark({ name, logo, size = "size-12" }: { name: string; logo: string | null; size?: string }) {
  if (logo)
    return (
      <img
        src={logo}
        alt={`${name} logo`}
        className={`${size} shrink-0 rounded-xl border border-line bg-white object-contain`}
      />
    );
  return (
    <span
      aria-hidden
      className={`${size} grid shrink-0 place-items-center rounded-xl bg-brand-100 text-lg font-bold text-brand-800 dark:bg-slate-800 dark:text-brand-200`}
    >
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}

/** A job route's error boundary: the not-found card for 404s, a plain apology otherwise. */
export function JobErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <JobNotFound />;
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-3 text-muted">An error occurred. Please try again in a moment.</p>
        <Link
          to="/employer/dashboard"
          className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Back to Dashboard
        </Link>
      </Card>
    </section>
  );
}

/** What a listing from outside Hirewise says on its card, its page and its application's first step. */
export const outsideNote = (company: string) => `You apply on ${company}'s site; we help you prepare`;
