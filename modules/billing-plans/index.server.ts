// The billing-plans module's public interface: the plan catalog, subscriptions, trials and limits.
export {
  PLANS,
  TRIAL_DAYS,
  SALES_EMAIL,
  salesEmail,
  plansFor,
  findPlan,
  planSlug,
  trialPlan,
  candidateTrialOffer,
  annualSavingPercent,
  formatPrice,
  planFeatures,
  EVERY_PLAN_INCLUDES,
  ANSWER_FEEDBACK_PLANS,
  type Plan,
  type Audience,
  type Billing,
} from "./catalog.ts";
export { billingPlansEntities } from "./entities.ts";
export {
  startSubscription,
  getSubscription,
  planOf,
  forgetSubscription,
  trialStatus,
  setPlan,
  changeAudience,
  PlanError,
  type PlanErrorCode,
  type SubscriptionInfo,
  type PlanSource,
  type TrialStatus,
} from "./subscriptions.ts";
export {
  mayPublishJob,
  mayReceiveApplication,
  receivesApplicationsWithoutLimit,
  mayApply,
  includesAnswerFeedback,
  planUsage,
  upgradeUrl,
  type LimitCheck,
  type UsageCounts,
  type UsageLine,
} from "./limits.ts";
export { onlinePayments, setStripeSettings, OFFLINE_PAYMENTS_MESSAGE, type StripeSettings } from "./stripe-client.ts";
export { syncCatalog, lookupKey, type SyncLine } from "./stripe-catalog.ts";
export { startCheckout, type CheckoutRequest } from "./checkout.ts";
export { BillingError, type BillingErrorCode } from "./billing-error.ts";
export { receiveWebhook, type WebhookAnswer } from "./webhooks.ts";
export { onPlanLapse, onPlanBought, type LapseListener, type PlanBoughtListener } from "./lapse.ts";
export { billingOverview, portalSession, type BillingOverview, type InvoiceLine, type PortalFlow } from "./manage.ts";
export { refundLastPayment, GUARANTEE_DAYS, type RefundDone } from "./refunds.ts";
export {
  sendTrialReminders,
  registerContactLookup,
  TRIAL_REMINDERS_QUEUE,
  REMINDER_DAYS,
  type ContactLookup,
} from "./trial-reminders.ts";
export { billingPlansQueues } from "./queues.ts";
export { planBuyer, type CompanyBilling, type PlanBuyer } from "./plan-buyer.ts";
export {
  requestPlan,
  openPlanRequests,
  planRequestsBy,
  listPlanRequests,
  planRequestRecipient,
  PLAN_REQUEST_QUEUE,
  type PlanRequestInput,
  type PlanRequestDone,
  type OpenPlanRequest,
  type PlanRequestLine,
} from "./plan-requests.ts";
