// The profile's forms and their limits, in one place: the page's forms, the module and the CV read
// these. Every form arrives as the strings the browser sent; each schema trims, checks and caps.
import { z } from "zod";

export type FieldErrors = Record<string, string[]>;
/** A form as posted: field name to the text typed. */
export type FormValues = Record<string, string>;

export const LIMITS = {
  headline: 120,
  location: 100,
  summary: 2000,
  skills: 50,
  skill: 50,
  experience: 30,
  bullets: 10,
  bullet: 300,
  education: 10,
  links: 10,
  languages: 15,
  text: 120,
  url: 300,
} as const;

export interface Experience {
  id: string;
  title: string;
  company: string;
  /** "YYYY-MM". */
  start: string;
  /** "YYYY-MM", or "" while `current`. */
  end: string;
  current: boolean;
  bullets: string[];
}
export interface Education {
  id: string;
  school: string;
  degree: string;
  /** A year ("2019") or "". */
  start: string;
  end: string;
}
export interface Link {
  id: string;
  label: string;
  url: string;
}
export const LANGUAGE_LEVELS = [
  ["native", "Native"],
  ["fluent", "Fluent"],
  ["professional", "Professional"],
  ["conversational", "Conversational"],
  ["basic", "Basic"],
] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number][0];
export interface Language {
  id: string;
  name: string;
  level: LanguageLevel;
}

const text = (max: number, label?: string) => {
  const base = z
    .string({ required_error: label ? `Enter ${label}` : "Required" })
    .trim()
    .max(max, `Use at most ${max} characters`);
  return label ? base.min(1, `Enter ${label}`) : base;
};
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const month = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (MONTH.test(v) && Number(v.slice(0, 4)) >= 1950 && Number(v.slice(0, 4)) <= 2100),
      `Enter ${label} as a month, like 2021-03`,
    );
const year = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (/^\d{4}$/.test(v) && Number(v) >= 1950 && Number(v) <= 2100),
      `Enter ${label} as a year, like 2019`,
    );

/** Lines of a text area, trimmed, blank ones dropped. */
const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const AboutSchema = z.object({
  headline: text(LIMITS.headline).default(""),
  location: text(LIMITS.location).default(""),
  summary: text(LIMITS.summary).default(""),
});

export const SkillsSchema = z.object({
  skills: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const seen = new Set<string>();
      const skills: string[] = [];
      for (const skill of value
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (skill.length > LIMITS.skill) {
          ctx.addIssue({
            code: "custom",
            message: `Each skill can be at most ${LIMITS.skill} characters ("${skill.slice(0, 20)}…" is longer)`,
          });
          return z.NEVER;
        }
        if (seen.has(skill.toLowerCase())) continue;
        seen.add(skill.toLowerCase());
        skills.push(skill);
      }
      if (skills.length > LIMITS.skills) {
        ctx.addIssue({ code: "custom", message: `List at most ${LIMITS.skills} skills (you listed ${skills.length})` });
        return z.NEVER;
      }
      return skills;
    }),
});

export const ExperienceSchema = z
  .object({
    title: text(LIMITS.text, "your job title"),
    company: text(LIMITS.text, "the company"),
    start: month("the start").default("").pipe(z.string().min(1, "Enter when you started, like 2021-03")),
    end: month("the end").default(""),
    current: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    bullets: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const bullets = lines(value);
        const long = bullets.findIndex((b) => b.length > LIMITS.bullet);
        if (long >= 0) {
          ctx.addIssue({
            code: "custom",
            message: `Each bullet point can be at most ${LIMITS.bullet} characters (point ${long + 1} has ${bullets[long]!.length.toLocaleString("en-US")})`,
          });
          return z.NEVER;
        }
        if (bullets.length > LIMITS.bullets) {
          ctx.addIssue({
            code: "custom",
            message: `Use at most ${LIMITS.bullets} bullet points (you wrote ${bullets.length})`,
          });
          return z.NEVER;
        }
        return bullets;
      }),
  })
  .superRefine((value, ctx) => {
    if (value.current) return;
    if (!value.end)
      ctx.addIssue({ code: "custom", path: ["end"], message: "Enter when you left, or tick “I work here now”" });
    else if (value.start && value.end < value.start)
      ctx.addIssue({ code: "custom", path: ["end"], message: "The end can't be before the start" });
  })
  .transform((value) => ({ ...value, end: value.current ? "" : value.end }));

export const EducationSchema = z
  .object({
    school: text(LIMITS.text, "the school"),
    degree: text(LIMITS.text).default(""),
    start: year("the start").default(""),
    end: year("the end").default(""),
  })
  .superRefine((value, ctx) => {
    if (value.start && value.end && value.end < value.start)
      ctx.addIssue({ code: "custom", path: ["end"], message: "The end can't be before the start" });
  });

export const LinkSchema = z.object({
  label: text(40).default(""),
  url: z
    .string({ required_error: "Enter the address" })
    .trim()
    .min(1, "Enter the address")
    .max(LIMITS.url, `Use at most ${LIMITS.url} characters`)
    .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, "Enter a web address, like https://github.com/you"),
});

export const LanguageSchema = z.object({
  name: text(50, "the language"),
  level: z.enum(LANGUAGE_LEVELS.map(([v]) => v) as [LanguageLevel, ...LanguageLevel[]], {
    errorMap: () => ({ message: "Choose a level" }),
  }),
});

/** The lists of a profile, each with its form's schema, its cap and what the cap says. */
export const SECTIONS = {
  experience: { schema: ExperienceSchema, max: LIMITS.experience, noun: "jobs" },
  education: { schema: EducationSchema, max: LIMITS.education, noun: "schools" },
  links: { schema: LinkSchema, max: LIMITS.links, noun: "links" },
  languages: { schema: LanguageSchema, max: LIMITS.languages, noun: "languages" },
} as const;
export type SectionName = keyof typeof SECTIONS;
export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];
export const isSection = (value: unknown): value is SectionName => typeof value === "string" && value in SECTIONS;
