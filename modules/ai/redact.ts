// Protected and identifying details are removed before any text is scored or sent to a model:
// names, contact details, addresses, links, dates of birth, and words about gender, age, marital
// status, family, nationality, ethnicity, religion and disability. Each is replaced by the same
// marker whatever it said, so changing only such a detail cannot change a score.

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_LIKE =
  /\b(?:https?:\/\/|www\.)\S+|\b(?:linkedin|github|gitlab|twitter|x|facebook|instagram|behance|dribbble)\.com\/\S*/gi;
// 9 or more digits with the separators phones use; dates ("2019-2023") have fewer.
const PHONE = /(?<![\w-])\+?\(?\d[\d\s().-]{7,}\d(?![\w-])/g;
const isPhone = (m: string) => m.replace(/\D/g, "").length >= 9 && !/^[\s(]*(?:(?:19|20)\d\d[\s.()-]*)+$/.test(m);
// Capitalised, as addresses are written, so "3 years in a better way" is left alone.
// The town and postcode after the street go with it ("742 Evergreen Terrace, Springfield, [address]").
const STREET =
  /\b\d{1,5}[a-z]?\s+(?:[A-Z][\w'-]*\s+){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Close|Crescent|Square|Sq|Highway|Hwy|Parkway|Pkwy|Straße|Strasse|Weg|Platz)\b\.?(?:,?\s*(?:Apt|Apartment|Suite|Unit|Flat|#)\.?\s*[\w-]+)?(?:,\s*(?:\[address\]|[A-Z][\p{L}'.-]*)(?:\s+(?:\[address\]|[A-Z][\p{L}'.-]*)){0,2}){0,3}/gu;
const POSTCODE = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/g;
// "Address: …", "Date of birth: …", "Gender: …" and similar form fields: the whole value goes.
const FIELD_LINE =
  /^(\s*(?:home\s+|postal\s+|mailing\s+)?(?:address|location|date of birth|d\.o\.b\.?|dob|born|birthday|age|gender|sex|pronouns|marital status|civil status|family status|children|dependants|dependents|nationality|citizenship|ethnicity|race|religion|faith|disability|photo|picture|visa status|name|full name)\s*[:\-–]).*$/gim;
const DATE_OF_BIRTH =
  /\b(?:born|b\.)\s+(?:on\s+|in\s+)?(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}|\w+\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+\w+\s+\d{4})/gi;
const AGE = /\b(?:aged?\s+\d{1,2}|\d{1,2}\s*(?:years?|yrs?)[\s-]*old|\d{1,2}-year-old)\b/gi;
const PROTECTED_WORDS = new RegExp(
  `\\b(?:${[
    // gender and pronouns
    "male",
    "female",
    "man",
    "woman",
    "men",
    "women",
    "boy",
    "girl",
    "gentleman",
    "lady",
    "non-binary",
    "nonbinary",
    "transgender",
    "cisgender",
    "he/him",
    "she/her",
    "they/them",
    // marital and family status
    "married",
    "unmarried",
    "divorced",
    "widowed",
    "widow",
    "widower",
    "spouse",
    "husband",
    "wife",
    "pregnant",
    "pregnancy",
    "maternity",
    "single (?:mother|father|parent|mom|dad)",
    "mother of \\w+",
    "father of \\w+",
    // religion
    "christian",
    "muslim",
    "islamic",
    "jewish",
    "hindu",
    "buddhist",
    "sikh",
    "catholic",
    "protestant",
    "orthodox",
    "atheist",
    "agnostic",
    "church",
    "mosque",
    "synagogue",
    "temple",
    // nationality and ethnicity (as attributes: "a German national", "Nigerian citizen")
    "citizens?(?: of \\w+)?",
    "citizenship",
    "passport holder",
    "national of \\w+",
    "caucasian",
    "hispanic",
    "latino",
    "latina",
    "latinx",
    "african[- ]american",
    "asian[- ]american",
    // health and disability
    "disabled",
    "disability",
    "handicapped",
    "wheelchair",
  ].join("|")})\\b\\.?`,
  "gi",
);

// Nationalities, as written (capitalised). Many are also languages, which a job may need: on a
// line about languages they stay.
const NATIONALITIES = new RegExp(
  `\\b(?:${"American Canadian Mexican Brazilian Argentinian Argentine Colombian Chilean Peruvian Venezuelan Cuban Irish Scottish Welsh British French German Italian Spanish Portuguese Dutch Belgian Swiss Austrian Swedish Norwegian Danish Finnish Polish Czech Slovak Hungarian Romanian Bulgarian Serbian Croatian Greek Turkish Russian Ukrainian Belarusian Israeli Palestinian Iranian Iraqi Syrian Lebanese Jordanian Saudi Emirati Egyptian Moroccan Algerian Tunisian Nigerian Ghanaian Kenyan Ethiopian Somali Ugandan Indian Pakistani Bangladeshi Nepali Nepalese Chinese Taiwanese Japanese Korean Vietnamese Thai Filipino Filipina Indonesian Malaysian Singaporean Australian Arab".split(" ").join("|")}|South African|Sri Lankan|New Zealander)\\b`,
  "g",
);
const LANGUAGE_LINE =
  /\b(?:languages?|fluent|fluency|speak|speaks|spoken|native|bilingual|proficien\w*|translat\w*)\b/i;

// Titles before a name ("Ms. Lee"); case matters, "40 ms" is a duration.
const TITLES = /\b(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+(?=[A-Z])/g;
// Words that start a resume but are not a name.
const HEADINGS =
  /^(?:resume|résumé|curriculum vitae|cv|profile|summary|contact|experience|education|skills|objective|about me)\b|\b(?:engineer|developer|manager|designer|analyst|scientist|consultant|specialist|director|lead|senior|junior|software|data|product|sales|marketing|officer|assistant|intern|architect|nurse|teacher|accountant|recruiter)\b/i;
// A name line: 2 to 4 capitalised words (letters, hyphens, apostrophes, initials), nothing else.
const NAME_LINE = /^(?:[A-ZÀ-Þ][\p{L}'’-]*\.?\s+){1,3}[A-ZÀ-Þ][\p{L}'’-]*$/u;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Free text (an answer) with contact details and protected attributes replaced by markers. */
export function redactText(text: string): string {
  return text
    .replace(FIELD_LINE, "$1 [redacted]")
    .replace(EMAIL, "[email]")
    .replace(URL_LIKE, "[link]")
    .replace(DATE_OF_BIRTH, "[date of birth]")
    .replace(POSTCODE, "[address]")
    .replace(STREET, "[address]")
    .replace(PHONE, (m) => (isPhone(m) ? "[phone]" : m))
    .replace(AGE, "[age]")
    .replace(TITLES, "")
    .replace(PROTECTED_WORDS, "[redacted]")
    .split("\n")
    .map((line) => (LANGUAGE_LINE.test(line) ? line : line.replace(NATIONALITIES, "[redacted]")))
    .join("\n");
}

/**
 * A resume's text made safe to score: everything redactText removes, plus the person's name (the
 * first line when it reads as a name, or a "Name:" field) wherever it appears in the text.
 */
export function redactResume(text: string): string {
  const lines = text.split(/\r?\n/);
  const names: string[] = [];
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first >= 0) {
    const line = lines[first]!.trim();
    if (NAME_LINE.test(line) && !HEADINGS.test(line)) {
      names.push(line);
      lines[first] = "[name]";
    }
  }
  for (const line of lines) {
    const field = line.match(/^\s*(?:full\s+)?name\s*[:\-–]\s*(.+)$/i);
    if (field) names.push(field[1]!.trim());
  }
  let out = redactText(lines.join("\n"));
  // The name again in the text ("Jane Doe led…", "Jane's team"): the whole name and each part of 3+ letters.
  const parts = new Set(names.flatMap((n) => [n, ...n.split(/\s+/).filter((p) => p.replace(/\W/g, "").length >= 3)]));
  for (const part of [...parts].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(part)}(?![\\p{L}])`, "gu"), "[name]");
  }
  return out;
}
