// The plan catalog: the one source the pricing page, sign-up and every limit read.
// Prices are in cents; null limits mean unlimited.
import { config } from "../../lib/config.ts";

export type Audience = "candidate" | "employer";
export type Billing = "monthly" | "annual";

export interface Plan {
  /** Lowercased plan name with spaces as dashes: what ?plan= carries ("free-trial", "startup"). */
  id: string;
  audience: Audience;
  name: string;
  tagline: string;
  /** null: custom pricing (contact sales). 0: free. */
  monthlyCents: number | null;
  annualCents: number | null;
  mostPopular: boolean;
  limits: {
    /** Jobs an employer may have active at once. */
    activeJobs: number | null;
    /** Applications an employer's jobs may receive in total. */
    applicationsReceived: number | null;
    /** Applications a candidate may send in total. */
    applicationsSent: number | null;
  };
  trialDays: number | null;
  contactSales: boolean;
}

export const TRIAL_DAYS = 14;

/** The plans whose candidates get AI feedback on their answers before applying. */
export const ANSWER_FEEDBACK_PLANS: readonly string[] = ["professional"];
/** The public sales address when SALES_EMAIL is unset (see salesEmail()). */
export const SALES_EMAIL = "sales@hirewise.app";

/** Where Enterprise enquiries go: SALES_EMAIL when the operator set it. */
export function salesEmail(): string {
  return config().mail.sales ?? SALES_EMAIL;
}

const unlimited = { activeJobs: null, applicationsReceived: null, applicationsSent: null };

export const PLANS: readonly Plan[] = [
  {
    id: "free-trial",
    audience: "candidate",
    name: "Free Trial",
    tagline: `Try Hirewise free for ${TRIAL_DAYS} days.`,
    monthlyCents: 0,
    annualCents: 0,
    mostPopular: false,
    limits: { ...unlimited, applicationsSent: 3 },
    trialDays: TRIAL_DAYS,
    contactSales: false,
  },
  {
    id: "essential",
    audience: "candidate",
    name: "Essential",
    tagline: "For an active job search.",
    monthlyCents: 999,
    annualCents: 9999,
    mostPopular: true,
    limits: unlimited,
    trialDays: null,
    contactSales: false,
  },
  {
    id: "professional",
    audience: "candidate",
    name: "Professional",
    tagline: "For experienced professionals.",
    monthlyCents: 1999,
    annualCents: 19999,
    mostPopular: false,
    limits: unlimited,
    trialDays: null,
    contactSales: false,
  },
  {
    id: "free-trial",
    audience: "employer",
    name: "Free Trial",
    tagline: `Post your first job free for ${TRIAL_DAYS} days.`,
    monthlyCents: 0,
    annualCents: 0,
    mostPopular: false,
    limits: { activeJobs: 1, applicationsReceived: 10, applicationsSent: null },
    trialDays: TRIAL_DAYS,
    contactSales: false,
  },
  {
    id: "startup",
    audience: "employer",
    name: "Startup",
    tagline: "For growing teams hiring regularly.",
    monthlyCents: 5999,
    annualCents: 59999,
    mostPopular: true,
    limits: { activeJobs: 5, applicationsReceived: null, applicationsSent: null },
    trialDays: null,
    contactSales: false,
  },
  {
    id: "business",
    audience: "employer",
    name: "Business",
    tagline: "For companies hiring at scale.",
    monthlyCents: 14999,
    annualCents: 149999,
    mostPopular: false,
    limits: unlimited,
    trialDays: null,
    contactSales: false,
  },
  {
    id: "enterprise",
    audience: "employer",
    name: "Enterprise",
    tagline: "Custom terms, onboarding and support.",
    monthlyCents: null,
    annualCents: null,
    mostPopular: false,
    limits: unlimited,
    trialDays: null,
    contactSales: true,
  },
];

export function plansFor(audience: Audience): Plan[] {
  return PLANS.filter((p) => p.audience === audience);
}

/** The plan of this audience named by `idOrName` ("Startup", "startup", "free trial"), or undefined. */
export function findPlan(audience: Audience, idOrName: string | null | undefined): Plan | undefined {
  if (!idOrName) return undefined;
  const id = planSlug(idOrName);
  return PLANS.find((p) => p.audience === audience && p.id === id);
}

export function planSlug(nameOrId: string): string {
  return nameOrId.trim().toLowerCase().replace(/\s+/g, "-");
}

export function trialPlan(audience: Audience): Plan {
  return PLANS.find((p) => p.audience === audience && p.id === "free-trial")!;
}

/** "3 applications free for 14 days": what a new job seeker gets, from the trial plan's numbers. */
export function candidateTrialOffer(): string {
  const trial = trialPlan("candidate");
  const sent = trial.limits.applicationsSent;
  return `${sent === null ? "Unlimited applications" : count(sent, "application")} free for ${trial.trialDays ?? TRIAL_DAYS} days`;
}

/** The rounded percentage saved by paying yearly instead of twelve monthly payments (0 if none). */
export function annualSavingPercent(plan: Plan): number {
  if (!plan.monthlyCents || plan.annualCents === null) return 0;
  const twelveMonths = plan.monthlyCents * 12;
  return Math.round(((twelveMonths - plan.annualCents) / twelveMonths) * 100);
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** "$1,499.99": US dollars with the thousands separator. */
export function formatPrice(cents: number): string {
  return USD.format(cents / 100);
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * What a plan's card lists: exactly what this module enforces for it (limits.ts reads the same
 * limits and ANSWER_FEEDBACK_PLANS), so the pricing page can't promise what the product doesn't do.
 * Everything the product never limits by plan is in EVERY_PLAN_INCLUDES instead.
 */
export function planFeatures(plan: Plan): string[] {
  const { activeJobs, applicationsReceived, applicationsSent } = plan.limits;
  const trial = plan.trialDays ? [`${plan.trialDays}-day free trial`] : [];
  if (plan.audience === "candidate") {
    return [
      ...trial,
      applicationsSent === null ? "Unlimited applications" : `Apply to ${count(applicationsSent, "job")}`,
      ...(ANSWER_FEEDBACK_PLANS.includes(plan.id) ? ["AI feedback on your answers before you apply"] : []),
    ];
  }
  return [
    ...trial,
    activeJobs === null
      ? "Unlimited active jobs"
      : activeJobs === 1
        ? "1 active job"
        : `Up to ${activeJobs} active jobs`,
    applicationsReceived === null ? "Unlimited applications" : `Up to ${count(applicationsReceived, "application")}`,
  ];
}

/** What no plan limits: listed once under the cards, not as if one plan had it and another not. */
export const EVERY_PLAN_INCLUDES: Record<Audience, readonly string[]> = {
  candidate: [
    "Unlimited job browsing",
    "CV maker with PDF download",
    "Application status tracking",
    "Saved jobs and job alerts",
  ],
  employer: [
    "AI-written descriptions and questions",
    "AI scoring of every application",
    "Team review with notes and ratings",
    "CSV export of applicants",
  ],
};
