// What happens to an account's data when its paid plan ends or starts. Ends (Stripe gave up, or it was canceled):
// the modules that own jobs and applications register here, so this module never reads their
// tables. Nothing is deleted: a listener closes what the fallback plan no longer allows and says
// what it closed, for the notice to the account.
import type { Plan } from "./catalog.ts";

/** Called inside the transaction that moved `holderId` to `plan`; returns what it closed (job titles). */
export type LapseListener = (holderId: string, plan: Plan) => Promise<string[]>;

// Sets: a listener registered again is still called once.
const listeners = new Set<LapseListener>();

export function onPlanLapse(listener: LapseListener): void {
  listeners.add(listener);
}

export async function runLapseListeners(holderId: string, plan: Plan): Promise<string[]> {
  const closed: string[] = [];
  for (const listener of listeners) closed.push(...(await listener(holderId, plan)));
  return closed;
}

/**
 * Called inside the webhook's transaction once Stripe confirms a plan bought through checkout for a
 * company (its id from the session's metadata): hiring makes the buyer the plan holder of a company
 * nobody holds a plan for. This module never reads companies.
 */
export type PlanBoughtListener = (holderId: string, companyId: string) => Promise<void>;

const boughtListeners = new Set<PlanBoughtListener>();

export function onPlanBought(listener: PlanBoughtListener): void {
  boughtListeners.add(listener);
}

export async function runPlanBoughtListeners(holderId: string, companyId: string): Promise<void> {
  for (const listener of boughtListeners) await listener(holderId, companyId);
}
