// /candidate/profile/cv: the CV maker. The profile as a CV in the chosen template (an HTML preview),
// the PDF to view or download, and "Save to my resumes", which keeps the PDF with the candidate's
// resumes so they can apply with it.
import { buttonClass } from "#app/components/ui/button.tsx";
import { textLink } from "#app/components/ui/styles.ts";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readForm } from "#lib/forms.ts";
import { QuotaExceededError } from "#lib/quotas.ts";
import { requireRole } from "#modules/identity/index.server.ts";
import { CV_TEMPLATES, CvBusyError, cvFor, isCvTemplate, saveCvToResumes } from "#modules/profiles/index.server.ts";
import { retryAfter } from "#app/quotas.server.ts";
import { ErrorBox, IntentButton, Notice } from "#app/components/forms.tsx";
import { CvPreview } from "./cv-preview.tsx";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "cv")("title")} · Hirewise` },
];

const CV_PATH = "/candidate/profile/cv";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const language = await pageLanguage(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("template");
  const template = isCvTemplate(asked) ? asked : "classic";
  const cv = await cvFor(user.id, language);
  return {
    cv,
    template,
    templates: CV_TEMPLATES.map((t) => ({ value: t, label: cv.words.templates[t] })),
    saved: url.searchParams.get("saved") === "1",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const language = await pageLanguage(request, context);
  const form = await readForm(request);
  const template = form.get("template");
  if (form.get("intent") !== "save-to-resumes" || !isCvTemplate(template)) {
    throw data({ message: "This form is out of date. Please reload the page and try again." }, { status: 400 });
  }
  try {
    await saveCvToResumes(user.id, template, language);
  } catch (error) {
    if (error instanceof QuotaExceededError)
      return data({ error: translateMessage(language, error.message) }, { status: 429, headers: retryAfter(error) });
    if (error instanceof CvBusyError)
      return data(
        { error: translateMessage(language, error.message) },
        { status: 503, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    throw error;
  }
  return redirect(`${CV_PATH}?template=${template}&saved=1`);
}

const secondary = buttonClass({ variant: "secondary" });

export default function CvMaker() {
  const { t } = useTranslation("cv");
  const { cv, template, templates, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pdf = `${CV_PATH}.pdf?template=${template}`;
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
          <p className="mt-2 text-muted">
            {t("madeFrom")}
            <Link to="/candidate/profile" className={textLink}>
              {t("yourProfile")}
            </Link>
            {t("changeProfile")}
          </p>
        </div>
      </div>

      {saved ? (
        <Notice>
          {t("saved")}{" "}
          <Link to="/candidate/resumes" className="font-semibold underline">
            {t("seeResumes")}
          </Link>
        </Notice>
      ) : null}
      <ErrorBox errors={answer && "error" in answer ? [answer.error] : undefined} />

      <div className="grid gap-4 rounded-2xl border border-subtle bg-surface p-4 shadow-sm sm:p-6">
        <nav aria-label={t("template")} className="flex flex-wrap items-center gap-2">
          <span className="mr-1 text-sm font-medium text-label">{t("template")}</span>
          {templates.map((t) => (
            <Link
              key={t.value}
              to={`${CV_PATH}?template=${t.value}`}
              aria-current={t.value === template ? "page" : undefined}
              preventScrollReset
              className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
                t.value === template ? "bg-brand-600 text-white" : "border border-field text-label hover:bg-tint"
              }`}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        <div className="flex flex-wrap gap-2">
          <a href={pdf} target="_blank" rel="noopener" className={secondary}>
            {t("viewPdf")}
          </a>
          <a href={`${pdf}&download=1`} download className={secondary}>
            {t("downloadPdf")}
          </a>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="template" value={template} />
            <IntentButton intent="save-to-resumes" variant="primary" pendingLabel={t("saving")}>
              {t("save")}
            </IntentButton>
          </Form>
        </div>
      </div>

      <div className="-mx-4 bg-slate-100 px-4 py-6 sm:mx-0 sm:rounded-2xl sm:p-8 dark:bg-slate-800/60">
        <CvPreview cv={cv} template={template} />
      </div>
    </section>
  );
}
