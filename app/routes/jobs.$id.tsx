// /jobs/{id}: a public page for an active board job, for search engines and sharing: JobPosting
// structured data, a canonical link and Open Graph tags. Apply leads visitors to /jobs/{id}/apply
// (no account needed until they confirm, decision 080). Closed, archived and missing jobs answer
// 404 with no structured data.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { currentUser } from "#modules/identity/index.server.ts";
import { activeJob, careerSlugOfJob } from "#modules/hiring/index.server.ts";
import { salaryEstimate } from "#modules/search/index.server.ts";
import { jobPostingJsonLd, jobView, jobWords, jsonLdScript } from "#app/job-view.server.ts";
import { languageFor } from "#app/i18n.server.ts";
import { useTranslation } from "react-i18next";
import { rootLanguage, translator } from "#locales/index.ts";
import { seoMeta } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { useNonce } from "#app/components/nonce.ts";
import { JobPosting, PostingNotFound, ReadyToApply } from "#app/components/job-posting.tsx";
import { excerpt } from "#lib/rich-text.ts";
import { readFromReplica } from "#lib/http/edge-cache/index.ts";
import { AppliedMark, SaveButton } from "#app/components/save-job.tsx";
import { marksFor, saveModeFor } from "#app/saved-marks.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) =>
  data
    ? seoMeta({
        translated: { search: location.search },
        title: `${data.job.title} at ${data.job.companyName}`,
        description: `${data.job.title} at ${data.job.companyName}, ${data.job.location}. ${excerpt(data.job.description, 140)}`,
        path: `/jobs/${data.job.id}`,
        origin: data.origin,
        type: "article",
      })
    : [{ title: `${notFoundTitle(matches)} · Hirewise` }, { name: "robots", content: "noindex" }];

/** A missing job's title, in the page's language (its loader threw: the root's data says which). */
function notFoundTitle(matches: { id: string; data: unknown }[]): string {
  return translator(rootLanguage(matches), "jobs")("posting.notFound");
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const job = await readFromReplica(() => activeJob(params.id ?? ""));
  if (!job) throw data({ message: "This job posting is no longer available or has been removed." }, { status: 404 });
  const origin = siteOrigin();
  const user = await currentUser(request);
  const words = jobWords(await languageFor(request, user));
  const applyPath = `/candidate/jobs/${job.id}/apply`;
  const view = jobView(job, words);
  const [marks, careerSlug] = await Promise.all([
    marksFor(user, [`board:${job.id}`]),
    readFromReplica(() => careerSlugOfJob(job.id)),
  ]);
  const mark = marks[`board:${job.id}`];
  return {
    saved: Boolean(mark?.saved),
    applied: mark?.applied ?? null,
    saveMode: saveModeFor(user, new URL(request.url).pathname),
    origin,
    job: view,
    companyHref: careerSlug ? `/companies/${careerSlug}` : null,
    estimate: view.salary ? null : await salaryEstimate(job),
    jsonLd: jsonLdScript(jobPostingJsonLd(job, origin)),
    // Candidates go straight to the application; a visitor applies without an account (decision 080).
    applyHref: user?.role === "candidate" ? applyPath : `/jobs/${job.id}/apply`,
    employer: user?.role === "employer",
    applyNote: words.t(user?.role === "candidate" ? "posting.candidateNote" : "posting.visitorNote"),
    back: { to: "/jobs", label: words.t("backToJobs") },
  };
}

const BACK = { to: "/jobs", label: "Back to Jobs" };

export default function PublicJobPage() {
  const { job, jsonLd, applyHref, employer, estimate, saved, applied, saveMode, applyNote, companyHref, back } =
    useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <JobPosting
        estimate={estimate}
        job={job}
        back={back}
        companyHref={companyHref}
        applyHref={employer || applied || (job.imported && !job.imported.applyLink) ? null : applyHref}
        apply={
          employer || (job.imported && !job.imported.applyLink) ? null : (
            <>
              {applied ? (
                <div>
                  <AppliedMark status={applied} title={job.title} />
                </div>
              ) : (
                <ReadyToApply href={applyHref} note={applyNote} />
              )}
              <div id="save-job">
                <SaveButton
                  target={`board:${job.id}`}
                  title={job.title}
                  saved={saved}
                  mode={saveMode}
                  anchor="save-job"
                />
              </div>
            </>
          )
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("jobs");
  return <PostingNotFound back={{ ...BACK, label: t("backToJobs") }} />;
}
