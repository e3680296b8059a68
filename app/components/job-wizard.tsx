// The post wizard's screens: Job Details, Questions, Review. One POST form per step; every button
// is a submit with an intent, so the wizard works without JavaScript. With it, Enter in the benefit
// box adds the benefit, and submissions happen without a page load. Generate with AI works in the
// background: while it writes, the page refreshes itself (without JavaScript) or revalidates.
import { textLink } from "#app/components/ui/styles.ts";
import { Form, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { wizardUrl, type WizardView } from "#app/job-wizard.ts";
import type { WizardChoices } from "#modules/hiring/browser.ts";
import { FormError, FieldErrors, IntentButton } from "./forms.tsx";
import { useFocusOnChange } from "./focus.ts";
import { Card } from "./job-bits.tsx";
import { EnterSubmits, RefreshWhileWaiting, StepIndicator, useRevalidateWhile, WizardNav } from "./wizard-chrome.tsx";
import { AiNotices } from "./job-wizard/ai.tsx";
import { DetailsStep } from "./job-wizard/details-step.tsx";
import { QuestionsStep } from "./job-wizard/questions-step.tsx";
import { ReviewStep } from "./job-wizard/review-step.tsx";
import { useTypingKept } from "./job-wizard/keep-typing.ts";

const STEPS = ["details", "questions", "review"] as const;

export function JobWizard({
  view,
  choices,
  actionUrl,
  title,
}: {
  view: WizardView;
  choices: WizardChoices;
  actionUrl: string;
  title: string;
}) {
  const { t } = useTranslation("post");
  const { t: tw } = useTranslation("wizard");
  const steps = STEPS.map((key) => t(`steps.${key}`));
  const { step, errors, form, published } = view;
  // Remount the fields whenever the server's copy changes (a question moved, a benefit added), so
  // uncontrolled inputs show what the server holds. The description and the questions remount on
  // their own, so text typed elsewhere stays when an AI result lands.
  const formKey = `${step}:${JSON.stringify({ ...form, description: "", questions: [] })}`;
  const kept = useTypingKept(formKey);
  const writing = view.ai.pending.description || view.ai.pending.questions;
  useRevalidateWhile(writing);
  const refreshUrl = useRefreshUrl(view);
  // Focus follows the page as it changes without a load: to the new step's heading, to what an AI
  // result says when it lands (a step change wins when both happen in one answer).
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const aiNotice = useRef<HTMLDivElement>(null);
  useFocusOnChange(aiNotice, view.ai.notices.map((n) => n.message).join("\n") || null);
  useFocusOnChange(stepHeading, step, { block: "nearest" });
  const otherStepNotices = view.ai.notices.filter(
    (n) => n.kind !== (step === 1 ? "description" : step === 2 ? "questions" : null),
  );
  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
      {/* Without JavaScript the page reloads until the AI result is there. */}
      {writing && refreshUrl ? <RefreshWhileWaiting url={refreshUrl} /> : null}
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <StepIndicator step={step} steps={steps} />
      </div>
      {view.publishLimit ? <PublishLimitNotice limit={view.publishLimit} /> : null}
      {view.confirmDiscard && view.jobId ? <DiscardConfirmation view={view} actionUrl={actionUrl} /> : null}

      <Form method="post" action={actionUrl} noValidate className="grid gap-6" key={formKey} {...kept}>
        {/* Enter in a text field means Next (or Publish on the last step): the first submit button is the default. */}
        <EnterSubmits step={step} steps={STEPS.length} finish={["publish", t("publish")]} />
        <input type="hidden" name="step" value={step} />

        <FormError id="wizard-error" message={view.formError} upgradeUrl={view.upgradeUrl} />
        <AiNotices notices={otherStepNotices} noticeRef={aiNotice} />

        {step === 1 ? (
          <DetailsStep view={view} choices={choices} headingRef={stepHeading} noticeRef={aiNotice} />
        ) : null}
        {step === 2 ? (
          <QuestionsStep view={view} choices={choices} headingRef={stepHeading} noticeRef={aiNotice} />
        ) : null}
        {step === 3 ? <ReviewStep view={view} choices={choices} headingRef={stepHeading} /> : null}

        <WizardNav
          step={step}
          steps={STEPS.length}
          leave={
            <IntentButton intent="dashboard" variant="quiet" pendingLabel={tw("saving")}>
              {t("backToDashboard")}
            </IntentButton>
          }
          finish={
            <IntentButton intent="publish" variant="primary" pendingLabel={published ? tw("saving") : t("publishing")}>
              {published ? t("saveChanges") : t("publishJob")}
            </IntentButton>
          }
        />
        {view.jobId ? (
          <div className="-mt-3 text-right">
            <IntentButton intent="discard" variant="quiet" className="text-danger">
              {published ? t("discardChanges") : t("deleteDraft")}
            </IntentButton>
          </div>
        ) : null}
        {errors[""] ? <FieldErrors id="wizard-form-errors" errors={errors[""]} /> : null}
      </Form>
    </section>
  );
}

/** The plan has no room for one more active job: said as the wizard opens, with what to do about it. */
function PublishLimitNotice({ limit }: { limit: NonNullable<WizardView["publishLimit"]> }) {
  const { t } = useTranslation("post");
  return (
    <section
      aria-labelledby="publish-limit-title"
      className="grid gap-2 rounded-2xl border border-warn-line bg-warn-tint p-5 text-warn-fg"
    >
      <h2 id="publish-limit-title" className="text-lg font-semibold">
        {t("limit.title")}
      </h2>
      <p>{limit.reason}</p>
      <p>
        {limit.closeHelps ? t("limit.closeOrChange") : t("limit.changeToPublish")} {t("limit.stillWrite")}
      </p>
      <p className="flex flex-wrap gap-x-6 gap-y-2 font-semibold">
        {limit.closeHelps ? (
          <a href="/employer/dashboard" className="underline underline-offset-4">
            {t("limit.closeOnDashboard")}
          </a>
        ) : null}
        {limit.upgradeUrl ? (
          <a href={limit.upgradeUrl} className="underline underline-offset-4">
            {t("limit.changePlan")}
          </a>
        ) : null}
      </p>
    </section>
  );
}

/** Delete draft and Discard changes ask first; without JavaScript this is the page's own question. */
function DiscardConfirmation({ view, actionUrl }: { view: WizardView; actionUrl: string }) {
  const { t } = useTranslation("post");
  const keepEditing = wizardUrl(view.jobId!, view.published, view.step);
  return (
    <Card className="border-danger-line">
      <h2 className="text-lg font-semibold">
        {view.published ? t("discard.titlePublished") : t("discard.titleDraft")}
      </h2>
      <p className="mt-1 text-label">{view.published ? t("discard.bodyPublished") : t("discard.bodyDraft")}</p>
      <Form method="post" action={actionUrl} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="step" value={view.step} />
        <IntentButton
          intent="discard-confirmed"
          variant="danger"
          pendingLabel={view.published ? t("discard.discarding") : t("discard.deleting")}
          autoFocus
        >
          {view.published ? t("discardChanges") : t("deleteDraft")}
        </IntentButton>
        <a href={keepEditing} className={textLink}>
          {t("discard.keepEditing")}
        </a>
      </Form>
    </Card>
  );
}

/**
 * Where the page reloads itself to while AI text is written (JavaScript off). A reload of the same
 * address with an anchor would only scroll, so the address alternates `wait=1` and `wait=2`; the
 * anchor keeps the place on the page.
 */
function useRefreshUrl(view: WizardView): string | null {
  const location = useLocation();
  if (!view.jobId) return null;
  const wait = new URLSearchParams(location.search).get("wait") === "1" ? 2 : 1;
  const anchor = view.step === 1 ? "#description-ai" : view.step === 2 ? "#questions" : "";
  return `${wizardUrl(view.jobId, view.published, view.step)}&wait=${wait}${anchor}`;
}
