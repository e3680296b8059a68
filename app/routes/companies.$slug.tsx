// /companies/{slug}: a company's career page for everyone: logo, name, about text and website, and
// its open jobs as the board's cards; Organization structured data and a link to the jobs as JSON.
// Signed out it is kept and shared like /jobs (app/edge-cache.server.ts); an old slug answers 301.
import { jobWords } from "#app/job-view.server.ts";
import { languageFor } from "#app/i18n.server.ts";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireCareerPage, organizationJsonLd } from "#app/career-page.server.ts";
import { boardCard } from "#app/job-search.server.ts";
import { jobLinks, type Audience } from "#app/job-links.ts";
import { seoMeta } from "#app/seo.ts";
import { siteOrigin } from "#app/site-origin.server.ts";
import { marksData, viewerOf } from "#app/viewer.server.ts";
import { saveModeFor } from "#app/saved-marks.server.ts";
import { jsonLdScript } from "#app/job-view.server.ts";
import { useNonce } from "#app/components/nonce.ts";
import { CompanyMark } from "#app/components/job-bits.tsx";
import { ResultList } from "#app/components/result-card.tsx";
import { readMarks } from "#app/components/save-job.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { textLink } from "#app/components/ui/styles.ts";

const careerPath = (slug: string, rest = "") => `/companies/${slug}${rest}`;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        ...seoMeta({
          title: `Jobs at ${data.company.name}`,
          description:
            data.company.about?.slice(0, 160) ??
            `Open jobs at ${data.company.name} on Hirewise: ${data.cards.length} open now.`,
          path: careerPath(data.company.slug),
          origin: data.origin,
        }),
        {
          tagName: "link",
          rel: "alternate",
          type: "application/json",
          href: `${data.origin}${careerPath(data.company.slug, "/jobs.json")}`,
        },
      ]
    : [{ title: "Company Not Found · Hirewise" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await requireCareerPage(params.slug);
  const origin = siteOrigin();
  const user = await viewerOf(request, context);
  // The cards' labels and dates in the page's language; the jobs' own words stay the employer's.
  const words = jobWords(await languageFor(request, user));
  const cards = page.jobs.map((job) => boardCard(job, words));
  const audience: Audience = user?.role === "candidate" ? "candidate" : "public";
  return {
    origin,
    company: { slug: page.slug, name: page.name, about: page.about, website: page.website, logo: page.logo },
    cards,
    audience,
    marks: await marksData(
      user,
      cards.map((c) => c.key),
      context,
    ),
    saveMode: saveModeFor(user, careerPath(page.slug)),
    jsonLd: jsonLdScript(organizationJsonLd(page, origin)),
  };
}

/** The website as it reads: its host and path, without the scheme. */
const shownAddress = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");

export default function CareerPage() {
  const { company, cards, audience, marks, saveMode, jsonLd } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <header className="flex flex-wrap items-start gap-4">
        <CompanyMark name={company.name} logo={company.logo} size="size-16" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{company.name}</h1>
          {company.website ? (
            <p className="mt-2">
              <a href={company.website} rel="noopener nofollow" className={`${textLink} break-all`}>
                {shownAddress(company.website)}
              </a>
            </p>
          ) : null}
        </div>
      </header>
      {company.about ? (
        <Card as="section" aria-labelledby="about-heading">
          <h2 id="about-heading" className="text-lg font-semibold">
            About {company.name}
          </h2>
          <p className="mt-2 break-words whitespace-pre-line text-body">{company.about}</p>
        </Card>
      ) : null}
      <div>
        <h2 className="text-xl font-semibold">{cards.length ? `Open jobs (${cards.length})` : "Open jobs"}</h2>
        {cards.length ? (
          <div className="mt-4">
            <ResultList
              cards={cards}
              audience={audience}
              detailHref={(key) => jobLinks(key, audience).jobHref ?? "/jobs"}
              importAction="/jobs?index"
              marks={readMarks(marks)}
              saveMode={saveMode}
            />
          </div>
        ) : (
          <p className="mt-3 rounded-2xl border border-dashed border-edge px-4 py-10 text-center text-muted">
            {company.name} has no open jobs right now.
          </p>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{missing ? "Company Not Found" : "Something went wrong"}</h1>
        <p className="mt-3 text-muted">
          {missing ? "There is no company page at this address." : "An error occurred. Please try again in a moment."}
        </p>
        <p className="mt-6">
          <a href="/jobs" className={textLink}>
            Browse all jobs
          </a>
        </p>
      </Card>
    </section>
  );
}
