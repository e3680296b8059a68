// A location as typed ("Austin, TX 78701, United States", "10115 Berlin, Germany") split into the
// parts an address has, for feeds that ask for them separately (the Indeed feed): city as typed,
// state and country as codes from the gazetteer (lib/places.ts), and a postal code when one is
// written. A part nobody can tell is left out rather than guessed.
import { placeKeys } from "./places.ts";

export interface PlaceParts {
  city?: string;
  /** The region's code, upper case ("TX", "BY", "ON"). */
  state?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  postalCode?: string;
}

const REMOTE = /^(remote|anywhere|worldwide|work from home|wfh|remote only|fully remote|hybrid|on-?site)$/i;
// US ZIP, the five- and four-digit codes of most of Europe, and UK postcodes.
const LEADING_CODE = /^(\d{4,5})\s+(\S.*)$/;
const TRAILING_CODE = /^(.*\S)\s+(\d{5}(?:-\d{4})?|\d{4}|[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2})$/i;
const WHOLE_CODE = /^(\d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})$/i;

export function placeParts(location: string | null | undefined): PlaceParts {
  const text = (location ?? "").slice(0, 200);
  const out: PlaceParts = {};
  let postalCode: string | undefined;
  const parts = text
    .split(/[,;()|·]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const whole = WHOLE_CODE.exec(part);
      if (whole) {
        postalCode ??= whole[1]!.toUpperCase();
        return [];
      }
      const leading = LEADING_CODE.exec(part);
      if (leading) {
        postalCode ??= leading[1];
        return [leading[2]!];
      }
      const trailing = TRAILING_CODE.exec(part);
      if (trailing) {
        postalCode ??= trailing[2]!.toUpperCase();
        return [trailing[1]!];
      }
      return [part];
    });
  for (const key of placeKeys(parts.join(", "))) {
    const [kind, value] = key.split(":") as [string, string];
    if (kind === "country") out.country = value.toUpperCase();
    if (kind === "region") out.state = value.slice(value.indexOf("-") + 1).toUpperCase();
  }
  const first = parts[0];
  // The first part is the city when the gazetteer knows it as one, or doesn't know it at all
  // ("Springfield"); a region or a country alone ("Texas", "Germany") is not a city.
  const keys = first ? placeKeys(first) : [];
  if (first && !REMOTE.test(first) && (keys.length === 0 || keys.some((k) => k.startsWith("city:")))) out.city = first;
  if (postalCode) out.postalCode = postalCode;
  return out;
}
