// Dates in the reader's locale, short form, in UTC (server and browser agree): "Nov 21, 2026" in
// US English (the default), "21. Nov. 2026" in German.
const formats = new Map<string, Intl.DateTimeFormat>();

function shortDate(locale: string): Intl.DateTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    formats.set(locale, format);
  }
  return format;
}

export function formatDate(value: Date | string | number, locale = "en-US"): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : shortDate(locale).format(date);
}

/** An amount of money in `currency`, whole units, as `locale` writes it ("85.000 €" in de-DE). */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${currency} ${amount.toLocaleString(locale)}`;
  }
}
