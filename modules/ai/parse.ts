// Reading a model's reply: questions are the first bracketed JSON array of objects in
// the text, fenced or not, validated item by item, truncated to n and renumbered from 1; a score
// is the first JSON object. Nothing usable: 'Failed to extract JSON from {service} response'.
import { z } from "zod";
import { QUESTION_CATEGORIES, QUESTION_TYPES, type QuestionCategory } from "../hiring/index.server.ts";
import { AiError } from "./http.ts";
import type { GeneratedQuestion, ScoreReasons } from "./types.ts";

/** Where the bracket opened at `start` closes, skipping brackets inside JSON strings; -1 if never. */
function matchingClose(text: string, start: number): number {
  const open = text[start]!;
  const close = open === "[" ? "]" : "}";
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") depth += c === open ? 1 : 0;
    else if (c === "]" || c === "}") {
      if (c === close) depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The first JSON value opening with `open` that parses and passes `accept`. */
export function firstJson(text: string, open: "[" | "{", accept: (value: unknown) => boolean): unknown {
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, start + 1)) {
    const end = matchingClose(text, start);
    if (end < 0) continue;
    try {
      const value: unknown = JSON.parse(text.slice(start, end + 1));
      if (accept(value)) return value;
    } catch {
      // Not JSON from here (prose with a bracket in it): try the next one.
    }
  }
  return undefined;
}

const slug = (v: unknown) =>
  typeof v === "string"
    ? v
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, "-")
    : v;
const CATEGORY_ALIASES: Record<string, QuestionCategory> = {
  technical: "technical-deep",
  "technical-depth": "technical-deep",
  experience: "practical-experience",
  practical: "practical-experience",
  design: "system-design",
  architecture: "system-design",
  quality: "code-quality",
  debugging: "troubleshooting",
  "problem-solving": "troubleshooting",
};

const QuestionItem = z.preprocess(
  // Models sometimes name the text "question_text" or "text".
  (v) =>
    v && typeof v === "object" && !("question" in v)
      ? { ...v, question: (v as Record<string, unknown>).question_text ?? (v as Record<string, unknown>).text }
      : v,
  z
    .object({
      id: z.union([z.number(), z.string()]).optional(),
      question: z.string().trim().min(3).max(1000),
      type: z.preprocess(
        (v) =>
          typeof v === "string"
            ? v
                .trim()
                .toLowerCase()
                .replace(/[\s-]+/g, "_")
            : v,
        z.enum(QUESTION_TYPES),
      ),
      category: z.preprocess((v) => {
        const s = slug(v);
        if (typeof s !== "string") return "custom";
        return (QUESTION_CATEGORIES as readonly string[]).includes(s) ? s : (CATEGORY_ALIASES[s] ?? "custom");
      }, z.enum(QUESTION_CATEGORIES)),
      // The wizard splits options on commas, so a comma inside an option would split it in two.
      options: z
        .array(z.union([z.string(), z.number()]))
        .nullish()
        .transform((list) =>
          [
            ...new Set(
              (list ?? [])
                .map((o) =>
                  String(o)
                    .replace(/\s*,\s*/g, "; ")
                    .trim(),
                )
                .filter(Boolean),
            ),
          ].slice(0, 10),
        ),
    })
    .refine((q) => q.type !== "multiple_choice" || q.options.length >= 2, "multiple choice needs options"),
);

/** Questions from a model's text: first array of objects, valid items only, first `count`, ids from 1. */
export function parseQuestions(text: string, service: string, count: number): GeneratedQuestion[] {
  const array = firstJson(
    text,
    "[",
    (v) => Array.isArray(v) && v.length > 0 && v.some((item) => item !== null && typeof item === "object"),
  );
  if (!Array.isArray(array)) throw new AiError(`Failed to extract JSON from ${service} response`, "malformed");
  const valid = array.flatMap((item) => {
    const q = QuestionItem.safeParse(item);
    return q.success ? [q.data] : [];
  });
  if (!valid.length) throw new AiError(`${service} response had no usable questions`, "malformed");
  return valid.slice(0, Math.max(0, count)).map((q, i) => ({
    id: i + 1,
    question: q.question,
    type: q.type,
    category: q.category,
    ...(q.type === "multiple_choice" ? { options: q.options } : {}),
  }));
}

const figure = z.coerce.number().min(0).max(100).transform(Math.round);
const reason = z
  .string()
  .trim()
  .min(1)
  .transform((s) => s.replace(/\s+/g, " ").slice(0, 300));
const ScoreReply = z.preprocess(
  (v) =>
    v && typeof v === "object" && !("cultureFit" in v) && "culture_fit" in v
      ? { ...v, cultureFit: (v as Record<string, unknown>).culture_fit }
      : v,
  z.object({
    technical: figure,
    communication: figure,
    cultureFit: figure,
    overall: figure,
    reasons: z.preprocess(
      (v) =>
        v && typeof v === "object" && !("cultureFit" in v) && "culture_fit" in v
          ? { ...v, cultureFit: (v as Record<string, unknown>).culture_fit }
          : v,
      z.object({ technical: reason, communication: reason, cultureFit: reason, overall: reason }),
    ),
  }),
);

export interface ParsedScore {
  technical: number;
  communication: number;
  cultureFit: number;
  overall: number;
  reasons: ScoreReasons;
}

/** A score from a model's text: the first JSON object with the four figures and four reasons. */
export function parseScore(text: string, service: string): ParsedScore {
  const value = firstJson(text, "{", (v) => v !== null && typeof v === "object" && ScoreReply.safeParse(v).success);
  if (value === undefined) {
    if (firstJson(text, "{", () => true) === undefined)
      throw new AiError(`Failed to extract JSON from ${service} response`, "malformed");
    throw new AiError(`${service} score did not match the rubric's shape`, "malformed");
  }
  return ScoreReply.parse(value);
}
