// The billing-plans module's public interface: the plan catalog (and, later, subscriptions and limits).
export {
  PLANS,
  TRIAL_DAYS,
  SALES_EMAIL,
  plansFor,
  findPlan,
  planSlug,
  trialPlan,
  annualSavingPercent,
  formatPrice,
  type Plan,
  type Audience,
  type Billing,
} from "./catalog.ts";
