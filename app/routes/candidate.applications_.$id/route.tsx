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
import { INTL_LOCALES, translator } from "#locales/index.ts";
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Application: ${data.job.title}` : "Application"} · Hirewise` },
];

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
    id: a.id,
    status: a.status,
    message: t(`message.${a.status}`, { defaultValue: STATUS_MESSAGES[a.status] }),
    applied: formatDate(a.appliedAt, locale),
    jobClosed: a.jobClosedAt ? formatDate(a.jobClosedAt, locale) : null,
    resume: a.resume,
    answers: a.answers,
    withdrawable: a.withdrawable,
    timeline,
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

export async function action({ request, params }: ActionFunctionArgs) {
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
    return respondToModuleError(error, {
      notFound: NOT_FOUND,
      // Decided meanwhile: the page shows why, with the status as it is now.
      refused: (refusal, status) => data({ refused: refusal.message }, { status }),
    });
  }
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

export default function SentApplicationPage() {
  const page = useLoaderData<typeof loader>();
  // Only the notice after continuing to the company's site is translated so far.
  const { t } = useTranslation("apply");
  const answer = useActionData<typeof action>();
  const refused = answer && "refused" in answer ? answer.refused : undefined;
  const messageAnswer = answer && "form" in answer ? (answer as MessageActionData) : null;
  if (page.confirming && !refused) return <ConfirmWithdraw page={page} />;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <Link to="/candidate/applications" className={`${smallTextLink} w-fit`}>
        ← My Applications
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
          <span className="text-sm text-muted">Applied {page.applied}</span>
        </div>
        <p className="mt-2 font-medium">{page.message}</p>
        {page.jobClosed ? <p className="mt-1 text-sm font-medium text-soft">Job closed on {page.jobClosed}</p> : null}
        {page.companySite ? (
          <a
            href={page.companySite}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block font-semibold text-brand hover:underline"
          >
            {page.job.companyName}'s site <span className="sr-only">(opens in a new tab)</span> ↗
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
        Withdraw application
      </ButtonLink>
    </div>
  );
}

function WithdrawForm({ page, onCancel }: { page: Page; onCancel?: () => void }) {
  return (
    <div className="mt-5 grid gap-3 border-t border-subtle pt-4" role="group" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className="text-lg font-semibold">
        Withdraw your application to {page.job.companyName}?
      </h2>
      <p className="text-sm text-soft">
        {page.job.companyName} will see it as Withdrawn and can no longer shortlist it or read your resume with it. This
        can't be undone: to apply again you would need a new application.
      </p>
      <Form method="post" action={`/candidate/applications/${page.id}`} className="flex flex-wrap gap-2">
        <IntentButton intent="withdraw" variant="danger" pendingLabel="Withdrawing...">
          Yes, withdraw
        </IntentButton>
        {onCancel ? (
          <Button type="button" onClick={onCancel} variant="quiet">
            Keep it
          </Button>
        ) : (
          <ButtonLink to={`/candidate/applications/${page.id}`} variant="quiet">
            Keep it
          </ButtonLink>
        )}
      </Form>
    </div>
  );
}

/** The confirmation as its own small page (JavaScript off, or the link opened directly). */
function ConfirmWithdraw({ page }: { page: Page }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <p className="text-sm text-muted">
          {page.job.title} · Applied {page.applied}
        </p>
        <WithdrawForm page={page} />
      </Card>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <Card className="text-center">
        <h1 className="text-2xl font-bold">Application Not Found</h1>
        <p className="mt-3 text-muted">{NOT_FOUND}</p>
        <ButtonLink to="/candidate/applications" size="lg" className="mt-6">
          My Applications
        </ButtonLink>
      </Card>
    </section>
  );
}
