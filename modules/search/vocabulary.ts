// The search form's vocabulary that is the search's own (the job's lists are hiring's): the
// board's orders and the labels the form shows. Browser-safe.

/** The board search's orders (board-filters.ts), and the labels the search form shows. */
export const SORTS = ["relevance", "newest", "salary"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = { relevance: "Relevance", newest: "Newest", salary: "Salary" };
