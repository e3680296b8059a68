// The post wizard's view and addresses, shared by the routes, the server side and the browser.
import type { FieldErrors, WizardForm, WizardNotes } from "#modules/hiring/index.server.ts";
import type { AiNotice, DraftAi } from "#modules/ai/index.server.ts";

export type { AiNotice };

export type WizardStep = 1 | 2 | 3;

export interface WizardView {
  jobId: string | null;
  step: WizardStep;
  form: WizardForm;
  /** The closing date's rule and default, the salary-range setting, the pay-range notice. */
  notes: WizardNotes;
  published: boolean;
  questionsLocked: boolean;
  errors: FieldErrors;
  /** The message at the top of the page. */
  formError: string | null;
  upgradeUrl: string | null;
  /** Changes with every reply, so inputs the server cleared (the benefit box) reset. */
  revision: string;
  ai: WizardAi;
  /** Delete draft or Discard changes was pressed: the page asks before doing it. */
  confirmDiscard: boolean;
  /**
   * Set when the company can't publish one more job now (its plan's limit, or an ended trial), so
   * the wizard says so before the work; `closeHelps`: closing an active job makes room.
   */
  publishLimit?: { reason: string; upgradeUrl: string | null; closeHelps: boolean } | null;
  /** The job's scorecard attributes as the review step lists them (a saved draft's own, else the company's default). */
  scorecard?: { names: string[]; isDefault: boolean } | null;
}

/** Generate with AI: what is being written in the background, and what just landed in the form. */
export type WizardAi = DraftAi;

export const NO_AI: WizardAi = { pending: { description: false, questions: false }, notices: [] };

/**
 * What the page shows: an action's reply (its messages), with the loader's AI state; but when a
 * result landed after that reply, the loader's copy, which holds the reply's saved fields as well.
 */
export function shownView(loaded: WizardView, replied: WizardView | undefined): WizardView {
  if (!replied || loaded.ai.notices.length) return loaded;
  return { ...replied, ai: loaded.ai, publishLimit: loaded.publishLimit, scorecard: loaded.scorecard };
}

/** Where the wizard lives for a job: the draft URL for new jobs, the edit URL for published ones. */
export function wizardUrl(jobId: string, published: boolean, step: WizardStep, anchor = ""): string {
  const base = published
    ? `/employer/jobs/${jobId}/edit?step=${step}`
    : `/employer/jobs/new?draft=${jobId}&step=${step}`;
  return anchor ? `${base}#${anchor}` : base;
}
