// /companies/{slug}/embed: the company's open jobs as a lean, unbranded list for an <iframe> on its
// own site. A plain HTML page without scripts (so it works without JavaScript and costs the host
// page nothing), light or dark as the visitor's system is; each job opens on Hirewise in a new tab.
// The only page that may be framed (lib/http/embeddable.ts); cached like the career page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { publicAnswer, publicJobs, requireCareerPage, type PublicJob } from "#app/career-page.server.ts";
import { formatDate } from "#lib/dates.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await requireCareerPage(params.slug, "/embed");
  const { jobs } = publicJobs(page);
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<EmbedList company={page.name} jobs={jobs} />)}`;
  return publicAnswer(request, html, "text/html; charset=utf-8");
}

// The host page frames this, so it brings its own few rules instead of the site's stylesheet.
const STYLE = `
:root{color-scheme:light dark;--fg:#0f172a;--muted:#475569;--line:#e2e8f0;--link:#1d4ed8;--bg:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#e2e8f0;--muted:#94a3b8;--line:#334155;--link:#93c5fd;--bg:#0f172a}}
*{box-sizing:border-box}
body{margin:0;padding:8px 12px;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
ul{list-style:none;margin:0;padding:0}
li{padding:12px 0;border-bottom:1px solid var(--line)}
li:last-child{border-bottom:0}
a{color:var(--link);font-weight:600;text-decoration:none;overflow-wrap:anywhere}
a:hover,a:focus{text-decoration:underline}
p{margin:2px 0 0;color:var(--muted);font-size:13px;overflow-wrap:anywhere}
.empty{padding:12px 0}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

/** Place, work location, type and pay, each once ("Remote" is often both the place and the work location). */
const facts = (job: PublicJob) =>
  [job.location, job.locationType, job.type, job.salary?.text].filter(
    (part, i, all): part is string =>
      Boolean(part) && all.findIndex((other) => other?.toLowerCase() === part!.toLowerCase()) === i,
  );

function EmbedList({ company, jobs }: { company: string; jobs: PublicJob[] }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`Jobs at ${company}`}</title>
        <base target="_blank" />
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <h1 className="sr">{`Open jobs at ${company}`}</h1>
          {jobs.length ? (
            <ul aria-label={`Open jobs at ${company}`}>
              {jobs.map((job) => (
                <li key={job.id}>
                  <a href={job.url} rel="noopener">
                    {job.title}
                  </a>
                  <p>{facts(job).join(" · ")}</p>
                  {job.postedAt ? <p>Posted {formatDate(job.postedAt)}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">{`${company} has no open jobs right now.`}</p>
          )}
        </main>
      </body>
    </html>
  );
}
