// When a company's paid plan ends (billing-plans calls this in the transaction that moves its plan
// holder back to the trial), the company keeps every job, but only as many stay active as the
// fallback plan allows: the most recently published ones. The others are closed, not deleted, and
// their titles go into the notice the owners see. Closed jobs can be reopened after upgrading.
// When a plan bought through checkout for a company is confirmed, its buyer takes the plan over.
// Both listen to billing-plans (onPlanLapse, onPlanBought), plugged in by wireHiring.
import { em } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import type { Plan } from "../billing-plans/index.server.ts";
import { takeOverPlan } from "./team.ts";
import { tellJobPageChange } from "./job-page-events.ts";

export async function closeJobsOverPlan(holderId: string, plan: Plan): Promise<string[]> {
  const limit = plan.limits.activeJobs;
  if (plan.audience !== "employer" || limit === null) return [];
  const closed = await em().execute<{ id: string; title: string }[]>(
    `with held as (
       select c.id from companies c where c.billing_user_id = ?
     ), over as (
       select j.id from jobs j
       where j.company_id in (select id from held) and j.status = 'active'
       order by j.published_at desc nulls last, j.id desc
       offset ?
     )
     update jobs set status = 'closed', updated_at = ?, closed_at = ? where id in (select id from over) returning id, title`,
    [holderId, limit, now(), now()],
  );
  for (const row of closed) await tellJobPageChange({ jobId: row.id, shown: false });
  return closed.map((row) => row.title);
}

// An owner bought a plan through checkout for a company nobody holds a plan for: they hold it now.
export async function takeOverBoughtPlan(holderId: string, companyId: string): Promise<void> {
  await takeOverPlan(companyId, holderId);
}
