// "Request this plan" on a server without online payment: the request is recorded, the operator is
// emailed once (a queued job, sent with sendMailOnce), and the operator changes the plan with
// `cli plans:set`; setPlan marks the holder's open requests handled, and forgetSubscription deletes
// an account's requests with it. A request repeated while open records and sends nothing; new ones
// count against the requester's "plan-requests" quota.
import { config } from "../../lib/config.ts";
import { em, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { renderEmail } from "../../lib/email-layout.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import { enqueue, type QueueDefinition } from "../../lib/queue.ts";
import { consumeQuota, QuotaExceededError } from "../../lib/quotas.ts";
import { findPlan, type Audience, type Billing, type Plan } from "./catalog.ts";
import { BillingError } from "./billing-error.ts";
import { PlanRequest } from "./entities.ts";
import { getSubscription } from "./subscriptions.ts";
import { contactOf } from "./trial-reminders.ts";

export const PLAN_REQUEST_QUEUE = "billing-plans.plan-request";

export interface PlanRequestInput {
  /** The account whose plan it is (an employer company's plan holder). */
  holderId: string;
  /** Who pressed the button (an owner of the company, or the candidate). */
  requestedBy: string;
  audience: Audience;
  plan: string;
  billing: string;
}

export interface PlanRequestDone {
  /** "requested": recorded and the operator emailed; "already-requested": an open request stands. */
  outcome: "requested" | "already-requested";
  plan: Plan;
  billing: Billing;
  requestedAt: string;
}

/** The address requests are emailed to: SALES_EMAIL, or else the address MAIL_FROM sends from. */
export function planRequestRecipient(): string {
  const { sales, from } = config().mail;
  return sales ?? /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** Records a request for a paid plan of the holder's audience, once while it stays open. */
export async function requestPlan(input: PlanRequestInput): Promise<PlanRequestDone> {
  const plan = findPlan(input.audience, input.plan);
  if (!plan || !plan.monthlyCents || plan.contactSales)
    throw new BillingError("unknown-plan", "There is no such plan to request.");
  if (input.billing !== "monthly" && input.billing !== "annual")
    throw new BillingError("unknown-plan", "There is no such billing period.");
  const billing: Billing = input.billing;
  const current = await getSubscription(input.holderId, input.audience);
  if (current.plan.id === plan.id && current.billing === billing) {
    throw new BillingError("already-subscribed", `You are on ${plan.name} already.`);
  }
  return transaction(async (tx) => {
    const at = now();
    const inserted = await tx.execute<{ id: number }[]>(
      `insert into plan_requests (holder_id, requested_by, audience, plan_id, billing, requested_at) values (?, ?, ?, ?, ?, ?)
       on conflict (holder_id, plan_id, billing) where handled_at is null do nothing returning id`,
      [input.holderId, input.requestedBy, input.audience, plan.id, billing, at],
    );
    const id = inserted[0]?.id;
    if (id === undefined) {
      const open = await tx.findOneOrFail(PlanRequest, {
        holderId: input.holderId,
        planId: plan.id,
        billing,
        handledAt: null,
      });
      return { outcome: "already-requested", plan, billing, requestedAt: new Date(open.requestedAt).toISOString() };
    }
    // Counted in the same transaction: past the quota nothing is recorded or sent.
    const use = await consumeQuota("plan-requests", input.requestedBy);
    if (!use.allowed) throw new QuotaExceededError("plan-requests", use);
    await enqueue(PLAN_REQUEST_QUEUE, { requestId: id });
    return { outcome: "requested", plan, billing, requestedAt: at.toISOString() };
  });
}

export interface OpenPlanRequest {
  planId: string;
  billing: Billing;
  requestedAt: string;
}

/** The holder's requests not handled yet, newest first (what the pages show as "requested"). */
export async function openPlanRequests(holderId: string): Promise<OpenPlanRequest[]> {
  const rows = await em().find(
    PlanRequest,
    { holderId, handledAt: null },
    { orderBy: { requestedAt: "desc", id: "desc" } },
  );
  return rows.map((r) => ({
    planId: r.planId,
    billing: r.billing,
    requestedAt: new Date(r.requestedAt).toISOString(),
  }));
}

/** Every plan request the account made, for its data export. */
export async function planRequestsBy(
  userId: string,
): Promise<{ plan: string; billing: string; requestedAt: string; handledAt: string | null }[]> {
  const rows = await em().find(PlanRequest, { requestedBy: userId }, { orderBy: { requestedAt: "asc", id: "asc" } });
  return rows.map((r) => ({
    plan: r.planId,
    billing: r.billing,
    requestedAt: new Date(r.requestedAt).toISOString(),
    handledAt: r.handledAt ? new Date(r.handledAt).toISOString() : null,
  }));
}

export interface PlanRequestLine {
  id: number;
  requestedAt: string;
  holderId: string;
  requestedBy: string;
  audience: Audience;
  planId: string;
  billing: Billing;
  handledAt: string | null;
}

/** Requests for the operator (`cli plans:requests`), newest first; open ones only unless `all`. */
export async function listPlanRequests({ all = false }: { all?: boolean } = {}): Promise<PlanRequestLine[]> {
  const rows = await em().find(PlanRequest, all ? {} : { handledAt: null }, {
    orderBy: { requestedAt: "desc", id: "desc" },
  });
  return rows.map((r) => ({
    id: r.id,
    requestedAt: new Date(r.requestedAt).toISOString(),
    holderId: r.holderId,
    requestedBy: r.requestedBy,
    audience: r.audience,
    planId: r.planId,
    billing: r.billing,
    handledAt: r.handledAt ? new Date(r.handledAt).toISOString() : null,
  }));
}

/** The operator's email: who asked for what, and the commands that settle it. */
async function operatorEmail(request: PlanRequest) {
  const [holder, requester] = await Promise.all([contactOf(request.holderId), contactOf(request.requestedBy)]);
  const plan = findPlan(request.audience, request.planId);
  const holderEmail = holder?.email ?? request.holderId;
  const who =
    requester && requester.email !== holder?.email
      ? `${requester.email}, for the company plan held by ${holderEmail}`
      : holderEmail;
  const name = plan?.name ?? request.planId;
  return renderEmail({
    subject: `Plan request: ${name} (${request.billing}) from ${requester?.email ?? holderEmail}`,
    preview: `${who} asked for the ${request.audience} plan ${name}, billed ${request.billing}.`,
    greeting: "Hello,",
    heading: `${name} requested`,
    body: [
      `${who} asked for the ${request.audience} plan ${name}, billed ${request.billing}. This server takes no payment online, so the plan changes only when you set it.`,
      `Arrange payment with them, then run: npm run cli -- plans:set ${holderEmail} ${request.planId} --billing ${request.billing}`,
      "Open requests are listed by: npm run cli -- plans:requests",
    ],
    reason: "Sent to this server's sales address (SALES_EMAIL, or MAIL_FROM) once per plan request.",
  });
}

export const planRequestQueue: QueueDefinition<{ requestId: number }> = {
  name: PLAN_REQUEST_QUEUE,
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  async handle({ requestId }, run) {
    const request = await em().findOne(PlanRequest, { id: requestId });
    // Gone with a deleted account, or settled before the mail went: nothing to tell.
    if (!request || request.handledAt) return;
    const email = await operatorEmail(request);
    await sendMailOnce(`plan-request:${requestId}`, { to: planRequestRecipient(), ...email }, run);
  },
};
