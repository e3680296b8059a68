// The built-in provider: descriptions and questions written from the job's own inputs,
// deterministic, in the spec's sections and categories, and the 12 generic fallback questions.
import { describe, expect, it } from "vitest";
import { checkQuestions, QUESTION_CATEGORIES, QUESTION_TYPES } from "../hiring/index.server.ts";
import { generateDescription, generateQuestions } from "./generate.ts";
import { tidyDescription } from "./description.ts";
import { asDraftQuestion, builtinQuestions, fallbackQuestions } from "./questions.ts";
import type { GeneratedQuestion } from "./types.ts";

const BACKEND = {
  title: "Senior Backend Engineer",
  company: "Acme Logistics",
  requirements:
    "- 5+ years of experience with Node.js and TypeScript\n- Strong knowledge of PostgreSQL\n- Experience with AWS, Docker and Kubernetes\n- Nice to have: Kafka",
  details: "Remote-first team across Europe\nHealth insurance and a learning budget\nWe ship small changes daily",
};
const SALES = {
  title: "Account Executive",
  company: "Brightline",
  requirements: "3+ years of B2B sales experience\nExperience with Salesforce\nStrong negotiation skills",
};
const HEADINGS = ["## Responsibilities", "## Nice to have", "## How we work"];

/** The text under a "## " heading, or the summary paragraph before the first heading for "summary". */
function section(text: string, heading: string): string {
  const lines = text.split("\n");
  const start = heading === "summary" ? -1 : lines.indexOf(heading);
  expect(heading === "summary" || start >= 0, `section ${heading}`).toBe(true);
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join("\n")
    .trim();
}

describe("built-in description", () => {
  it("opens with a summary, then its sections in order, written from the inputs", async () => {
    const { text, source } = await generateDescription(BACKEND, { model: null });
    expect(source).toBe("builtin");
    const positions = HEADINGS.map((h) => text.split("\n").indexOf(h));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const summary = section(text, "summary");
    expect(summary).toMatch(/^Acme Logistics .*Senior Backend Engineer|Senior Backend Engineer at Acme Logistics/);
    expect(summary).toContain("We ship small changes daily.");
    expect(summary).toContain("Remote-first team across Europe.");
    expect(summary).toContain("What matters most: TypeScript, Node.js, PostgreSQL and AWS.");
    expect(section(text, "## Responsibilities")).toMatch(/ship features|Review code/);
    expect(section(text, "## Nice to have")).toContain("- Kafka");
    expect(section(text, "## How we work")).toContain("Acme Logistics");
    // The requirements and benefits show in their own sections of the job page: not repeated here.
    expect(text).not.toContain("Strong knowledge of PostgreSQL");
    expect(text).not.toMatch(/insurance|learning budget/i);
    // Useful text, not a placeholder.
    expect(text).not.toMatch(/lorem|ipsum|\[[a-z ]+\]|\{|\}|TODO|TBD|undefined|null/i);
  });

  it("keeps benefits out of the summary, whatever their wording", async () => {
    const { text } = await generateDescription(
      {
        title: "Frontend Developer",
        company: "Northwind",
        requirements: "React, Next.js and CSS",
        details:
          "Onsite in Berlin\nSkills: React, Next.js, CSS\n401(k) with 4% match\n€1,000 home-office stipend\n30 days off",
      },
      { model: null },
    );
    const summary = section(text, "summary");
    expect(summary).toMatch(/Next\.js and CSS\.( Onsite in Berlin\.)?$/);
    expect(text).not.toMatch(/401|stipend|30 days|Skills:/);
  });

  it("writes the requirements as phrases, never inside a sentence made for them", async () => {
    const jobs = [
      {
        title: "Delivery Driver",
        company: "Swift Parcels",
        requirements:
          "Valid driving licence\nClean driving record\nGood knowledge of local roads\nNice to have: Forklift certificate",
      },
      {
        title: "Care Assistant",
        company: "Oak House",
        requirements: "NVQ Level 2 in Health and Social Care\nCompassionate manner\nBonus: Manual handling certificate",
      },
      BACKEND,
      SALES,
    ];
    for (const job of jobs) {
      const { text } = await generateDescription(job, { model: null });
      expect(text).not.toMatch(
        /Keep our|practice current|Use .+ day to day|Raise the standard|Apply .+ to real problems|work with valid|experience with valid/i,
      );
      const summary = section(text, "summary");
      const listed = summary.match(/What matters most: ([^.]+(?:\.[a-z][^.]*)*)\./)?.[1] ?? "";
      // Every requirement phrase the text names sits in that list or is a bullet of its own.
      const phrases = job.requirements.split("\n").map((l) =>
        l
          .replace(/^[-\s]*(?:Nice to have|Bonus):\s*/i, "")
          .replace(/^[-\s]+/, "")
          .trim(),
      );
      for (const phrase of phrases) {
        const core = phrase
          .replace(
            /^(?:\d\+ years of (?:experience with )?|Good knowledge of |Strong knowledge of |Experience with |Strong )/i,
            "",
          )
          .replace(/ (?:experience|skills)$/i, "");
        for (const line of text.split("\n").filter((l) => l.toLowerCase().includes(core.toLowerCase()))) {
          const ok =
            line === `- ${phrase}` ||
            line === `- ${core}` ||
            (line === summary && listed.toLowerCase().includes(core.toLowerCase()));
          expect(ok, `${job.title}: "${core}" in "${line}"`).toBe(true);
        }
      }
    }
    const driver = (await generateDescription(jobs[0]!, { model: null })).text;
    expect(section(driver, "summary")).toContain(
      "What matters most: valid driving licence, clean driving record and local roads.",
    );
    expect(section(driver, "## Responsibilities")).toMatch(/route|deliveries/);
    expect(section(driver, "## Nice to have")).toContain("- Forklift certificate");
  });

  it("is deterministic, and different jobs read differently", async () => {
    const a = await generateDescription(BACKEND, { model: null });
    expect((await generateDescription(BACKEND, { model: null })).text).toBe(a.text);
    const sales = (await generateDescription(SALES, { model: null })).text;
    expect(sales).toContain("Brightline");
    expect(sales).toMatch(/pipeline|customers/); // a sales role's duties, not an engineer's
    expect(sales).not.toMatch(/ship features|Review code/);
    expect(section(sales, "summary")).toMatch(/Salesforce|B2B sales/);
  });

  it("still writes every section from a title, company and one requirement", async () => {
    const { text } = await generateDescription(
      { title: "Office Manager", company: "Fern & Co", requirements: "Organised" },
      { model: null },
    );
    expect(section(text, "summary").length).toBeGreaterThan(10);
    for (const h of HEADINGS) expect(section(text, h).length).toBeGreaterThan(10);
  });

  it("tidies a model's formatting into the description subset", () => {
    expect(tidyDescription("**Acme** is hiring.\r\n\r\n\r\nResponsibilities:\n* Build\n• Ship\n```\n")).toBe(
      "Acme is hiring.\n\n## Responsibilities\n- Build\n- Ship",
    );
  });
});

describe("built-in questions", () => {
  const input = {
    title: "Senior Backend Engineer",
    description: "We run a logistics platform.",
    requirements: BACKEND.requirements,
    skills: ["Node.js", "PostgreSQL", "Kubernetes"],
  };

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
    expect(
      questions.filter((q) => /Node\.js|PostgreSQL|Kubernetes|TypeScript|AWS|Docker|Kafka/.test(q.question)).length,
    ).toBeGreaterThanOrEqual(8);

    // Skills found in the requirements when none are listed.
    const sales = builtinQuestions({
      title: SALES.title,
      description: "Sell to mid-market companies.",
      requirements: SALES.requirements,
      count: 10,
    });
    const salesText = sales.map((q) => q.question).join("\n");
    expect(salesText).toContain("Salesforce");
    expect(salesText).toContain("B2B sales");
    expect(salesText).toContain("negotiation");
    expect(salesText).not.toMatch(/Strong negotiation skills|sales experience work/);
  });

  it("is deterministic and differs between jobs", () => {
    expect(builtinQuestions({ ...input, count: 10 })).toEqual(builtinQuestions({ ...input, count: 10 }));
    const other = builtinQuestions({
      title: "Data Analyst",
      description: "Dashboards",
      skills: ["SQL", "Tableau"],
      count: 10,
    });
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
      {
        title: "Backend Engineer",
        description: "Build our APIs.",
        requirements: "Five years of Go.\nNice to have: GraphQL\nBonus: Kafka",
        count: 12,
      },
      { model: null },
    );
    const text = questions.map((q) => `${q.question} ${(q.options ?? []).join(" ")}`).join("\n");
    expect(text).not.toMatch(/nice to have|bonus|five years/i);
    expect(text).toMatch(/GraphQL/);
  });
});

describe("built-in question sets over varied jobs", () => {
  const JOBS: [string, string[]][] = [
    ["Frontend Developer", ["React", "Accessibility", "CSS"]],
    ["Backend Engineer", ["Node.js", "PostgreSQL"]],
    ["Data Analyst", ["SQL", "Tableau", "statistics"]],
    ["Product Designer", ["Figma", "prototyping", "user research"]],
    ["Product Manager", ["roadmapping", "stakeholder management"]],
    ["Account Executive", ["Salesforce", "negotiation"]],
    ["Marketing Manager", ["SEO", "content marketing", "Google Analytics"]],
    ["Financial Analyst", ["Excel", "financial modelling", "forecasting"]],
    ["Recruiter", ["recruiting", "onboarding"]],
    ["Operations Coordinator", ["logistics", "inventory management"]],
    ["Support Specialist", ["Zendesk", "customer support"]],
    ["DevOps Engineer", ["Kubernetes", "Terraform", "AWS", "Docker"]],
    ["Machine Learning Engineer", ["PyTorch", "Python", "machine learning"]],
    ["iOS Developer", ["Swift", "iOS"]],
    ["Android Developer", ["Kotlin", "Android"]],
    ["Security Engineer", ["security", "Linux"]],
    ["QA Engineer", ["testing", "unit testing"]],
    ["Data Engineer", ["Spark", "Airflow", "dbt"]],
    ["Full Stack Developer", ["TypeScript", "GraphQL", "React", "Node.js", "PostgreSQL", "Redis"]],
    ["Content Writer", ["copywriting"]],
    ["Payroll Specialist", ["payroll"]],
    ["Office Manager", ["Organisation"]],
    ["Scrum Master", ["Scrum", "Agile", "Jira"]],
    ["Site Reliability Engineer", ["observability", "Go"]],
    ["UX Researcher", ["UX research"]],
    ["Controller", ["GAAP", "accounting", "budgeting"]],
    ["HR Business Partner", ["employee relations", "HRIS"]],
    ["Growth Marketer", ["A/B testing", "email marketing"]],
    ["Solutions Architect", ["distributed systems", "microservices", "Azure"]],
    ["Customer Success Manager", ["customer success", "HubSpot", "CRM"]],
  ];

  it("never asks two questions from one template in a set of 10, and writes skills as people do", () => {
    for (const [title, skills] of JOBS) {
      const questions = builtinQuestions({ title, description: "", requirements: "", skills, count: 10 });
      expect(questions).toHaveLength(10);
      const skillPattern = new RegExp(
        skills
          .map((s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
          .sort((a, b) => b.length - a.length)
          .join("|"),
        "gi",
      );
      const shapes = questions.map((q) => q.question.replaceAll(title, "{title}").replace(skillPattern, "{skill}"));
      expect(new Set(shapes).size, `${title}: ${shapes.join(" / ")}`).toBe(shapes.length);
      for (const q of questions) {
        // A common noun keeps its lower case mid-sentence ("mistakes in Accessibility work" reads wrong).
        expect(q.question).not.toMatch(
          /\b(?:in|about|with|of|your|our|involving|on) (?:Accessibility|Testing|Statistics|Security|Payroll|Recruiting)\b/,
        );
      }
    }
  });
});

describe("built-in questions for a job that has some", () => {
  it("writes different ones, case and punctuation aside", () => {
    const job = {
      title: "Senior Backend Engineer",
      description: "Build our APIs.",
      requirements: BACKEND.requirements,
      skills: ["Node.js", "PostgreSQL"],
      count: 10,
    };
    const first = builtinQuestions(job);
    const existing = first.map((q, i) => (i % 2 ? q.question.toUpperCase().replace(/[?.,]/g, "") : q.question));
    const second = builtinQuestions({ ...job, existing });
    expect(second).toHaveLength(10);
    const key = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, " ")
        .trim();
    const had = new Set(first.map((q) => key(q.question)));
    expect(second.filter((q) => had.has(key(q.question)))).toEqual([]);
  });
});

describe("built-in questions from awkward requirement lines", () => {
  const LINES = [
    "5+ years of Python and ROS",
    "Valid driving licence",
    "Nice to have: Kubernetes",
    "Experience with motion planning",
    "A degree in Computer Science or related field",
  ];
  const ask = (requirements: string, count = 8) =>
    builtinQuestions({ title: "Robotics Engineer", description: "", requirements, count });
  const asked = (requirements: string, count?: number) =>
    ask(requirements, count)
      .map((q) => q.question)
      .join("\n");

  it("builds phrases from the subject of each line, never pastes the line into a sentence", () => {
    const all = asked(LINES.join("\n"), 12);
    // "Valid driving licence" is its own subject (asked as a credential below); the others are not.
    for (const line of LINES.filter((l) => !l.startsWith("Valid")))
      expect(all.toLowerCase()).not.toContain(line.toLowerCase());
    expect(all).not.toMatch(/5\+|years of|nice to have|experience with motion|related field/i);
    expect(asked("5+ years of Python and ROS")).toMatch(/\bPython\b/);
    expect(asked("5+ years of Python and ROS")).toMatch(/\bROS\b/);
    expect(asked("5+ years of Python")).not.toMatch(/years of Python|5\+/);
    expect(asked("Nice to have: Kubernetes")).toMatch(/\bKubernetes\b/);
    // Mid-sentence a subject keeps its own case: "depth with motion planning".
    expect(asked("Experience with motion planning")).toMatch(/\bmotion planning\b/);
    expect(asked("Motion planning")).not.toMatch(/\bMotion planning\b/);
  });

  it("asks whether a credential is held instead of asking about depth with it", () => {
    const questions = ask("Valid driving licence\nA degree in Computer Science or related field\n5+ years of Python");
    const text = questions.map((q) => q.question).join("\n");
    expect(text).not.toMatch(/(?:with|using|in|your) valid driving licence/i);
    const held = questions.filter((q) => q.question.startsWith("Do you hold"));
    expect(held.map((q) => q.question)).toEqual([
      "Do you hold a valid driving licence?",
      "Do you hold a degree in Computer Science?",
    ]);
    for (const q of held) expect(q).toMatchObject({ type: "multiple_choice", category: "custom" });
    expect(questions).toHaveLength(8);
    expect(questions.map((q) => q.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // A job whose only requirement is a credential gets the generic set and the credential question.
    const only = ask("Valid driving licence", 4);
    expect(only.map((q) => q.question).at(-1)).toBe("Do you hold a valid driving licence?");
    expect(only).toHaveLength(4);
  });
});
