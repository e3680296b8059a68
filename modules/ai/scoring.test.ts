// Application scores: the built-in method (deterministic, evidence-based, quoting its evidence),
// redaction of protected and identifying details, the rubric prompt sent to a model, and the
// proof that such details reach neither a prompt nor a score.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import {
  geminiReply,
  openAiReply,
  startFakeModelServer,
  type FakeModelServer,
} from "../../tests/support/fake-model-server.ts";
import { createGeminiProvider } from "./gemini.ts";
import { createOpenAiProvider } from "./openai.ts";
import { scoreApplication } from "./generate.ts";
import { redactResume, redactText } from "./redact.ts";
import { builtinScore } from "./scoring.ts";
import { scorePrompt } from "./prompts.ts";
import { COLLABORATION_LABEL, SCORING_GUIDANCE } from "./guidance.ts";
import type { ScoreAnswer, ScoreInput } from "./types.ts";

const JOB: ScoreInput["job"] = {
  title: "Senior Backend Engineer",
  requirements: "5+ years of Node.js and PostgreSQL\nExperience with Kubernetes and AWS\nMachine learning is a plus",
  skills: ["Node.js", "PostgreSQL", "Kubernetes", "machine learning"],
  description: "Build the services behind our logistics platform.",
};

const STRONG: ScoreAnswer[] = [
  {
    question: "Walk us through the most demanding piece of work you have done with Node.js.",
    type: "text",
    category: "technical-deep",
    answer:
      "I rebuilt our order service in Node.js on PostgreSQL. Because writes were contended, I moved to batched inserts and measured p95 latency falling from 900 ms to 120 ms. Then I ran it on Kubernetes with autoscaling.",
    rating: null,
  },
  {
    question: "How long have you used PostgreSQL in paid work?",
    type: "multiple_choice",
    category: "practical-experience",
    answer: "3 to 5 years",
    rating: null,
  },
  {
    question: "On a scale of 1 (poor) to 5 (excellent), how would you rate your depth of knowledge in Kubernetes?",
    type: "rating",
    category: "technical-deep",
    answer: "4",
    rating: 4,
  },
  {
    question: "Describe a disagreement with a teammate. How did you resolve it?",
    type: "text",
    category: "custom",
    answer:
      "A teammate and I disagreed on schema changes. We paired for an afternoon, listened to each other's concerns and agreed on a migration plan. I shared the write-up with the team so everyone could give feedback.",
    rating: null,
  },
];
const WEAK: ScoreAnswer[] = [
  { ...STRONG[0]!, answer: "Some backend stuff." },
  { ...STRONG[1]!, answer: "Less than 1 year" },
  { ...STRONG[2]!, answer: "2", rating: 2 },
  { ...STRONG[3]!, answer: "" },
];

// Identical resumes apart from protected and identifying details.
const resume = (p: {
  name: string;
  email: string;
  phone: string;
  street: string;
  born: string;
  who: string;
  url: string;
}) =>
  [
    p.name,
    `${p.email} | ${p.phone} | ${p.street}`,
    p.url,
    `Date of birth: ${p.born}`,
    p.who,
    `Backend engineer, 6 years of Node.js and PostgreSQL at Acme. ${p.name.split(" ")[0]} led the move to Kubernetes on AWS.`,
    "Mentored 3 engineers and ran weekly code reviews.",
  ].join("\n");
const PERSON_A = {
  name: "Jane Doe",
  email: "jane.doe@example.com",
  phone: "+1 (415) 555-0134",
  street: "742 Evergreen Terrace, Springfield, IL 62704",
  born: "12/03/1990",
  who: "Female, 34 years old, married, Christian, American citizen",
  url: "https://linkedin.com/in/janedoe",
};
const PERSON_B = {
  name: "Rahul Sharma",
  email: "r.sharma@mail.example.org",
  phone: "020 7946 0958",
  street: "221B Baker Street, London NW1 6XE",
  born: "01/11/1961",
  who: "Male, 63 years old, divorced, Hindu, Indian citizen",
  url: "https://github.com/rsharma",
};
// Every identifying or protected detail of both people: none may reach a prompt.
const PROTECTED = [...Object.values(PERSON_A), ...Object.values(PERSON_B)]
  .flatMap((v) => [v, ...v.split(/[ ,|]+/)])
  .filter((v) => v.length > 3 && !["Date", "Street", "years", "citizen"].includes(v));

describe("redaction", () => {
  it("removes name, contact details, address, links, date of birth and protected words from a resume", () => {
    const out = redactResume(resume(PERSON_A));
    for (const value of [
      "Jane",
      "Doe",
      "jane.doe@example.com",
      "555-0134",
      "742 Evergreen",
      "62704",
      "linkedin",
      "1990",
      "Female",
      "34 years",
      "married",
      "Christian",
      "American",
    ]) {
      expect(out).not.toContain(value);
    }
    expect(out.split("\n")[0]).toBe("[name]");
    expect(out).toContain("[email] | [phone] | [address]");
    expect(out).toContain("[name] led the move to Kubernetes on AWS.");
    expect(out).toContain("Backend engineer, 6 years of Node.js and PostgreSQL at Acme.");
  });

  it("keeps work facts: durations, year ranges, figures, languages, job titles at the top", () => {
    expect(redactText("Acme 2019 - 2023: cut latency to 40 ms, 2,000 req/s")).toBe(
      "Acme 2019 - 2023: cut latency to 40 ms, 2,000 req/s",
    );
    expect(redactText("Fluent in German and French")).toBe("Fluent in German and French");
    expect(redactText("As a German citizen and mother of two")).toBe("As a [redacted] [redacted] and [redacted]");
    expect(redactText("She/her. Aged 41. Ms. Lee, born in 1983")).not.toMatch(/She\/her|41|Ms\.|1983/);
    expect(redactResume("Senior Software Engineer\nBuilt things")).toBe("Senior Software Engineer\nBuilt things");
  });
});

describe("built-in score", () => {
  const input: ScoreInput = { job: JOB, answers: STRONG, resumeText: resume(PERSON_A) };

  it("gives 0-100 integers, the documented method, and one-line reasons that quote the evidence", async () => {
    const score = await scoreApplication(input, { model: null });
    expect(score.source).toBe("builtin");
    expect(score.method).toBe("builtin-evidence-v2");
    for (const key of ["technical", "communication", "cultureFit", "overall"] as const) {
      expect(Number.isInteger(score[key])).toBe(true);
      expect(score[key]).toBeGreaterThanOrEqual(0);
      expect(score[key]).toBeLessThanOrEqual(100);
      expect(score.reasons[key]).not.toContain("\n");
      expect(score.reasons[key].length).toBeLessThan(320);
    }
    expect(score.overall).toBe(
      Math.round(0.5 * score.technical + 0.25 * score.communication + 0.25 * score.cultureFit),
    );
    // Sentences a recruiter would write, quoting the line behind them (from the redacted resume or an answer).
    expect(score.reasons.technical).toMatch(/^Shows hands-on work with .*(Node\.js|PostgreSQL|Kubernetes)/);
    const quoted = score.reasons.technical.match(/: "(.+?)…?"/)![1]!;
    expect(
      [redactResume(resume(PERSON_A)), ...STRONG.map((a) => a.answer)].some((text) => text!.includes(quoted)),
    ).toBe(true);
    expect(quoted).toMatch(/Node\.js/);
    expect(score.reasons.technical).toMatch(/No mention of machine learning/);
    expect(score.reasons.communication).toMatch(
      /^Answered 4 of 4 questions; the written answers .* give reasons and examples/,
    );
    expect(score.reasons.cultureFit).toMatch(
      /^Describes how they work with others: "We paired for an afternoon, listened/,
    );
    expect(score.reasons.overall).toMatch(
      new RegExp(`^A strong match at ${score.overall}%: half of it is technical fit`),
    );
    // Never a formula.
    for (const reason of Object.values(score.reasons)) expect(reason).not.toMatch(/\d+% \w+ \(\d+\)|job terms/);
  });

  it("is deterministic and ranks a strong application above a weak one on every figure", () => {
    const strong = builtinScore(input);
    expect(builtinScore(input)).toEqual(strong);
    const weak = builtinScore({ ...input, answers: WEAK, resumeText: null });
    for (const key of ["technical", "communication", "cultureFit", "overall"] as const)
      expect(strong[key]).toBeGreaterThan(weak[key]);
    expect(weak.reasons.communication).toMatch(/^Answered 3 of 4 questions; the written answers are very short/);
    expect(weak.reasons.cultureFit).toBe("Left the questions about how they work with others unanswered.");
  });

  it("counts multi-word skills as phrases and stems words (Kubernetes clusters ~ Kubernetes, machine learning)", () => {
    const base = builtinScore({
      job: JOB,
      answers: [],
      resumeText: "I ran our Kubernetes clusters for three years. I learned how machines fail.",
    });
    const phrase = builtinScore({
      job: JOB,
      answers: [],
      resumeText:
        "I ran our Kubernetes clusters for three years. I built machine-learning models and put machine learning in production.",
    });
    expect(phrase.technical).toBeGreaterThan(base.technical);
    expect(base.reasons.technical).toMatch(/No mention of .*machine learning/);
    expect(phrase.reasons.technical).not.toMatch(/No mention of .*machine learning/);
  });

  it("does not change when only protected or identifying details change, in the resume or the answers", () => {
    const a = builtinScore({ job: JOB, answers: STRONG, resumeText: resume(PERSON_A) });
    const withPersonInAnswers = (p: typeof PERSON_A) =>
      STRONG.map((x, i) =>
        i === 3
          ? { ...x, answer: `${x.answer} As a ${p.who.split(", ")[0]!.toLowerCase()}, reach me at ${p.email}.` }
          : x,
      );
    const b = builtinScore({ job: JOB, answers: STRONG, resumeText: resume(PERSON_B) });
    expect(b).toEqual(a);
    expect(builtinScore({ job: JOB, answers: withPersonInAnswers(PERSON_B), resumeText: resume(PERSON_B) })).toEqual(
      builtinScore({ job: JOB, answers: withPersonInAnswers(PERSON_A), resumeText: resume(PERSON_A) }),
    );
    // …and nothing identifying is quoted in a reason.
    for (const value of PROTECTED) expect(JSON.stringify(a.reasons)).not.toContain(value);
  });

  it("never says a skill is missing when the answers speak to it, however they spell it or answer its question", () => {
    const job: ScoreInput["job"] = {
      title: "Robotics Software Engineer",
      requirements: "Experience with ROS 2\nPython\nMotion planning\nGazebo simulation",
      skills: ["ROS 2", "Python", "motion planning", "Gazebo"],
      description: "Build the software for our warehouse robots.",
    };
    const answers: ScoreAnswer[] = [
      {
        question: "Walk us through the most demanding piece of work you have done with ROS 2.",
        type: "text",
        category: "technical-deep",
        answer:
          "I have shipped ROS2 nodes in Python for three years on our warehouse robots, and I cut our restart time in half.",
        rating: null,
      },
      {
        question: "On a scale of 1 (poor) to 5 (excellent), how would you rate your experience with motion planning?",
        type: "rating",
        category: "technical-deep",
        answer: "4",
        rating: 4,
      },
      {
        question: "How long have you used Gazebo in paid work?",
        type: "multiple_choice",
        category: "practical-experience",
        answer: "1 to 2 years",
        rating: null,
      },
    ];
    const { reasons } = builtinScore({ job, answers, resumeText: null });
    expect(reasons.technical).not.toMatch(/No mention|Nothing in the answers/);
    expect(reasons.technical).toContain('"I have shipped ROS2 nodes in Python');
    expect(reasons.technical).toContain("Rated themselves 4 of 5 on the question about motion planning");
    expect(reasons.technical).toContain('Answered the question about Gazebo with "1 to 2 years".');
    // Each answer alone: the skill its question is about is never called missing.
    for (const answer of answers) {
      const alone = builtinScore({ job, answers: [answer], resumeText: null }).reasons.technical;
      const about = job.skills.filter((skill) => answer.question.toLowerCase().includes(skill.toLowerCase()));
      for (const skill of about)
        expect(alone, alone).not.toMatch(new RegExp(`(No mention of|speaks to) [^.]*${skill}`, "i"));
    }
    // Words alone count too: a resume that writes "ROS 2" for a job that says "ROS2".
    const spaced = builtinScore({
      job: { ...job, skills: ["ROS2"], requirements: "ROS2" },
      answers: [],
      resumeText: "I built ROS 2 drivers for lidar sensors at Acme.",
    });
    expect(spaced.reasons.technical).toMatch(/^Shows hands-on work with ROS2/);
  });

  it("names the fourth score for what it reads, and tells the model that nothing about who the person is is weighed", () => {
    expect(COLLABORATION_LABEL).toBe("Collaboration (from the answers)");
    expect(SCORING_GUIDANCE).toMatch(/nothing about who the person is .* is ever weighed/);
    const { system, prompt } = scorePrompt({ job: JOB, answers: STRONG, resumeText: null });
    expect(system).toContain(SCORING_GUIDANCE);
    expect(prompt).toMatch(/cultureFit: collaboration as the answers describe it.*never on who the person is/s);
    expect(prompt).not.toMatch(/culture fit|motivation/i);
    expect(prompt).toContain("an answer to a question about a skill speaks to that skill");
  });

  it("handles no answers and no resume", () => {
    const score = builtinScore({ job: JOB, answers: [], resumeText: null });
    expect(score).toMatchObject({ technical: 0, communication: 0, cultureFit: 50 });
    expect(score.reasons.technical).toBe(
      "Nothing in the answers or resume speaks to Node.js, PostgreSQL or Kubernetes.",
    );
    expect(score.reasons.cultureFit).toMatch(/neutral 50/);
  });
});

describe("score from a model", () => {
  let fake: FakeModelServer;
  const log = pino({ level: "silent" });
  const REPLY = {
    technical: 84,
    communication: 77,
    cultureFit: 70,
    overall: 80,
    reasons: {
      technical: 'Rebuilt an order service: "I rebuilt our order service in Node.js on PostgreSQL"',
      communication: "Structured answers with figures",
      cultureFit: 'Resolved a disagreement by pairing: "We paired for an afternoon"',
      overall: "Strong backend match",
    },
  };
  const models = () => [
    {
      name: "gemini",
      model: createGeminiProvider({ apiKey: "k-gemini-1", baseUrl: fake.url, model: "g-test", log, retries: 0 }),
      reply: (t: string) => geminiReply(t),
      prompt: (b: any) => JSON.stringify(b),
    },
    {
      name: "openai",
      model: createOpenAiProvider({ apiKey: "k-openai-1", baseUrl: fake.url, model: "o-test", log, retries: 0 }),
      reply: (t: string) => openAiReply(t),
      prompt: (b: any) => JSON.stringify(b),
    },
  ];

  beforeAll(async () => {
    fake = await startFakeModelServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.hits = [];
  });

  it("sends a rubric prompt with no protected or identifying detail, and reads the validated JSON reply", async () => {
    for (const { name, model, reply, prompt } of models()) {
      fake.hits = [];
      fake.answer = () => ({ body: reply(JSON.stringify(REPLY)) });
      const answers = STRONG.map((x, i) =>
        i === 3
          ? {
              ...x,
              answer: `${x.answer} As a married woman and a Christian, email me at ${PERSON_A.email} or call ${PERSON_A.phone}.`,
            }
          : x,
      );
      const score = await scoreApplication({ job: JOB, answers, resumeText: resume(PERSON_A) }, { model });
      expect(score).toEqual({
        ...REPLY,
        method: `${name}:${name === "gemini" ? "g-test" : "o-test"} rubric-v1`,
        source: "ai",
      });

      const sent = prompt(fake.hits[0]!.body);
      for (const value of [...PROTECTED, "woman", "Christian", "married"])
        expect(sent, `${name}: ${value}`).not.toContain(value);
      // The material the rubric needs is there.
      for (const value of [
        "Senior Backend Engineer",
        "Kubernetes",
        "I rebuilt our order service",
        "Mentored 3 engineers",
        "technical",
        "communication",
        "cultureFit",
        "overall",
      ]) {
        expect(sent).toContain(value);
      }
      if (name === "gemini")
        expect(fake.hits[0]!.body.generationConfig).toMatchObject({
          temperature: 0.2,
          responseMimeType: "application/json",
        });
      else expect(fake.hits[0]!.body).toMatchObject({ temperature: 0.2, response_format: { type: "json_object" } });
    }
  });

  it("falls back to the built-in score, saying so, on a failing or unusable reply", async () => {
    const builtin = builtinScore({ job: JOB, answers: STRONG, resumeText: null });
    for (const [answer, error] of [
      [{ status: 500 }, /API error: 500 Internal Server Error$/],
      [{ body: geminiReply(JSON.stringify({ ...REPLY, overall: 180 })) }, /score did not match the rubric's shape$/],
      [{ body: geminiReply("Overall I'd say 80.") }, /^Failed to extract JSON from (Gemini|OpenAI) response$/],
    ] as const) {
      fake.answer = () => answer;
      const [gemini] = models();
      const score = await scoreApplication({ job: JOB, answers: STRONG, resumeText: null }, { model: gemini!.model });
      expect(score).toMatchObject({ ...builtin, source: "fallback" });
      expect(score.error).toMatch(error);
    }
  });
});

describe("built-in score over ten kinds of application", () => {
  const job: ScoreInput["job"] = {
    title: "Frontend Engineer",
    requirements:
      "3+ years of React and TypeScript\nAccessibility (WCAG)\nExperience with design systems\nTesting with Playwright is a plus",
    skills: ["React", "TypeScript", "accessibility", "design systems"],
    description: "Build the web app our customers use every day.",
  };
  const q = (question: string, type: ScoreAnswer["type"], category: string) => ({ question, type, category });
  const QUESTIONS = [
    q("Walk us through the most demanding piece of work you have done with React.", "text", "technical-deep"),
    q("How do you keep the quality of your accessibility work high when time is short?", "text", "code-quality"),
    q(
      "On a scale of 1 (poor) to 5 (excellent), how would you rate your depth of knowledge in TypeScript?",
      "rating",
      "technical-deep",
    ),
    q("How do you like to give and receive feedback in a team?", "text", "custom"),
    q("How long have you used React in paid work?", "multiple_choice", "practical-experience"),
  ] as const;
  const set = (texts: [string, string, number | null, string, string]): ScoreAnswer[] =>
    QUESTIONS.map((question, i) =>
      question.type === "rating"
        ? { ...question, answer: texts[2] === null ? "" : String(texts[2]), rating: texts[2] }
        : { ...question, answer: texts[i] as string, rating: null },
    );
  const stuffed =
    "React TypeScript accessibility WCAG design systems Playwright React TypeScript accessibility design systems.";
  const offTopic =
    "I spent last summer perfecting a sourdough recipe. Because the starter was slow, I kept notes every morning and measured the rise, which went from 20% to 80% in a month. Then I taught the method to two friends.";

  // Each row: an application and what the scores must show about it.
  const SETS: Record<string, { answers: ScoreAnswer[]; resume: string | null }> = {
    strong: {
      answers: set([
        "I led the rebuild of our checkout in React and TypeScript. Because the old page re-rendered on every keystroke, I split state by step and measured input delay falling from 300 ms to 40 ms. Then I wrote the patterns up for the design system.",
        "I test every component with a screen reader and axe before review. For example, on our date picker I found focus was lost after selection, fixed it, and added a Playwright check so it cannot come back. I keep a short WCAG checklist in our pull-request template.",
        4,
        "I ask for feedback early, usually by pairing for an hour on a draft. When I review a colleague's work I explain the reason behind each comment and suggest a fix. Last year a teammate and I disagreed on component APIs; we listened to each other and agreed on a small trial.",
        "3 to 5 years",
      ]),
      resume:
        "Frontend engineer, 5 years of React and TypeScript at Northwind.\nBuilt and maintained the company design system used by 12 teams.",
    },
    good: {
      answers: set([
        "I built our dashboard in React with TypeScript and moved it to server rendering, which cut load time in half.",
        "I run axe on each page and fix contrast and labels before release.",
        4,
        "I like to share work early and ask for comments. I try to explain my reasons when I review code.",
        "3 to 5 years",
      ]),
      resume: null,
    },
    "short but relevant": {
      answers: set(["Built a React app in TypeScript.", "Axe checks.", 3, "Open and direct.", "1 to 2 years"]),
      resume: null,
    },
    weak: { answers: set(["Some frontend stuff.", "I try my best.", 2, "Fine.", "Less than 1 year"]), resume: null },
    empty: { answers: set(["", "", null, "", ""]), resume: null },
    "off-topic": { answers: set([offTopic, offTopic, 3, offTopic, "1 to 2 years"]), resume: null },
    "keyword-stuffed": {
      answers: set([
        stuffed,
        stuffed,
        5,
        "Team team teamwork feedback kind helpful collaborative mentor share listen.",
        "More than 5 years",
      ]),
      resume: `Skills: ${stuffed}`,
    },
    "qualities, not behaviour": {
      answers: set([
        "I built our dashboard in React with TypeScript and moved it to server rendering, which cut load time in half.",
        "I run axe on each page and fix contrast and labels before release.",
        4,
        "Kind, empathetic, a team player, open to feedback.",
        "3 to 5 years",
      ]),
      resume: null,
    },
    "resume only": {
      answers: set(["", "", null, "", ""]),
      resume:
        "Frontend engineer, 5 years of React and TypeScript at Northwind.\nI built and maintained the design system used by 12 teams, with accessibility reviews for every component.",
    },
    "ratings only": { answers: set(["", "", 5, "", "More than 5 years"]), resume: null },
  };
  const scores = Object.fromEntries(
    Object.entries(SETS).map(([name, s]) => [name, builtinScore({ job, answers: s.answers, resumeText: s.resume })]),
  );
  const of = (name: string) => scores[name]!;

  it("orders the applications a recruiter would", () => {
    expect(of("strong").overall).toBeGreaterThan(of("good").overall);
    expect(of("good").overall).toBeGreaterThan(of("short but relevant").overall);
    expect(of("short but relevant").overall).toBeGreaterThan(of("weak").overall);
    expect(of("weak").overall).toBeGreaterThanOrEqual(of("empty").overall);
    expect(of("strong").overall).toBeGreaterThanOrEqual(75);
    expect(of("empty").overall).toBeLessThan(15);
  });

  it("does not let keyword stuffing win", () => {
    const stuffedScore = of("keyword-stuffed");
    for (const better of ["strong", "good"]) {
      expect(stuffedScore.technical, better).toBeLessThan(of(better).technical);
      expect(stuffedScore.communication, better).toBeLessThan(of(better).communication);
      expect(stuffedScore.cultureFit, better).toBeLessThan(of(better).cultureFit);
      expect(stuffedScore.overall, better).toBeLessThan(of(better).overall);
    }
    expect(stuffedScore.overall).toBeLessThan(50);
    expect(stuffedScore.reasons.technical).toMatch(/^Names .* without saying how they were used/);
  });

  it("reads culture fit from how people say they work, not from single words", () => {
    expect(of("qualities, not behaviour").cultureFit).toBeLessThan(of("good").cultureFit);
    expect(of("qualities, not behaviour").cultureFit).toBeLessThan(40);
    expect(of("keyword-stuffed").cultureFit).toBeLessThan(40);
    expect(of("qualities, not behaviour").reasons.cultureFit).toMatch(
      /name qualities rather than describe what they do/,
    );
    expect(of("strong").reasons.cultureFit).toMatch(/^Describes how they work with others: "/);
  });

  it("gives well-written answers about something else no technical credit", () => {
    expect(of("off-topic").technical).toBeLessThan(of("short but relevant").technical);
    expect(of("off-topic").technical).toBeLessThan(25);
    expect(of("off-topic").communication).toBeGreaterThan(of("weak").communication);
    // What was answered is quoted as it was, and nothing else is claimed for it.
    expect(of("off-topic").reasons.technical).toMatch(/^Answered the question about React: "/);
    expect(of("off-topic").reasons.technical).not.toMatch(/Shows|hands-on/);
  });

  it("credits a resume that shows the work, and does not let self-ratings stand in for it", () => {
    expect(of("resume only").technical).toBeGreaterThan(of("weak").technical);
    expect(of("resume only").reasons.technical).toMatch(/in the resume: "/);
    expect(of("ratings only").overall).toBeLessThan(of("short but relevant").overall);
  });
});
