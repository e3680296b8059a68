// /candidate/saved: the candidate's saved jobs, newest first; closed ones marked "Closed" without
// Apply. Its action is where every Save / Saved button posts (intent save or unsave): without
// JavaScript it redirects back to the page (and card) it came from; a fetcher gets data instead.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { INTL_LOCALES, rootLanguage, translateMessage, translator } from "#locales/index.ts";
import { requireRole, safeRedirect } from "#modules/identity/index.server.ts";
import { EMPLOYMENT_TYPE_LABELS, labelOf } from "#modules/hiring/index.server.ts";
import { listSavedJobs, saveJob, unsaveJob } from "#modules/saved/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { readForm } from "#lib/forms.ts";
import { isModuleError, moduleErrorStatus } from "#app/module-errors.server.ts";
import { marksFor } from "#app/saved-marks.server.ts";
import { ErrorBox, Notice } from "#app/components/forms.tsx";
import { Card, CompanyMark, StatusBadge } from "#app/components/job-bits.tsx";
import { AppliedMark } from "#app/components/save-job.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";

export const meta: MetaFunction = ({ matches }) => [{ title: translator(rootLanguage(matches), "saved")("title") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const language = await pageLanguage(request, context);
  const t = translator(language, "saved");
  const jobs = translator(language, "jobs");
  const saved = await listSavedJobs(user.id);
  const marks = await marksFor(
    user,
    saved.map((s) => `board:${s.job.id}`),
  );
  const params = new URL(request.url).searchParams;
  return {
    removed: params.get("removed") === "1",
    error: params.get("error") === "limit" ? t("limit") : params.get("error") === "gone" ? t("gone") : null,
    jobs: saved.map((s) => ({
      id: s.job.id,
      title: s.job.title,
      companyName: s.job.companyName,
      companyLogo: s.job.companyLogo,
      location: s.job.location,
      employmentType: s.job.employmentType
        ? jobs(`vocab.employmentType.${s.job.employmentType}`, {
            defaultValue: labelOf(EMPLOYMENT_TYPE_LABELS, s.job.employmentType),
          })
        : null,
      description: s.job.description,
      open: s.open,
      saved: formatDate(s.savedAt, INTL_LOCALES[language]),
      applied: marks[`board:${s.job.id}`]?.applied ?? null,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const form = await readForm(request);
  const intent = form.get("intent");
  const target = String(form.get("job") ?? "").slice(0, 300);
  const wantsData = form.get("respond") === "data";
  const back = safeRedirect(form.get("redirectTo"), "/candidate/saved");
  if ((intent !== "save" && intent !== "unsave") || !target) {
    return wantsData
      ? data(
          { saved: false, error: translateMessage(await pageLanguage(request, context), "Nothing to save.") },
          { status: 400 },
        )
      : redirect(back);
  }
  try {
    if (intent === "save") await saveJob(user.id, target);
    else await unsaveJob(user.id, target);
  } catch (error) {
    if (!isModuleError(error)) throw error;
    const status = moduleErrorStatus(error);
    if (wantsData)
      return data(
        { saved: false, error: translateMessage(await pageLanguage(request, context), error.message) },
        { status },
      );
    // Without JavaScript the refusal is shown on the saved jobs page.
    return redirect(`/candidate/saved?error=${error.code === "not-found" ? "gone" : "limit"}`);
  }
  if (wantsData) return { saved: intent === "save" };
  return redirect(back === "/candidate/saved" && intent === "unsave" ? "/candidate/saved?removed=1" : back);
}

export default function SavedJobs() {
  const { jobs, removed, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("saved");
  const { t: words } = useTranslation("jobs");
  const { t: common } = useTranslation("common");
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
        <p className="mt-2 text-muted">{t("lead")}</p>
      </div>
      {removed ? <Notice>{t("removed")}</Notice> : null}
      <ErrorBox errors={error ? [error] : undefined} />
      {jobs.length ? (
        <ul className="grid gap-4" aria-label={t("listLabel")}>
          {jobs.map((job) => (
            <li key={job.id}>
              <Card className="flex gap-4 !p-5">
                <CompanyMark name={job.companyName} logo={job.companyLogo} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-semibold break-words">
                      {job.open ? (
                        <Link to={`/candidate/jobs/${job.id}`} className="hover:underline">
                          {job.title}
                        </Link>
                      ) : (
                        job.title
                      )}
                    </h2>
                    {job.open ? null : <StatusBadge status="closed" />}
                  </div>
                  <p className="mt-1 text-sm text-muted">
                    {job.companyName} · {job.location || words("locationNotGiven")}
                    {job.employmentType ? ` · ${job.employmentType}` : ""} · {t("savedOn", { date: job.saved })}
                  </p>
                  <p className="mt-2 line-clamp-2 text-soft">{job.description}</p>
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    {job.applied ? (
                      <AppliedMark status={job.applied} title={job.title} />
                    ) : job.open ? (
                      <ButtonLink
                        to={`/candidate/jobs/${job.id}/apply`}
                        aria-label={words("card.applyNowToTitle", { title: job.title })}
                      >
                        {words("card.applyNow")}
                      </ButtonLink>
                    ) : (
                      <p className="text-sm text-muted">{t("closed")}</p>
                    )}
                    <Form method="post">
                      <input type="hidden" name="intent" value="unsave" />
                      <input type="hidden" name="job" value={job.id} />
                      <input type="hidden" name="redirectTo" value="/candidate/saved" />
                      <Button
                        type="submit"
                        aria-label={t("unsaveLabel", { title: job.title })}
                        variant="secondary"
                        size="sm"
                      >
                        {t("unsave")}
                      </Button>
                    </Form>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl border border-dashed border-edge px-4 py-12 text-center">
          <p className="text-lg font-semibold">{t("emptyTitle")}</p>
          <p className="mt-2 text-muted">{t("emptyBody")}</p>
          <ButtonLink to="/candidate/jobs" size="lg" className="mt-5">
            {common("nav.browseJobs")}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
