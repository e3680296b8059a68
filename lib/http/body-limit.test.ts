// The cap on form bodies holds our largest forms at their worst: every field at its longest, in
// characters that take three UTF-8 bytes (nine once percent-encoded), as a browser posts them.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_ANSWER_LENGTH } from "../../modules/applications/index.server.ts";
import { MAX_BENEFITS, MAX_QUESTIONS, MAX_SKILLS } from "../../modules/hiring/index.server.ts";
import { MAX_FORM_BYTES } from "./body-limit.ts";

const worst = (length: number) => "€".repeat(length);
const ascii = (length: number) => "a".repeat(length);
const encodedBytes = (fields: [string, string][]) => Buffer.byteLength(new URLSearchParams(fields).toString());

/** The apply step with every question answered at the longest allowed. */
const applyStep = (text: (n: number) => string): [string, string][] => [
  ["intent", "next"],
  ["step", "1"],
  ...Array.from({ length: MAX_QUESTIONS }, (): [string, string] => [`answer_${randomUUID()}`, text(MAX_ANSWER_LENGTH)]),
];

/** Every step of the post wizard in one post, each field at its schema's maximum. */
const postWizard = (text: (n: number) => string): [string, string][] => [
  ["intent", "publish"],
  ["title", text(200)],
  ["company_name", text(160)],
  ["location", text(200)],
  ["requirements", text(10_000)],
  ["description", text(20_000)],
  ["skills", Array.from({ length: MAX_SKILLS }, () => text(59)).join(", ")],
  ...Array.from({ length: MAX_BENEFITS }, (): [string, string] => ["benefits", text(119)]),
  ...Array.from({ length: MAX_QUESTIONS }, (_, i): [string, string][] => [
    [`questions[${i}].question_text`, text(1000)],
    [`questions[${i}].options`, text(2000)],
    [`questions[${i}].question_type`, "multiple_choice"],
    [`questions[${i}].category`, "experience"],
  ]).flat(),
];

describe("MAX_FORM_BYTES", () => {
  it("holds the largest forms at their worst, with room to spare", () => {
    const sizes = {
      applyAscii: encodedBytes(applyStep(ascii)),
      applyWorst: encodedBytes(applyStep(worst)),
      wizardAscii: encodedBytes(postWizard(ascii)),
      wizardWorst: encodedBytes(postWizard(worst)),
    };
    // The figures decision 020 quotes.
    expect(sizes.applyAscii).toBeGreaterThan(125_000);
    expect(sizes.applyWorst).toBeGreaterThan(1_100_000);
    for (const [form, bytes] of Object.entries(sizes)) expect(bytes * 1.5, form).toBeLessThan(MAX_FORM_BYTES);
  });
});
