// Salary insight for a job without a salary: the provider's /estimated-salary when a paid provider
// is configured (JSearch), otherwise the board's own figures (salary-insight.ts, never
// from fewer than 5 jobs). Null when neither has an answer; a failing provider falls back.
import { formatSalary } from "../hiring/index.server.ts";
import { boardSalaryInsight } from "./salary-insight.ts";
import { config } from "../../lib/config.ts";
import { logger } from "../../lib/logger.ts";
import { readFromReplica } from "../../lib/http/edge-cache/index.ts";
import { searchProvider } from "./select.ts";

export interface SalaryEstimateView {
  /** "$90,000 - $150,000" */
  range: string;
  /** "$120,000", or null when the source gives no median. */
  median: string | null;
  /** Where the figures come from, as a sentence. */
  basis: string;
}

interface JobForEstimate {
  id: string;
  title: string;
  category: string | null;
  location: string;
  locationType: string | null;
  salaryCurrency: string;
}

export async function salaryEstimate(job: JobForEstimate): Promise<SalaryEstimateView | null> {
  const provider = config().search.provider === "jsearch" ? searchProvider() : null;
  if (provider) {
    try {
      const estimate = await provider.estimatedSalary({ jobTitle: job.title, location: job.location });
      if (estimate && (estimate.minSalary !== null || estimate.maxSalary !== null)) {
        const period = estimate.period ? ` per ${estimate.period.toLowerCase()}` : "";
        return {
          range: `${estimate.salary}${period}`,
          median:
            estimate.medianSalary !== null
              ? formatSalary(estimate.medianSalary, estimate.medianSalary, estimate.currency ?? "USD")
              : null,
          basis: `Estimated by ${provider.name}${estimate.source ? ` from ${estimate.source}` : ""} for ${estimate.jobTitle}${estimate.location ? ` in ${estimate.location}` : ""}.`,
        };
      }
    } catch (error) {
      logger.warn({ err: error, provider: provider.name }, "salary estimate failed; using the board's figures");
    }
  }
  const insight = await readFromReplica(() => boardSalaryInsight(job));
  if (!insight) return null;
  return {
    range: formatSalary(insight.low, insight.high, insight.currency) ?? "",
    median: formatSalary(insight.median, insight.median, insight.currency),
    basis: `The middle half of ${insight.count} ${insight.category} jobs ${insight.region === "Remote" ? "open to remote work" : `in ${insight.region}`} on Hirewise that list a salary.`,
  };
}
