// What the post wizard says beside its fields besides their errors: how the closing date is asked
// (and the day the default falls on), whether the company always shows a salary range, and the
// notice for a place whose laws require a pay range in job ads. Computed on the server for every
// render, so it shows without JavaScript.
import { now } from "../../lib/clock.ts";
import { formatDate } from "../../lib/dates.ts";
import { parseWallTime } from "../../lib/zoned-time.ts";
import { closingDateInput, defaultClosingDate, formatClosingDay } from "./closing-date.ts";
import { payRangeNoticeFor } from "./pay-transparency.ts";
import { closingRule, type ClosingRule, type WizardForm } from "./schemas.ts";
import type { JobStatus } from "./vocabulary.ts";

export interface WizardNotes {
  closing: {
    need: ClosingRule["need"];
    /** Today in the company's zone, the date input's `min`. */
    earliest: string;
    /** "Feb 1, 2027": where the default lands if the job is published today. */
    defaultDay: string;
    /** The typed date as people read it, or null when none (or not a date) is typed. */
    chosenDay: string | null;
    timeZone: string;
  };
  /** The company's "Always show a salary range" (companies.require_salary_range). */
  salaryRangeRequired: boolean;
  /** Beside the salary fields for a place that requires a range, whatever the setting. */
  payRangeNotice: string | null;
}

export function wizardNotes(input: {
  timeZone: string;
  status: JobStatus;
  form: WizardForm;
  salaryRangeRequired: boolean;
  at?: Date;
  /** The Intl locale the days are written in (US English unless the page is in another language). */
  locale?: string;
}): WizardNotes {
  const at = input.at ?? now();
  const wall = parseWallTime(input.form.closes_at, "00:00");
  return {
    closing: {
      need: closingRule(input.timeZone, input.status).need,
      earliest: closingDateInput(at, input.timeZone),
      defaultDay: formatClosingDay(defaultClosingDate(at), input.timeZone, input.locale),
      chosenDay: wall ? formatDate(Date.UTC(wall.year, wall.month - 1, wall.day), input.locale) : null,
      timeZone: input.timeZone,
    },
    salaryRangeRequired: input.salaryRangeRequired,
    payRangeNotice: payRangeNoticeFor(input.form.location, input.form.salary_min, input.form.salary_max),
  };
}
