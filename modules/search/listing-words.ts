// Whether a provider's listing has the search's words where the board looks for them: the title,
// the skills (requirements) or the company, through the same synonyms (search-words.ts), with
// plurals and simple word forms alike ("designers" → Designer). "-word" excludes a listing that has
// the word anywhere. The description alone is not what a job is (decision 053).
import { readWords } from "./search-words.ts";
import type { ProviderListing } from "./provider.ts";

const wordsOf = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9#+]+/)
    .filter(Boolean);

/** A rough English stem: enough to match plurals and -ing/-ed/-er forms of the same word. */
const stem = (word: string) => (word.length > 4 ? word.replace(/(ies|es|s|ing|ed|er|ers)$/, "") : word);

/** Whether `text` holds `form` (a word or phrase) as consecutive words, by stem. */
function holds(text: string[], form: string): boolean {
  const wanted = wordsOf(form).map(stem);
  if (!wanted.length) return true;
  // Hyphenated or spaced forms are matched both ways: "front end" also as "frontend".
  const joined = wanted.join("");
  for (let i = 0; i < text.length; i++) {
    if (stem(text[i]!) === stem(joined)) return true;
    if (wanted.every((w, k) => text[i + k] !== undefined && stem(text[i + k]!) === w)) return true;
  }
  return false;
}

export function listingMatchesWords(listing: ProviderListing, q: string): boolean {
  const groups = readWords(q);
  if (!groups.length) return true;
  const relevant = wordsOf([listing.title, listing.company, ...listing.requirements].join(" "));
  const everything = [...relevant, ...wordsOf(listing.description)];
  for (const group of groups) {
    if (group.negated) {
      if (group.forms.some((f) => holds(everything, f))) return false;
    } else if (!group.forms.some((f) => holds(relevant, f))) {
      // Words that are only stop words ("the") ask for nothing.
      if (group.forms.every((f) => !wordsOf(f).some((w) => !STOP.has(w)))) continue;
      return false;
    }
  }
  return true;
}

const STOP = new Set(["a", "an", "and", "the", "in", "of", "for", "to", "with", "at", "on", "jobs", "job"]);
