// The applicants of a job as its page lists them: stage filters with counts, the sort, one page of
// rows (name, date, match, the team's scorecards, stage, resume, Shortlist and Reject), paging links, and for members who
// decide a checkbox per row that belongs to the "Move selected to" form (the `form` attribute keeps
// the per-row Shortlist and Reject forms separate). Links come ready from the loader, so every
// filter, sort and page is a URL and works without JavaScript. Plain props only.
import { smallTextLink } from "#app/components/ui/styles.ts";
import { Form, Link } from "@remix-run/react";
import { Avatar } from "#app/components/applications.tsx";
import { Card, StatusBadge, useStatusLabel } from "#app/components/job-bits.tsx";
import { IntentButton } from "#app/components/forms.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { meanLabel } from "#modules/applications/browser.ts";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";

export interface ApplicantListData {
  jobId: string;
  total: number;
  show: string;
  sort: string;
  cursor: string | null;
  stages: { value: string; label: string; count: number; href: string; current: boolean }[];
  sorts: { value: string; label: string; href: string; current: boolean }[];
  nextHref: string | null;
  previousHref: string | null;
  mayDecide: boolean;
  csvHref: string | null;
  /** The owner's voluntary self-identification counts (decision 088); null for anyone else. */
  reportHref: string | null;
  moveTargets: { value: string; label: string }[];
  applicants: {
    id: string;
    name: string;
    avatarUrl: string | null;
    status: string;
    applied: string;
    href: string;
    rejectHref: string;
    resumeId: string | null;
    decisions: string[];
    match: { overall: number; reason: string } | null;
    /** Undecided 14 days after applying. */
    stale: boolean;
    /** Submitted scorecards; the average only where the member may read it (decision 085). */
    scorecards: { count: number; average: number | null };
  }[];
}

/** "3.5 of 4 · 2 scorecards", or just "1 scorecard" while the average is hidden from the member. */
function scorecardsLine(t: TFunction, { count, average }: { count: number; average: number | null }): string {
  const cards = t("scorecards", { count });
  return average === null ? cards : t("scorecardsAverage", { mean: meanLabel(average), cards });
}

const PILL = "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold";
const PILL_ON = "border-brand-mark bg-brand-mark text-page";
const PILL_OFF = "border-field text-label hover:bg-tint";
const PAGE_LINK = "rounded-lg border border-field px-4 py-2 text-sm font-semibold hover:bg-tint";

export function ApplicantList({ list }: { list: ApplicantListData }) {
  const bulkForm = "bulk-move";
  const { t } = useTranslation("employerJob", { keyPrefix: "list" });
  const statusLabel = useStatusLabel();
  return (
    <Card className="!p-4 sm:!p-6">
      <div id="applications" className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t("heading")}</h2>
        <div className="flex-1" />
        {list.reportHref ? (
          <a href={list.reportHref} className={smallTextLink}>
            {t("eeoCounts")}
          </a>
        ) : null}
        {list.csvHref ? (
          <a href={list.csvHref} download className={smallTextLink}>
            {t("csv")}
          </a>
        ) : null}
      </div>
      {list.total === 0 ? (
        <p className="mt-2 text-muted">{t("none")}</p>
      ) : (
        <>
          <nav aria-label={t("stages")} className="mt-4">
            <ul className="flex flex-wrap gap-2">
              {list.stages.map((stage) => (
                <li key={stage.value}>
                  <Link
                    to={stage.href}
                    aria-current={stage.current ? "page" : undefined}
                    className={`${PILL} ${stage.current ? PILL_ON : PILL_OFF}`}
                  >
                    {stage.value === "all" ? t("all") : statusLabel(stage.value)}{" "}
                    <span className="tabular-nums">{stage.count}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className="text-muted">{t("sortBy")}</span>
            {list.sorts.map((sort) => (
              <Link
                key={sort.value}
                to={sort.href}
                aria-current={sort.current ? "page" : undefined}
                className={sort.current ? "font-semibold text-strong" : "font-semibold text-brand hover:underline"}
              >
                {t(`sorts.${sort.value}`, { defaultValue: sort.label })}
              </Link>
            ))}
          </div>

          {list.mayDecide && list.applicants.length ? (
            <Form
              id={bulkForm}
              method="post"
              action={`/employer/jobs/${list.jobId}/move`}
              className="mt-4 flex flex-wrap items-end gap-2 rounded-lg bg-band p-3"
            >
              <input type="hidden" name="show" value={list.show} />
              <input type="hidden" name="sort" value={list.sort} />
              <input type="hidden" name="cursor" value={list.cursor ?? ""} />
              <label className="text-sm">
                <span className="block text-muted">{t("moveSelectedTo")}</span>
                <select
                  name="to"
                  required
                  defaultValue=""
                  className="mt-1 max-w-full rounded-lg border border-field bg-surface px-3 py-2"
                >
                  <option value="" disabled>
                    {t("chooseStage")}
                  </option>
                  {list.moveTargets.map((target) => (
                    <option key={target.value} value={target.value}>
                      {statusLabel(target.value)}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" variant="secondary" size="sm">
                {t("moveSelected")}
              </Button>
            </Form>
          ) : null}

          {list.applicants.length === 0 ? (
            <p className="mt-4 text-muted">{t("noneInStage")}</p>
          ) : (
            <ul className="mt-4 divide-y divide-subtle" aria-label={t("applications")}>
              {list.applicants.map((a) => (
                <li key={a.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
                  <div className="flex min-w-0 flex-1 items-start gap-3">
                    {list.mayDecide ? (
                      <input
                        type="checkbox"
                        form={bulkForm}
                        name="ids"
                        value={a.id}
                        aria-label={t("select", { name: a.name })}
                        className="mt-3 size-4 shrink-0 accent-brand-600"
                      />
                    ) : null}
                    <Avatar name={a.name} url={a.avatarUrl} />
                    <div className="min-w-0 flex-1">
                      <a href={a.href} className="font-semibold [overflow-wrap:anywhere] hover:underline">
                        {a.name}
                      </a>
                      <p className="text-sm text-muted">{t("applied", { date: a.applied })}</p>
                      {a.match ? (
                        <p className="mt-1 line-clamp-2 text-xs text-muted sm:line-clamp-1">{a.match.reason}</p>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                    {a.match ? (
                      <span
                        className="whitespace-nowrap rounded-full bg-brand-tint px-2.5 py-0.5 text-sm font-semibold tabular-nums text-brand-strong"
                        title={t("matchTitle")}
                      >
                        {t("match", { percent: a.match.overall })}
                      </span>
                    ) : (
                      <span className="text-xs text-faint">{t("scoring")}</span>
                    )}
                    {a.scorecards.count ? (
                      <span
                        className="whitespace-nowrap rounded-full border border-subtle px-2.5 py-0.5 text-sm tabular-nums"
                        title={a.scorecards.average === null ? t("scorecardsHiddenTitle") : t("scorecardsTitle")}
                      >
                        {scorecardsLine(t, a.scorecards)}
                      </span>
                    ) : null}
                    <StatusBadge status={a.status} />
                    {a.stale ? (
                      <span className="whitespace-nowrap rounded-full border border-warn-line bg-warn-tint px-2.5 py-0.5 text-xs font-semibold text-warn-fg">
                        {t("waiting")}
                      </span>
                    ) : null}
                    {a.resumeId ? (
                      <a
                        href={`/resumes/${a.resumeId}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={smallTextLink}
                      >
                        {t("resume")}
                        <span className="sr-only">{t("resumeOf", { name: a.name })}</span>
                      </a>
                    ) : null}
                    {a.decisions.length ? (
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="show" value={list.show} />
                        <input type="hidden" name="sort" value={list.sort} />
                        <input type="hidden" name="cursor" value={list.cursor ?? ""} />
                        {a.decisions.includes("shortlist") ? (
                          <IntentButton
                            intent={`shortlist:${a.id}`}
                            pendingLabel={t("shortlisting")}
                            aria-label={t("shortlistLabel", { name: a.name })}
                          >
                            {t("shortlist")}
                          </IntentButton>
                        ) : null}
                        {a.decisions.includes("reject") ? (
                          <ButtonLink
                            to={a.rejectHref}
                            aria-label={t("rejectLabel", { name: a.name })}
                            variant="danger"
                          >
                            {t("reject")}
                          </ButtonLink>
                        ) : null}
                      </Form>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}

          {list.previousHref || list.nextHref ? (
            <nav aria-label={t("pages")} className="mt-4 flex flex-wrap items-center justify-between gap-3">
              {list.previousHref ? (
                <Link to={list.previousHref} className={PAGE_LINK}>
                  {t("previous")}
                </Link>
              ) : (
                <span />
              )}
              {list.nextHref ? (
                <Link to={list.nextHref} className={PAGE_LINK}>
                  {t("next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
