// /candidate/applications/{id}: one application as the candidate reads it: its stage (as they were
// told it), Withdraw while the employer has not decided, and one timeline (decision 076) of what
// they sent and were told, with the messages both ways, ending in the reply box (#messages); an
// imported listing has no thread, and says why. Withdraw asks first: with JavaScript in the page,
// without it on ?confirm=withdraw (a small page).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { requireRole } from "#modules/identity/index.server.ts";
import { EMPLOYMENT_TYPE_LABELS, labelOf } from "#modules/hiring/index.server.ts";
import {
  candidateTimeline,
  checkCandidateWriter,
  postCandidateMessage,
  sentApplication,
  STATUS_MESSAGES,
  withdrawApplication,
} from "#modules/applications/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import {
  DEFAULT_LANGUAGE,
  INTL_LOCALES,
  rootLanguage,
  translateMessage,
  translator,
  type Language,
} from "#locales/index.ts";
import { readTextForm, refuseForm, UNSTORABLE_FORM } from "#lib/forms.ts";
import { answerMessagePost } from "#app/application-messages.server.ts";
import type { MessageActionData } from "#app/components/application-messages.tsx";
import { respondToModuleError, withModuleErrors } from "#app/module-errors.server.ts";
import { ErrorBox, IntentButton } from "#app/components/forms.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { Card, CompanyMark, StatusBadge } from "#app/components/job-bits.tsx";
import { ApplicationTimeline } from "./application-timeline.tsx";
import { Button, ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { smallTextLink } from "#app/components/ui/styles.ts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = translator(rootLanguage(matches), "application");
  return [{ title: data ? t("title", { job: data.job.title }) : t("titleFallback") }];
};

const NOT_FOUND = "The application you're looking for could not be found.";

export { headers } from "#app/quotas.server.ts";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const language = await pageLanguage(request, context);
  const locale = INTL_LOCALES[language];
  const t = translator(language, "myApplications");
  const jobs = translator(language, "jobs");
  const [a, timeline] = await withModuleErrors(
    () => Promise.all([sentApplication(user.id, params.id ?? ""), candidateTimeline(user.id, params.id ?? "")]),
    { notFound: NOT_FOUND },
  );
  const search = new URL(request.url).searchParams;
  return {
    // The timeline's words from the module (who, when, an interview's summary, why there is no thread) in the page's language.
    timeline: timelineIn(timeline, language),
    id: a.id,
    status: a.status,
    message: t(`message.${a.status}`, { defaultValue: STATUS_MESSAGES[a.status] }),
    applied: formatDate(a.appliedAt, locale),
    jobClosed: a.jobClosedAt ? formatDate(a.jobClosedAt, locale) : null,
    resume: a.resume,
    answers: a.answers,
    withdrawable: a.withdrawable,
    companySite: a.companySite,
    confirming: search.get("confirm") === "withdraw" && a.withdrawable,
    continued: search.get("continued") === "1" && Boolean(a.companySite),
    job: {
      id: a.job.id,
      title: a.job.title,
      companyName: a.job.companyName,
      companyLogo: a.job.companyLogo,
      location: a.job.location,
      employmentType: jobs(`vocab.employmentType.${a.job.employmentType ?? "FULLTIME"}`, {
        defaultValue: labelOf(EMPLOYMENT_TYPE_LABELS, a.job.employmentType ?? "FULLTIME") || "Full-time",
      }),
      open: a.job.status === "active",
    },
  };
}

// As the module writes them in English ("Dec 3, 2026, 10:00 AM UTC"), in the page's locale.
const timelineTime = (language: Language) =>
  new Intl.DateTimeFormat(INTL_LOCALES[language], {
    timeZone: "UTC",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });

function timelineIn<T extends Awaited<ReturnType<typeof candidateTimeline>>>(timeline: T, language: Language): T {
  if (language === DEFAULT_LANGUAGE) return timeline;
  const you = translator(language, "timeline")("you");
  const time = timelineTime(language);
  return {
    ...timeline,
    entries: timeline.entries.map((entry) => ({
      ...entry,
      who: entry.who === "You" ? you : entry.who,
      when: time.format(new Date(entry.at)),
      ...(entry.kind === "interview" ? { summary: translateMessage(language, entry.summary) } : {}),
    })),
    reply: {
      ...timeline.reply,
      closedReason: timeline.reply.closedReason && translateMessage(language, timeline.reply.closedReason),
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const { form, unstorable } = await readTextForm(request);
  const id = params.id ?? "";
  if (form.get("intent") === "message")
    return answerMessagePost({
      form,
      unstorable,
      check: () => checkCandidateWriter(user.id, id),
      post: (body) => postCandidateMessage(user.id, id, body),
      threadUrl: `/candidate/applications/${id}#messages`,
      notFound: NOT_FOUND,
    });
  if (unstorable.length) refuseForm(400, UNSTORABLE_FORM);
  if (form.get("intent") !== "withdraw") return redirect(`/candidate/applications/${id}`);
  try {
    await withdrawApplication(user.id, id);
    return redirectWithNotice(
      `/candidate/applications/${id}`,
      "Your application is withdrawn. The employer sees it as Withdrawn and can no longer read your resume with it.",
    );
  } catch (error) {
    const language = await pageLanguage(request, context);
    return respondToModuleError(error, {
      notFound: NOT_FOUND,
      // Decided meanwhile: the page shows why, with the status as it is now.
      refused: (refusal, status) => data({ refused: translateMessage(language, refusal.message) }, { status }),
    });
  }
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

export default function SentApplicationPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("apply");
  const { t: mine } = useTranslation("myApplications");
  const { t: words } = useTranslation("application");
  const answer = useActionData<typeof action>();
  const refused = answer && "refused" in answer ? answer.refused : undefined;
  const messageAnswer = answer && "form" in answer ? (answer as MessageActionData) : null;
  if (page.confirming && !refused) return <ConfirmWithdraw page={page} />;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link to="/candidate/applications" className={`${smallTextLink} w-fit`}>
        {words("back")}
      </Link>
      <header className="flex items-start gap-4">
        <CompanyMark name={page.job.companyName} logo={page.job.companyLogo} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page.job.title}</h1>
          <p className="mt-1 text-muted">
            {page.job.companyName} · {page.job.location} · {page.job.employmentType}
          </p>
        </div>
      </header>
      <FlashNotice />
      {page.continued && page.companySite ? (
        <div role="status" className="grid gap-3 rounded-2xl border border-ok-line bg-ok-tint p-5 text-ok-fg">
          <p className="font-semibold">{t("sent.continuedTitle", { company: page.job.companyName })}</p>
          <p className="text-sm">{t("sent.continuedText", { company: page.job.companyName })}</p>
          <a
            href={page.companySite}
            target="_blank"
            rel="noopener"
            className={buttonClass({ size: "lg", className: "w-fit" })}
          >
            {t("sent.continueTo", { company: page.job.companyName })}{" "}
            <span className="sr-only">{t("opensInNewTab")}</span> ↗
          </a>
        </div>
      ) : null}
      <ErrorBox errors={refused ? [refused] : undefined} />
      <Card>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={page.status} />
          <span className="text-sm text-muted">{mine("applied", { date: page.applied })}</span>
        </div>
        <p className="mt-2 font-medium">{page.message}</p>
        {page.jobClosed ? (
          <p className="mt-1 text-sm font-medium text-soft">{mine("closedOn", { date: page.jobClosed })}</p>
        ) : null}
        {page.companySite ? (
          <a
            href={page.companySite}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block font-semibold text-brand hover:underline"
          >
            {mine("companySite", { company: page.job.companyName })} <span className="sr-only">{mine("newTab")}</span> ↗
          </a>
        ) : null}
        {page.withdrawable ? <WithdrawButton page={page} /> : null}
      </Card>
      <ApplicationTimeline
        entries={page.timeline.entries}
        company={page.job.companyName}
        sent={{ answers: page.answers, resume: page.resume, toCopy: Boolean(page.companySite) }}
        reply={page.timeline.reply}
        lastMessageId={page.timeline.lastMessageId}
        answer={messageAnswer}
      />
    </section>
  );
}

/** Withdraw: a link to the confirmation page; with JavaScript the same confirmation opens in place. */
function WithdrawButton({ page }: { page: Page }) {
  const { t } = useTranslation("application");
  const [asking, setAsking] = useState(false);
  const location = useLocation();
  const ask = (event: MouseEvent) => {
    event.preventDefault();
    setAsking(true);
  };
  if (asking) return <WithdrawForm page={page} onCancel={() => setAsking(false)} />;
  return (
    <div className="mt-5 border-t border-subtle pt-4">
      <ButtonLink to={`${location.pathname}?confirm=withdraw`} onClick={ask} variant="danger">
        {t("withdraw")}
      </ButtonLink>
    </div>
  );
}

function WithdrawForm({ page, onCancel }: { page: Page; onCancel?: () => void }) {
  const { t } = useTranslation("application");
  return (
    <div className="mt-5 grid gap-3 border-t border-subtle pt-4" role="group" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className="text-lg font-semibold">
        {t("withdrawTitle", { company: page.job.companyName })}
      </h2>
      <p className="text-sm text-soft">{t("withdrawText", { company: page.job.companyName })}</p>
      <Form method="post" action={`/candidate/applications/${page.id}`} className="flex flex-wrap gap-2">
        <IntentButton intent="withdraw" variant="danger" pendingLabel={t("withdrawing")}>
          {t("withdrawYes")}
        </IntentButton>
        {onCancel ? (
          <Button type="button" onClick={onCancel} variant="quiet">
            {t("keep")}
          </Button>
        ) : (
          <ButtonLink to={`/candidate/applications/${page.id}`} variant="quiet">
            {t("keep")}
          </ButtonLink>
        )}
      </Form>
    </div>
  );
}

/** The confirmation as its own small page (JavaScript off, or the link opened directly). */
function ConfirmWithdraw({ page }: { page: Page }) {
  const { t } = useTranslation("myApplications");
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <p className="text-sm text-muted">
          {page.job.title} · {t("applied", { date: page.applied })}
        </p>
        <WithdrawForm page={page} />
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("application");
  const { t: common } = useTranslation("common");
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">{t("notFoundTitle")}</h1>
        <p className="mt-3 text-muted">{t("notFound")}</p>
        <ButtonLink to="/candidate/applications" size="lg" className="mt-6">
          {common("nav.myApplications")}
        </ButtonLink>
      </Card>
    </section>
  );
}
