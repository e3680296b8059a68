// What pages may import from the interviews module in the browser (decision 058): the offer's
// limits. Reaches no database; index.server.ts exports the same.
export const MIN_TIMES = 2;
export const MAX_TIMES = 10;
export const INTERVIEW_LENGTHS = [15, 30, 45, 60, 90, 120, 180] as const;
export const MAX_INTERVIEWERS = 10;
