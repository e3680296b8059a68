// /account/export: what "Export my data" gives, and the Download button: a plain form posting to
// /account/export.zip (a GET there exports nothing), which works without JavaScript and, since the
// answer is an attachment, leaves this page in place.
import { smallTextLink } from "#app/components/ui/styles.ts";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#modules/identity/index.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cardClass } from "#app/components/ui/card.tsx";

export const meta: MetaFunction = () => [{ title: "Export your data · Hirewise" }];

const CONTENTS = {
  candidate: [
    ["account.json", "Your account, plan, signed-in sessions (never their keys) and account history."],
    ["profile.json", "Your name, photo and email settings."],
    [
      "applications.json",
      "Every job you applied to: your answers, statuses, status history and scores, when each is due to be anonymised, and your unsent drafts.",
    ],
    ["resumes.json and resumes/", "Every resume you uploaded, as the PDF you sent."],
    ["emails.json", "The emails we sent you."],
    ["images/", "Your photo."],
  ],
  employer: [
    ["account.json", "Your account, plan, signed-in sessions (never their keys) and account history."],
    ["profile.json", "Your name, company name and email settings."],
    ["jobs.json", "Every job you posted or drafted, with its screening questions."],
    [
      "applications-received.json",
      "How many applications each job received, by status. Candidates' applications are their own data, so they aren't included.",
    ],
    ["emails.json", "The emails we sent you."],
    ["images/", "Your company logo."],
  ],
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email, contents: CONTENTS[user.role], candidate: user.role === "candidate" };
}

export default function ExportPage() {
  const { email, contents, candidate } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <Link to="/account" className={smallTextLink}>
          ← Account
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Export your data</h1>
        <p className="mt-2 text-muted">
          Download everything Hirewise holds about your account ({email}) as one zip file.
        </p>
      </div>
      <section aria-labelledby="contents-heading" className={`grid gap-4 ${cardClass}`}>
        <h2 id="contents-heading" className="text-lg font-semibold">
          What's inside
        </h2>
        <dl className="grid gap-3">
          {contents.map(([name, text]) => (
            <div
              key={name}
              className="grid gap-1 border-b border-hairline pb-3 last:border-0 last:pb-0 sm:grid-cols-[12rem_1fr] sm:gap-4"
            >
              <dt className="font-mono text-sm break-words text-fg">{name}</dt>
              <dd className="text-sm text-soft">{text}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted">
          Your password, sign-in keys and other people's personal data are never included. The JSON files open in any
          text editor.
        </p>
        <form method="post" action="/account/export.zip">
          <Button type="submit" size="lg" className="w-fit">
            Download my data
          </Button>
        </form>
      </section>
      {candidate ? <HowLongApplicationsAreKept /> : null}
      <p className="text-sm text-muted">
        Want to leave instead?{" "}
        <Link to="/account/delete" className="font-semibold text-danger hover:underline">
          Delete your account
        </Link>
      </p>
    </section>
  );
}

/** What retention keeps and for how long (decision 089), in the words the export's note uses. */
function HowLongApplicationsAreKept() {
  return (
    <section aria-labelledby="retention-heading" className={`grid gap-2 ${cardClass}`}>
      <h2 id="retention-heading" className="text-lg font-semibold">
        How long companies keep your applications
      </h2>
      <p className="text-sm text-soft">
        If you aren&apos;t hired, a company keeps your application for 6, 12 or 24 months after the job closes (it
        chooses; 12 unless it changed it). 30 days before, we email you a link to stay in its talent pool for another
        period. Then your answers, resume, messages and the team&apos;s notes and scorecards are removed; the company
        keeps only that an application reached each stage, without your name. Your account and your resume library stay
        until you delete them.
      </p>
    </section>
  );
}
