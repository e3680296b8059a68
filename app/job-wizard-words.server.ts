// The post wizard in the page's language (decision 090): the choices' labels from the catalogue,
// and the hiring and AI modules' English messages (field errors, the top message, AI notices, the
// plan's limit) through the `messages` templates. English comes back exactly as the modules word it.
import { wizardChoices, type WizardChoices } from "#modules/hiring/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { messageMatcher } from "#lib/i18n.ts";
import { DEFAULT_LANGUAGE, INTL_LOCALES, translateMessage, translator, type Language } from "#locales/index.ts";
import { en } from "#locales/en.ts";
import type { AiNotice, WizardView } from "./job-wizard.ts";

/** Every choice the wizard offers, labelled in `language`. */
export function wizardChoicesIn(language: Language): WizardChoices {
  const choices = wizardChoices();
  if (language === DEFAULT_LANGUAGE) return choices;
  const jobs = translator(language, "jobs");
  const post = translator(language, "post");
  const relabel = (pairs: [string, string][], key: (value: string) => string, t = jobs): [string, string][] =>
    pairs.map(([value, label]) => [value, t(key(value), label)]);
  return {
    ...choices,
    locationTypes: relabel(choices.locationTypes, (v) => `vocab.locationType.${v}`),
    employmentTypes: relabel(choices.employmentTypes, (v) => `vocab.employmentType.${v}`),
    categories: relabel(choices.categories, (v) => `vocab.category.${v}`),
    experienceLevels: relabel(choices.experienceLevels, (v) => `vocab.experienceLevel.${v}`),
    questionTypes: relabel(choices.questionTypes, (v) => `questions.types.${v}`, post),
    questionCategories: relabel(choices.questionCategories, (v) => `questions.categories.${v}`, post),
  };
}

// The AI module's count of landed questions: "Added 3 questions (a job can have at most 25); 1 was
// already in the list." then its own sentence ("Edit or remove any of them.", or the fallback's).
const QUESTIONS_LANDED =
  /^(Replaced your questions with|Added) (\d+) questions?( \(a job can have at most (\d+)\))?(?:; (\d+) (?:was|were) already in the list)?\. (.*)$/s;

function aiNoticeIn(language: Language, message: string): string {
  const landed = QUESTIONS_LANDED.exec(message);
  if (!landed) return translateMessage(language, message);
  const [, verb, added, capped, max, skipped, rest = ""] = landed;
  const t = translator(language, "post");
  const count =
    t(verb === "Added" ? "aiQuestions.added" : "aiQuestions.replaced", { count: Number(added) }) +
    (capped ? t("aiQuestions.capped", { max }) : "") +
    (skipped ? t("aiQuestions.skipped", { count: Number(skipped) }) : "");
  return `${count}. ${translateMessage(language, rest)}`;
}

// The billing module writes the day a trial ended in US English ("Nov 24, 2026"): said in the locale's way
// (at the wizard's opening, and when Publish is refused).
const trialEnded = messageMatcher({ trialEnded: en.messages.trialEnded });

function messageIn(language: Language, message: string): string {
  const day = trialEnded(message)?.values.date;
  const date = day ? new Date(`${day} UTC`) : null;
  if (!date || Number.isNaN(date.getTime())) return translateMessage(language, message);
  return translator(language, "messages")("trialEnded", { date: formatDate(date, INTL_LOCALES[language]) });
}

/** The view's messages in `language` (the form as typed stays as it is). */
export function wizardViewIn<V extends WizardView>(view: V, language: Language): V {
  if (language === DEFAULT_LANGUAGE) return view;
  const say = (message: string) => messageIn(language, message);
  return {
    ...view,
    errors: Object.fromEntries(Object.entries(view.errors).map(([name, messages]) => [name, messages.map(say)])),
    formError: view.formError ? say(view.formError) : null,
    notes: { ...view.notes, payRangeNotice: view.notes.payRangeNotice ? say(view.notes.payRangeNotice) : null },
    ai: {
      ...view.ai,
      notices: view.ai.notices.map((n: AiNotice) => ({ ...n, message: aiNoticeIn(language, n.message) })),
    },
    publishLimit: view.publishLimit
      ? { ...view.publishLimit, reason: say(view.publishLimit.reason) }
      : view.publishLimit,
  };
}
