// The setup the application journeys share: the test process's ORM and queue (no workers) opened
// on the journey's server database, an owner of Northwind on Business (Olive Owner), one published
// job, and candidates on Essential who applied to it. Call inside `journeys(...)`'s body; the
// returned object is filled in before the first test, and closed after the last.
import { afterAll, beforeAll } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import type { WizardForm } from "../../modules/hiring/index.server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import type { Journey } from "./browser.ts";
import { publishTestJob } from "./jobs.ts";
import { signUpOnPlan } from "./accounts.ts";

export const PASSWORD = "correct horse battery";

export interface AppliedPerson {
  id: string;
  email: string;
  name: string;
}

export interface AppliedCandidate extends AppliedPerson {
  applicationId: string;
  /** Their application as they read it. */
  candidateUrl: string;
  /** The same application on the employer's side. */
  employerUrl: string;
}

export interface Applied {
  orm: MikroORM;
  owner: AppliedPerson;
  jobId: string;
  /** In the order named; `candidate` is the first. */
  candidates: AppliedCandidate[];
  candidate: AppliedCandidate;
}

export interface AppliedOptions {
  /** Starts every address, so each file's people are its own: "{prefix}-{first name}-{js|nojs}@example.com". */
  prefix: string;
  /** The job's fields over publishTestJob's defaults (the title at least). */
  job: Partial<WizardForm> & { title: string };
  /** The candidates' full names; one "Cara Candidate" unless given. */
  candidates?: string[];
  /** Runs before each candidate applies (e.g. to save answers to the job's questions). */
  beforeApply?: (candidateId: string, jobId: string) => Promise<void>;
}

export function useApplied(journey: Journey, options: AppliedOptions): Applied {
  const tag = journey.js ? "js" : "nojs";
  const email = (name: string) => `${options.prefix}-${name.split(" ")[0]!.toLowerCase()}-${tag}@example.com`;
  const applied = {} as Applied;
  let queue: QueueRuntime | undefined;
  beforeAll(async () => {
    applied.orm = await openOrm(journey.server.databaseUrl);
    setOrm(applied.orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const ownerName = "Olive Owner";
    const owner = await signUpOnPlan({
      email: email(ownerName),
      password: PASSWORD,
      role: "employer",
      company_name: "Northwind",
      full_name: ownerName,
      plan: "business",
    });
    applied.owner = { id: owner.id, email: owner.email, name: ownerName };
    applied.jobId = await publishTestJob(owner.id, { company_name: "Northwind", ...options.job });
    applied.candidates = [];
    for (const name of options.candidates ?? ["Cara Candidate"]) {
      const account = await signUpOnPlan({
        email: email(name),
        password: PASSWORD,
        role: "candidate",
        full_name: name,
        plan: "essential",
      });
      await options.beforeApply?.(account.id, applied.jobId);
      const { applicationId } = await submitApplication(account.id, applied.jobId);
      applied.candidates.push({
        id: account.id,
        email: account.email,
        name,
        applicationId,
        candidateUrl: `/candidate/applications/${applicationId}`,
        employerUrl: `/employer/jobs/${applied.jobId}/applications/${applicationId}`,
      });
    }
    applied.candidate = applied.candidates[0]!;
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await applied.orm?.close();
  });
  return applied;
}
