// The job search's GET form: what, where, Include remote jobs, sort, and the filters (with the
// minimum salary's currency). A plain form: every search is a URL, with JavaScript or without.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import {
  CATEGORIES,
  CURRENCIES,
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  MIN_SALARY_ERROR,
  parseWholeNumber,
} from "#modules/hiring/browser.ts";
import { DATE_POSTED, RATES_DATE, SORT_LABELS, SORTS } from "#modules/search/browser.ts";
import type { SearchQueryView } from "./job-search.tsx";

type Choice = [value: string, label: string];

// The form's lists come from the vocabulary (browser-safe), not from the loader data; their words
// from the catalogue (jobs namespace), the vocabulary's English where it has none.
const choicesIn = (t: TFunction) => ({
  locationTypes: LOCATION_TYPES.map((v): Choice => [v, t(`vocab.locationType.${v}`, LOCATION_TYPE_LABELS[v])]),
  employmentTypes: EMPLOYMENT_TYPES.map((v): Choice => [v, t(`vocab.employmentType.${v}`, EMPLOYMENT_TYPE_LABELS[v])]),
  categories: CATEGORIES.map((v): Choice => [v, t(`vocab.category.${v}`, v)]),
  datePosted: DATE_POSTED.filter((v) => v !== "all").map((v): Choice => [v, t(`search.dates.${v}`, v)]),
  currencies: CURRENCIES.map((v): Choice => [v, v]),
  sorts: SORTS.map((v): Choice => [v, t(`search.sorts.${v}`, SORT_LABELS[v])]),
});

// Component classes (app/app.css), one per element: the form is on every search page. The smaller
// padding and width some fields once added never took effect (the utilities' order let py-2 and
// w-full win), so they are left out and nothing moves.

/** The options of a list; an option whose value is its label says it once (its value is its text). */
const optionsOf = (options: Choice[]) =>
  options.map(([v, l]) => (
    <option key={v} value={v === l ? undefined : v}>
      {l}
    </option>
  ));

function Select({
  name,
  label,
  value,
  options,
  any,
}: {
  name: string;
  label: string;
  value: string;
  options: Choice[];
  any: string;
}) {
  return (
    <div>
      <label htmlFor={`search-${name}`} className="filter-label">
        {label}
      </label>
      <select id={`search-${name}`} name={name} defaultValue={value} className="filter-input">
        <option value="">{any}</option>
        {optionsOf(options)}
      </select>
    </div>
  );
}

export function SearchForm({ action, query, sort }: { action: string; query: SearchQueryView; sort?: string }) {
  const { t } = useTranslation("jobs");
  const choices = choicesIn(t);
  // Not a number: the search runs without it, and the field says why.
  const salaryRefused = parseWholeNumber(query.min_salary) === undefined;
  const filtersOpen = Boolean(
    query.location_type ||
    query.employment_type ||
    query.category ||
    query.min_salary ||
    (query.date_posted && query.date_posted !== "all"),
  );
  return (
    <Form method="get" action={action} role="search" aria-label={t("search.label")} className="search-form">
      <div className="search-words">
        <div>
          <label htmlFor="search-q" className="search-label">
            {t("search.what")}
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={200}
            placeholder={t("search.whatPlaceholder")}
            className="search-input"
          />
        </div>
        <div>
          <label htmlFor="search-location" className="search-label">
            {t("search.where")}
          </label>
          <input
            id="search-location"
            name="location"
            type="text"
            defaultValue={query.location}
            maxLength={100}
            placeholder={t("search.wherePlaceholder")}
            className="search-input"
          />
        </div>
        <SearchButton />
      </div>
      <div className="search-options">
        {/* Unticked sends remote=0 alone; ticked sends remote=0 then remote=1, and the last one counts. */}
        <input type="hidden" name="remote" value="0" />
        <label>
          <input type="checkbox" name="remote" value="1" defaultChecked={query.remote !== "0"} />
          {t("search.includeRemote")}
        </label>
        <div>
          <label htmlFor="search-sort">{t("search.sortBy")}</label>
          <select id="search-sort" name="sort" defaultValue={query.sort || sort || ""} className="sort-input">
            {optionsOf(choices.sorts)}
          </select>
        </div>
      </div>
      <details className="search-filters" open={filtersOpen}>
        <summary>{t("search.filters")}</summary>
        <div>
          <Select
            name="location_type"
            label={t("search.workLocation")}
            value={query.location_type}
            options={choices.locationTypes}
            any={t("search.any")}
          />
          <Select
            name="employment_type"
            label={t("search.employmentType")}
            value={query.employment_type}
            options={choices.employmentTypes}
            any={t("search.any")}
          />
          <Select
            name="category"
            label={t("search.category")}
            value={query.category}
            options={choices.categories}
            any={t("search.anyCategory")}
          />
          <div>
            <label htmlFor="search-min_salary" className="filter-label">
              {t("search.minSalary")}
            </label>
            <input
              id="search-min_salary"
              name="min_salary"
              type="text"
              inputMode="numeric"
              defaultValue={query.min_salary}
              placeholder={t("search.minSalaryPlaceholder")}
              aria-invalid={salaryRefused || undefined}
              aria-describedby={salaryRefused ? "search-min_salary-error search-salary-note" : "search-salary-note"}
              className="filter-input"
            />
            {salaryRefused ? (
              <p id="search-min_salary-error" className="mt-1 text-sm text-danger">
                {t("search.minSalaryError", MIN_SALARY_ERROR)}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="search-currency" className="filter-label">
              {t("search.currency")}
            </label>
            <select
              id="search-currency"
              name="currency"
              defaultValue={query.currency || "USD"}
              aria-describedby="search-salary-note"
              className="filter-input"
            >
              {optionsOf(choices.currencies)}
            </select>
          </div>
          <Select
            name="date_posted"
            label={t("search.posted")}
            value={query.date_posted === "all" ? "" : query.date_posted}
            options={choices.datePosted}
            any={t("search.anyTime")}
          />
        </div>
        <p id="search-salary-note">{t("search.salaryNote", { date: RATES_DATE })}</p>
      </details>
    </Form>
  );
}

function SearchButton() {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.formMethod?.toUpperCase() === "GET";
  const { t } = useTranslation("jobs");
  return (
    <button type="submit" className="search-button">
      {searching ? (
        <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      ) : null}
      {t("search.button")}
    </button>
  );
}
