// What the apply wizard (app/components/apply-wizard.tsx) shows, for a signed-in candidate
// (/candidate/jobs/{id}/apply) and for a visitor applying before an account (/jobs/{id}/apply,
// decision 080): one view, one set of screens. Types and plain helpers only (browser bundle too).
import type { ResumeInfo } from "#modules/applications/index.server.ts";
import type { EeoQuestion } from "#modules/applications/browser.ts";
import type { AllowanceView } from "#app/allowance.server.ts";

/** The review step's AI feedback on the answers: whether the plan includes it, and the advice. */
export interface FeedbackView {
  /** Whether the candidate's plan includes it (else the page says which plan does). */
  included: boolean;
  items: { question: string; strengths: string[]; tips: string[] }[];
}

/** A visitor's part: the name and email asked on the last step, and the address a link went to. */
export interface GuestView {
  fullName: string;
  email: string;
  errors: { full_name?: string; email?: string };
  /** Submitted: the page says to open the link emailed here. */
  heldEmail: string | null;
}

export type ApplyStep = 1 | 2 | 3;

export interface ApplyView {
  step: ApplyStep;
  /** The job's questions are still being made (an imported listing): the page waits and refreshes. */
  preparing: boolean;
  job: {
    id: string;
    title: string;
    companyName: string;
    companyLogo: string | null;
    location: string;
    employmentType: string;
  };
  questions: {
    id: string;
    text: string;
    type: string;
    category: string;
    options: string[] | null;
    required: boolean;
  }[];
  answers: Record<string, string>;
  /** Messages beside questions, by question id. */
  errors: Record<string, string>;
  answered: number;
  resume: ResumeInfo | null;
  previousResumes: ResumeInfo[];
  uploadError: string | null;
  /** Changes with every refused upload, so the page clears the file input (the refused file is never sent again). */
  uploadAttempt: string | null;
  formError: string | null;
  upgradeUrl: string | null;
  /** What the plan leaves (shown on the first step). */
  allowance: AllowanceView;
  /** An imported listing: the last step saves and continues to the company's own site. */
  external: { applyLink: string } | null;
  /** Discard was pressed: the page asks before deleting the draft. */
  confirmDiscard: boolean;
  /** The review step's AI feedback on the answers (null on the other steps). */
  feedback: FeedbackView | null;
  /** Where the wizard's forms post (its steps are `?step=`) and where Back to job leads. */
  paths: { apply: string; job: string };
  /** A visitor without an account (null for a candidate). */
  guest: GuestView | null;
  /** A US job: the review step's voluntary self-identification, the codes chosen so far ("" none). */
  eeo: Record<EeoQuestion, string> | null;
}

export const stepOf = (value: unknown): ApplyStep => {
  const n = Number(value);
  return n === 2 || n === 3 ? n : 1;
};
