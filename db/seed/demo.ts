// Demo jobs: realistic, varied postings with screening questions, for a fresh database and the
// CLI's `demo:jobs`. Content comes from a seeded PRNG, so a seed always gives the same jobs (ids
// and dates aside). The data tables are demo-profiles.ts and demo-data.ts; the bulk insert is
// db/demo-jobs.ts.
import type {
  Category,
  Currency,
  EmploymentType,
  ExperienceLevel,
  LocationType,
  QuestionCategory,
  QuestionType,
} from "../../modules/hiring/index.server.ts";
import { CATEGORY_WEIGHTS, PROFILES, type Profile, type Role } from "./demo-profiles.ts";
import {
  BENEFITS,
  CLOSINGS,
  DEMO_COMPANIES,
  EMPLOYMENT,
  EMPLOYMENT_LINE,
  EMPLOYMENT_PAY,
  GENERIC_ABOUT,
  LEVEL_PAY,
  LEVEL_YEARS,
  LEVELS,
  PLACES,
  type Place,
} from "./demo-data.ts";

// ---------------------------------------------------------------------------------------------
// Randomness

export type Rng = () => number;

/** mulberry32: a tiny, fast PRNG with a 32-bit state; plenty for demo data. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** `n` distinct items in random order. */
function sample<T>(rng: Rng, list: readonly T[], n: number): T[] {
  const copy = [...list];
  for (let i = 0; i < Math.min(n, copy.length); i++) {
    const j = i + Math.floor(rng() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Picks by weight: `[[value, weight], ...]`. */
function weighted<T>(rng: Rng, options: readonly (readonly [T, number])[]): T {
  let r = rng() * options.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of options) if ((r -= w) < 0) return value;
  return options[options.length - 1]![0];
}

/** "a, b and c" */
const listOf = (items: string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const article = (word: string) => (/^[AEIOU]/i.test(word) ? "an" : "a");

// ---------------------------------------------------------------------------------------------
// Generating postings

export interface DemoQuestion {
  questionText: string;
  questionType: QuestionType;
  category: QuestionCategory;
  options: string[] | null;
  required: boolean;
}

export interface DemoJob {
  title: string;
  companyName: string;
  location: string;
  locationType: LocationType;
  employmentType: EmploymentType;
  category: Category;
  experienceLevel: ExperienceLevel;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: Currency;
  requirements: string;
  description: string;
  skills: string[];
  benefits: string[];
  questions: DemoQuestion[];
  /** How long ago it was published, in minutes (up to ~45 days). */
  ageMinutes: number;
  /** How long before publishing it was written, in minutes. */
  draftMinutes: number;
}

function titleFor(rng: Rng, profile: Profile, role: Role, level: ExperienceLevel): string {
  switch (level) {
    case "entry":
      if (role.entry) return role.entry;
      return /Engineer|Scientist|Analyst|Designer|Writer|Accountant|Researcher/.test(role.title)
        ? `Junior ${role.title}`
        : `Associate ${role.title}`;
    case "mid":
      return role.title;
    case "senior":
      return `Senior ${role.title}`;
    case "lead":
      return /Engineer/.test(role.title) ? `${pick(rng, ["Staff", "Lead"])} ${role.title}` : `Lead ${role.title}`;
    case "executive":
      return pick(rng, profile.executive);
  }
}

/** A yearly range around `mid`, rounded to a step that suits its size (min < max). */
function salaryRange(rng: Rng, mid: number): [number, number] {
  const step = mid >= 60_000 ? 5_000 : 1_000;
  const spread = 0.08 + rng() * 0.1;
  const min = Math.max(step, Math.round((mid * (1 - spread)) / step) * step);
  return [min, Math.max(min + step, Math.round((mid * (1 + spread)) / step) * step)];
}

function companyAbout(name: string): { about: string; product: string } {
  const known = DEMO_COMPANIES.find((c) => c.name === name);
  if (known) return known;
  const hash = [...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return GENERIC_ABOUT[hash % GENERIC_ABOUT.length]!;
}

function questionsFor(rng: Rng, profile: Profile, skills: string[], place: Place, companyName: string): DemoQuestion[] {
  const q = (
    questionText: string,
    questionType: QuestionType,
    category: QuestionCategory,
    options: string[] | null = null,
  ): DemoQuestion => ({
    questionText,
    questionType,
    category,
    options,
    required: rng() < 0.8,
  });
  const used = sample(rng, skills, Math.min(4, skills.length));
  // One of each type, so every job shows the three kinds; the rest are drawn from a mixed pool.
  const open = sample(rng, profile.questions, 2);
  const questions = [
    q(open[0]![0], "text", open[0]![1]),
    rng() < 0.5
      ? q(
          "Which of these have you used in production?",
          "multiple_choice",
          "practical-experience",
          [...used, "None of these yet"].slice(0, 5),
        )
      : q(profile.choice.text, "multiple_choice", profile.choice.category, profile.choice.options),
    q(`How would you rate your experience with ${used[0]}?`, "rating", "technical-deep"),
  ];
  const pool = [
    q(open[1]![0], "text", open[1]![1]),
    q(`Why would you like to work at ${companyName}?`, "text", "custom"),
    q("Tell us about a project you are proud of and the part you played in it.", "text", "practical-experience"),
    q("When could you start?", "multiple_choice", "custom", [
      "Immediately",
      "Within two weeks",
      "Within a month",
      "In two months or more",
    ]),
    q(`Are you authorized to work in ${place.country}?`, "multiple_choice", "custom", [
      "Yes",
      "I would need sponsorship",
      "I'm not sure",
    ]),
    q(
      "How many years of professional experience do you have in this field?",
      "multiple_choice",
      "practical-experience",
      ["Less than 2", "2 to 4", "5 to 9", "10 or more"],
    ),
    q(`How would you rate your experience with ${used[1]}?`, "rating", "technical-deep"),
    q("How comfortable are you explaining your work to people outside your field?", "rating", "custom"),
  ];
  return [...questions, ...sample(rng, pool, int(rng, 0, 3))];
}

function benefitsFor(rng: Rng, place: Place, employmentType: EmploymentType): string[] {
  const local =
    place.country in BENEFITS
      ? BENEFITS[place.country as keyof typeof BENEFITS]
      : place.currency === "EUR"
        ? BENEFITS.europe
        : [];
  // Contractors and freelancers don't get employee benefits: fewer, and only the general ones.
  const contract = employmentType === "CONTRACT" || employmentType === "FREELANCE";
  const count = contract ? 2 : int(rng, 3, 5);
  const fromLocal = contract ? [] : sample(rng, local, Math.min(local.length, int(rng, 1, 2)));
  return [...fromLocal, ...sample(rng, BENEFITS.everywhere, count - fromLocal.length)];
}

/** One posting. `companyName` is the employer's company, or one of the demo companies. */
export function makeDemoJob(rng: Rng, companyName?: string): DemoJob {
  const category = weighted(rng, CATEGORY_WEIGHTS);
  const profile = PROFILES[category];
  const role = pick(rng, profile.roles);
  const level = weighted(rng, LEVELS);
  const place = weighted(rng, PLACES);
  const remote = place.location.startsWith("Remote");
  const locationType: LocationType = remote
    ? "remote"
    : weighted(rng, [
        ["onsite", 40],
        ["hybrid", 45],
        ["remote", 15],
      ] as const);
  const employmentType = level === "executive" ? "FULLTIME" : weighted(rng, EMPLOYMENT);
  const company = companyName ?? pick(rng, DEMO_COMPANIES).name;
  const { about, product } = companyAbout(company);
  const title = titleFor(rng, profile, role, level);
  const skills = sample(rng, role.skills, int(rng, 3, Math.min(8, role.skills.length)));

  let salaryMin: number | null = null;
  let salaryMax: number | null = null;
  const shown = rng();
  if (shown < 0.82) {
    const mid = role.base * LEVEL_PAY[level] * place.pay * EMPLOYMENT_PAY[employmentType] * (0.92 + rng() * 0.16);
    [salaryMin, salaryMax] = salaryRange(rng, mid);
    if (shown > 0.78) salaryMax = null; // "From ..." postings
  }

  const city = place.location.split(",")[0];
  const where =
    locationType === "remote"
      ? remote
        ? " This role is fully remote."
        : ` This role is remote, with our team based in ${city}.`
      : locationType === "hybrid"
        ? ` You'll work from our ${city} office two or three days a week and from home the rest.`
        : ` You'll work from our ${city} office alongside the rest of the ${profile.team} team.`;
  const duties = sample(rng, profile.duties, 3).map((d) => d.replace("{product}", product));
  const description = [
    `${company} ${about}. We're looking for ${article(title)} ${title} to join our ${profile.team} team.${where}`,
    `As ${article(title)} ${title}, you will ${duties[0]}. You'll also ${duties[1]}. Just as important, you'll ${duties[2]}. ` +
      `Day to day you'll work with ${listOf(skills.slice(0, 3))}.`,
    `${pick(rng, EMPLOYMENT_LINE[employmentType])} ${pick(rng, CLOSINGS)}`,
  ].join("\n\n");

  const [first, second, ...rest] = skills;
  const requirements = [
    `${LEVEL_YEARS[level].replace("{noun}", profile.noun)}.`,
    `Hands-on experience with ${first} and ${second}.`,
    rest.length ? `Familiarity with ${listOf(rest.slice(0, 3))} is a plus.` : null,
    ...sample(rng, profile.requirements, 2),
    remote || locationType === "remote"
      ? `You're based in ${place.country} and work well asynchronously, in writing.`
      : `You live within commuting distance of ${city}, or are happy to relocate.`,
  ]
    .filter((line): line is string => line !== null)
    .map((line) => `- ${line}`)
    .join("\n");

  return {
    title,
    companyName: company,
    location: place.location,
    locationType,
    employmentType,
    category,
    experienceLevel: level,
    salaryMin,
    salaryMax,
    salaryCurrency: place.currency,
    requirements,
    description,
    skills,
    benefits: benefitsFor(rng, place, employmentType),
    questions: questionsFor(rng, profile, skills, place, company),
    // Skewed towards recent days, as on a live board.
    ageMinutes: Math.floor(rng() ** 1.4 * 45 * 24 * 60),
    draftMinutes: int(rng, 5, 180),
  };
}

/** `count` postings from `seed`; job i goes to companies[i % length] when companies are given. */
export function generateDemoJobs(count: number, seed = 1, companies: string[] = []): DemoJob[] {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, (_, i) =>
    makeDemoJob(rng, companies.length ? companies[i % companies.length] : undefined),
  );
}

/**
 * Demo jobs one after another from `seed`, each for the next of `companies` in turn (or a demo
 * company): the same sequence generateDemoJobs gives, drawn as needed (the bulk insert's batches).
 */
export function demoJobStream(seed: number, companies: string[]): (i: number) => DemoJob {
  const rng = mulberry32(seed);
  return (i) => makeDemoJob(rng, companies.length ? companies[i % companies.length] : undefined);
}

/** The demo company an employer without a company name is given: the k-th after `seed`. */
export const demoCompanyName = (seed: number, k: number): string =>
  DEMO_COMPANIES[(seed + k) % DEMO_COMPANIES.length]!.name;
