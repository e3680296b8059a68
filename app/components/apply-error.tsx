// The apply wizard's error page, for the candidate's and the visitor's wizard alike.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "#app/components/job-bits.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";

/** The wizard's error page: a job that can't be applied to (404) or a failure, with the way back to `back`. */
export function ApplyErrorBoundary({ back }: { back: string }) {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const { t } = useTranslation("apply");
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{missing ? t("jobs:posting.notFound") : t("common:errors.failedTitle")}</h1>
        <p className="mt-3 text-muted">{missing ? t("errors.notFound") : t("common:errors.failedMessage")}</p>
        <ButtonLink to={back} size="lg" className="mt-6">
          {t("jobs:backToJobs")}
        </ButtonLink>
      </Card>
    </section>
  );
}
