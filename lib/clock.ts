// The one source of "now", so trials and expiries can be tested at exact boundaries.
let fixed: Date | undefined;

export function now(): Date {
  return fixed ? new Date(fixed) : new Date();
}

/** Tests only: freeze time at `date`, or pass undefined to return to the real clock. */
export function setClock(date: Date | undefined): void {
  fixed = date;
}
