// The built-in application score ("builtin-overlap-v1"): deterministic, offline, explainable.
// Everything it reads is redacted first (redact.ts), so names, contact details and protected
// attributes cannot move a score.
//
// Technical (0-100): how much of the job the candidate's own words cover.
//   Job terms are the job's skills and the skills and topics its requirements, description and
//   title name (weight 2; multi-word skills match as phrases, "machine learning"), plus the other
//   meaningful words of the requirements (weight 1). Words are lower-cased, stop words dropped and
//   lightly stemmed ("deploying" = "deployment"). Coverage = matched weight / total weight over
//   the answers and the resume; 60% coverage counts as full marks. Then
//   technical = 60% coverage + 20% depth (share of written answers to technical questions of 25+
//   words) + 20% self-rating (technical rating questions, 1-5 mapped to 0-1); the parts a job's
//   questions do not have are left out and the rest reweighted.
// Communication: 30% completeness (questions answered) + 40% length (per written answer: under
//   8 words 0.2, under 20 0.5, under 40 0.8, up to 250 1, longer 0.85) + 30% structure (per
//   written answer: more than one sentence, sentence case and punctuation, reasons or examples
//   such as "because", "for example", figures). No written answers: half of completeness.
// Culture fit: answers to custom questions and to questions about team, culture, feedback,
//   conflict, mentoring, values or motivation: per written answer 60% teamwork language (distinct
//   words such as team, feedback, mentor, help, share, listen; 4 or more is full marks) + 40%
//   length; ratings 1-5 mapped to 0-1; a choice answered counts 0.6. Without such questions, the
//   teamwork language of all written answers at a lower ceiling (0.8); without any writing, 50.
// Overall match = 50% technical + 25% communication + 25% culture fit.
import { redactResume, redactText } from "./redact.ts";
import { clip, containsPhrase, focusSkills, sentences, stem, terms, words } from "./text.ts";
import type { ApplicationScore, ScoreAnswer, ScoreInput } from "./types.ts";

export const BUILTIN_METHOD = "builtin-overlap-v1";

const TECHNICAL_CATEGORIES = new Set(["technical-deep", "practical-experience", "system-design", "code-quality", "troubleshooting"]);
const CULTURE_QUESTION = /\b(?:team|culture|collaborat\w*|feedback|conflict|disagree\w*|mentor\w*|values?|working style|work style|motivat\w*|interests? you|why (?:do|does) )/i;
const TEAM_WORDS = new Set(
  "team teammate colleague collaborate together feedback listen help support mentor share respect learn ownership trust communicate pair customer empathy agree compromise resolve kind open honest transparent coach grow"
    .split(" ")
    .map(stem),
);
const REASONING = /\b(?:because|for example|for instance|e\.g\.|so that|as a result|which meant|therefore|first|then|finally|measured|result(?:ed|s)?)\b|\d+\s*%|\d/i;

interface Unit {
  /** Where the text came from, for the reason. */
  from: "answer" | "resume";
  text: string;
  stems: string[];
}

interface JobTerm {
  label: string;
  stems: string[];
  weight: number;
}

const round = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const wordCount = (text: string) => words(text).length;
const quote = (text: string, max = 90) => `"${clip(text.replace(/"/g, "'"), max)}"`;

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

function jobTerms(job: ScoreInput["job"]): JobTerm[] {
  const skills = focusSkills({ skills: job.skills, requirements: job.requirements, description: `${job.description}\n${job.title}` }, 12);
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

const answered = (a: ScoreAnswer) => (a.answer ?? "").trim() !== "" || (a.type === "rating" && a.rating !== null);
const ratingValue = (a: ScoreAnswer): number | null => {
  const r = a.rating ?? (a.type === "rating" ? Number.parseInt(a.answer ?? "", 10) : Number.NaN);
  return r !== null && Number.isFinite(r) && r >= 1 && r <= 5 ? (r - 1) / 4 : null;
};

export function builtinScore(input: ScoreInput): Omit<ApplicationScore, "source"> {
  const answers = input.answers.map((a) => ({ ...a, answer: a.answer === null ? null : redactText(a.answer) }));
  const written = answers.filter((a) => a.type === "text" && (a.answer ?? "").trim() !== "");
  const resume = input.resumeText ? redactResume(input.resumeText) : "";

  // Technical.
  const units: Unit[] = [
    ...answers.filter((a) => a.type !== "rating" && a.answer?.trim()).map((a) => ({ from: "answer" as const, text: a.answer!, stems: terms(a.answer!) })),
    ...resume
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 2)
      .map((l) => ({ from: "resume" as const, text: l, stems: terms(l) })),
  ];
  const wanted = jobTerms(input.job);
  const matched = wanted.filter((t) => units.some((u) => containsPhrase(u.stems, t.stems)));
  const totalWeight = wanted.reduce((a, t) => a + t.weight, 0);
  const coverage = totalWeight ? matched.reduce((a, t) => a + t.weight, 0) / totalWeight : 0;
  const technicalWritten = written.filter((a) => TECHNICAL_CATEGORIES.has(a.category));
  const technicalRatings = answers.filter((a) => a.type === "rating" && TECHNICAL_CATEGORIES.has(a.category)).map(ratingValue).filter((r): r is number => r !== null);
  const technical = round(
    100 *
      blend([
        [Math.min(1, coverage / 0.6), 0.6],
        [technicalWritten.length ? technicalWritten.filter((a) => wordCount(a.answer!) >= 25).length / technicalWritten.length : null, 0.2],
        [technicalRatings.length ? avg(technicalRatings) : null, 0.2],
      ]),
  );
  const best = units
    .map((u) => ({ u, hits: wanted.filter((t) => containsPhrase(u.stems, t.stems)).reduce((a, t) => a + t.weight, 0) }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits || (a.u.from === "answer" ? -1 : 1))[0]?.u;
  const skillTerms = wanted.filter((t) => t.weight === 2);
  const skillsFound = skillTerms.filter((t) => matched.includes(t)).map((t) => t.label);
  const skillsMissing = skillTerms.filter((t) => !matched.includes(t)).map((t) => t.label);
  const bestLine = best ? (best.from === "answer" ? (sentences(best.text).find((s) => wanted.some((t) => containsPhrase(terms(s), t.stems))) ?? best.text) : best.text) : "";
  const technicalReason = best
    ? `Covers ${matched.length} of ${wanted.length} job terms${skillsFound.length ? ` (${skillsFound.slice(0, 4).join(", ")}${skillsMissing.length ? `; not seen: ${skillsMissing.slice(0, 3).join(", ")}` : ""})` : ""}; ${best.from} says ${quote(bestLine)}`
    : `No answer or resume line mentions the job's terms${skillTerms.length ? ` (${skillTerms.slice(0, 4).map((t) => t.label).join(", ")})` : ""}`;

  // Communication.
  const total = answers.length;
  const completeness = total ? answers.filter(answered).length / total : 0;
  let communication: number;
  let communicationReason: string;
  if (written.length) {
    const lengths = written.map((a) => wordCount(a.answer!));
    communication = round(100 * (0.3 * completeness + 0.4 * avg(lengths.map(lengthQuality)) + 0.3 * avg(written.map((a) => structure(a.answer!)))));
    const clearest = [...written].sort((a, b) => structure(b.answer!) + lengthQuality(wordCount(b.answer!)) - (structure(a.answer!) + lengthQuality(wordCount(a.answer!))))[0]!;
    communicationReason = `${answers.filter(answered).length} of ${total} questions answered, written answers average ${Math.round(avg(lengths))} words; clearest: ${quote(clearest.answer!)}`;
  } else {
    communication = round(50 * completeness);
    communicationReason = `${answers.filter(answered).length} of ${total} questions answered, none in writing, so there is little to judge`;
  }

  // Culture fit.
  const isCulture = (a: ScoreAnswer) => a.category === "custom" || CULTURE_QUESTION.test(a.question);
  // Distinct teamwork words, kept as the candidate wrote them for the reason.
  const teamSignal = (text: string) => {
    const found = new Map<string, string>();
    for (const w of words(text)) {
      const s = stem(w);
      if (TEAM_WORDS.has(s) && !found.has(s)) found.set(s, w);
    }
    return { found: new Set(found.values()), score: Math.min(1, found.size / 4) };
  };
  const cultureAnswers = answers.filter((a) => isCulture(a) && answered(a));
  let cultureFit: number;
  let cultureReason: string;
  const sources = cultureAnswers.length ? cultureAnswers : written;
  const parts = sources.map((a) => {
    if (a.type === "rating") return { a, score: ratingValue(a) ?? 0, found: new Set<string>() };
    if (a.type === "multiple_choice") return { a, score: 0.6, found: new Set<string>() };
    const signal = teamSignal(a.answer!);
    return { a, score: 0.6 * signal.score + 0.4 * lengthQuality(wordCount(a.answer!)), found: signal.found };
  });
  if (!parts.length) {
    cultureFit = 50;
    cultureReason = "No answer speaks to teamwork or culture, so this is a neutral 50";
  } else {
    const ceiling = cultureAnswers.length ? 1 : 0.8;
    cultureFit = round(100 * ceiling * avg(parts.map((p) => p.score)));
    const strongest = [...parts].filter((p) => p.a.type === "text").sort((x, y) => y.found.size - x.found.size || y.score - x.score)[0];
    const themes = [...new Set(parts.flatMap((p) => [...p.found]))].slice(0, 4);
    const basis = cultureAnswers.length ? `${cultureAnswers.length} answer${cultureAnswers.length === 1 ? "" : "s"} on teamwork and motivation` : "No culture question was asked; read from all written answers";
    cultureReason = `${basis}${themes.length ? ` (mentions ${themes.join(", ")})` : ""}${strongest ? `: ${quote(strongest.a.answer!)}` : ""}`;
  }

  const overall = round(0.5 * technical + 0.25 * communication + 0.25 * cultureFit);
  const evidence = bestLine || written[0]?.answer;
  const overallReason = `${overall}% match from 50% technical (${technical}), 25% communication (${communication}), 25% culture fit (${cultureFit})${evidence ? `; strongest evidence ${quote(evidence, 70)}` : ""}`;

  return {
    technical,
    communication,
    cultureFit,
    overall,
    reasons: { technical: technicalReason, communication: communicationReason, cultureFit: cultureReason, overall: overallReason },
    method: BUILTIN_METHOD,
  };
}
