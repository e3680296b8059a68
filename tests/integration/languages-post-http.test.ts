// The post-a-job wizard in German over HTTP without JavaScript (decision 090): every step, its
// refusals in the modules' words translated, the days and pay through the locale, and the notice
// the dashboard shows once the job is published.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { flashCookieOf, redirectedTo, signInOverHttp, wizardDetailsPost } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { memberFor, saveCompanyScorecard } from "../../modules/hiring/index.server.ts";
import { germanPageCheck } from "../support/german.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let stop: () => Promise<void>;
let employerId: string;
const expectGerman = germanPageCheck(() => server.baseUrl);

beforeAll(async () => {
  ({ server, stop } = await startServerWithModules({ SEARCH_PROVIDER: "none" }));
  employerId = (
    await signUpOnPlan({
      email: "sprachen@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Nordwind GmbH",
      full_name: "Nina Nord",
      plan: "business",
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await stop?.();
});

it("walks the post-a-job wizard in German without JavaScript, the modules' messages and the days translated", async () => {
  // The company's own scorecard (its words, never translated), as a German company names it.
  await saveCompanyScorecard(await memberFor(employerId), [
    { name: "Fachliche Kenntnisse", guidance: "Zeigt die Kenntnisse, die die Stelle braucht.", group: "skills" },
    { name: "Erfahrung", guidance: "Hat Vergleichbares gemacht.", group: "experience" },
    { name: "Zusammenarbeit", guidance: "Erklärt klar und hört zu.", group: "collaboration" },
  ]);
  const nina = await signInOverHttp(server.baseUrl, "sprachen@example.com", PASSWORD);
  const as = (init: RequestInit = {}) => ({
    ...init,
    headers: { Cookie: nina.cookie!, Origin: server.baseUrl, ...(init.headers as Record<string, string>) },
  });
  const post = (fields: Record<string, string>) =>
    as({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const first = await expectGerman("/employer/jobs/new", as());
  expect(first).toContain("<title>Stellenanzeige aufgeben");
  expect(first).toContain("Grunddaten");
  expect(first).toContain("Schritt 1 von 3:");
  expect(first).toContain("Softwareentwicklung");
  // Days through Intl for the locale: "5. Feb. 2027", not "Feb 5, 2027".
  expect(first).toMatch(/am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}, wenn Sie heute veröffentlichen/);

  // Next on the empty form: the hiring module's messages, in German.
  const refused = await expectGerman(
    "/employer/jobs/new",
    post({ step: "1", intent: "next", company_name: "Nordwind GmbH", salary_currency: "EUR" }),
  );
  expect(refused).toContain("Bitte füllen Sie alle Pflichtfelder aus");
  expect(refused).toContain("Geben Sie den Jobtitel ein");
  expect(refused).toContain("Wählen Sie ein Arbeitsmodell");

  // The details as a browser without JavaScript posts them (a place whose law asks for a pay range).
  const typed = {
    ...wizardDetailsPost("Backend-Entwicklerin (m/w/d)", "Nordwind GmbH"),
    location: "Brooklyn, NY",
    salary_currency: "EUR",
    requirements: "Mehrere Jahre Erfahrung mit Go.",
    description: "Sie bauen unsere Zahlungsplattform.",
    "benefits[0]": "Jobrad",
  };
  const details = await nina.post("/employer/jobs/new", typed);
  expect(details.status).toBe(302);
  const draft = new URL(redirectedTo(details)!, server.baseUrl).searchParams.get("draft")!;
  const step = (n: number) => `/employer/jobs/new?draft=${draft}&step=${n}`;
  const again = await expectGerman(step(1), as());
  expect(again).toContain("Stellenanzeigen in New York City und New York State müssen eine Gehaltsspanne nennen");
  const benefit = await expectGerman(step(1), post({ ...typed, benefit: "jobrad", intent: "add-benefit" }));
  expect(benefit).toContain("„jobrad“ steht schon in der Liste");

  const questions = await expectGerman(step(2), as());
  expect(questions).toContain("Screening-Fragen");
  expect(questions).toContain("Noch keine Fragen");
  expect(redirectedTo(await nina.post(step(2), { step: "2", intent: "add-question" }))).toContain("step=2");
  const editor = await expectGerman(step(2), as());
  expect(editor).toContain("Frage 1");
  expect(editor).toContain("Freitext");
  const wrong = await expectGerman(
    step(2),
    post({
      step: "2",
      intent: "next",
      "questions[0].question_text": "Wie lange arbeiten Sie schon mit Go?",
      "questions[0].question_type": "multiple_choice",
      "questions[0].category": "practical-experience",
      "questions[0].options": "",
      "questions[0].required": "on",
    }),
  );
  expect(wrong).toContain("Bitte korrigieren Sie die markierten Fragen");
  expect(wrong).toContain("Geben Sie mindestens zwei Antwortmöglichkeiten an");
  const next = await nina.post(step(2), {
    step: "2",
    intent: "next",
    "questions[0].question_text": "Wie lange arbeiten Sie schon mit Go?",
    "questions[0].question_type": "text",
    "questions[0].category": "practical-experience",
    "questions[0].options": "",
    "questions[0].required": "on",
  });
  expect(redirectedTo(next)).toContain("step=3");

  const review = await expectGerman(step(3), as());
  expect(review).toContain("Stellenanzeige prüfen");
  expect(review).toContain("1 Frage, die Bewerberinnen und Bewerber beantworten.");
  expect(review).toMatch(/Freitext(<!-- -->)?, Pflichtfrage/);
  expect(review).toContain("Stellenanzeige veröffentlichen");
  expect(review).toMatch(/60 Tage nach der Veröffentlichung \(am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}/);
  await expectGerman(`${step(3)}&confirm=discard`, as());
  const gone = await expectGerman("/employer/jobs/new?draft=00000000-0000-4000-8000-000000000001&step=1", as());
  expect(gone).toContain("Stellenanzeige nicht gefunden");

  // Published: the page it lands on says so in German.
  const published = await nina.post(step(3), { step: "3", intent: "publish" });
  expect(redirectedTo(published)).toBe("/employer/dashboard");
  const landed = await fetch(server.baseUrl + "/employer/dashboard", {
    headers: { ...as().headers, Cookie: `${nina.cookie}; ${flashCookieOf(published)}`, "Accept-Language": "de" },
  });
  expect(await landed.text()).toContain("Ihre Stellenanzeige ist veröffentlicht!");
});
