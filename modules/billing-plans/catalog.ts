// The plan catalog: the one source the pricing page, sign-up and every limit read.
// Prices are in cents; null limits mean unlimited.

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
  features: string[];
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
export const SALES_EMAIL = "sales@hirewise.app";

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
    features: [`${TRIAL_DAYS}-day free trial`, "Unlimited job browsing", "Apply to 3 jobs", "Track every application"],
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
    features: ["Unlimited applications", "Unlimited job browsing", "Application status tracking", "Resume upload on every application"],
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
    features: ["Everything in Essential", "CV maker", "AI feedback on your answers", "Priority support"],
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
    features: [`${TRIAL_DAYS}-day free trial`, "1 active job", "Up to 10 applications", "AI-written descriptions and questions"],
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
    features: ["Up to 5 active jobs", "Unlimited applications", "AI scoring of every application", "Team review with notes and ratings"],
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
    features: ["Unlimited active jobs", "Unlimited applications", "AI scoring of every application", "Priority support"],
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
    features: ["Everything in Business", "Dedicated account manager", "Custom contract and invoicing", "Onboarding for your team"],
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

/** The rounded percentage saved by paying yearly instead of twelve monthly payments (0 if none). */
export function annualSavingPercent(plan: Plan): number {
  if (!plan.monthlyCents || plan.annualCents === null) return 0;
  const twelveMonths = plan.monthlyCents * 12;
  return Math.round(((twelveMonths - plan.annualCents) / twelveMonths) * 100);
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
