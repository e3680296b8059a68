// /employer/jobs/{id}/applications/{applicationId}/interview: owners and recruiters offer 2 to 10
// interview times (date and start in the company's zone, one length, a place or a video link, who
// interviews); offering again replaces the times not booked. "Add a time" adds a row without
// JavaScript. Cancel withdraws the times or the booking. Interviewers and anyone else: not found.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, rootLanguage, translateMessage, translator } from "#locales/index.ts";
import { requireMember } from "#app/team.server.ts";
import {
  cancelInterviewForCompany,
  offerFormFor,
  offerInterview,
  InterviewError,
} from "#modules/interviews/index.server.ts";
import { INTERVIEW_LENGTHS, MAX_TIMES } from "#modules/interviews/browser.ts";
import { withModuleErrors, respondToModuleError } from "#app/module-errors.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { readTextForm, UNSTORABLE_FORM } from "#lib/forms.ts";
import { formatZoned, wallInputs } from "#lib/zoned-time.ts";
import { Card, JobErrorBoundary } from "#app/components/job-bits.tsx";
import { ErrorBox, Field, FieldErrors, IntentButton, SelectField } from "#app/components/forms.tsx";
import { labelClass } from "#app/components/ui/field.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: translator(rootLanguage(matches), "review")("offer.title") },
];

const NOT_FOUND = "The application you're looking for could not be found.";
const FIRST_ROWS = 3;

interface Values {
  times: { date: string; time: string }[];
  length: string;
  location: string;
  videoUrl: string;
  interviewers: string[];
  /** The job's interview kit the interviewers use (decision 087). */
  kitId: string;
}

function readValues(form: FormData): Values {
  const rows = Math.min(MAX_TIMES, Math.max(FIRST_ROWS, Number(form.get("rows")) || FIRST_ROWS));
  return {
    times: Array.from({ length: rows }, (_, i) => ({
      date: String(form.get(`date-${i}`) ?? ""),
      time: String(form.get(`time-${i}`) ?? ""),
    })),
    length: String(form.get("length") ?? ""),
    location: String(form.get("location") ?? ""),
    videoUrl: String(form.get("videoUrl") ?? ""),
    interviewers: form.getAll("interviewer").map(String),
    kitId: String(form.get("kit") ?? ""),
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const jobId = params.id ?? "";
  const applicationId = params.applicationId ?? "";
  const form = await withModuleErrors(() => offerFormFor(member, applicationId, jobId), { notFound: NOT_FOUND });
  const current = form.current;
  const times = (current?.options ?? []).map((slot) => wallInputs(new Date(slot.startsAt), form.timeZone));
  while (times.length < FIRST_ROWS) times.push({ date: "", time: "" });
  const values: Values = {
    times,
    length: String(current?.lengthMinutes ?? 45),
    location: current?.location ?? "",
    videoUrl: current?.videoUrl ?? "",
    interviewers: current?.interviewers.map((i) => i.userId) ?? [member.userId],
    kitId: current?.kitId ?? form.kits[0]?.id ?? "",
  };
  return {
    backHref: `/employer/jobs/${jobId}/applications/${applicationId}`,
    timeZone: form.timeZone,
    team: form.team.map((m) => ({ userId: m.userId, name: m.name, you: m.userId === member.userId })),
    // The module labels the time in US English; another language has it in its own format.
    booked: current?.booked
      ? language === DEFAULT_LANGUAGE
        ? current.booked.label
        : formatZoned(new Date(current.booked.startsAt), current.timeZone, INTL_LOCALES[language])
      : null,
    canOffer: form.applicationStatus === "interview",
    live: Boolean(current),
    kits: form.kits,
    values,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireMember(request);
  const language = await pageLanguage(request, context);
  const say = (message: string) => translateMessage(language, message);
  const jobId = params.id ?? "";
  const applicationId = params.applicationId ?? "";
  const backHref = `/employer/jobs/${jobId}/applications/${applicationId}`;
  const { form, unstorable } = await readTextForm(request);
  const values = readValues(form);
  const intent = String(form.get("intent") ?? "");
  const refused = (error: string, status: number, errors: Record<string, string> = {}, headers?: HeadersInit) =>
    data(
      {
        values,
        error: say(error),
        errors: Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, say(message)])),
      },
      { status, headers },
    );
  try {
    if (intent === "cancel") {
      await cancelInterviewForCompany(member, applicationId, jobId);
      return redirectWithNotice(
        `${backHref}#interview`,
        "Interview cancelled. The candidate and interviewers are told.",
      );
    }
    // Nothing is looked at before we know the member may offer here.
    await offerFormFor(member, applicationId, jobId);
    if (unstorable.length) return refused(UNSTORABLE_FORM, 400);
    if (intent === "add-time") {
      if (values.times.length < MAX_TIMES) values.times.push({ date: "", time: "" });
      return data({ values, error: null, errors: {} });
    }
    if (intent !== "offer") return refused("Choose Send times or Add a time.", 400);
    await offerInterview(member, applicationId, jobId, values);
    return redirectWithNotice(`${backHref}#interview`, "Interview times sent. The candidate picks one from the email.");
  } catch (error) {
    if (error instanceof QuotaExceededError) return refused(error.message, 429, {}, retryAfter(error));
    return respondToModuleError(error, {
      notFound: NOT_FOUND,
      refused: (refusal, status) =>
        refused(refusal.message, status, refusal instanceof InterviewError ? refusal.fieldErrors : {}),
    });
  }
}

export default function OfferInterviewTimes() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const values = answer?.values ?? loaded.values;
  const errors: Record<string, string> = answer?.errors ?? {};
  const err = (name: string) => (errors[name] ? [errors[name]!] : undefined);
  // Keyed by the answer, so a re-rendered form shows what the server kept, not stale inputs.
  const formKey = JSON.stringify(values);
  const { t } = useTranslation("review");
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div>
        <Link to={loaded.backHref} className={smallTextLink}>
          {t("offer.back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("offer.heading")}</h1>
        <p className="mt-2 text-muted">{t("offer.intro", { zone: loaded.timeZone })}</p>
        {loaded.booked ? (
          <p className="mt-2">
            {t("offer.bookedNow")} <strong>{loaded.booked}</strong>
            {t("offer.bookedAfter")}
          </p>
        ) : null}
      </div>
      {!loaded.canOffer && !loaded.live ? (
        <Card>
          <p>{t("offer.moveFirst")}</p>
        </Card>
      ) : (
        <Form method="post" key={formKey} className="grid gap-6" noValidate>
          <ErrorBox errors={answer?.error ? [answer.error] : undefined} />
          <input type="hidden" name="rows" value={values.times.length} />
          <Card as="section" aria-labelledby="times-heading" className="grid gap-4">
            <h2 id="times-heading" className="text-lg font-semibold">
              {t("offer.times", { zone: loaded.timeZone })}
            </h2>
            <FieldErrors id="times-error" errors={err("times")} />
            <ol className="grid gap-4">
              {values.times.map((slot, i) => (
                <li key={i} className="grid gap-3 sm:grid-cols-2">
                  <Field
                    label={t("offer.date", { n: i + 1 })}
                    errors={err(`time-${i}`)}
                    inputProps={{ id: `date-${i}`, name: `date-${i}`, type: "date", defaultValue: slot.date }}
                  />
                  <Field
                    label={t("offer.start", { n: i + 1 })}
                    inputProps={{ id: `time-${i}`, name: `time-${i}`, type: "time", defaultValue: slot.time }}
                  />
                </li>
              ))}
            </ol>
            {values.times.length < MAX_TIMES ? (
              <div>
                <IntentButton intent="add-time" size="sm">
                  {t("offer.addTime")}
                </IntentButton>
              </div>
            ) : null}
          </Card>
          <Card as="section" aria-labelledby="details-heading" className="grid gap-4">
            <h2 id="details-heading" className="text-lg font-semibold">
              {t("offer.details")}
            </h2>
            <SelectField
              label={t("offer.length")}
              id="length"
              name="length"
              defaultValue={values.length}
              errors={err("length")}
              options={INTERVIEW_LENGTHS.map((m) => [String(m), t("offer.minutes", { count: m })] as const)}
            />
            <Field
              label={t("offer.place")}
              hint={t("offer.placeHint")}
              errors={err("location")}
              inputProps={{ id: "location", name: "location", defaultValue: values.location, maxLength: 200 }}
            />
            <Field
              label={t("offer.videoLink")}
              errors={err("videoUrl")}
              inputProps={{ id: "videoUrl", name: "videoUrl", type: "url", defaultValue: values.videoUrl }}
            />
            {loaded.kits.length ? (
              <SelectField
                label={t("offer.kit")}
                id="kit"
                name="kit"
                defaultValue={values.kitId}
                errors={err("kit")}
                options={loaded.kits.map((k) => [k.id, k.name] as const)}
              />
            ) : null}
            <fieldset aria-describedby={errors.interviewers ? "interviewers-error" : undefined}>
              <legend className={labelClass}>{t("offer.who")}</legend>
              <ul className="mt-2 grid gap-2">
                {loaded.team.map((m) => (
                  <li key={m.userId}>
                    <label className="inline-flex items-center gap-2">
                      <input
                        type="checkbox"
                        name="interviewer"
                        value={m.userId}
                        defaultChecked={values.interviewers.includes(m.userId)}
                      />
                      {m.name}
                      {m.you ? t("offer.you") : ""}
                    </label>
                  </li>
                ))}
              </ul>
              <FieldErrors id="interviewers-error" errors={err("interviewers")} />
            </fieldset>
          </Card>
          <div className="flex flex-wrap gap-3">
            <IntentButton intent="offer" variant="primary" pendingLabel={t("offer.sending")}>
              {t("offer.send")}
            </IntentButton>
            <Link to={loaded.backHref} className="self-center text-sm font-semibold text-muted hover:underline">
              {t("offer.cancel")}
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

export { JobErrorBoundary as ErrorBoundary };
