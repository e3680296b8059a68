// The review pages show the modules' vocabulary in the catalogue's words: in English they must stay
// the modules' own (the CSV, the emails and the other pages read the modules'), and every stage the
// notices name must have its German (the messages nest review.stageNames by the English name).
import { expect, it } from "vitest";
import { MOVE_LABELS, NOT_ASSESSED_LABEL, SCALE_LABELS, STATUS_LABELS } from "../modules/applications/browser.ts";
import { REJECTION_REASON_LABELS } from "../modules/applications/index.server.ts";
import { SCORECARD_GROUP_LABELS } from "../modules/hiring/browser.ts";
import { COLLABORATION_LABEL, SCORING_GUIDANCE } from "../modules/ai/browser.ts";
import { enReview } from "./en-review.ts";
import { translateMessage } from "./index.ts";

const { review } = enReview;

it("words the moves, scale, groups, reasons and the AI's lines in English as the modules do", () => {
  expect(review.moves).toEqual(MOVE_LABELS);
  expect(review.scale).toEqual({ ...SCALE_LABELS, na: NOT_ASSESSED_LABEL });
  expect(review.groups).toEqual(SCORECARD_GROUP_LABELS);
  expect(review.reasons).toEqual(REJECTION_REASON_LABELS);
  expect(review.score.cultureFit).toBe(COLLABORATION_LABEL);
  expect(review.score.guidance).toBe(SCORING_GUIDANCE);
  expect(Object.keys(review.stageNames).sort()).toEqual(Object.values(STATUS_LABELS).sort());
});

it("names the stage of a move in German, and the hire that closes the job as a whole", () => {
  expect(translateMessage("de", "The candidate moved to Under Review.")).toBe(
    "Die Person ist jetzt in der Phase „In Prüfung“.",
  );
  expect(translateMessage("de", "2 applicants moved to Not Selected. No email was sent.")).toBe(
    "2 Bewerbende sind jetzt in der Phase „Nicht ausgewählt“. Es wurde keine E-Mail gesendet.",
  );
  expect(
    translateMessage(
      "de",
      "The candidate moved to Hired. We'll let them know. Every opening is filled, so the job is closed: we'll tell the 3 undecided applicants.",
    ),
  ).toBe(
    "Die Person ist jetzt eingestellt. Wir geben ihr Bescheid. Alle Positionen sind besetzt, daher ist die Stelle geschlossen: Wir geben den 3 unentschiedenen Bewerbenden Bescheid.",
  );
  expect(translateMessage("en", "The candidate moved to Interview.")).toBe("The candidate moved to Interview.");
});
