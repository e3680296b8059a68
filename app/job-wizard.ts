// The post wizard's view and addresses, shared by the routes, the server side and the browser.
import type { FieldErrors, WizardForm } from "#modules/hiring/index.ts";

export type WizardStep = 1 | 2 | 3;

export interface WizardView {
  jobId: string | null;
  step: WizardStep;
  form: WizardForm;
  published: boolean;
  questionsLocked: boolean;
  errors: FieldErrors;
  /** The message at the top of the page. */
  formError: string | null;
  upgradeUrl: string | null;
  /** Changes with every reply, so inputs the server cleared (the benefit box) reset. */
  revision: string;
}

/** Where the wizard lives for a job: the draft URL for new jobs, the edit URL for published ones. */
export function wizardUrl(jobId: string, published: boolean, step: WizardStep, anchor = ""): string {
  const base = published ? `/employer/jobs/${jobId}/edit?step=${step}` : `/employer/jobs/new?draft=${jobId}&step=${step}`;
  return anchor ? `${base}#${anchor}` : base;
}

