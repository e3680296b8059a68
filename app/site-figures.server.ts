// The figures on the landing and How It Works pages: real counts from the board and the accounts,
// never a made-up number. Each figure appears only from its threshold up (a fresh install shows no
// figures at all), rounded down so it never overstates. Read at most once per 10 minutes per web
// process; an expired copy still answers while the new one is read, so no visitor waits on a count.
import { now } from "#lib/clock.ts";
import { logger } from "#lib/logger.ts";
import { readFromReplica } from "#lib/http/edge-cache/index.ts";
import { boardFigures } from "#modules/search/index.server.ts";
import { countAccounts } from "#modules/identity/index.server.ts";

export interface SiteCounts {
  activeJobs: number;
  companiesHiring: number;
  candidates: number;
}

export interface SiteFigure {
  /** Which count (the catalogue names its label by it). */
  key: keyof SiteCounts;
  value: string;
  label: string;
}

/** Below these a figure says more about a young marketplace than it helps anyone: it isn't shown. */
export const SHOW_FROM: SiteCounts = { activeJobs: 100, companiesHiring: 20, candidates: 100 };

const LABELS: Record<keyof SiteCounts, string> = {
  activeJobs: "Active jobs",
  companiesHiring: "Companies hiring",
  candidates: "Candidates",
};

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** 137 → "130+", 1,284 → "1.2K+", 10,345 → "10K+": two significant digits, rounded down. */
export function roundedDown(n: number): string {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return `${compact.format(Math.floor(n / step) * step)}+`;
}

/** The figures worth showing, in the strip's order. */
export function figuresToShow(counts: SiteCounts): SiteFigure[] {
  return (Object.keys(LABELS) as (keyof SiteCounts)[])
    .filter((key) => counts[key] >= SHOW_FROM[key])
    .map((key) => ({ key, value: roundedDown(counts[key]), label: LABELS[key] }));
}

async function readCounts(): Promise<SiteCounts> {
  const [board, candidates] = await Promise.all([readFromReplica(() => boardFigures()), countAccounts("candidate")]);
  return { ...board, candidates };
}

const FRESH_MS = 10 * 60_000;
let cached: { figures: SiteFigure[]; at: number } | undefined;
let reading: Promise<SiteFigure[]> | undefined;

/** The figures to show now; none when they can't be read (the page never fails for them). */
export async function siteFigures(): Promise<SiteFigure[]> {
  if (cached && now().getTime() - cached.at < FRESH_MS) return cached.figures;
  reading ??= readCounts()
    .then((counts) => {
      const figures = figuresToShow(counts);
      cached = { figures, at: now().getTime() };
      return figures;
    })
    .catch((err: unknown) => {
      logger.warn({ err }, "site figures could not be read");
      return cached?.figures ?? [];
    })
    .finally(() => {
      reading = undefined;
    });
  return cached ? cached.figures : reading;
}

/** Tests only: forget the copy, so the next call reads the counts. */
export function forgetSiteFigures(): void {
  cached = undefined;
}
