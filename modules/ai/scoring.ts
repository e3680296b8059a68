// The built-in application score: deterministic and offline, explained as a recruiter would.
// It reads only redacted text (redact.ts), so names, contact details and protected attributes can't
// move a score. Terms count in full only in *evidence* (a sentence telling of doing something), a
// quarter when merely listed, so keyword stuffing earns little. Collaboration rests on how the
// candidate says they work with others, never on who they are (guidance.ts).
import { redactResume, redactText } from "./redact.ts";
import { clip, containsPhrase, focusSkills, joinList, sentences, stem, terms, words } from "./text.ts";
import type { ApplicationScore, ScoreAnswer, ScoreInput } from "./types.ts";

export const BUILTIN_METHOD = "builtin-evidence-v2";

export const TECHNICAL_CATEGORIES = new Set([
  "technical-deep",
  "practical-experience",
  "system-design",
  "code-quality",
  "troubleshooting",
]);
export const CULTURE_QUESTION =
  /\b(?:team|culture|collaborat\w*|feedback|conflict|disagree\w*|mentor\w*|values?|working style|work style|motivat\w*|interests? you|why (?:do|does) )/i;
export const REASONING =
  /\b(?:because|for example|for instance|e\.g\.|so that|as a result|which meant|therefore|first|then|finally|measured|result(?:ed|s)?)\b|\d+\s*%|\d/i;
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|we|we've|my|our|me|us)\b/i;
// Verbs of doing work: a sentence with one of these (or a past tense) tells what someone did.
const DOING = new Set(
  (
    "build built ran run lead led move moved design write wrote ship shipped migrate cut reduce improve manage deploy develop create maintain test debug fix " +
    "automate scale mentor review launch deliver own introduce replace train analyse analyze model negotiate close sell sold grow grew hire set plan " +
    "rewrite rewrote refactor optimise optimize measure implement integrate configure operate support handle"
  )
    .split(" ")
    .map(stem),
);
// Verbs of working with people: what a working-style statement is made of.
const WORKING_WITH = new Set(
  (
    "listen ask explain share pair review agree disagree resolve mentor coach help support discuss talk meet invite feedback compromise apologise apologize " +
    "include involve align thank credit teach learn check propose suggest clarify document collaborate escalate onboard encourage"
  )
    .split(" ")
    .map(stem),
);

interface Unit {
  /** Where the text came from, for the reason. */
  from: "answer" | "resume";
  text: string;
  stems: string[];
}

export interface JobTerm {
  label: string;
  stems: string[];
  weight: number;
}

const round = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const wordCount = (text: string) => words(text).length;
/** A quotation that closes the sentence it ends: "…they agreed." rather than "…they agreed.". */
export const quote = (text: string, max = 110) => {
  const q = clip(text.replace(/"/g, "'"), max);
  return /[.!?…]$/.test(q) ? `"${q}"` : `"${q}."`;
};
const orList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;

function lengthQuality(n: number): number {
  if (n === 0) return 0;
  if (n < 8) return 0.2;
  if (n < 20) return 0.5;
  if (n < 40) return 0.8;
  return n <= 250 ? 1 : 0.85;
}

function structure(text: string): number {
  const t = text.trim();
  let s = 0;
  if (sentences(t).length >= 2) s += 0.4;
  if (/^[A-Z0-9"'(]/.test(t) && /[.!?)"']$/.test(t)) s += 0.2;
  if (REASONING.test(t)) s += 0.4;
  return Math.min(1, s);
}

/** Weighted (score, weight) parts, reweighted over the parts that exist. */
function blend(parts: [score: number | null, weight: number][]): number {
  const present = parts.filter(([s]) => s !== null) as [number, number][];
  const total = present.reduce((a, [, w]) => a + w, 0);
  return total ? present.reduce((a, [s, w]) => a + s * w, 0) / total : 0;
}

export function jobTerms(job: ScoreInput["job"]): JobTerm[] {
  const skills = focusSkills(
    { skills: job.skills, requirements: job.requirements, description: `${job.description}\n${job.title}` },
    12,
  );
  const list: JobTerm[] = [];
  const seen = new Set<string>();
  for (const label of skills) {
    const stems = terms(label).length ? terms(label) : words(label);
    const key = stems.join(" ");
    if (!stems.length || seen.has(key)) continue;
    seen.add(key);
    list.push({ label, stems, weight: 2 });
  }
  const inSkills = new Set(list.flatMap((t) => t.stems));
  for (const w of words(job.requirements)) {
    const s = terms(w)[0];
    if (!s || s.length < 3 || inSkills.has(s) || seen.has(s)) continue;
    seen.add(s);
    list.push({ label: w, stems: [s], weight: 1 });
    if (list.length >= 30) break;
  }
  return list;
}

/** The share of a text's words that are the job's terms: near 1 for a bare list of skills. */
export function termDensity(text: string, wanted: JobTerm[]): number {
  const all = words(text);
  if (!all.length) return 0;
  const termStems = new Set(wanted.flatMap((t) => t.stems));
  return all.filter((w) => termStems.has(stem(w))).length / all.length;
}

/** Whether a sentence tells of doing something, rather than naming things. */
export function isEvidence(text: string, wanted: JobTerm[]): boolean {
  const all = words(text);
  if (all.length < 6 || termDensity(text, wanted) > 0.5) return false;
  return FIRST_PERSON.test(text) || all.some((w) => DOING.has(stem(w)) || (/^[a-z]{4,}ed$/.test(w) && w !== "need"));
}

/** Sentences in the first person about working with people. */
export function workingStyleStatements(text: string): string[] {
  return sentences(text).filter(
    (s) => FIRST_PERSON.test(s) && words(s).length >= 5 && words(s).some((w) => WORKING_WITH.has(stem(w))),
  );
}

const answered = (a: ScoreAnswer) => (a.answer ?? "").trim() !== "" || (a.type === "rating" && a.rating !== null);
const ratingValue = (a: ScoreAnswer): number | null => {
  const r = a.rating ?? (a.type === "rating" ? Number.parseInt(a.answer ?? "", 10) : Number.NaN);
  return r !== null && Number.isFinite(r) && r >= 1 && r <= 5 ? (r - 1) / 4 : null;
};

function technicalScore(answers: ScoreAnswer[], written: ScoreAnswer[], resume: string, job: ScoreInput["job"]) {
  const units: Unit[] = [
    ...answers
      .filter((a) => a.type !== "rating" && a.answer?.trim())
      .flatMap((a) => sentences(a.answer!).map((s) => ({ from: "answer" as const, text: s, stems: terms(s) }))),
    ...resume
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 2)
      .map((l) => ({ from: "resume" as const, text: l, stems: terms(l) })),
  ];
  const wanted = jobTerms(job);
  const evidence = units.filter((u) => isEvidence(u.text, wanted));
  const shown = wanted.filter((t) => evidence.some((u) => names(u.stems, t)));
  const named = wanted.filter((t) => !shown.includes(t) && units.some((u) => names(u.stems, t)));
  const totalWeight = wanted.reduce((a, t) => a + t.weight, 0);
  const coverage = totalWeight
    ? (shown.reduce((a, t) => a + t.weight, 0) + 0.25 * named.reduce((a, t) => a + t.weight, 0)) / totalWeight
    : 0;
  const technicalWritten = written.filter((a) => TECHNICAL_CATEGORIES.has(a.category));
  // Specific: long enough, with a reason, an example or a figure, about the job (one of its terms).
  const specific = (a: ScoreAnswer) => {
    const stems = terms(a.answer!);
    return (
      wordCount(a.answer!) >= 25 &&
      REASONING.test(a.answer!) &&
      termDensity(a.answer!, wanted) <= 0.5 &&
      wanted.some((t) => names(stems, t))
    );
  };
  const technicalRatings = answers
    .filter((a) => a.type === "rating" && TECHNICAL_CATEGORIES.has(a.category))
    .map(ratingValue)
    .filter((r): r is number => r !== null);
  const score = round(
    100 *
      blend([
        [Math.min(1, coverage / 0.6), 0.6],
        [technicalWritten.length ? technicalWritten.filter(specific).length / technicalWritten.length : null, 0.2],
        [technicalRatings.length ? avg(technicalRatings) : null, 0.2],
      ]),
  );

  // The reason: the best piece of evidence, quoted, then what is only listed or missing.
  const skills = wanted.filter((t) => t.weight === 2);
  const labels = (list: JobTerm[]) => joinList(list.slice(0, 3).map((t) => t.label));
  const best = evidence
    .map((u) => ({ u, hits: wanted.filter((t) => names(u.stems, t)).reduce((a, t) => a + t.weight, 0) }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits || (a.u.from === "answer" ? -1 : 1))[0]?.u;
  const shownSkills = skills.filter((t) => shown.includes(t));
  const namedSkills = skills.filter((t) => named.includes(t));
  // A skill the answers don't name may still be answered: its own question was (a rating, a choice,
  // or words that don't repeat its name). That is said as answered, never as "no mention".
  const unnamed = skills.filter((t) => !shown.includes(t) && !named.includes(t));
  const askedAbout = answers
    .filter(answered)
    .map((a) => ({ a, skills: unnamed.filter((t) => names(terms(a.question), t)) }))
    .filter((x) => x.skills.length);
  const answeredSkills = new Set([...shown, ...named, ...askedAbout.flatMap((x) => x.skills)]);
  // "Gazebo simulation" is spoken to when "Gazebo" is.
  const missingSkills = unnamed.filter(
    (t) => !answeredSkills.has(t) && ![...answeredSkills].some((s) => s !== t && containsPhrase(t.stems, s.stems)),
  );
  const parts: string[] = [];
  if (best) {
    const what = shownSkills.length ? `hands-on work with ${labels(shownSkills)}` : "relevant hands-on work";
    parts.push(`Shows ${what} in ${best.from === "answer" ? "an answer" : "the resume"}: ${quote(best.text)}`);
  }
  if (namedSkills.length)
    parts.push(`${best ? "Only names" : "Names"} ${labels(namedSkills)} without saying how they were used.`);
  const explained = new Set<JobTerm>();
  for (const { a, skills: about } of askedAbout.slice(0, 2)) {
    const fresh = about.filter((t) => !explained.has(t));
    if (!fresh.length) continue;
    fresh.forEach((t) => explained.add(t));
    parts.push(answeredAbout(a, labels(fresh)));
  }
  if (!best && !namedSkills.length && !askedAbout.length)
    parts.push(
      skills.length
        ? `Nothing in the answers or resume speaks to ${orList(skills.slice(0, 3).map((t) => t.label))}.`
        : "Nothing in the answers or resume speaks to the job's requirements.",
    );
  else if (missingSkills.length) parts.push(`No mention of ${orList(missingSkills.slice(0, 3).map((t) => t.label))}.`);
  return { score, reason: parts.join(" "), evidence: best?.text ?? null };
}

/** What the candidate gave to a question about a skill, in their own words or figures. */
function answeredAbout(a: ScoreAnswer, skills: string): string {
  const rating = ratingValue(a);
  if (a.type === "rating" && rating !== null)
    return `Rated themselves ${rating * 4 + 1} of 5 on the question about ${skills}, without describing the work.`;
  if (a.type === "multiple_choice")
    return `Answered the question about ${skills} with ${quote(a.answer ?? "", 60).replace(/\.?"$/, '"')}.`;
  return `Answered the question about ${skills}: ${quote(a.answer ?? "")}`;
}

/**
 * Whether text (its stems) names a job term. "ROS2" names "ROS 2" and "ROS 2" names "ROS2": a
 * version number written on or off the name is the same skill.
 */
function names(stems: string[], term: JobTerm): boolean {
  const loose = (list: string[]) => list.map((w) => w.replace(/^([a-z][a-z+#.]+)\d+$/, "$1"));
  return containsPhrase(stems, term.stems) || containsPhrase(loose(stems), loose(term.stems));
}

function communicationScore(answers: ScoreAnswer[], written: ScoreAnswer[], wanted: JobTerm[]) {
  const total = answers.length;
  const answeredCount = answers.filter(answered).length;
  const completeness = total ? answeredCount / total : 0;
  const answeredText = `Answered ${answeredCount} of ${total} question${total === 1 ? "" : "s"}`;
  if (!written.length) {
    return {
      score: round(50 * completeness),
      reason: `${answeredText}, none in writing, so there is little to judge.`,
    };
  }
  const lengths = written.map((a) => wordCount(a.answer!));
  const lengthParts = written.map(
    (a, i) => lengthQuality(lengths[i]!) * (termDensity(a.answer!, wanted) > 0.5 ? 0.4 : 1),
  );
  const structures = written.map((a) => structure(a.answer!));
  const score = round(100 * (0.3 * completeness + 0.4 * avg(lengthParts) + 0.3 * avg(structures)));
  const averageWords = Math.round(avg(lengths));
  const size =
    averageWords < 8 ? "very short" : averageWords < 20 ? "short" : averageWords <= 250 ? "of a good length" : "long";
  const shape =
    avg(structures) >= 0.6
      ? "give reasons and examples"
      : avg(structures) >= 0.3
        ? "are clear but give few reasons or examples"
        : "are fragments rather than explanations";
  const clearest = written.map((a, i) => ({ a, q: structures[i]! + lengthParts[i]! })).sort((x, y) => y.q - x.q)[0]!.a;
  const example = structures.some((s) => s >= 0.6) ? ` Clearest: ${quote(clearest.answer!, 90)}` : "";
  return {
    score,
    reason: `${answeredText}; the written answers are ${size} (about ${averageWords} words) and ${shape}.${example}`,
  };
}

function cultureScore(answers: ScoreAnswer[], written: ScoreAnswer[]) {
  const isCulture = (a: ScoreAnswer) => a.category === "custom" || CULTURE_QUESTION.test(a.question);
  // The culture questions asked, answered or not: one left blank counts as nothing said.
  const cultureAnswers = answers.filter(isCulture);
  const sources = cultureAnswers.length ? cultureAnswers : written;
  if (!sources.length)
    return { score: 50, reason: "Nothing written about how they work with others, so this is a neutral 50." };
  if (!sources.some(answered))
    return { score: 0, reason: "Left the questions about how they work with others unanswered." };
  const parts = sources.map((a) => {
    if (!answered(a)) return { score: 0, statements: [] as string[] };
    if (a.type === "rating") return { score: ratingValue(a) ?? 0, statements: [] as string[] };
    if (a.type === "multiple_choice") return { score: 0.5, statements: [] as string[] };
    const statements = workingStyleStatements(a.answer!);
    const example = statements.length && REASONING.test(a.answer!) ? 1 : 0;
    const said = statements.length >= 2 ? 1 : statements.length === 1 ? 0.6 : 0;
    return { score: 0.5 * said + 0.2 * example + 0.3 * lengthQuality(wordCount(a.answer!)), statements };
  });
  const ceiling = cultureAnswers.length ? 1 : 0.8;
  const score = round(100 * ceiling * avg(parts.map((p) => p.score)));
  const statements = parts.flatMap((p) => p.statements);
  const from = cultureAnswers.length ? "" : "No question asked about teamwork; from their other answers, ";
  const reason = statements.length
    ? `${from}${from ? "d" : "D"}escribes how they work with others: ${quote([...statements].sort((a, b) => b.length - a.length)[0]!)}`
    : `${from}${from ? "s" : "S"}ays little about how they work with others${cultureAnswers.some((a) => a.type === "text") ? ": the answers name qualities rather than describe what they do" : ""}.`;
  return { score, reason };
}

const AREAS = {
  technical: "technical fit",
  communication: "communication",
  cultureFit: "how they work with others",
} as const;

function overallReason(overall: number, scores: Record<keyof typeof AREAS, number>): string {
  const band = overall >= 75 ? "A strong" : overall >= 55 ? "A good" : overall >= 35 ? "A partial" : "A weak";
  const ranked = (Object.keys(AREAS) as (keyof typeof AREAS)[]).sort((a, b) => scores[b] - scores[a]);
  const top = ranked[0]!;
  const bottom = ranked[ranked.length - 1]!;
  const contrast =
    scores[top] - scores[bottom] >= 15 ? ` Strongest on ${AREAS[top]}, weakest on ${AREAS[bottom]}.` : "";
  return `${band} match at ${overall}%: half of it is technical fit (${scores.technical}), a quarter communication (${scores.communication}) and a quarter how they work with others (${scores.cultureFit}).${contrast}`;
}

export function builtinScore(input: ScoreInput): Omit<ApplicationScore, "source"> {
  const answers = input.answers.map((a) => ({ ...a, answer: a.answer === null ? null : redactText(a.answer) }));
  const written = answers.filter((a) => a.type === "text" && (a.answer ?? "").trim() !== "");
  const resume = input.resumeText ? redactResume(input.resumeText) : "";
  const wanted = jobTerms(input.job);

  const technical = technicalScore(answers, written, resume, input.job);
  const communication = communicationScore(answers, written, wanted);
  const culture = cultureScore(answers, written);
  const scores = { technical: technical.score, communication: communication.score, cultureFit: culture.score };
  const overall = round(0.5 * scores.technical + 0.25 * scores.communication + 0.25 * scores.cultureFit);

  return {
    ...scores,
    overall,
    reasons: {
      technical: technical.reason,
      communication: communication.reason,
      cultureFit: culture.reason,
      overall: overallReason(overall, scores),
    },
    method: BUILTIN_METHOD,
  };
}
