// A candidate's own pages in German over HTTP without JavaScript (decision 090): the application
// page with its timeline, the withdraw confirmation and its notice, the interview page, saved jobs,
// job alerts with their notices and refusals, and the alert's unsubscribe page (signed out, in the
// language its emailed link carries). The employer's words (the job's title) stay as written.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { flashCookieOf, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { germanPageCheck, langOf } from "../support/german.ts";
import { em } from "../../lib/db.ts";
import { moveApplication, submitApplication } from "../../modules/applications/index.server.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { setLanguage } from "../../modules/identity/index.server.ts";
import { listAlerts, unsubscribeUrl } from "../../modules/saved/index.server.ts";

const PASSWORD = "correct horse battery";
const GERMAN = { "Accept-Language": "de-DE,de;q=0.9" };
let server: AppServer;
let stop: () => Promise<void>;
let jobId: string;
let applicationId: string;
let gretaId: string;
let employerId: string;
let greta: HttpClient;
let grete: HttpClient;
const expectGerman = germanPageCheck(() => server.baseUrl);
// One key for this process and the server's, so a link signed here (the digest's unsubscribe link) is valid there.
const previousKey = process.env.SECRET_KEY;
process.env.SECRET_KEY ??= "languages-follow-http-test-key-0123456789";

beforeAll(async () => {
  ({ server, stop } = await startServerWithModules({ SEARCH_PROVIDER: "none" }));
  const employer = await signUpOnPlan({
    email: "folgen@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Acme",
    full_name: "Nina Nord",
    plan: "business",
  });
  employerId = employer.id;
  jobId = await publishTestJob(employer.id, { title: "Backend-Entwicklerin (m/w/d)" });
  const candidate = await signUpOnPlan({
    email: "greta@example.com",
    password: PASSWORD,
    role: "candidate",
    full_name: "Greta Gruen",
    plan: "essential",
  });
  gretaId = candidate.id;
  applicationId = (await submitApplication(candidate.id, jobId)).applicationId;
  greta = await signInOverHttp(server.baseUrl, "greta@example.com", PASSWORD);
  // A second candidate who chose Deutsch on /account: her pages are German without the header.
  const other = await signUpOnPlan({
    email: "grete@example.com",
    password: PASSWORD,
    role: "candidate",
    full_name: "Grete Gross",
    plan: "essential",
  });
  await setLanguage(other.id, "de");
  grete = await signInOverHttp(server.baseUrl, "grete@example.com", PASSWORD);
}, 120_000);

afterAll(async () => {
  await stop?.();
  if (previousKey === undefined) delete process.env.SECRET_KEY;
});

const as = (client: HttpClient, init: RequestInit = {}) => ({
  ...init,
  headers: { Cookie: client.cookie!, Origin: server.baseUrl, ...(init.headers as Record<string, string>) },
});
const post = (fields: Record<string, string>, client = greta) =>
  as(client, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const send = (path: string, fields: Record<string, string>) => {
  const init = post(fields);
  return fetch(server.baseUrl + path, { redirect: "manual", ...init, headers: { ...init.headers, ...GERMAN } });
};
/** The page a redirect lands on, in German, with the notice the redirect set. */
const landed = async (answer: Response, client = greta) => {
  expect(redirectedTo(answer), await answer.clone().text()).toBeTruthy();
  return (
    await fetch(server.baseUrl + redirectedTo(answer)!, {
      headers: { Cookie: `${client.cookie}; ${flashCookieOf(answer)}`, ...GERMAN },
    })
  ).text();
};

it("shows the application page, its timeline and the withdraw confirmation in German, then the notice", async () => {
  const page = await expectGerman(`/candidate/applications/${applicationId}`, as(greta));
  expect(page).toContain("<title>Bewerbung: Backend-Entwicklerin (m/w/d) · Hirewise</title>");
  expect(page).toContain("← Meine Bewerbungen");
  expect(page).toMatch(/Beworben am \d{1,2}\. /);
  expect(page).toContain("Verlauf");
  expect(page).toContain("Sie haben sich beworben");
  expect(page).toMatch(/Sie(<!-- -->)? · <time[^>]*>\d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}, \d{2}:\d{2} UTC</);
  expect(page).toContain("Nachricht an Acme");
  expect(page).toContain("Bewerbung zurückziehen");

  const confirm = await expectGerman(`/candidate/applications/${applicationId}?confirm=withdraw`, as(greta));
  expect(confirm).toContain("Ihre Bewerbung bei Acme zurückziehen?");
  expect(confirm).toContain("Ja, zurückziehen");
  expect(confirm).toContain("Behalten");

  const withdrawn = await greta.post(`/candidate/applications/${applicationId}`, { intent: "withdraw" });
  const after = await landed(withdrawn);
  expect(after).toContain("Ihre Bewerbung ist zurückgezogen.");
  expect(after).toContain("Sie haben Ihre Bewerbung zurückgezogen");
  expect(after).toContain("Das Unternehmen sieht sie als „Zurückgezogen“.");
  await expectGerman(`/candidate/applications/${applicationId}`, as(greta));
  const missing = await expectGerman(`/candidate/applications/00000000-0000-4000-8000-000000000000`, as(greta));
  expect(missing).toContain("Bewerbung nicht gefunden");
});

it("shows the interview page in German, and its refusal", async () => {
  const page = await expectGerman(`/candidate/applications/${applicationId}/interview`, as(greta));
  expect(page).toContain("<title>Vorstellungsgespräch · Hirewise</title>");
  expect(page).toContain("Ihr Vorstellungsgespräch");
  expect(page).toContain("← Zurück zu Ihrer Bewerbung");
  expect(page).toContain("Es wurden noch keine Termine für ein Vorstellungsgespräch angeboten.");
  const refused = await expectGerman(`/candidate/applications/${applicationId}/interview`, post({ intent: "" }));
  expect(refused).toContain("Wählen Sie einen Termin, oder teilen Sie dem Unternehmen mit, dass keiner passt.");
});

it("shows the offered times, the booking and the cancelling in German, and the timeline's interview entry", async () => {
  const otherJob = await publishTestJob(employerId, { title: "Plattform-Entwickler (m/w/d)" });
  const id = (await submitApplication(gretaId, otherJob)).applicationId;
  await moveApplication(await memberFor(employerId), id, "interview", { jobId: otherJob });
  const nina = await signInOverHttp(server.baseUrl, "folgen@example.com", PASSWORD);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const offered = await nina.post(`/employer/jobs/${otherJob}/applications/${id}/interview`, {
    intent: "offer",
    rows: "3",
    "date-0": day(3),
    "time-0": "10:00",
    "date-1": day(4),
    "time-1": "11:00",
    length: "30",
    location: "Raum 4",
    videoUrl: "",
    interviewer: employerId,
  });
  expect(offered.status, await offered.text()).toBe(302);
  const path = `/candidate/applications/${id}/interview`;
  // The interview's facts (app/components/interview.tsx) are not this page's words: no whole-page check here.
  const german = async () => (await fetch(server.baseUrl + path, as(greta, { headers: GERMAN }))).text();
  const pick = await german();
  expect(pick).toContain("<title>Vorstellungsgespräch: Plattform-Entwickler (m/w/d) · Hirewise</title>");
  expect(pick).toContain("Die Zeiten gelten in der Zeitzone des Unternehmens");
  expect(pick).toContain("Termin wählen");
  expect(pick).toContain("Diesen Termin buchen");
  expect(pick).toContain("Passt keiner dieser Termine?");
  expect(pick).toContain("Sagen Sie Acme, wann Sie können");
  const timeline = await expectGerman(`/candidate/applications/${id}`, as(greta));
  expect(timeline).toContain("Termine für ein Vorstellungsgespräch angeboten");
  expect(timeline).toContain("Acme hat Termine für ein Vorstellungsgespräch angeboten: Wählen Sie den passenden.");

  const wrong = await send(path, { intent: "book", slot: "nope", version: "0" });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Bitte wählen Sie einen der angebotenen Termine.");
  const [slot] = await em().execute<{ id: string }[]>(
    `select s.id from interview_slots s join interviews i on i.id = s.interview_id where i.application_id = ? order by s.starts_at limit 1`,
    [id],
  );
  const booked = await greta.post(path, { intent: "book", slot: slot!.id, version: "0" });
  const bookedPage = await landed(booked);
  expect(bookedPage).toContain("Ihr Vorstellungsgespräch ist gebucht.");
  expect(bookedPage).toContain("Gebucht");
  expect(bookedPage).toContain("Vorstellungsgespräch absagen");
  expect(await german()).toContain("Zum Kalender hinzufügen (.ics)");
  const cancelled = await greta.post(path, { intent: "cancel" });
  expect(await landed(cancelled)).toContain("Dieses Vorstellungsgespräch wurde von Ihnen abgesagt.");
  const after = await expectGerman(`/candidate/applications/${id}`, as(greta));
  expect(after).toContain("Vorstellungsgespräch abgesagt");
  expect(after).toMatch(/Von Ihnen abgesagt \(es war für .+ gebucht\)\./);
});

it("shows saved jobs in German, with the notices and refusals of saving and unsaving", async () => {
  const empty = await expectGerman("/candidate/saved", as(greta));
  expect(empty).toContain("<title>Gemerkte Jobs · Hirewise</title>");
  expect(empty).toContain("Noch keine gemerkten Jobs");
  const saved = await greta.post("/candidate/saved", { intent: "save", job: jobId, redirectTo: "/candidate/saved" });
  expect(redirectedTo(saved)).toBe("/candidate/saved");
  const list = await expectGerman("/candidate/saved", as(greta));
  expect(list).toContain("Backend-Entwicklerin (m/w/d)");
  expect(list).toContain("Vollzeit");
  expect(list).toMatch(/Gemerkt am \d{1,2}\. /);
  expect(list).toContain("Backend-Entwicklerin (m/w/d) nicht mehr merken");
  const limit = await expectGerman("/candidate/saved?error=limit", as(greta));
  expect(limit).toContain("Sie haben so viele Jobs gemerkt, wie möglich ist.");
  // A fetcher's refusal (JavaScript on) comes back as data, in German too.
  const refused = await send("/candidate/saved", { intent: "save", job: "board:nope", respond: "data" });
  expect(refused.status).toBe(404);
  expect(await refused.text()).toContain("Dieser Job wurde nicht gefunden.");
  const removed = await greta.post("/candidate/saved", {
    intent: "unsave",
    job: jobId,
    redirectTo: "/candidate/saved",
  });
  expect(redirectedTo(removed)).toBe("/candidate/saved?removed=1");
  const gone = await expectGerman("/candidate/saved?removed=1", as(greta));
  expect(gone).toContain("Der Job wurde aus Ihren gemerkten Jobs entfernt.");
});

it("shows job alerts in German: the page, creating, a refusal, pausing and deleting, and the unsubscribe page", async () => {
  const empty = await expectGerman("/candidate/alerts", as(greta));
  expect(empty).toContain("<title>Job-Alarme · Hirewise</title>");
  expect(empty).toContain("Noch keine Job-Alarme");
  expect(empty).toContain("Meine Job-Alarme um 07:00 Uhr senden in");
  const draft = await expectGerman("/candidate/alerts?new=1&q=rust&location=Berlin&location_type=remote", as(greta));
  expect(draft).toContain("Neuer Job-Alarm");
  expect(draft).toContain("„rust“ in Berlin (Remote)");

  const created = await greta.post("/candidate/alerts", {
    intent: "create",
    q: "rust",
    location: "Berlin",
    employment_type: "FULLTIME",
    min_salary: "80000",
    currency: "EUR",
    frequency: "weekly",
  });
  expect(await landed(created)).toContain("Ihr Job-Alarm ist gespeichert.");
  const list = await expectGerman("/candidate/alerts", as(greta));
  expect(list).toContain("„rust“ in Berlin (Vollzeit, ab 80.000 EUR)");
  expect(list).toMatch(/Wöchentlich(<!-- -->)? · Noch nichts gesendet(<!-- -->)? · Nächster Versand am \d{1,2}\. /);
  expect(list).toContain("Änderungen speichern");
  const [alert] = await listAlerts(gretaId);

  const refused = await expectGerman(
    "/candidate/alerts",
    post({ intent: "update", alert: alert!.id, q: "x".repeat(201), location: "Berlin", frequency: "weekly" }),
  );
  expect(refused).toContain("Bitte prüfen Sie die Angaben des Job-Alarms.");
  expect(refused).toContain("Die Suchbegriffe dürfen höchstens 200 Zeichen lang sein.");
  const zone = await expectGerman("/candidate/alerts", post({ intent: "time-zone", time_zone: "Mars/Olympus" }));
  expect(zone).toContain("Bitte wählen Sie eine Zeitzone aus der Liste.");

  const paused = await greta.post("/candidate/alerts", { intent: "pause", alert: alert!.id });
  expect(await landed(paused)).toContain("Ihr Job-Alarm ist pausiert.");
  const resumed = await greta.post("/candidate/alerts", { intent: "resume", alert: alert!.id });
  expect(await landed(resumed)).toContain("Ihr Job-Alarm ist wieder aktiv.");

  // The emailed link, signed out: German by the language it carries, and by the browser's too.
  const link = new URL(await unsubscribeUrl(alert!.id, "de"));
  expect(link.search).toBe("?lng=de");
  const asked = await (await fetch(server.baseUrl + link.pathname + link.search)).text();
  expect(langOf(asked)).toBe("de");
  expect(asked).toContain("Von diesem Job-Alarm abmelden?");
  const page = await expectGerman(link.pathname);
  expect(page).toContain("Job-Alarm: „rust“ in Berlin (Vollzeit, ab 80.000 EUR)");
  const done = await fetch(server.baseUrl + link.pathname + link.search, {
    method: "POST",
    headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });
  const doneText = await done.text();
  expect(doneText).toContain("Sie sind abgemeldet");
  expect(doneText).toContain("Wir senden Ihnen zu dieser Suche keine E-Mails mehr.");
  const invalid = await (await fetch(`${server.baseUrl}/alerts/unsubscribe/forged.token?lng=de`)).text();
  expect(invalid).toContain("Dieser Abmeldelink ist nicht gültig.");

  const deleted = await greta.post("/candidate/alerts", { intent: "delete", alert: alert!.id });
  expect(await landed(deleted)).toContain("Ihr Job-Alarm ist gelöscht.");
  const missing = await greta.post("/candidate/alerts", { intent: "delete", alert: alert!.id });
  expect(missing.status).toBe(404);
});

it("follows the account's setting without the header", async () => {
  for (const path of ["/candidate/saved", "/candidate/alerts"]) {
    const page = await (await fetch(server.baseUrl + path, as(grete))).text();
    expect(langOf(page), path).toBe("de");
  }
  const page = await (await fetch(server.baseUrl + "/candidate/alerts", as(grete))).text();
  expect(page).toContain("Job-Alarme");
  expect(page).not.toContain("No job alerts yet");
});
