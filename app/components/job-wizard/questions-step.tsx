// The post wizard's second step: screening questions, added by hand or generated, each editable,
// movable and removable (until someone answers them).
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { WizardView } from "#app/job-wizard.ts";
import type { DraftQuestion, WizardChoices } from "#modules/hiring/browser.ts";
import { Field, FieldErrors, IntentButton, SelectField, TextAreaField } from "../forms.tsx";
import { Card } from "../job-bits.tsx";
import { AiStatus, GenerateButton } from "./ai.tsx";
import { QuestionList } from "./review-step.tsx";
export function QuestionsStep({
  view,
  choices,
  headingRef,
  noticeRef,
}: {
  view: WizardView;
  choices: WizardChoices;
  headingRef?: Ref<HTMLHeadingElement>;
  noticeRef?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation("post");
  const { form, errors, questionsLocked } = view;
  if (questionsLocked) {
    return (
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          {t("questions.screeningQuestions")}
        </h2>
        <p className="mt-2 text-muted">{t("questions.locked")}</p>
        <QuestionList questions={form.questions} choices={choices} />
      </Card>
    );
  }
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="questions" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
            {t("questions.screeningQuestions")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("questions.intro", { max: choices.maxQuestions })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <GenerateQuestions view={view} maxQuestions={choices.maxQuestions} />
          <IntentButton
            intent="add-question"
            pendingLabel={t("details.adding")}
            disabled={form.questions.length >= choices.maxQuestions}
          >
            {t("questions.addCustom")}
          </IntentButton>
        </div>
      </div>
      <AiStatus
        pending={view.ai.pending.questions}
        label={t("questions.generating")}
        notices={view.ai.notices.filter((n) => n.kind === "questions")}
        noticeRef={noticeRef}
      />
      {form.previous_questions && !view.ai.pending.questions ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span className="text-soft">{t("questions.aiChanged")}</span>
          <IntentButton intent="undo-questions" pendingLabel={t("details.restoring")}>
            {t("questions.undo")}
          </IntentButton>
        </div>
      ) : null}
      <FieldErrors id="job-questions-error" errors={errors.questions} />
      {form.questions.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-edge px-4 py-8 text-center text-muted">
          {t("questions.none")}
        </p>
      ) : (
        <ol className="mt-6 grid gap-4">
          {form.questions.map((question, index) => (
            <QuestionEditor
              key={`${index}:${JSON.stringify(question)}`}
              question={question}
              index={index}
              count={form.questions.length}
              errors={errors}
              choices={choices}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}

/**
 * Generate with AI: the first time, one button; once there are questions, Replace them or Add to
 * them (Add skips questions already in the list).
 */
function GenerateQuestions({ view, maxQuestions }: { view: WizardView; maxQuestions: number }) {
  const { t } = useTranslation("post");
  const { form } = view;
  const filled = Boolean(form.title.trim() && form.description.trim());
  const missing = t("questions.needsForQuestions");
  const room = form.questions.length < maxQuestions;
  if (!form.questions.length)
    return (
      <GenerateButton intent="generate-questions" pending={view.ai.pending.questions} ready={filled} hint={missing} />
    );
  return (
    <div role="group" aria-label={t("ai.generate")} className="flex flex-wrap items-start gap-2">
      <GenerateButton
        intent="generate-questions:replace"
        label={t("questions.replaceWithAi")}
        pending={view.ai.pending.questions}
        ready={filled}
        hint={missing}
      />
      <GenerateButton
        intent="generate-questions:add"
        label={t("questions.addAi")}
        pending={view.ai.pending.questions}
        ready={filled && room}
        hint={room ? missing : t("questions.atMost", { max: maxQuestions })}
      />
    </div>
  );
}

function QuestionEditor({
  question,
  index,
  count,
  errors,
  choices,
}: {
  question: DraftQuestion;
  index: number;
  count: number;
  errors: WizardView["errors"];
  choices: WizardChoices;
}) {
  const { t } = useTranslation("post", { keyPrefix: "questions" });
  const name = (field: string) => `questions[${index}].${field}`;
  const id = (field: string) => `question-${index}-${field}`;
  const n = index + 1;
  return (
    <li id={`question-${n}`} className="question-editor scroll-mt-24 rounded-xl border border-line p-4">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-label">{t("questionN", { n })}</legend>
        <TextAreaField
          id={id("question_text")}
          name={name("question_text")}
          label={t("questionText")}
          rows={2}
          className="sm:col-span-2"
          defaultValue={question.question_text}
          errors={errors[name("question_text")]}
        />
        <SelectField
          id={id("question_type")}
          name={name("question_type")}
          label={t("type")}
          defaultValue={question.question_type}
          options={choices.questionTypes}
          errors={errors[name("question_type")]}
        />
        <SelectField
          id={id("category")}
          name={name("category")}
          label={t("category")}
          defaultValue={question.category}
          options={choices.questionCategories}
          errors={errors[name("category")]}
        />
        {/* Shown for multiple choice, or when the options need fixing (app.css: no script needed). */}
        <div className="question-options sm:col-span-2">
          <Field
            label={t("options")}
            hint={t("optionsHint")}
            errors={errors[name("options")]}
            inputProps={{ id: id("options"), name: name("options"), type: "text", defaultValue: question.options }}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-label">
          <input
            type="checkbox"
            name={name("required")}
            defaultChecked={question.required}
            className="size-4 accent-brand-600"
          />
          {t("required")}
        </label>
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-2">
        <IntentButton
          intent={`move-up:${index}`}
          variant="quiet"
          disabled={index === 0}
          aria-label={t("moveUpN", { n })}
        >
          {t("moveUp")}
        </IntentButton>
        <IntentButton
          intent={`move-down:${index}`}
          variant="quiet"
          disabled={index === count - 1}
          aria-label={t("moveDownN", { n })}
        >
          {t("moveDown")}
        </IntentButton>
        <div className="flex-1" />
        <IntentButton intent={`remove-question:${index}`} variant="danger" aria-label={t("removeN", { n })}>
          {t("remove")}
        </IntentButton>
      </div>
    </li>
  );
}
