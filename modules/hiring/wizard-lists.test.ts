// The post wizard's list rules, as the hiring module keeps them.
import { describe, expect, it } from "vitest";
import { applyListChange, emptyQuestion, emptyWizardForm, MAX_QUESTIONS, type WizardForm } from "./index.server.ts";

const withQuestions = (n: number): WizardForm => ({
  ...emptyWizardForm(),
  questions: Array.from({ length: n }, (_, i) => ({ ...emptyQuestion(), question_text: `Q${i}` })),
});
const open = { questionsLocked: false };

describe("benefits", () => {
  it("adds a benefit trimmed and with spaces collapsed, refusing blanks, duplicates whatever their case and long ones", () => {
    const form = { ...emptyWizardForm(), benefits: [" Remote days ", ""] };
    expect(applyListChange(form, "add-benefit", "  Health   insurance ", open)).toBeNull();
    expect(form.benefits).toEqual(["Remote days", "Health insurance"]);
    expect(applyListChange(form, "add-benefit", "   ", open)).toEqual({ benefit: ["Type a benefit, then press Add"] });
    expect(applyListChange(form, "add-benefit", "remote DAYS", open)).toEqual({
      benefit: ['"remote DAYS" is already listed'],
    });
    expect(applyListChange(form, "add-benefit", "x".repeat(121), open)).toEqual({
      benefit: ["Keep each benefit under 120 characters"],
    });
    expect(form.benefits).toHaveLength(2);
    expect(applyListChange(form, "remove-benefit:0", undefined, open)).toBeNull();
    expect(form.benefits).toEqual(["Health insurance"]);
  });
});

describe("questions", () => {
  it("adds up to the limit, removes and moves within bounds", () => {
    const full = withQuestions(MAX_QUESTIONS);
    expect(applyListChange(full, "add-question", undefined, open)).toEqual({
      questions: [`A job can have at most ${MAX_QUESTIONS} questions`],
    });
    const form = withQuestions(3);
    applyListChange(form, "move-up:2", undefined, open);
    expect(form.questions.map((q) => q.question_text)).toEqual(["Q0", "Q2", "Q1"]);
    applyListChange(form, "move-up:0", undefined, open);
    applyListChange(form, "move-down:9", undefined, open);
    applyListChange(form, "move-down:x", undefined, open);
    expect(form.questions.map((q) => q.question_text)).toEqual(["Q0", "Q2", "Q1"]);
    applyListChange(form, "remove-question:1", undefined, open);
    expect(form.questions.map((q) => q.question_text)).toEqual(["Q0", "Q1"]);
  });

  it("refuses any change to questions once candidates have answered them, with the module's error", () => {
    const form = withQuestions(2);
    for (const intent of ["add-question", "remove-question:0", "move-up:1", "move-down:0"]) {
      expect(() => applyListChange(form, intent, undefined, { questionsLocked: true })).toThrow(
        expect.objectContaining({ code: "questions-locked" }),
      );
    }
    expect(form.questions.map((q) => q.question_text)).toEqual(["Q0", "Q1"]);
    // Benefits are not questions.
    expect(applyListChange(form, "add-benefit", "Gym", { questionsLocked: true })).toBeNull();
  });
});
