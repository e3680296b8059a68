// How a set of ratings on the scorecard scale spreads (issue 34 item 4, decision 085): how many
// at each point, the lowest and highest, the mean; "not assessed" is counted apart and left out of
// the rest. Browser-safe: the application page's picture reads it, the list and the CSV format means.
import { SCALE, type ScalePoint } from "./scorecard-scale.ts";

export interface RatingSpread {
  /** How many ratings at each point, 1 (Strong no) to 4 (Strong yes). */
  counts: Record<ScalePoint, number>;
  notAssessed: number;
  /** Null when nothing was rated on the scale. */
  lowest: ScalePoint | null;
  highest: ScalePoint | null;
  mean: number | null;
}

/** The spread of `ratings` (null: not assessed). */
export function ratingSpread(ratings: (number | null)[]): RatingSpread {
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0 } as Record<ScalePoint, number>;
  let notAssessed = 0;
  const points: ScalePoint[] = [];
  for (const rating of ratings) {
    if (rating !== null && (SCALE as readonly number[]).includes(rating)) {
      counts[rating as ScalePoint] += 1;
      points.push(rating as ScalePoint);
    } else notAssessed += 1;
  }
  if (!points.length) return { counts, notAssessed, lowest: null, highest: null, mean: null };
  return {
    counts,
    notAssessed,
    lowest: Math.min(...points) as ScalePoint,
    highest: Math.max(...points) as ScalePoint,
    mean: roundMean(points.reduce((sum, p) => sum + p, 0) / points.length),
  };
}

/** A mean kept to two decimals (3.3333 is 3.33), as the list and the CSV give it. */
export const roundMean = (mean: number): number => Math.round(mean * 100) / 100;

/** "3.5", "3", "3.3": one decimal at most, for a page. */
export const meanLabel = (mean: number): string => mean.toLocaleString("en-US", { maximumFractionDigits: 1 });
