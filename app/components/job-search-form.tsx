// The job search's GET form: what, where, Include remote jobs, sort, and the filters (with the
// minimum salary's currency). A plain form: every search is a URL, with JavaScript or without.
import { Form, useNavigation } from "@remix-run/react";
import {
  CATEGORIES,
  CURRENCIES,
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  RATES_DATE,
  SORT_LABELS,
  SORTS,
} from "#modules/hiring/browser.ts";
import { DATE_POSTED } from "#modules/search/browser.ts";
import type { SearchQueryView } from "./job-search.tsx";

type Choice = [value: string, label: string];

const DATE_LABELS: Record<string, string> = { today: "Today", "3days": "Last 3 days", week: "Last week", month: "Last month" };

// The form's lists come from the vocabulary (browser-safe), not from the loader data.
const CHOICES = {
  locationTypes: LOCATION_TYPES.map((v): Choice => [v, LOCATION_TYPE_LABELS[v]]),
  employmentTypes: EMPLOYMENT_TYPES.map((v): Choice => [v, EMPLOYMENT_TYPE_LABELS[v]]),
  categories: CATEGORIES.map((v): Choice => [v, v]),
  datePosted: DATE_POSTED.filter((v) => v !== "all").map((v): Choice => [v, DATE_LABELS[v] ?? v]),
  currencies: CURRENCIES.map((v): Choice => [v, v]),
  sorts: SORTS.map((v): Choice => [v, SORT_LABELS[v]]),
};

// A component class (app/app.css). The smaller padding and width some fields once added never took
// effect (the utilities' order let py-2 and w-full win), so they are left out and nothing moves.
const inputClass = "search-input";

function Select({ name, label, value, options, any }: { name: string; label: string; value: string; options: Choice[]; any: string }) {
  return (
    <div>
      <label htmlFor={`search-${name}`} className="filter-label">
        {label}
      </label>
      <select id={`search-${name}`} name={name} defaultValue={value} className={`mt-1 ${inputClass} text-sm`}>
        <option value="">{any}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SearchForm({ action, query, sort }: { action: string; query: SearchQueryView; sort?: string }) {
  const choices = CHOICES;
  const filtersOpen = Boolean(query.location_type || query.employment_type || query.category || query.min_salary || (query.date_posted && query.date_posted !== "all"));
  return (
    <Form method="get" action={action} role="search" aria-label="Job search" className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="grid gap-3 sm:grid-cols-[2fr_1.4fr_auto] sm:items-end">
        <div>
          <label htmlFor="search-q" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            What
          </label>
          <input id="search-q" name="q" type="search" defaultValue={query.q} maxLength={200} placeholder="Job title, skill or company" className={`mt-1 ${inputClass}`} />
        </div>
        <div>
          <label htmlFor="search-location" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Where
          </label>
          <input id="search-location" name="location" type="text" defaultValue={query.location} maxLength={100} placeholder="City, region, country or Remote" className={`mt-1 ${inputClass}`} />
        </div>
        <SearchButton />
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        {/* Unticked sends remote=0 alone; ticked sends remote=0 then remote=1, and the last one counts. */}
        <input type="hidden" name="remote" value="0" />
        <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" name="remote" value="1" defaultChecked={query.remote !== "0"} className="size-4 rounded border-slate-300 text-brand-600" />
          Include remote jobs
        </label>
        <div className="flex items-center gap-2">
          <label htmlFor="search-sort" className="whitespace-nowrap text-sm text-slate-700 dark:text-slate-200">
            Sort by
          </label>
          <select id="search-sort" name="sort" defaultValue={query.sort || sort || ""} className={`${inputClass} text-sm`}>
            {choices.sorts.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
      </div>
      <details className="group" open={filtersOpen}>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 dark:text-brand-300">Filters</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Select name="location_type" label="Work location" value={query.location_type} options={choices.locationTypes} any="Any" />
          <Select name="employment_type" label="Employment type" value={query.employment_type} options={choices.employmentTypes} any="Any" />
          <Select name="category" label="Category" value={query.category} options={choices.categories} any="Any category" />
          <div>
            <label htmlFor="search-min_salary" className="filter-label">
              Minimum salary
            </label>
            <input
              id="search-min_salary"
              name="min_salary"
              type="text"
              inputMode="numeric"
              defaultValue={query.min_salary}
              placeholder="e.g. 80000"
              aria-describedby="search-salary-note"
              className={`mt-1 ${inputClass} text-sm`}
            />
          </div>
          <div>
            <label htmlFor="search-currency" className="filter-label">
              Salary currency
            </label>
            <select id="search-currency" name="currency" defaultValue={query.currency || "USD"} aria-describedby="search-salary-note" className={`mt-1 ${inputClass} text-sm`}>
              {choices.currencies.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </div>
          <Select name="date_posted" label="Posted" value={query.date_posted === "all" ? "" : query.date_posted} options={choices.datePosted} any="Any time" />
        </div>
        <p id="search-salary-note" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Yearly pay. Salaries in other currencies are converted at fixed exchange rates of {RATES_DATE}.
        </p>
      </details>
    </Form>
  );
}

function SearchButton() {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.formMethod?.toUpperCase() === "GET";
  return (
    <button type="submit" className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700">
      {searching ? <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
      Search Jobs
    </button>
  );
}

