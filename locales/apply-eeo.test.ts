// The wizard shows the self-identification in the catalogue's words: in English they must stay the
// module's, which are the US forms' wording (the owner's report and the export read the module's).
import { expect, it } from "vitest";
import {
  EEO_OPTIONS,
  EEO_QUESTION_LABELS,
  EEO_QUESTIONS,
  PROTECTED_VETERAN_CLASSES,
} from "../modules/applications/browser.ts";
import { enApply } from "./en-apply.ts";
import { deApply } from "./de-apply.ts";

const { eeo } = enApply.apply;

it("words the questions, answers and veteran classes in English as the module does", () => {
  for (const question of EEO_QUESTIONS) {
    expect(eeo.questions[question]).toBe(EEO_QUESTION_LABELS[question]);
    const options = eeo.options[question] as Record<string, string>;
    expect(Object.keys(options)).toEqual(EEO_OPTIONS[question].map((o) => o.code));
    for (const option of EEO_OPTIONS[question]) {
      expect(options[option.code]).toBe(option.label);
      const descriptions = (eeo.descriptions as Record<string, Record<string, string>>)[question] ?? {};
      expect(descriptions[option.code]).toBe(option.description);
    }
  }
  expect(Object.values(eeo.veteranClasses)).toEqual(PROTECTED_VETERAN_CLASSES);
});

it("says in German that declining is an answer of its own", () => {
  for (const question of EEO_QUESTIONS)
    expect((deApply.apply.eeo.options[question] as Record<string, string>).declined).toBe(
      "Ich möchte keine Angabe machen",
    );
});
