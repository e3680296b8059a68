// /employer/jobs/{id}/applications/{applicationId}/rating: gives or changes the member's rating (1 to
// 5, an optional reason), then goes back to the application page. A refused post shows this small
// page with the message beside the field and what was chosen and typed; GET shows the same form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { rootLanguage, translator } from "#locales/index.ts";
import { feedbackPageLoader, ratingAction } from "#app/application-feedback.server.ts";
import { RatingForm } from "#app/components/application-notes.tsx";
import { Card } from "#app/components/job-bits.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: translator(rootLanguage(matches), "review")("feedback.ratingTitle") },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => feedbackPageLoader(request, params);

export const action = ({ request, params, context }: ActionFunctionArgs) => ratingAction(request, params, context);

export default function RatingPage() {
  const { jobTitle, paths, myRating } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("review");
  const defaults = result
    ? { stars: result.stars ?? "", reason: result.reason ?? "" }
    : { stars: myRating ? String(myRating.stars) : "", reason: myRating?.reason ?? "" };
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <Link to={`${paths.page}#notes`} className={`${smallTextLink} w-fit`}>
        {t("feedback.back")}
      </Link>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">{t("feedback.ratingHeading")}</h1>
        <p className="mt-1 text-muted">{t("feedback.ratingPageOf", { title: jobTitle })}</p>
        <div className="mt-4">
          <RatingForm action={paths.rating} defaults={defaults} errors={result?.errors} />
        </div>
      </Card>
    </section>
  );
}
