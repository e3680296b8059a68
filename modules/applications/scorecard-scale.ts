// The scale a scorecard rates on (issue 34, decision 083): four points with no middle, so each
// rating leans one way, or "not assessed". Browser-safe: the scorecard form and the picture read it.
export const SCALE = [1, 2, 3, 4] as const;
export type ScalePoint = (typeof SCALE)[number];

export const SCALE_LABELS: Record<ScalePoint, string> = { 1: "Strong no", 2: "No", 3: "Yes", 4: "Strong yes" };

/** The form's value for "not assessed" (stored as a rating of null). */
export const NOT_ASSESSED = "na";
export const NOT_ASSESSED_LABEL = "Not assessed";

export const MAX_TAKEAWAYS = 5000;

/** "Strong yes", "Not assessed". */
export const scaleLabel = (point: number | null): string =>
  point === null ? NOT_ASSESSED_LABEL : (SCALE_LABELS[point as ScalePoint] ?? NOT_ASSESSED_LABEL);
