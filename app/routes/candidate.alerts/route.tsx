// /candidate/alerts: the candidate's job alerts (saved searches emailed daily or weekly). Every
// change is a POST with an intent: create (from a search's "Email me jobs like these", or the form
// here when ?new=1 carries a search through sign-in), update (words, location, frequency), pause,
// resume, delete. Someone else's alert by id answers 404 and changes nothing.
import { smallTextLink } from "#app/components/ui/styles.ts";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { INTL_LOCALES, rootLanguage, translateMessage, translator } from "#locales/index.ts";
import { needsEmailVerification, requireRole } from "#modules/identity/index.server.ts";
import { AlertTimeZone, BrowserZoneField } from "./alert-time-zone.tsx";
import {
  alertTimeZoneOf,
  alertTimeZones,
  createAlert,
  deleteAlert,
  describeSearch,
  listAlerts,
  MAX_ALERTS,
  searchPath,
  setAlertPaused,
  setAlertTimeZone,
  updateAlert,
  type AlertInput,
} from "#modules/saved/index.server.ts";
import { parseWholeNumber } from "#modules/hiring/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { readTextForm } from "#lib/forms.ts";
import { isModuleError, moduleErrorStatus, respondToModuleError } from "#app/module-errors.server.ts";
import { ErrorBox, Field, FieldErrors, SubmitButton } from "#app/components/forms.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { Card } from "#app/components/job-bits.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { labelClass } from "#app/components/ui/field.tsx";

export const meta: MetaFunction = ({ matches }) => [{ title: translator(rootLanguage(matches), "alerts")("title") }];

const ALERTS_PATH = "/candidate/alerts";
const back = (notice: string) => redirectWithNotice(ALERTS_PATH, notice);

const SEARCH_FIELDS = [
  "q",
  "location",
  "location_type",
  "employment_type",
  "category",
  "min_salary",
  "remote",
  "currency",
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const language = await pageLanguage(request, context);
  const locale = INTL_LOCALES[language];
  const params = new URL(request.url).searchParams;
  const alerts = await listAlerts(user.id);
  const draft =
    params.get("new") === "1"
      ? Object.fromEntries(SEARCH_FIELDS.map((f) => [f, (params.get(f) ?? "").slice(0, 200)]))
      : null;
  return {
    max: MAX_ALERTS,
    // Alerts are kept for an unconfirmed address, but mailed only once it is confirmed.
    unconfirmedEmail: needsEmailVerification(user) ? user.email : null,
    timeZone: await alertTimeZoneOf(user.id),
    zones: alertTimeZones(),
    draft: draft && {
      fields: draft,
      label: describeSearch(
        {
          q: draft.q!,
          location: draft.location!,
          locationType: draft.location_type!,
          employmentType: draft.employment_type!,
          category: draft.category!,
          minSalary: parseWholeNumber(draft.min_salary ?? "") || null,
          includeRemote: draft.remote === "1" ? true : draft.remote === "0" ? false : null,
          salaryCurrency: draft.currency || "USD",
        },
        language,
      ),
    },
    alerts: alerts.map((a) => ({
      id: a.id,
      q: a.q,
      location: a.location,
      frequency: a.frequency,
      paused: a.paused,
      label: describeSearch(a, language),
      searchHref: searchPath(a),
      lastSent: a.lastSentAt ? formatDate(a.lastSentAt, locale) : null,
      nextRun: a.nextRunAt ? formatDate(a.nextRunAt, locale) : null,
    })),
  };
}

type ActionAnswer = {
  alertId: string | null;
  error: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const language = await pageLanguage(request, context);
  // Refusals in the page's language (the notices are translated where the flash is shown).
  const say = (message: string) => translateMessage(language, message);
  const { form, unstorable } = await readTextForm(request);
  const text = (name: string) => String(form.get(name) ?? "");
  const intent = text("intent");
  const alertId = text("alert").slice(0, 100);
  const values = Object.fromEntries(["q", "location", "frequency"].map((f) => [f, text(f).slice(0, 1000)]));
  if (unstorable.length) {
    return data<ActionAnswer>(
      {
        alertId: alertId || null,
        error: say("Please check the alert's fields."),
        fieldErrors: Object.fromEntries(
          unstorable.map((f) => [f, say("This field contained characters we can't store. Please check it.")]),
        ),
        values,
      },
      { status: 400 },
    );
  }
  try {
    switch (intent) {
      case "create": {
        const input: AlertInput = {
          q: text("q"),
          location: text("location"),
          locationType: text("location_type"),
          employmentType: text("employment_type"),
          category: text("category"),
          minSalary: text("min_salary"),
          includeRemote: text("remote"),
          salaryCurrency: text("currency"),
          frequency: text("frequency"),
          timeZone: text("browser_zone"),
        };
        await createAlert(user.id, input);
        return back("Your job alert is saved. We'll email you when new jobs match.");
      }
      case "update":
        await updateAlert(user.id, alertId, { q: text("q"), location: text("location"), frequency: text("frequency") });
        return back("Your job alert is updated.");
      case "pause":
      case "resume":
        await setAlertPaused(user.id, alertId, intent === "pause");
        return back(
          intent === "pause"
            ? "Your job alert is paused. No emails until you resume it."
            : "Your job alert is on again.",
        );
      case "time-zone":
        await setAlertTimeZone(user.id, text("time_zone"));
        return back("Your alerts now go out at 07:00 in the time zone you chose.");
      case "delete":
        await deleteAlert(user.id, alertId);
        return back("Your job alert is deleted.");
      default:
        return redirect(ALERTS_PATH);
    }
  } catch (error) {
    if (isModuleError(error) && error.code !== "not-found") {
      const fieldErrors = Object.fromEntries(
        Object.entries("fieldErrors" in error ? (error.fieldErrors as Record<string, string>) : {}).map(
          ([field, message]) => [field, say(message)],
        ),
      );
      return data<ActionAnswer>(
        { alertId: intent === "create" ? null : alertId, error: say(error.message), fieldErrors, values },
        { status: moduleErrorStatus(error) },
      );
    }
    return respondToModuleError(error, { notFound: say("That job alert could not be found.") });
  }
}

const FIELD_NAMES: Record<string, string> = { minSalary: "min_salary" };

const selectClass = "mt-1 block w-full rounded-lg border border-field bg-surface px-3 py-2 text-fg shadow-sm";
const smallButton = "rounded-lg border border-field px-3 py-2 text-sm font-semibold hover:bg-tint";

function FrequencySelect({ id, value, errors }: { id: string; value: string; errors?: string[] }) {
  const { t } = useTranslation("alerts");
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t("howOften")}
      </label>
      <select
        id={id}
        name="frequency"
        defaultValue={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={selectClass}
      >
        <option value="daily">{t("daily")}</option>
        <option value="weekly">{t("weeklyMondays")}</option>
      </select>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export default function JobAlerts() {
  const { alerts, draft, max, timeZone, zones, unconfirmedEmail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t } = useTranslation("alerts");
  const { t: words } = useTranslation("jobs");
  const { t: common } = useTranslation("common");
  const errorsFor = (alertId: string | null, field: string) => {
    if (!answer || answer.alertId !== alertId) return undefined;
    const message =
      answer.fieldErrors[field] ??
      answer.fieldErrors[Object.keys(FIELD_NAMES).find((k) => FIELD_NAMES[k] === field) ?? ""];
    return message ? [message] : undefined;
  };
  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
        <p className="mt-2 text-muted">{t("lead", { max })}</p>
      </div>
      <FlashNotice />
      {unconfirmedEmail ? (
        <p id="alerts-unconfirmed" className="rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-warn-fg">
          {t("unconfirmedBefore", { email: unconfirmedEmail })}
          <Link to="/auth/verify?redirect=%2Fcandidate%2Falerts" className="font-semibold underline">
            {t("newLink")}
          </Link>
          {t("unconfirmedAfter")}
        </p>
      ) : null}
      {answer && !answer.alertId ? <ErrorBox errors={[answer.error]} /> : null}
      <AlertTimeZone zone={timeZone} zones={zones} selectClass={selectClass} buttonClass={smallButton} />

      {draft ? (
        <Card>
          <h2 className="text-lg font-semibold">{t("newAlert")}</h2>
          <p className="mt-1 break-words text-soft">{draft.label}</p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="create" />
            <BrowserZoneField />
            {Object.entries(draft.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <FrequencySelect id="new-frequency" value="daily" errors={errorsFor(null, "frequency")} />
            <SubmitButton pendingLabel={t("saving")}>{words("card.emailMe")}</SubmitButton>
          </Form>
        </Card>
      ) : null}

      {alerts.length ? (
        <ul className="grid gap-4" aria-label={t("listLabel")}>
          {alerts.map((alert) => {
            const mine = answer?.alertId === alert.id;
            return (
              <li key={alert.id}>
                <Card>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 className="break-words text-lg font-semibold">{alert.label}</h2>
                      <p className="mt-1 text-sm text-muted">
                        {alert.paused ? t("paused") : alert.frequency === "daily" ? t("daily") : t("weekly")}
                        {alert.lastSent ? t("lastSent", { date: alert.lastSent }) : t("nothingSent")}
                        {alert.nextRun ? t("next", { date: alert.nextRun }) : ""}
                      </p>
                    </div>
                    <Link to={alert.searchHref} className={smallTextLink}>
                      {t("seeJobs")}
                    </Link>
                  </div>
                  {mine ? (
                    <div className="mt-3">
                      <ErrorBox errors={[answer.error]} />
                    </div>
                  ) : null}
                  <details className="mt-4" open={mine}>
                    <summary className="cursor-pointer text-sm font-semibold text-brand">{t("edit")}</summary>
                    <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[2fr_1.4fr_1fr_auto] sm:items-end">
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="alert" value={alert.id} />
                      <Field
                        label={t("what")}
                        errors={errorsFor(alert.id, "q")}
                        inputProps={{
                          id: `q-${alert.id}`,
                          name: "q",
                          type: "text",
                          maxLength: 200,
                          defaultValue: mine ? answer.values.q : alert.q,
                        }}
                      />
                      <Field
                        label={t("where")}
                        errors={errorsFor(alert.id, "location")}
                        inputProps={{
                          id: `location-${alert.id}`,
                          name: "location",
                          type: "text",
                          maxLength: 100,
                          defaultValue: mine ? answer.values.location : alert.location,
                        }}
                      />
                      <FrequencySelect
                        id={`frequency-${alert.id}`}
                        value={mine ? (answer.values.frequency ?? alert.frequency) : alert.frequency}
                        errors={errorsFor(alert.id, "frequency")}
                      />
                      <SubmitButton pendingLabel={t("saving")}>{t("saveChanges")}</SubmitButton>
                    </Form>
                  </details>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value={alert.paused ? "resume" : "pause"} />
                      <input type="hidden" name="alert" value={alert.id} />
                      <button
                        type="submit"
                        className={smallButton}
                        aria-label={t(alert.paused ? "resumeLabel" : "pauseLabel", { label: alert.label })}
                      >
                        {alert.paused ? t("resume") : t("pause")}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="alert" value={alert.id} />
                      <button
                        type="submit"
                        className={`${smallButton} text-danger`}
                        aria-label={t("deleteLabel", { label: alert.label })}
                      >
                        {t("delete")}
                      </button>
                    </Form>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      ) : draft ? null : (
        <div className="rounded-2xl border border-dashed border-edge px-4 py-12 text-center">
          <p className="text-lg font-semibold">{t("emptyTitle")}</p>
          <p className="mt-2 text-muted">{t("emptyBody")}</p>
          <ButtonLink to="/candidate/jobs" size="lg" className="mt-5">
            {common("nav.browseJobs")}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
