// The post wizard's module messages in German: every message the hiring rules give for a bad form
// has a template (none comes back in English), the AI module's counts read as German sentences, and
// English stays exactly as the modules word it.
import { describe, expect, it } from "vitest";
import {
  applyListChange,
  checkDetails,
  checkQuestions,
  closingRule,
  emptyWizardForm,
  payRangeNoticeFor,
  summaryMessage,
  type WizardForm,
} from "#modules/hiring/index.server.ts";
import { NO_AI, type WizardView } from "./job-wizard.ts";
import { wizardChoicesIn, wizardViewIn } from "./job-wizard-words.server.ts";

const viewOf = (errors: Record<string, string[]>, extra: Partial<WizardView> = {}): WizardView => ({
  jobId: null,
  step: 1,
  form: emptyWizardForm(),
  notes: {
    closing: { need: "optional", earliest: "", defaultDay: "", chosenDay: null, timeZone: "UTC" },
    salaryRangeRequired: false,
    payRangeNotice: null,
  },
  published: false,
  questionsLocked: false,
  errors,
  formError: null,
  upgradeUrl: null,
  revision: "x",
  ai: NO_AI,
  confirmDiscard: false,
  ...extra,
});

const bad: WizardForm = {
  ...emptyWizardForm(),
  title: "x".repeat(201),
  salary_min: "lots",
  salary_max: "200000000",
  openings: "0",
  closes_at: "not a date",
  skills: "y".repeat(61),
  benefits: ["z".repeat(121)],
  salary_currency: "XYZ",
  experience_level: "wizard",
};

describe("the wizard's messages in German", () => {
  it("has a template for every message the rules give for a bad form", () => {
    const details = checkDetails(bad, closingRule("UTC", "active"));
    const empty = checkDetails(emptyWizardForm(), closingRule("UTC", "active"));
    const questions = checkQuestions([
      { question_text: "Eins?", question_type: "multiple_choice", category: "custom", options: "a", required: true },
      { question_text: "Zwei?", question_type: "text", category: "nope", options: "a, b", required: true },
      { question_text: "Drei?", question_type: "essay", category: "custom", options: "", required: false },
    ]);
    const errors: Record<string, string[]> = {
      ...(details.ok ? {} : details.errors),
      ...Object.fromEntries(Object.entries(empty.ok ? {} : empty.errors).map(([k, v]) => [`empty.${k}`, v])),
      ...(questions.ok ? {} : questions.errors),
      benefit: [
        ...Object.values(
          applyListChange(emptyWizardForm(), "add-benefit", " ", { questionsLocked: false }) ?? {},
        ).flat(),
        ...Object.values(
          applyListChange({ ...emptyWizardForm(), benefits: ["Jobrad"] }, "add-benefit", "jobrad", {
            questionsLocked: false,
          }) ?? {},
        ).flat(),
      ],
    };
    const english = Object.values(errors).flat();
    expect(english.length).toBeGreaterThan(15);
    const german = wizardViewIn(viewOf(errors, { formError: summaryMessage(errors) }), "de");
    const left = Object.values(german.errors)
      .flat()
      .filter((m) => english.includes(m));
    expect(left).toEqual([]);
    expect(german.formError).toBe("Bitte füllen Sie alle Pflichtfelder aus");
    expect(german.errors.benefit).toContain("„jobrad“ steht schon in der Liste");
    // English is the modules' own words.
    expect(wizardViewIn(viewOf(errors), "en").errors).toEqual(errors);
  });

  it("says the pay-range notice and the AI's counts as German sentences", () => {
    const notice = payRangeNoticeFor("Brooklyn, NY", "", "")!;
    const view = wizardViewIn(
      viewOf(
        {},
        {
          notes: { ...viewOf({}).notes, payRangeNotice: notice },
          ai: {
            pending: { description: false, questions: false },
            notices: [
              { kind: "questions", tone: "success", message: "Added 1 question. Edit or remove any of them." },
              {
                kind: "questions",
                tone: "success",
                message:
                  "Added 3 questions (a job can have at most 25); 2 were already in the list. Edit or remove any of them.",
              },
              {
                kind: "questions",
                tone: "warning",
                message:
                  "Replaced your questions with 10 questions. The AI service was unavailable, so these are general starting questions. Edit them to fit the role.",
              },
              { kind: "description", tone: "error", message: "Failed to generate job description. Please try again." },
            ],
          },
        },
      ),
      "de",
    );
    expect(view.notes.payRangeNotice).toBe(
      "Stellenanzeigen in New York City und New York State müssen eine Gehaltsspanne nennen: Geben Sie ein Minimum und ein Maximum an.",
    );
    expect(view.ai.notices.map((n) => n.message)).toEqual([
      "1 Frage hinzugefügt. Sie können jede davon bearbeiten oder entfernen.",
      "3 Fragen hinzugefügt (eine Stellenanzeige kann höchstens 25 haben); 2 standen schon in der Liste. Sie können jede davon bearbeiten oder entfernen.",
      "Ihre Fragen wurden durch 10 Fragen ersetzt. Der KI-Dienst war nicht erreichbar, daher sind dies allgemeine Fragen zum Start. Passen Sie sie an die Stelle an.",
      "Die Stellenbeschreibung konnte nicht erstellt werden. Bitte versuchen Sie es noch einmal.",
    ]);
  });

  it("says why the plan has no room for another job, and what publishing needs first", () => {
    const limit = (reason: string) =>
      wizardViewIn(viewOf({}, { publishLimit: { reason, upgradeUrl: null, closeHelps: true } }), "de").publishLimit!
        .reason;
    expect(limit("Your Startup plan includes 3 active jobs. Upgrade your plan to publish more.")).toBe(
      "Ihr Plan Startup umfasst 3 aktive Stellenanzeigen. Wechseln Sie zu einem größeren Plan, um weitere zu veröffentlichen.",
    );
    expect(limit("Your Free Trial includes 1 active job. Upgrade your plan to publish more.")).toMatch(
      /^Ihre kostenlose Testphase umfasst 1 aktive Stellenanzeige/,
    );
    expect(limit("Your Free Trial ended on Nov 24, 2026. Upgrade your plan to publish jobs.")).toBe(
      "Ihre kostenlose Testphase ist am 24. Nov. 2026 abgelaufen. Wechseln Sie zu einem bezahlten Plan, um Stellenanzeigen zu veröffentlichen.",
    );
    const unconfirmed = wizardViewIn(
      viewOf(
        {},
        {
          formError:
            "Confirm your email address before you publish a job. Open the link we sent to nina@example.com, or press Resend at the top of the page for a new one.",
        },
      ),
      "de",
    ).formError;
    expect(unconfirmed).toMatch(/^Bestätigen Sie Ihre E-Mail-Adresse.*nina@example\.com/);
  });

  it("labels the choices in the page's language, the values unchanged", () => {
    const german = wizardChoicesIn("de");
    expect(german.employmentTypes).toContainEqual(["FULLTIME", "Vollzeit"]);
    expect(german.questionTypes).toContainEqual(["text", "Freitext"]);
    expect(german.categories).toContainEqual(["Software Engineering", "Softwareentwicklung"]);
    expect(wizardChoicesIn("en").questionTypes).toContainEqual(["rating", "Rating (1-5)"]);
  });
});
