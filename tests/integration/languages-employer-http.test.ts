// An employer's job in German over HTTP without JavaScript (decision 090): the applicants tab with
// its stages, sorts and rows, the header's actions and their notices and refusals, the Details tab
// with the vocabulary and pay through the locale, and the closing-date page. The job's own words
// (title, description, questions) stay as the employer wrote them.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { flashCookieOf, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { germanPageCheck } from "../support/german.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let stop: () => Promise<void>;
let jobId: string;
let nina: HttpClient;
const applications: string[] = [];
const expectGerman = germanPageCheck(() => server.baseUrl);

beforeAll(async () => {
  ({ server, stop } = await startServerWithModules({ SEARCH_PROVIDER: "none" }));
  const employer = await signUpOnPlan({
    email: "stellen@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Nordwind GmbH",
    full_name: "Nina Nord",
    plan: "business",
  });
  jobId = await publishTestJob(employer.id, { title: "Backend-Entwicklerin (m/w/d)" });
  for (const [i, name] of ["Anna Adler", "Bernd Berg"].entries()) {
    const person = await signUpOnPlan({
      email: `bewerbung${i}@example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: name,
      plan: "essential",
    });
    applications.push((await submitApplication(person.id, jobId)).applicationId);
  }
  nina = await signInOverHttp(server.baseUrl, "stellen@example.com", PASSWORD);
}, 120_000);

afterAll(async () => {
  await stop?.();
});

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
/** The page a redirect lands on, in German, with the notice the redirect set. */
const landed = async (answer: Response) =>
  (
    await fetch(server.baseUrl + redirectedTo(answer)!, {
      headers: { Cookie: `${nina.cookie}; ${flashCookieOf(answer)}`, "Accept-Language": "de" },
    })
  ).text();

it("shows the job's applicants in German: header, stages, sorts, rows and the move form", async () => {
  const page = await expectGerman(`/employer/jobs/${jobId}`, as());
  expect(page).toContain("<title>Backend-Entwicklerin (m/w/d) · Hirewise</title>");
  expect(page).toContain("← Zurück zur Übersicht");
  expect(page).toMatch(/Veröffentlicht am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}/);
  expect(page).toContain("2 Bewerbungen");
  expect(page).toContain("Stelle schließen");
  expect(page).toContain("Archivieren");
  expect(page).toContain("2 unentschiedene Bewerbende benachrichtigen");
  expect(page).toContain("Bewerbende (2)");
  expect(page).toContain("Gesprächsleitfäden");
  expect(page).toContain("Alle");
  expect(page).toContain("Engere Auswahl");
  expect(page).toContain("Neueste zuerst");
  expect(page).toContain("Ausgewählte verschieben nach");
  expect(page).toContain("Vorstellungsgespräch");
  expect(page).toMatch(/Beworben am \d{1,2}\. /);
  expect(page).toContain("Anna Adler in die engere Auswahl nehmen");
  expect(page).toContain("Bernd Berg absagen");
  const sorted = await expectGerman(`/employer/jobs/${jobId}?show=shortlisted&sort=match`, as());
  expect(sorted).toContain("Keine Bewerbungen mit diesem Status.");
});

it("says the header's refusals and notices in German, and the Details and closing pages too", async () => {
  // Reopen on an open job (a page left open elsewhere): the hiring module's refusal, translated.
  const refused = await expectGerman(`/employer/jobs/${jobId}`, post({ intent: "reopen" }));
  expect(refused).toContain("Eine aktive Stelle kann nicht wieder geöffnet werden.");
  const wrong = await expectGerman(`/employer/jobs/${jobId}/details`, post({ intent: "promote" }));
  expect(wrong).toContain("Wählen Sie Schließen, Wieder öffnen oder Archivieren.");

  const details = await expectGerman(`/employer/jobs/${jobId}/details`, as());
  expect(details).toContain("<title>Backend-Entwicklerin (m/w/d) · Details · Hirewise</title>");
  expect(details).toContain("Angaben zur Stelle");
  expect(details).toContain("Anstellungsart");
  expect(details).toContain("Vollzeit");
  expect(details).toContain("Überblick");
  expect(details).toContain("Bewerbungsschluss");

  const closing = await expectGerman(`/employer/jobs/${jobId}/closing`, as());
  expect(closing).toContain("Nimmt Bewerbungen bis zum");
  expect(closing).toContain("Bewerbungsschluss speichern");
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const extended = await nina.post(`/employer/jobs/${jobId}/closing`, { intent: "extend", closes_at: later });
  expect(await landed(extended)).toContain("Bewerbungsschluss gespeichert.");

  const shortlisted = await nina.post(`/employer/jobs/${jobId}`, { intent: `shortlist:${applications[0]}` });
  expect(await landed(shortlisted)).toContain("Die Person ist in der engeren Auswahl.");

  const closed = await nina.post(`/employer/jobs/${jobId}`, { intent: "close" });
  expect(await landed(closed)).toContain("Die Stelle ist geschlossen: Sie nimmt keine Bewerbungen mehr an.");
  const closedPage = await expectGerman(`/employer/jobs/${jobId}`, as());
  expect(closedPage).toContain("Stelle wieder öffnen");
  const reopened = await nina.post(`/employer/jobs/${jobId}/details`, { intent: "reopen" });
  expect(await landed(reopened)).toContain("Die Stelle ist wieder aktiv.");
});
