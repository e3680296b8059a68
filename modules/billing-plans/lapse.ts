// What happens to an account's data when its paid plan ends (Stripe gave up, or it was canceled):
// the modules that own jobs and applications register here, so this module never reads their
// tables. Nothing is deleted: a listener closes what the fallback plan no longer allows and says
// what it closed, for the notice to the account.
import type { Plan } from "./catalog.ts";

/** Called inside the transaction that moved `holderId` to `plan`; returns what it closed (job titles). */
export type LapseListener = (holderId: string, plan: Plan) => Promise<string[]>;

const listeners: LapseListener[] = [];

export function onPlanLapse(listener: LapseListener): void {
  listeners.push(listener);
}

export async function runLapseListeners(holderId: string, plan: Plan): Promise<string[]> {
  const closed: string[] = [];
  for (const listener of listeners) closed.push(...(await listener(holderId, plan)));
  return closed;
}
