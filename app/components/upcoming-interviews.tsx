// The dashboard's list of the company's interviews in the next seven days, soonest first.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { UpcomingInterview } from "#modules/interviews/index.server.ts";
import { Card } from "#app/components/ui/card.tsx";
import { textLink } from "#app/components/ui/styles.ts";

export function UpcomingInterviews({ interviews }: { interviews: UpcomingInterview[] }) {
  const { t } = useTranslation("dashboard");
  if (!interviews.length) return null;
  return (
    <section aria-labelledby="interviews-heading" className="grid gap-3">
      <h2 id="interviews-heading" className="text-xl font-semibold">
        {t("interviewsHeading")}
      </h2>
      <Card className="!p-0">
        <ul className="divide-y divide-line">
          {interviews.map((i) => (
            <li key={i.interviewId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
              <div className="min-w-0">
                <Link to={`/employer/jobs/${i.jobId}/applications/${i.applicationId}#interview`} className={textLink}>
                  {i.candidateName}
                </Link>
                <p className="text-sm text-muted [overflow-wrap:anywhere]">
                  {i.jobTitle}
                  {i.interviewers.length ? t("interviewsWith", { names: i.interviewers.join(", ") }) : ""}
                </p>
              </div>
              <p className="text-sm font-medium">{i.label}</p>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
