import { Migration } from "@mikro-orm/migrations";

// Search a job seeker can trust (decision 053):
// - jobs.place_keys: the places a job's location names or implies ("country:de", "city:de-berlin"),
//   from the gazetteer (lib/places.ts, frozen below), so "Germany", "DE" and "Deutschland" find the
//   same jobs. Written by hiring on every write; filled here for the jobs already there, in batches.
// - pg_trgm and a trigram index on each active job's title and skills, for words spelt like the
//   query's when its exact words find few ("javascrpt"). An expression index: no table rewrite.
// - words now match the narrow rank_vector (title, skills, company) only, so a GIN index over
//   (published_at, rank_vector, place_keys) replaces the one over (published_at, search_vector):
//   one index scan meets the newest jobs, the words and the place (decision 014's shape), instead
//   of handing the search every job whose description mentions a word.
export class Migration20261125130000_search_relevance extends Migration {
  override name = "Migration20261125130000_search_relevance";

  override async up(): Promise<void> {
    await this.execute(`create extension if not exists pg_trgm;`);
    // A job alert keeps its search's remote choice and salary currency (null and USD: the defaults).
    await this.execute(
      `alter table "job_alerts" add column "include_remote" boolean null, add column "salary_currency" varchar(3) not null default 'USD';`,
    );
    await this.execute(`alter table "jobs" add column "place_keys" text[] not null default '{}';`);
    const batch = 5000;
    for (let after = "00000000-0000-0000-0000-000000000000"; ;) {
      const rows = (await this.execute(
        `select "id", "location" from "jobs" where "id" > ? and "location" is not null order by "id" limit ${batch}`,
        [after],
      )) as { id: string; location: string }[];
      if (!rows.length) break;
      const keys = rows.map((r) => ({ id: r.id, keys: placeKeys(r.location) })).filter((r) => r.keys.length);
      if (keys.length) {
        await this.execute(
          `update "jobs" j set "place_keys" = array(select json_array_elements_text(k."keys")) from json_to_recordset(?::json) as k("id" uuid, "keys" json) where j."id" = k."id"`,
          [JSON.stringify(keys)],
        );
      }
      after = rows.at(-1)!.id;
      if (rows.length < batch) break;
    }
    await this.execute(
      `create index "jobs_recent_rank_index" on "jobs" using gin ("published_at", "rank_vector", "place_keys") where "status" = 'active';`,
    );
    await this.execute(`drop index if exists "jobs_recent_search_index";`);
    await this.execute(
      `create index "jobs_match_text_trgm_index" on "jobs" using gin ((${MATCH_TEXT}) gin_trgm_ops) where "status" = 'active';`,
    );
  }

  override async down(): Promise<void> {
    await this.execute(`drop index if exists "jobs_match_text_trgm_index";`);
    await this.execute(
      `create index "jobs_recent_search_index" on "jobs" using gin ("published_at", "search_vector") where "status" = 'active';`,
    );
    await this.execute(`drop index if exists "jobs_recent_rank_index";`);
    await this.execute(`alter table "jobs" drop column "place_keys";`);
    await this.execute(`alter table "job_alerts" drop column "include_remote", drop column "salary_currency";`);
  }
}

/** A job's title and skills as one text, for trigram matching (the search uses the same expression). */
export const MATCH_TEXT = `coalesce("title", '') || ' ' || "skills"::text`;

// The gazetteer and placeKeys as lib/places.ts had them on 2026-12-02, frozen here so that changing
// the live gazetteer never changes what this migration wrote; the live one rewrites keys on each job write.
interface Country {
  code: string;
  names: string[];
  europe?: boolean;
}

const COUNTRIES: Country[] = [
  { code: "us", names: ["united states", "united states of america", "usa", "us", "u s", "u s a", "america"] },
  { code: "gb", names: ["united kingdom", "uk", "u k", "great britain", "britain", "gb"], europe: true },
  { code: "de", names: ["germany", "de", "deutschland"], europe: true },
  { code: "ca", names: ["canada"] },
  { code: "nl", names: ["netherlands", "the netherlands", "holland", "nl", "nederland"], europe: true },
  { code: "fr", names: ["france", "fr"], europe: true },
  { code: "ie", names: ["ireland", "ie", "eire"], europe: true },
  { code: "es", names: ["spain", "es", "espana"], europe: true },
  { code: "pt", names: ["portugal", "pt"], europe: true },
  { code: "it", names: ["italy", "italia"], europe: true },
  { code: "ch", names: ["switzerland", "ch", "schweiz", "suisse"], europe: true },
  { code: "at", names: ["austria", "osterreich"], europe: true },
  { code: "be", names: ["belgium", "belgique", "belgie"], europe: true },
  { code: "se", names: ["sweden", "sverige"], europe: true },
  { code: "dk", names: ["denmark", "danmark", "dk"], europe: true },
  { code: "no", names: ["norway", "norge"], europe: true },
  { code: "fi", names: ["finland", "suomi"], europe: true },
  { code: "pl", names: ["poland", "polska", "pl"], europe: true },
  { code: "cz", names: ["czech republic", "czechia", "cz"], europe: true },
  { code: "au", names: ["australia", "au"] },
  { code: "nz", names: ["new zealand", "nz"] },
  { code: "in", names: ["india"] },
  { code: "sg", names: ["singapore"] },
  { code: "jp", names: ["japan"] },
  { code: "br", names: ["brazil", "brasil"] },
  { code: "mx", names: ["mexico"] },
];

/** Regions by country: code and names (the code is a name too). */
const REGIONS: Record<string, [string, ...string[]][]> = {
  us: [
    ["al", "alabama"],
    ["ak", "alaska"],
    ["az", "arizona"],
    ["ar", "arkansas"],
    ["ca", "california", "calif"],
    ["co", "colorado"],
    ["ct", "connecticut"],
    ["de", "delaware"],
    ["dc", "district of columbia", "washington dc", "washington d c"],
    ["fl", "florida"],
    ["ga", "georgia"],
    ["hi", "hawaii"],
    ["id", "idaho"],
    ["il", "illinois"],
    ["in", "indiana"],
    ["ia", "iowa"],
    ["ks", "kansas"],
    ["ky", "kentucky"],
    ["la", "louisiana"],
    ["me", "maine"],
    ["md", "maryland"],
    ["ma", "massachusetts"],
    ["mi", "michigan"],
    ["mn", "minnesota"],
    ["ms", "mississippi"],
    ["mo", "missouri"],
    ["mt", "montana"],
    ["ne", "nebraska"],
    ["nv", "nevada"],
    ["nh", "new hampshire"],
    ["nj", "new jersey"],
    ["nm", "new mexico"],
    ["ny", "new york state"],
    ["nc", "north carolina"],
    ["nd", "north dakota"],
    ["oh", "ohio"],
    ["ok", "oklahoma"],
    ["or", "oregon"],
    ["pa", "pennsylvania"],
    ["ri", "rhode island"],
    ["sc", "south carolina"],
    ["sd", "south dakota"],
    ["tn", "tennessee"],
    ["tx", "texas"],
    ["ut", "utah"],
    ["vt", "vermont"],
    ["va", "virginia"],
    ["wa", "washington state"],
    ["wv", "west virginia"],
    ["wi", "wisconsin"],
    ["wy", "wyoming"],
  ],
  ca: [
    ["on", "ontario"],
    ["bc", "british columbia"],
    ["qc", "quebec"],
    ["ab", "alberta"],
    ["mb", "manitoba"],
    ["ns", "nova scotia"],
    ["sk", "saskatchewan"],
  ],
  gb: [
    ["eng", "england"],
    ["sct", "scotland"],
    ["wls", "wales"],
    ["nir", "northern ireland"],
  ],
  de: [
    ["by", "bavaria", "bayern"],
    ["be", "berlin state"],
    ["nw", "north rhine westphalia", "nrw"],
  ],
  au: [
    ["nsw", "new south wales"],
    ["vic", "victoria"],
    ["qld", "queensland"],
  ],
};

/** Cities: [country, region or "", name, other names...]. */
const CITIES: [string, string, string, ...string[]][] = [
  ["us", "ca", "san francisco", "sf", "san fran", "sfo"],
  ["us", "ca", "los angeles", "la", "l a"],
  ["us", "ca", "san jose"],
  ["us", "ca", "san diego"],
  ["us", "ca", "oakland"],
  ["us", "ny", "new york", "new york city", "nyc", "manhattan", "brooklyn"],
  ["us", "wa", "seattle"],
  ["us", "tx", "austin"],
  ["us", "tx", "dallas"],
  ["us", "tx", "houston"],
  ["us", "il", "chicago"],
  ["us", "co", "denver"],
  ["us", "ma", "boston"],
  ["us", "ga", "atlanta"],
  ["us", "nc", "raleigh"],
  ["us", "dc", "washington", "washington dc", "washington d c"],
  ["us", "or", "portland"],
  ["us", "fl", "miami"],
  ["us", "pa", "philadelphia", "philly"],
  ["ca", "on", "toronto"],
  ["ca", "bc", "vancouver"],
  ["ca", "qc", "montreal"],
  ["ca", "ab", "calgary"],
  ["gb", "eng", "london"],
  ["gb", "eng", "manchester"],
  ["gb", "sct", "edinburgh"],
  ["gb", "sct", "glasgow"],
  ["gb", "eng", "bristol"],
  ["de", "be", "berlin"],
  ["de", "by", "munich", "munchen", "muenchen"],
  ["de", "", "hamburg"],
  ["de", "", "frankfurt", "frankfurt am main"],
  ["de", "nw", "cologne", "koln", "koeln"],
  ["nl", "", "amsterdam"],
  ["nl", "", "rotterdam"],
  ["fr", "", "paris"],
  ["ie", "", "dublin"],
  ["es", "", "barcelona"],
  ["es", "", "madrid"],
  ["pt", "", "lisbon", "lisboa"],
  ["ch", "", "zurich"],
  ["at", "", "vienna", "wien"],
  ["se", "", "stockholm"],
  ["dk", "", "copenhagen", "kobenhavn"],
  ["pl", "", "warsaw", "warszawa"],
  ["cz", "", "prague", "praha"],
  ["it", "", "milan", "milano"],
  ["au", "nsw", "sydney"],
  ["au", "vic", "melbourne"],
  ["in", "", "bangalore", "bengaluru"],
  ["sg", "", "singapore city"],
  ["jp", "", "tokyo"],
];

const AREAS: Record<string, string[]> = { europe: ["europe", "eu", "emea", "european union"] };

/** Lower case, accents and punctuation gone, single spaces: "Zürich " → "zurich", "U.S." → "u s". */
function normalisePlace(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const countryByName = new Map<string, Country>();
for (const c of COUNTRIES) for (const n of c.names) countryByName.set(n, c);
const regionByName = new Map<string, Map<string, string>>(); // name → country → region code
for (const [country, regions] of Object.entries(REGIONS)) {
  for (const [code, ...names] of regions) {
    for (const n of [code, ...names]) {
      const byCountry = regionByName.get(n) ?? new Map<string, string>();
      byCountry.set(country, code);
      regionByName.set(n, byCountry);
    }
  }
}
const cityByName = new Map<string, { country: string; region: string; slug: string }[]>();
for (const [country, region, name, ...others] of CITIES) {
  for (const n of [name, ...others])
    cityByName.set(n, [...(cityByName.get(n) ?? []), { country, region, slug: name.replace(/ /g, "-") }]);
}
const areaByName = new Map<string, string>();
for (const [area, names] of Object.entries(AREAS)) for (const n of names) areaByName.set(n, area);

const REMOTE = /^(remote|anywhere|worldwide|work from home|wfh|remote only|fully remote)$/;

/** The comma (or bracket) separated parts of a location, normalised: "Remote (US)" → ["remote", "us"]. */
const partsOf = (text: string) =>
  text
    .split(/[,;/()|·]+| - /)
    .map(normalisePlace)
    .filter(Boolean);

interface Reading {
  country: string | null;
  region: string | null;
  city: string | null;
  area: string | null;
  remote: boolean;
  /** Parts the gazetteer doesn't know. */
  unknown: number;
}

/**
 * Reads a location: the country first (a country named anywhere sets the context), then regions
 * of that country, then cities. "Wilmington, DE, United States" is Delaware; "Berlin, DE" is Germany.
 */
function readLocation(text: string): Reading {
  const parts = partsOf(text.slice(0, 200));
  const reading: Reading = { country: null, region: null, city: null, area: null, remote: false, unknown: 0 };
  // A full country name anywhere, or a code as the last part.
  for (const [i, part] of parts.entries()) {
    const country = countryByName.get(part);
    if (country && (part.length > 3 || i === parts.length - 1 || parts.length === 1)) reading.country = country.code;
  }
  for (const [i, part] of parts.entries()) {
    if (REMOTE.test(part)) {
      reading.remote = true;
      continue;
    }
    const regions = regionByName.get(part);
    const regionCountry = reading.country ?? (regions?.has("us") ? "us" : regions ? [...regions.keys()][0]! : null);
    const region = regionCountry ? regions?.get(regionCountry) : undefined;
    const cities = cityByName.get(part)?.filter((c) => !reading.country || c.country === reading.country);
    // After the first part, a short code is a region ("Baton Rouge, LA"); first, a city ("LA").
    if (region && (i > 0 || !cities?.length)) {
      reading.region ??= region;
      reading.country ??= regionCountry;
    } else if (cities?.length) {
      const city = cities[0]!;
      reading.city ??= city.slug;
      reading.country ??= city.country;
      if (city.region) reading.region ??= city.region;
    } else if (countryByName.has(part)) {
      reading.country ??= countryByName.get(part)!.code;
    } else if (areaByName.has(part)) {
      reading.area = areaByName.get(part)!;
    } else {
      reading.unknown++;
    }
  }
  return reading;
}

const isEurope = (code: string | null) => COUNTRIES.some((c) => c.code === code && c.europe);

/** A job's place keys: every level the location names or implies (city, region, country, area). */
function placeKeys(location: string | null | undefined): string[] {
  if (!location) return [];
  const r = readLocation(location);
  const keys: string[] = [];
  if (r.country) keys.push(`country:${r.country}`);
  if (r.country && r.region) keys.push(`region:${r.country}-${r.region}`);
  if (r.country && r.city) keys.push(`city:${r.country}-${r.city}`);
  if (r.area) keys.push(`area:${r.area}`);
  if (isEurope(r.country) && !r.area) keys.push("area:europe");
  return keys;
}
