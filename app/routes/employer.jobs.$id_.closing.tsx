// /employer/jobs/{id}/closing: where the closing reminder's Extend and Close lead. A member who
// manages jobs picks a later closing date (intent=extend) or closes the job now (intent=close,
// telling its waiting applicants, as an owner's close does). POST only changes anything; anyone
// else's job is 404.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "#app/team.server.ts";
import { changeJobStatus, HiringError, jobClosing, setJobClosingDate } from "#modules/hiring/index.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { readTextForm } from "#lib/forms.ts";
import { Card, Field, IntentButton, smallTextLink } from "#app/components/ui/index.ts";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translateMessage, translator } from "#locales/index.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { formatZoned } from "#lib/zoned-time.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Closing date · Hirewise" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const job = await withModuleErrors(() => jobClosing(member, params.id ?? ""));
  // The module words the day in English; another language formats it again in its own locale.
  const when =
    language === DEFAULT_LANGUAGE || !job.closesAt
      ? job.when
      : formatZoned(new Date(job.closesAt), member.timeZone, INTL_LOCALES[language]);
  return {
    title: translator(language, "employerJob")("titleClosing", { title: job.title }),
    job: { ...job, when },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const jobId = params.id ?? "";
  const { form } = await readTextForm(request);
  const intent = String(form.get("intent") ?? "");
  const typed = String(form.get("closes_at") ?? "");
  const back = `/employer/jobs/${jobId}/details`;
  if (intent === "close") {
    await withModuleErrors(() => changeJobStatus(member, jobId, "close", { tellApplicants: true }));
    return redirectWithNotice(back, "Job closed. Applicants still waiting will hear it closed.");
  }
  return withModuleErrors(
    async () => {
      await setJobClosingDate(member, jobId, typed);
      return redirectWithNotice(back, "Closing date saved.");
    },
    {
      refused: (error, status) => {
        const errors: string[] = error instanceof HiringError ? (error.fieldErrors.closes_at ?? []) : [];
        const said = (errors.length ? errors : [error.message]).map((m) => translateMessage(language, m));
        return data({ typed, errors: said }, { status });
      },
    },
  );
}

export default function JobClosingPage() {
  const { job } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("employerJob", { keyPrefix: "closing" });
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold">{job.title}</h1>
        <p className="text-muted">
          {job.open ? (job.when ? t("until", { date: job.when }) : t("open")) : t("notOpen")}
        </p>
      </div>
      {job.open ? (
        <Card>
          <Form method="post" className="grid gap-4">
            <Field
              label={t("label")}
              hint={t("hint")}
              errors={result && "errors" in result ? result.errors : undefined}
              inputProps={{
                id: "closes_at",
                name: "closes_at",
                type: "date",
                defaultValue: result && "typed" in result ? result.typed : job.closesOn,
              }}
            />
            <div className="flex flex-wrap gap-3">
              <IntentButton intent="extend">{t("save")}</IntentButton>
              <IntentButton intent="close" variant="secondary">
                {t("closeNow")}
              </IntentButton>
            </div>
          </Form>
        </Card>
      ) : null}
      <Link className={smallTextLink} to={`/employer/jobs/${job.id}/details`}>
        {t("back")}
      </Link>
    </section>
  );
}
