// What a search's words ask for, as PostgreSQL full text: every word (or quoted phrase) must match,
// each through any of its spellings from a small synonym table ("frontend", "front-end", "front
// end"; "js", "javascript"; "k8s", "kubernetes"; "pm", "product manager"). "-word" excludes, "or"
// joins two alternatives. Each alternative goes to phraseto_tsquery as a parameter, so PostgreSQL's
// own parser and English stemmer read the query exactly as they read the jobs ("designers" finds
// Designer) and no input can break the statement (decision 053).

/** Spellings that mean the same to a job seeker; each entry's forms are searched together. */
export const SYNONYMS: string[][] = [
  ["frontend", "front end", "front-end"],
  ["backend", "back end", "back-end"],
  ["full stack", "fullstack", "full-stack"],
  ["javascript", "js"],
  ["typescript", "ts"],
  ["kubernetes", "k8s"],
  ["product manager", "pm"],
  ["node.js", "nodejs", "node js"],
  ["postgresql", "postgres"],
  ["golang", "go"],
  ["machine learning", "ml"],
  ["artificial intelligence", "ai"],
  ["user experience", "ux"],
  ["user interface", "ui"],
  ["quality assurance", "qa"],
  ["site reliability", "sre"],
  ["devops", "dev ops"],
  ["human resources", "hr"],
  ["software developer", "software engineer", "programmer"],
  ["web developer", "web engineer"],
  ["ios", "iphone"],
  ["c#", "csharp", "c sharp"],
];

/**
 * One-way: a phrase that also finds what it generally means. "software developer" finds a Backend
 * Engineer (the job titles rarely say "software"), but "engineer" alone does not find developers.
 */
export const BROADER: Record<string, string[]> = {
  "software developer": ["developer", "engineer"],
  "software engineer": ["developer", "engineer"],
  programmer: ["developer", "engineer"],
};

/** A word or phrase's identity for the synonym table: lower case, punctuation as spaces. */
const keyOf = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/c#/g, "csharp")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const synonymsOf = new Map<string, string[]>();
for (const forms of SYNONYMS) for (const form of forms) synonymsOf.set(keyOf(form), forms);
const LONGEST = Math.max(...SYNONYMS.flat().map((f) => keyOf(f).split(" ").length));

/** One thing every job must have (or, negated, must not): any of its forms. */
export interface WordGroup {
  forms: string[];
  negated: boolean;
}

const MAX_GROUPS = 12;

/** Reads the words: quoted phrases, -exclusions, "or" between two alternatives, synonyms. */
export function readWords(q: string): WordGroup[] {
  const tokens: { text: string; quoted: boolean; negated: boolean }[] = [];
  for (const m of q.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    if (m[3] !== undefined) {
      const negated = m[3].startsWith("-") && m[3].length > 1;
      tokens.push({ text: negated ? m[3].slice(1) : m[3], quoted: false, negated });
    } else if (m[2]?.trim()) tokens.push({ text: m[2].trim(), quoted: true, negated: m[1] === "-" });
  }
  const groups: WordGroup[] = [];
  let joinNext = false;
  for (let i = 0; i < tokens.length && groups.length < MAX_GROUPS; i++) {
    const token = tokens[i]!;
    if (!token.quoted && !token.negated && /^or$/i.test(token.text) && groups.length) {
      joinNext = true;
      continue;
    }
    let text = token.text;
    let forms: string[] | undefined;
    // The longest run of plain words that is a synonym entry ("product manager", "front end").
    if (!token.quoted && !token.negated) {
      for (let n = Math.min(LONGEST, tokens.length - i); n >= 1; n--) {
        const run = tokens.slice(i, i + n);
        if (run.some((t) => t.quoted || t.negated)) continue;
        const found = synonymsOf.get(keyOf(run.map((t) => t.text).join(" ")));
        if (found) {
          forms = found;
          text = run.map((t) => t.text).join(" ");
          i += n - 1;
          break;
        }
      }
    } else {
      forms = synonymsOf.get(keyOf(text));
    }
    if (!token.quoted) forms = [...(forms ?? []), ...(BROADER[keyOf(text)] ?? [])];
    const group: WordGroup = { forms: [...new Set([text, ...(forms ?? [])])].slice(0, 8), negated: token.negated };
    const last = groups.at(-1);
    if (joinNext && last && !last.negated && !group.negated)
      last.forms = [...new Set([...last.forms, ...group.forms])].slice(0, 12);
    else groups.push(group);
    joinNext = false;
  }
  return groups;
}

/**
 * The words as a tsquery expression over named parameters (:w0, :w1 …) and their values. Constant
 * in the statement, so PostgreSQL folds it once when it plans. Empty groups (stop words only) drop
 * out: `'' && x` is x.
 */
export function wordsQuery(groups: WordGroup[]): { sql: string; values: Record<string, string> } {
  const values: Record<string, string> = {};
  let n = 0;
  const parts = groups.map((g) => {
    const forms = g.forms.map((form) => {
      const name = `w${n++}`;
      values[name] = form;
      return `phraseto_tsquery('english', :${name})`;
    });
    const any = forms.length > 1 ? `(${forms.join(" || ")})` : forms[0]!;
    return g.negated ? `!!${any}` : any;
  });
  return { sql: parts.length ? `(${parts.join(" && ")})` : `''::tsquery`, values };
}

/** Plain single words of the synonym table: real words, never stop words (which a phrase drops). */
const KNOWN_WORDS = new Set(
  [...SYNONYMS.flat(), ...Object.values(BROADER).flat()].map(keyOf).filter((k) => /^[a-z0-9]+$/.test(k)),
);

/**
 * The words as ranking needs them: the same ranks, for less work (decision 062). A query of one
 * group whose forms hold a single word ("engineer") and a phrase with that word in it ("software
 * engineer") ranks without the phrase: every stretch of a title that holds the phrase holds the
 * word, so ts_rank_cd finds the same covers (single words) and gives the same score, while phrases
 * cost it most of its time ("software engineer": 50 ms for 3,789 jobs with them, 25 without).
 * With more groups a cover spans several words and the phrase's other words change its score, so
 * those keep every form; matching always does (the phrase finds nothing the word doesn't).
 */
export function rankingWords(groups: WordGroup[]): WordGroup[] {
  if (groups.length !== 1 || groups[0]!.negated) return groups;
  const group = groups[0]!;
  const single = new Set(group.forms.map(keyOf).filter((k) => KNOWN_WORDS.has(k)));
  const forms = group.forms.filter((form) => {
    const words = keyOf(form).split(" ");
    return words.length === 1 || !words.some((w) => single.has(w));
  });
  return forms.length === group.forms.length ? groups : [{ forms, negated: false }];
}

/** Words long enough to look for by spelling when the exact search finds few ("javascrpt"). */
export function fuzzyWords(groups: WordGroup[]): string[] {
  return groups
    .filter((g) => !g.negated)
    .map((g) => keyOf(g.forms[0]!))
    .filter((w) => w.length >= 4 && !w.includes(" "))
    .slice(0, 4);
}
