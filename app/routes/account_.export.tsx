// /account/export: what "Export my data" gives, and the Download button: a plain form posting to
// /account/export.zip (a GET there exports nothing), which works without JavaScript and, since the
// answer is an attachment, leaves this page in place.
import { smallTextLink } from "#app/components/ui/styles.ts";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#modules/identity/index.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cardClass } from "#app/components/ui/card.tsx";
import { useTranslation } from "react-i18next";
import { rootLanguage, translator } from "#locales/index.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "accountPages")("export.title")} · Hirewise` },
];

/** Each file of the zip and the catalogue key that says what it holds. */
const CONTENTS = {
  candidate: [
    ["account.json", "account"],
    ["profile.json", "candidateProfile"],
    ["applications.json", "applications"],
    ["resumes.json and resumes/", "resumes"],
    ["emails.json", "emails"],
    ["images/", "photo"],
  ],
  employer: [
    ["account.json", "account"],
    ["profile.json", "employerProfile"],
    ["jobs.json", "jobs"],
    ["applications-received.json", "received"],
    ["emails.json", "emails"],
    ["images/", "logo"],
  ],
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email, contents: CONTENTS[user.role], candidate: user.role === "candidate" };
}

export default function ExportPage() {
  const { t } = useTranslation("accountPages");
  const { email, contents, candidate } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <Link to="/account" className={smallTextLink}>
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("export.title")}</h1>
        <p className="mt-2 text-muted">{t("export.intro", { email })}</p>
      </div>
      <section aria-labelledby="contents-heading" className={`grid gap-4 ${cardClass}`}>
        <h2 id="contents-heading" className="text-lg font-semibold">
          {t("export.inside")}
        </h2>
        <dl className="grid gap-3">
          {contents.map(([name, text]) => (
            <div
              key={name}
              className="grid gap-1 border-b border-hairline pb-3 last:border-0 last:pb-0 sm:grid-cols-[12rem_1fr] sm:gap-4"
            >
              <dt className="font-mono text-sm break-words text-fg">{name}</dt>
              <dd className="text-sm text-soft">{t(`export.files.${text}`)}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted">{t("export.never")}</p>
        <form method="post" action="/account/export.zip">
          <Button type="submit" size="lg" className="w-fit">
            {t("export.download")}
          </Button>
        </form>
      </section>
      {candidate ? <HowLongApplicationsAreKept /> : null}
      <p className="text-sm text-muted">
        {t("export.leave")}{" "}
        <Link to="/account/delete" className="font-semibold text-danger hover:underline">
          {t("export.deleteLink")}
        </Link>
      </p>
    </section>
  );
}

/** What retention keeps and for how long (decision 089), in the words the export's note uses. */
function HowLongApplicationsAreKept() {
  const { t } = useTranslation("accountPages");
  return (
    <section aria-labelledby="retention-heading" className={`grid gap-2 ${cardClass}`}>
      <h2 id="retention-heading" className="text-lg font-semibold">
        {t("export.keptHeading")}
      </h2>
      <p className="text-sm text-soft">{t("export.kept")}</p>
    </section>
  );
}
