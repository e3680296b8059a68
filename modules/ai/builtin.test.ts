// The built-in provider: descriptions and questions written from the job's own inputs,
// deterministic, in the spec's sections and categories, and the 12 generic fallback questions.
import { describe, expect, it } from "vitest";
import { checkQuestions, QUESTION_CATEGORIES, QUESTION_TYPES } from "../hiring/index.ts";
import { generateDescription, generateQuestions } from "./generate.ts";
import { asDraftQuestion, builtinQuestions, fallbackQuestions } from "./questions.ts";
import type { GeneratedQuestion } from "./types.ts";

const BACKEND = {
  title: "Senior Backend Engineer",
  company: "Acme Logistics",
  requirements: "- 5+ years of experience with Node.js and TypeScript\n- Strong knowledge of PostgreSQL\n- Experience with AWS, Docker and Kubernetes\n- Nice to have: Kafka",
  details: "Remote-first team across Europe\nHealth insurance and a learning budget\nWe ship small changes daily",
};
const SALES = { title: "Account Executive", company: "Brightline", requirements: "3+ years of B2B sales experience\nExperience with Salesforce\nStrong negotiation skills" };
const SECTIONS = ["Summary", "Responsibilities", "Required qualifications", "Preferred qualifications", "Benefits and culture"];

function section(text: string, heading: string): string {
  const lines = text.split("\n");
  const start = lines.indexOf(heading);
  expect(start, `section ${heading}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && SECTIONS.includes(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

describe("built-in description", () => {
  it("has every section, in order, written from the inputs", async () => {
    const { text, source } = await generateDescription(BACKEND, { model: null });
    expect(source).toBe("builtin");
    const positions = SECTIONS.map((h) => text.split("\n").indexOf(h));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    expect(section(text, "Summary")).toMatch(/^Acme Logistics .*Senior Backend Engineer|Senior Backend Engineer at Acme Logistics/);
    expect(section(text, "Summary")).toContain("We ship small changes daily.");
    expect(section(text, "Responsibilities")).toMatch(/TypeScript|Node\.js/);
    const required = section(text, "Required qualifications");
    expect(required).toContain("- 5+ years of experience with Node.js and TypeScript");
    expect(required).toContain("- Strong knowledge of PostgreSQL");
    expect(required).not.toContain("Kafka");
    expect(section(text, "Preferred qualifications")).toContain("- Experience with Kafka");
    const benefits = section(text, "Benefits and culture");
    expect(benefits).toContain("- Health insurance and a learning budget");
    expect(benefits).toContain("- Remote-first team across Europe");
    expect(benefits).toContain("Acme Logistics");
    // Useful text, not a placeholder.
    expect(text).not.toMatch(/lorem|ipsum|\[[a-z ]+\]|\{|\}|TODO|TBD|undefined|null/i);
  });

  it("is deterministic, and different jobs read differently", async () => {
    const a = await generateDescription(BACKEND, { model: null });
    expect((await generateDescription(BACKEND, { model: null })).text).toBe(a.text);
    const sales = (await generateDescription(SALES, { model: null })).text;
    expect(sales).toContain("Brightline");
    expect(sales).toMatch(/pipeline|customers/); // a sales role's duties, not an engineer's
    expect(sales).not.toMatch(/ship features|Review code/);
    expect(section(sales, "Summary")).toMatch(/Salesforce|B2B sales/);
  });

  it("still writes every section from a title, company and one requirement", async () => {
    const { text } = await generateDescription({ title: "Office Manager", company: "Fern & Co", requirements: "Organised" }, { model: null });
    for (const h of SECTIONS) expect(section(text, h).trim().length).toBeGreaterThan(10);
  });
});

describe("built-in questions", () => {
  const input = { title: "Senior Backend Engineer", description: "We run a logistics platform.", requirements: BACKEND.requirements, skills: ["Node.js", "PostgreSQL", "Kubernetes"] };

  it("gives exactly n questions with valid types and categories, ids 1..n, mixed types, all six categories", () => {
    for (const count of [1, 6, 10, 12, 25]) {
      const questions = builtinQuestions({ ...input, count });
      expect(questions).toHaveLength(count);
      expect(questions.map((q) => q.id)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      for (const q of questions) {
        expect(QUESTION_TYPES).toContain(q.type);
        expect(QUESTION_CATEGORIES).toContain(q.category);
        if (q.type === "multiple_choice") {
          expect(q.options!.length).toBeGreaterThanOrEqual(3);
          expect(q.options!.length).toBeLessThanOrEqual(5);
          expect(q.options!.every((o) => !o.includes(","))).toBe(true);
        } else expect(q.options).toBeUndefined();
      }
      expect(new Set(questions.map((q) => q.question)).size).toBe(count);
    }
    const ten = builtinQuestions({ ...input, count: 10 });
    expect(new Set(ten.map((q) => q.category))).toEqual(new Set(QUESTION_CATEGORIES));
    expect(new Set(ten.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
    expect(ten.filter((q) => q.type === "text").length).toBeGreaterThanOrEqual(5);
  });

  it("asks about the job's actual skills", () => {
    const questions = builtinQuestions({ ...input, count: 10 });
    const text = questions.map((q) => q.question).join("\n");
    for (const skill of ["Node.js", "PostgreSQL", "Kubernetes"]) expect(text).toContain(skill);
    expect(questions.filter((q) => /Node\.js|PostgreSQL|Kubernetes|TypeScript|AWS|Docker|Kafka/.test(q.question)).length).toBeGreaterThanOrEqual(8);

    // Skills found in the requirements when none are listed.
    const sales = builtinQuestions({ title: SALES.title, description: "Sell to mid-market companies.", requirements: SALES.requirements, count: 10 });
    const salesText = sales.map((q) => q.question).join("\n");
    expect(salesText).toContain("Salesforce");
    expect(salesText).toContain("B2B sales");
    expect(salesText).toContain("negotiation");
    expect(salesText).not.toMatch(/Strong negotiation skills|sales experience work/);
  });

  it("is deterministic and differs between jobs", () => {
    expect(builtinQuestions({ ...input, count: 10 })).toEqual(builtinQuestions({ ...input, count: 10 }));
    const other = builtinQuestions({ title: "Data Analyst", description: "Dashboards", skills: ["SQL", "Tableau"], count: 10 });
    expect(other.map((q) => q.question)).not.toEqual(builtinQuestions({ ...input, count: 10 }).map((q) => q.question));
  });

  it("maps onto the post wizard's question and passes its checks", () => {
    const drafts = builtinQuestions({ ...input, count: 12 }).map(asDraftQuestion);
    const checked = checkQuestions(drafts);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.value).toHaveLength(12);
    const mc = drafts.find((d) => d.question_type === "multiple_choice")!;
    expect(mc.options.split(",").length).toBeGreaterThanOrEqual(3);
  });

  it("falls back to the generic set for a job that names no skill", async () => {
    const result = await generateQuestions({ title: "Helper", description: "Help out.", count: 10 }, { model: null });
    expect(result).toEqual({ questions: fallbackQuestions(10), source: "builtin" });
  });
});

describe("fallback questions", () => {
  it("are the spec's 12 generic questions, mixed and valid, cut to the count asked", () => {
    const all = fallbackQuestions();
    expect(all).toHaveLength(12);
    expect(fallbackQuestions(30)).toHaveLength(12);
    expect(fallbackQuestions(5)).toEqual(all.slice(0, 5));
    expect(fallbackQuestions(0)).toEqual([]);
    expect(new Set(all.map((q: GeneratedQuestion) => q.type))).toEqual(new Set(QUESTION_TYPES));
    expect(new Set(all.map((q) => q.category))).toEqual(new Set(QUESTION_CATEGORIES));
    expect(checkQuestions(all.map(asDraftQuestion)).ok).toBe(true);
    // A copy each time: a caller editing one cannot change the next.
    all[2]!.options!.push("changed");
    expect(fallbackQuestions()[2]!.options).not.toContain("changed");
  });
});

describe("requirement topics", () => {
  it("asks about the skill behind a label or a spelled-out number, never the label", async () => {
    const { questions } = await generateQuestions(
      { title: "Backend Engineer", description: "Build our APIs.", requirements: "Five years of Go.\nNice to have: GraphQL\nBonus: Kafka", count: 12 },
      { model: null },
    );
    const text = questions.map((q) => `${q.question} ${(q.options ?? []).join(" ")}`).join("\n");
    expect(text).not.toMatch(/nice to have|bonus|five years/i);
    expect(text).toMatch(/GraphQL/);
  });
});
