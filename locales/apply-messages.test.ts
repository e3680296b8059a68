// The apply flow's English messages, as the libraries, the applications module and the app write
// them, are all matched by the catalogue's templates: a reworded message would reach a German page
// in English, and this fails first. English passes through unchanged.
import { expect, it } from "vitest";
import { translateMessage } from "./index.ts";
import { ENCRYPTED_PDF, NOT_A_PDF, PDF_TOO_LARGE } from "../lib/pdf.ts";
import { ONE_FILE_ONLY, UNREADABLE_UPLOAD, UPLOAD_FAILED, tooLargeMessage } from "../lib/uploads.ts";
import { UNSTORABLE_FIELD, UNSTORABLE_FORM } from "../lib/forms.ts";
import { checkAnswers } from "../modules/applications/index.server.ts";
import { allowanceView } from "../app/allowance.server.ts";

const question = (id: string, questionType: string, options: string[] | null = null) => ({
  id,
  questionText: "Q",
  questionType,
  category: "custom",
  options,
  required: true,
  orderIndex: 0,
});

const allowance = (planName: string, limit: number | null, remaining: number | null) =>
  allowanceView({ allowed: true, sent: 0, limit, remaining, planName, reason: null, upgradeUrl: null }).text;

const answerProblems = Object.values(
  checkAnswers(
    [question("a", "text"), question("b", "text"), question("c", "multiple_choice", ["x"]), question("d", "rating")],
    { b: "y".repeat(6000), c: "nope", d: "9" },
  ),
);

const messages = [
  ...answerProblems,
  NOT_A_PDF,
  ENCRYPTED_PDF,
  PDF_TOO_LARGE,
  tooLargeMessage(25 * 1024 * 1024),
  ONE_FILE_ONLY,
  UNREADABLE_UPLOAD,
  UPLOAD_FAILED,
  UNSTORABLE_FIELD,
  UNSTORABLE_FORM,
  allowance("Free Trial", 3, 2),
  allowance("Free Trial", 3, 1),
  allowance("Essential", 10, 7),
  allowance("Essential", 10, 1),
  allowance("Professional", null, null),
  "Your Free Trial includes 3 applications. Upgrade your plan to apply to more jobs.",
  "Your Essential plan includes 1 application. Upgrade your plan to apply to more jobs.",
  "Your Free Trial ended on Nov 24, 2026. Upgrade your plan to keep applying to jobs.",
  "This job isn't accepting more applications right now. Please try again later.",
  "Please answer every question before submitting.",
  "Please check the fields marked below.",
  "Your application is waiting for you to confirm it: open the link we emailed to dana@example.com.",
  "Confirm your email address before you send an application. Open the link we sent to a@example.com, or press Resend at the top of the page for a new one.",
];

it("translates every message of the apply flow into German, and leaves English as it is", () => {
  expect(answerProblems).toHaveLength(4);
  for (const message of messages) {
    expect(translateMessage("de", message), message).not.toBe(message);
    expect(translateMessage("en", message)).toBe(message);
  }
  expect(translateMessage("de", allowance("Essential", 10, 7))).toBe(
    "Noch 7 von 10 Bewerbungen in Ihrem Tarif Essential.",
  );
  expect(
    translateMessage("de", "Your Free Trial includes 3 applications. Upgrade your plan to apply to more jobs."),
  ).toBe(
    "Ihre kostenlose Testphase umfasst 3 Bewerbungen. Wechseln Sie zu einem höheren Tarif, um sich auf weitere Stellen zu bewerben.",
  );
});
