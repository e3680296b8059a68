// The one table of exchange rates the board uses to compare salaries in different currencies: the
// minimum-salary filter and the salary sort convert every job's pay to US dollars with it. The
// rates are fixed on purpose (a filter that moves every day would confuse more than it helps); they
// are the European Central Bank's reference rates of 2026-11-02, rounded, and are updated by hand
// when they drift by more than a few percent (decision 053).
import { CURRENCIES, type Currency } from "../hiring/browser.ts";

export const RATES_DATE = "2026-11-02";

/**
 * US dollars for one unit of each currency. The search's GIN index and statistics hold the salary
 * expression below with these rates (migration 20261126100000): new rates need a migration that
 * makes them again, or the salary filter no longer meets the index (decision 060).
 */
export const USD_PER_UNIT: Record<Currency, number> = { USD: 1, EUR: 1.08, GBP: 1.29, CAD: 0.72 };

export const isCurrency = (value: unknown): value is Currency => (CURRENCIES as readonly unknown[]).includes(value);

/** An amount in `from`, in US dollars. */
export const toUsd = (amount: number, from: Currency) => amount * USD_PER_UNIT[from];

/** SQL: a job's yearly pay (the top of its range, or its minimum) in US dollars; null without a salary. */
export const SALARY_USD_SQL = `(coalesce(j.salary_max, j.salary_min) * (case j.salary_currency ${CURRENCIES.map((c) => `when '${c}' then ${USD_PER_UNIT[c]}`).join(" ")} else 1 end))`;
