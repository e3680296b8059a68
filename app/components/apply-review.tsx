// The apply wizard's last step (Review) and, for a visitor applying before an account (decision
// 080), their name and email beside it, the way to apply from an account instead, and the notice
// once the application is held.
import { Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { Card } from "#app/components/job-bits.tsx";
import { textLink } from "#app/components/ui/styles.ts";
import { applyPath, signUpThen } from "#app/job-links.ts";
import { Field } from "#app/components/forms.tsx";
import { AnswerFeedbackPanel } from "./answer-feedback.tsx";
import type { StepProps } from "./apply-wizard.tsx";
import type { ApplyView, GuestView } from "#app/apply-view.ts";

/** Submitted: the application waits for the emailed link. */
export function HeldNotice({ email }: { email: string }) {
  const { t } = useTranslation("apply");
  return (
    <Card className="border-ok-line" role="status">
      <h2 className="text-lg font-semibold">{t("guest.heldHeading")}</h2>
      <p className="mt-2 text-label wrap-anywhere">
        <Trans t={t} i18nKey="guest.held" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <p className="mt-2 text-sm text-soft">{t("guest.heldNote")}</p>
    </Card>
  );
}

/** A visitor's name and email: the account the link makes, and where it is sent. */
function GuestDetails({ guest }: { guest: GuestView }) {
  const { t } = useTranslation("apply");
  return (
    <fieldset className="mt-6 grid gap-4 border-t border-line pt-4">
      <legend className="sr-only">{t("guest.details")}</legend>
      <h3 className="font-semibold">{t("guest.details")}</h3>
      <p className="-mt-2 text-sm text-soft">{t("guest.detailsIntro")}</p>
      <Field
        label={t("guest.fullName")}
        errors={guest.errors.full_name ? [guest.errors.full_name] : undefined}
        inputProps={{ id: "full_name", name: "full_name", defaultValue: guest.fullName, autoComplete: "name" }}
      />
      <Field
        label={t("guest.email")}
        errors={guest.errors.email ? [guest.errors.email] : undefined}
        inputProps={{
          id: "email",
          name: "email",
          type: "email",
          defaultValue: guest.email,
          autoComplete: "email",
        }}
      />
    </fieldset>
  );
}

function NextSteps({ view }: { view: ApplyView }) {
  const { job } = view;
  const { t } = useTranslation("apply");
  const company = job.companyName;
  if (view.external) {
    return (
      <div className="mt-6 grid gap-2 rounded-lg bg-tint p-3 text-sm text-soft" role="note">
        <h3 className="font-semibold">{t("review.nextHeading")}</h3>
        <p>{t("review.externalSite", { company })}</p>
        <p>{t("review.externalList", { company })}</p>
      </div>
    );
  }
  return (
    <div className="mt-6 grid gap-2 rounded-lg bg-tint p-3 text-sm text-soft" role="note">
      <h3 className="font-semibold">{t("review.nextHeading")}</h3>
      <p>
        {view.guest ? t("review.seesGuest", { company }) : t("review.seesCandidate", { company })} {t("review.ai")}
      </p>
      <p>{t("review.emails")}</p>
    </div>
  );
}

export function ReviewStep({ view, headingRef }: StepProps) {
  const { job, questions, answered, resume } = view;
  const { t } = useTranslation("apply");
  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {t("review.heading")}
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">{t("review.job")}</dt>
          <dd className="font-medium">{t("review.jobAt", { title: job.title, company: job.companyName })}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("review.questions")}</dt>
          <dd className="font-medium">{t("review.completed", { answered, total: questions.length })}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("review.resume")}</dt>
          <dd className="font-medium wrap-anywhere">
            {resume ? `${resume.name} (${resume.sizeKb} KB)` : t("review.noResume")}
          </dd>
        </div>
      </dl>
      {view.guest ? <GuestDetails guest={view.guest} /> : null}
      <NextSteps view={view} />
      {view.feedback ? <AnswerFeedbackPanel feedback={view.feedback} /> : null}
    </Card>
  );
}

/** A visitor may apply from an account instead: signing in (or up) leads to the candidate's wizard. */
export function AccountChoice({ jobId }: { jobId: string }) {
  const then = applyPath(jobId);
  const { t } = useTranslation("apply");
  return (
    <p className="text-sm text-muted">
      <Trans
        t={t}
        i18nKey="guest.accountChoice"
        components={{
          signIn: <Link to={`/auth?mode=signin&redirect=${encodeURIComponent(then)}`} className={textLink} />,
          signUp: <Link to={signUpThen(then)} className={textLink} />,
        }}
      />
    </p>
  );
}
