// Reading model replies: the first bracketed JSON array (fenced or not), validated, cut to n and
// renumbered; the score object; and the spec's error text when nothing can be read.
import { describe, expect, it } from "vitest";
import { firstJson, parseQuestions, parseScore } from "./parse.ts";

const q = (over: Record<string, unknown> = {}) => ({
  id: 1,
  question: "Explain indexes.",
  type: "text",
  category: "technical-deep",
  ...over,
});

describe("parseQuestions", () => {
  it("takes the first array of objects, skipping bracketed prose and brackets inside strings", () => {
    const text = `Sure [see below]. Here are [3] questions:\n[{"id": 4, "question": "What does [1, 2] print?", "type": "text", "category": "troubleshooting"}]\n[{"id": 9, "question": "Second array", "type": "text", "category": "custom"}]`;
    expect(parseQuestions(text, "Gemini", 10)).toEqual([
      { id: 1, question: "What does [1, 2] print?", type: "text", category: "troubleshooting" },
    ]);
  });

  it("reads fenced JSON, cuts to n and renumbers from 1", () => {
    const items = [q({ id: 10 }), q({ id: 20, question: "Why B?" }), q({ id: 30, question: "Why C?" })];
    const parsed = parseQuestions("```json\n" + JSON.stringify(items) + "\n```", "Gemini", 2);
    expect(parsed.map((p) => [p.id, p.question])).toEqual([
      [1, "Explain indexes."],
      [2, "Why B?"],
    ]);
  });

  it("drops invalid items, normalises types and categories, accepts question_text, and keeps commas out of options", () => {
    const items = [
      q({ type: "essay" }), // unknown type: dropped
      q({ type: "multiple_choice", options: ["only one"] }), // too few options: dropped
      { question_text: "Rate yourself.", type: "Rating", category: "Code Quality" },
      q({ type: "multiple-choice", category: "debugging", options: ["Logs, then metrics", "Metrics", 3, "Metrics"] }),
      q({ question: "" }),
      "not an object",
    ];
    expect(parseQuestions(JSON.stringify(items), "Gemini", 10)).toEqual([
      { id: 1, question: "Rate yourself.", type: "rating", category: "code-quality" },
      {
        id: 2,
        question: "Explain indexes.",
        type: "multiple_choice",
        category: "troubleshooting",
        options: ["Logs; then metrics", "Metrics", "3"],
      },
    ]);
  });

  it("fails with the spec's message when there is no array, or it is truncated or not JSON", () => {
    for (const text of [
      "",
      "No questions today.",
      '[{"id": 1, "question": "Explain',
      "[1, 2, 3]",
      '[{id: 1, question: "x"}]',
    ]) {
      expect(() => parseQuestions(text, "OpenAI", 5), text).toThrow("Failed to extract JSON from OpenAI response");
    }
    expect(() => parseQuestions(JSON.stringify([{ nothing: true }]), "Gemini", 5)).toThrow(
      "Gemini response had no usable questions",
    );
  });
});

describe("parseScore", () => {
  const reply = {
    technical: 81.6,
    communication: "70",
    culture_fit: 64,
    overall: 75,
    reasons: {
      technical: 'Quotes "Built a Node.js API"',
      communication: "Clear,\n structured answers",
      culture_fit: "Mentions mentoring",
      overall: "Strong match",
    },
  };

  it("reads the first JSON object, rounds the figures and keeps each reason to one line", () => {
    expect(parseScore("```json\n" + JSON.stringify(reply) + "\n```", "Gemini")).toEqual({
      technical: 82,
      communication: 70,
      cultureFit: 64,
      overall: 75,
      reasons: {
        technical: 'Quotes "Built a Node.js API"',
        communication: "Clear, structured answers",
        cultureFit: "Mentions mentoring",
        overall: "Strong match",
      },
    });
  });

  it("rejects figures out of range, missing reasons, and text with no object", () => {
    expect(() => parseScore(JSON.stringify({ ...reply, technical: 140 }), "Gemini")).toThrow(
      "Gemini score did not match the rubric's shape",
    );
    expect(() => parseScore(JSON.stringify({ ...reply, reasons: {} }), "Gemini")).toThrow("did not match");
    expect(() => parseScore("I think 80/100.", "Gemini")).toThrow("Failed to extract JSON from Gemini response");
  });
});

describe("firstJson", () => {
  it("handles escaped quotes and nested arrays", () => {
    expect(firstJson('x ["a \\" ]", [1, [2]]] y', "[", Array.isArray)).toEqual(['a " ]', [1, [2]]]);
  });
});
