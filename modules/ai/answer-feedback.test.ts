// AI feedback on answers before applying: advice that follows what the built-in score reads.
import { describe, expect, it } from "vitest";
import { answerFeedback } from "./index.server.ts";

const job = {
  title: "Backend Engineer",
  requirements: "Go, PostgreSQL and Kafka in production.",
  skills: ["Go", "PostgreSQL", "Kafka"],
  description: "Build the payments platform.",
};
const one = (question: string, answer: string, category = "practical-experience") =>
  answerFeedback(job, [{ question, type: "text", category, answer }])[0]!;

describe("answerFeedback", () => {
  it("quotes what an answer shows and has nothing to add to a strong one", () => {
    const strong = one(
      "Tell us about a service you scaled.",
      "I moved our billing service to Go and Kafka because the old queue lost events. As a result p99 latency fell from 900 ms to 120 ms, and I wrote the runbook the on-call team still uses.",
    );
    expect(strong.strengths[0]).toMatch(/^Shows what you did: "I moved our billing service/);
    expect(strong.strengths).toContain("Gives a reason, an example or a figure.");
    expect(strong.tips).toEqual([]);
  });

  it("asks for what's missing: a blank, a list of skills, a short answer without an example", () => {
    expect(one("Tell us about a service you scaled.", "").tips).toEqual([
      "Answer this one: a blank answer tells the hiring team nothing about you.",
    ]);
    const stuffed = one(
      "Tell us about a service you scaled.",
      "Go, PostgreSQL, Kafka, Go, PostgreSQL, Kafka, microservices, Go.",
    );
    expect(stuffed.tips.join(" ")).toContain("This reads as a list of skills.");
    expect(stuffed.tips.join(" ")).toContain("Tell what you did, not only what you know");
    const short = one("Tell us about a service you scaled.", "I know PostgreSQL well and like it.");
    expect(short.tips.join(" ")).toContain("Say more: two or three sentences");
  });

  it("asks how the candidate works with others on a culture question, and leaves choices and ratings alone", () => {
    const qualities = one(
      "How do you handle disagreement in a team?",
      "I am kind, patient and a real team player who always gets along with everyone at work.",
      "custom",
    );
    expect(qualities.tips.join(" ")).toContain("Say how you work with people");
    const behaviour = one(
      "How do you handle disagreement in a team?",
      "I ask each person to explain their view first, then we agree on what we'd measure to decide, because that keeps it about the work.",
      "custom",
    );
    expect(behaviour.strengths.join(" ")).toContain("Says how you work with others");
    expect(
      answerFeedback(job, [{ question: "Rate your SQL", type: "rating", category: "technical-deep", answer: "4" }]),
    ).toEqual([]);
  });
});
