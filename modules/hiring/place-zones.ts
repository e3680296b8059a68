// The time zone a job's place is in, for the places the gazetteer (places.ts) knows: a city's, else
// its region's, else its country's when the country has one zone. A company's zone starts from its
// first job whose place is known here, until an owner chooses one (defaultCompanyZone below).
import type { EntityManager } from "@mikro-orm/postgresql";
import { Company } from "./entities.ts";
import { placeKeys } from "../../lib/places.ts";
import { timeZones } from "./team-admin.ts";

const COUNTRY_ZONES: Record<string, string> = {
  gb: "Europe/London",
  de: "Europe/Berlin",
  nl: "Europe/Amsterdam",
  fr: "Europe/Paris",
  ie: "Europe/Dublin",
  es: "Europe/Madrid",
  pt: "Europe/Lisbon",
  it: "Europe/Rome",
  ch: "Europe/Zurich",
  at: "Europe/Vienna",
  be: "Europe/Brussels",
  se: "Europe/Stockholm",
  dk: "Europe/Copenhagen",
  no: "Europe/Oslo",
  fi: "Europe/Helsinki",
  pl: "Europe/Warsaw",
  cz: "Europe/Prague",
  nz: "Pacific/Auckland",
  in: "Asia/Kolkata",
  sg: "Asia/Singapore",
  jp: "Asia/Tokyo",
};

const EASTERN = "America/New_York";
const CENTRAL = "America/Chicago";
const MOUNTAIN = "America/Denver";
const PACIFIC = "America/Los_Angeles";
/** Regions (US states, Canadian provinces, Australian states) by their main zone. */
const REGION_ZONES: Record<string, string> = {
  ...Object.fromEntries(
    [
      "ct",
      "dc",
      "de",
      "fl",
      "ga",
      "in",
      "ky",
      "ma",
      "md",
      "me",
      "mi",
      "nc",
      "nh",
      "nj",
      "ny",
      "oh",
      "pa",
      "ri",
      "sc",
      "va",
      "vt",
      "wv",
    ].map((r) => [`us-${r}`, EASTERN]),
  ),
  ...Object.fromEntries(
    ["al", "ar", "ia", "il", "ks", "la", "mn", "mo", "ms", "nd", "ne", "ok", "sd", "tn", "tx", "wi"].map((r) => [
      `us-${r}`,
      CENTRAL,
    ]),
  ),
  ...Object.fromEntries(["co", "id", "mt", "nm", "ut", "wy"].map((r) => [`us-${r}`, MOUNTAIN])),
  "us-az": "America/Phoenix",
  "us-ca": PACIFIC,
  "us-nv": PACIFIC,
  "us-or": PACIFIC,
  "us-wa": PACIFIC,
  "us-ak": "America/Anchorage",
  "us-hi": "Pacific/Honolulu",
  "ca-on": "America/Toronto",
  "ca-qc": "America/Toronto",
  "ca-bc": "America/Vancouver",
  "ca-ab": "America/Edmonton",
  "ca-mb": "America/Winnipeg",
  "ca-ns": "America/Halifax",
  "ca-sk": "America/Regina",
  "au-nsw": "Australia/Sydney",
  "au-vic": "Australia/Melbourne",
  "au-qld": "Australia/Brisbane",
};

/** Cities whose zone is not their region's (or whose country has several and no region is named). */
const CITY_ZONES: Record<string, string> = {
  "us-washington": EASTERN,
  "ca-toronto": "America/Toronto",
  "ca-vancouver": "America/Vancouver",
  "ca-montreal": "America/Toronto",
  "ca-calgary": "America/Edmonton",
  "au-sydney": "Australia/Sydney",
  "au-melbourne": "Australia/Melbourne",
  "sg-singapore-city": "Asia/Singapore",
};

/** The zone of a job's location, or null when the place is not known here (Remote, an unknown town, a many-zone country alone). */
export function zoneForLocation(location: string | null | undefined): string | null {
  const keys = placeKeys(location);
  const of = (kind: string) => keys.find((k) => k.startsWith(`${kind}:`))?.slice(kind.length + 1);
  const city = of("city");
  const region = of("region");
  const country = of("country");
  return (city && CITY_ZONES[city]) || (region && REGION_ZONES[region]) || (country && COUNTRY_ZONES[country]) || null;
}

/**
 * On publishing a job: the company's zone becomes its place's, while the company is still on the
 * default (UTC) and no owner has ever saved a zone (`time_zone_chosen`).
 */
export async function defaultCompanyZone(tx: EntityManager, companyId: string, location: string): Promise<void> {
  const zone = zoneForLocation(location);
  if (!zone) return;
  // The name this server's list uses (ICU may list Asia/Kolkata as Asia/Calcutta).
  const listed = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  if (!timeZones().includes(listed)) return;
  await tx.nativeUpdate(Company, { id: companyId, timeZone: "UTC", timeZoneChosen: false }, { timeZone: listed });
}
