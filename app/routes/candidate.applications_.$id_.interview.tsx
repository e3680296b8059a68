// /candidate/applications/{id}/interview: the candidate picks one of the times offered (shown in
// the company's zone, named, and in their own with JavaScript), moves a booking to another, cancels
// up to the start, or says none of the times work (a message to the company). A plain form each:
// it all works without JavaScript. Someone else's application: not found.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { requireRole } from "#modules/identity/index.server.ts";
import {
  askForOtherTimes,
  bookInterview,
  cancelInterviewForCandidate,
  candidateInterview,
  InterviewError,
} from "#modules/interviews/index.server.ts";
import { ApplicationError } from "#modules/applications/index.server.ts";
import { respondToModuleError, withModuleErrors } from "#app/module-errors.server.ts";
import { QuotaExceededError, retryAfter } from "#app/quotas.server.ts";
import { redirectWithNotice } from "#app/flash.server.ts";
import { readTextForm, UNSTORABLE_FORM } from "#lib/forms.ts";
import { Card } from "#app/components/ui/card.tsx";
import { ButtonLink, IntentButton } from "#app/components/ui/button.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { ErrorBox, FieldErrors, TextAreaField } from "#app/components/forms.tsx";
import { InterviewFactsList, YourTime } from "#app/components/interview.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";
import { JobErrorBoundary } from "#app/components/job-bits.tsx";

export { headers } from "#app/quotas.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = translator(rootLanguage(matches), "interviewPage");
  return [{ title: data?.interview ? t("title", { job: data.interview.jobTitle }) : t("titleFallback") }];
};

const NOT_FOUND = "The interview you're looking for could not be found.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const id = params.id ?? "";
  const interview = await withModuleErrors(() => candidateInterview(user.id, id), { notFound: NOT_FOUND });
  return { applicationId: id, interview };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const id = params.id ?? "";
  const page = `/candidate/applications/${id}/interview`;
  const { form, unstorable } = await readTextForm(request);
  const intent = String(form.get("intent") ?? "");
  const body = String(form.get("body") ?? "");
  const language = await pageLanguage(request, context);
  // The notices are translated where they are shown (the flash); refusals here, by their templates.
  const refused = (error: string, status: number, field?: string, headers?: HeadersInit) =>
    data({ error: translateMessage(language, error), field: field ?? null, body }, { status, headers });
  try {
    if (unstorable.length) {
      await candidateInterview(user.id, id);
      return refused(UNSTORABLE_FORM, 400);
    }
    if (intent === "book") {
      const done = await bookInterview(user.id, id, {
        slotId: String(form.get("slot") ?? ""),
        version: String(form.get("version") ?? ""),
      });
      return redirectWithNotice(
        page,
        done === "moved"
          ? "Your interview is moved. The updated invitation is in your email."
          : "Your interview is booked. The invitation is in your email.",
      );
    }
    if (intent === "cancel") {
      await cancelInterviewForCandidate(user.id, id);
      return redirectWithNotice(page, "Your interview is cancelled. The company is told.");
    }
    if (intent === "none-work") {
      await askForOtherTimes(user.id, id, body);
      return redirectWithNotice(
        `/candidate/applications/${id}#messages`,
        "Your message is sent. The company will offer other times or reply here.",
      );
    }
    return refused("Choose a time, or tell the company none of them work.", 400);
  } catch (error) {
    if (error instanceof QuotaExceededError) return refused(error.message, 429, undefined, retryAfter(error));
    return respondToModuleError(error, {
      notFound: NOT_FOUND,
      refused: (refusal, status) => {
        if (refusal instanceof ApplicationError)
          return refused(refusal.fieldErrors.body ?? refusal.message, status, "body");
        const field = refusal instanceof InterviewError && refusal.fieldErrors.slot ? "slot" : undefined;
        return refused(refusal.message, status, field);
      },
    });
  }
}

export default function CandidateInterviewPage() {
  const { applicationId, interview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const back = `/candidate/applications/${applicationId}`;
  const { t } = useTranslation("interviewPage");
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div>
        <Link to={back} className={smallTextLink}>
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("heading")}</h1>
        {interview ? (
          <p className="mt-2 text-muted">
            {t("intro", { job: interview.jobTitle, company: interview.companyName, zone: interview.timeZone })}
          </p>
        ) : null}
      </div>
      <FlashNotice />
      {answer?.error && answer.field !== "body" && answer.field !== "slot" ? (
        <ErrorBox errors={[answer.error]} />
      ) : null}
      {!interview || interview.status === "cancelled" ? (
        <Card>
          <p>
            {interview?.status === "cancelled"
              ? interview.cancelledBy === "candidate"
                ? t("cancelledByYou")
                : t("cancelledBy", { company: interview.companyName })
              : t("noneYet")}
          </p>
        </Card>
      ) : (
        <>
          {interview.booked ? (
            <Card as="section" aria-labelledby="booked-heading" className="grid gap-3">
              <h2 id="booked-heading" className="text-lg font-semibold">
                {t("booked")}
              </h2>
              <p>
                <strong>{interview.booked.label}</strong>
                <YourTime iso={interview.booked.startsAt} zone={interview.timeZone} />
              </p>
              <InterviewFactsList interview={interview} />
              <div className="flex flex-wrap gap-3">
                <ButtonLink to={`${back}/interview.ics`} reloadDocument variant="secondary" size="sm">
                  {t("addToCalendar")}
                </ButtonLink>
                {!interview.started ? (
                  <Form method="post">
                    <IntentButton intent="cancel" variant="danger" size="sm" pendingLabel={t("cancelling")}>
                      {t("cancel")}
                    </IntentButton>
                  </Form>
                ) : null}
              </div>
            </Card>
          ) : null}
          {interview.options.length ? (
            <Card as="section" aria-labelledby="pick-heading" className="grid gap-3">
              <h2 id="pick-heading" className="text-lg font-semibold">
                {interview.booked ? t("move") : t("pick")}
              </h2>
              {interview.booked ? null : <InterviewFactsList interview={interview} />}
              {/* Keyed by the version: after a change the choices start afresh, the first one picked. */}
              <Form method="post" className="grid gap-3" key={interview.version}>
                <input type="hidden" name="version" value={interview.version} />
                <fieldset aria-describedby={answer?.field === "slot" ? "slot-error" : undefined}>
                  <legend className="sr-only">{t("timesOffered")}</legend>
                  <ul className="grid gap-2">
                    {interview.options.map((slot, i) => (
                      <li key={slot.id}>
                        <label className="flex items-start gap-3 rounded-lg border border-line p-3">
                          <input type="radio" name="slot" value={slot.id} defaultChecked={i === 0} className="mt-1" />
                          <span>
                            {slot.label}
                            <YourTime iso={slot.startsAt} zone={interview.timeZone} />
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                  <FieldErrors id="slot-error" errors={answer?.field === "slot" ? [answer.error] : undefined} />
                </fieldset>
                <div>
                  <IntentButton intent="book" variant="primary" pendingLabel={t("booking")}>
                    {interview.booked ? t("moveHere") : t("book")}
                  </IntentButton>
                </div>
              </Form>
            </Card>
          ) : null}
          {!interview.booked ? (
            <Card as="section" aria-labelledby="none-heading">
              <h2 id="none-heading" className="text-lg font-semibold">
                {t("noneWork")}
              </h2>
              <Form method="post" className="mt-3 grid gap-3">
                <TextAreaField
                  label={t("tellWhen", { company: interview.companyName })}
                  id="body"
                  name="body"
                  rows={3}
                  defaultValue={answer?.field === "body" ? answer.body : ""}
                  errors={answer?.field === "body" ? [answer.error] : undefined}
                />
                <div>
                  <IntentButton intent="none-work" pendingLabel={t("sending")}>
                    {t("send", { company: interview.companyName })}
                  </IntentButton>
                </div>
              </Form>
            </Card>
          ) : null}
        </>
      )}
    </section>
  );
}

export { JobErrorBoundary as ErrorBoundary };
