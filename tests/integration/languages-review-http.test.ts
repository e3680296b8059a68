// The employer's review of an application in German over HTTP without JavaScript (decision 090): the
// application page with its cards and thread, the note, rating, scorecard, interview, reject and bulk
// move pages, the refusals those forms answer with, and the notices after a note, a rating, a move,
// an offer of times, a draft scorecard, a rejection, a bulk move and a hire that closes the job.
// Names and the job's own words (its title, its scorecard's attributes) stay as written.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { flashCookieOf, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { jobScorecard, memberFor, saveJobScorecard } from "../../modules/hiring/index.server.ts";
import { germanPageCheck } from "../support/german.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let stop: () => Promise<void>;
let jobId: string;
let ninaId: string;
let nina: HttpClient;
const applications: string[] = [];
const expectGerman = germanPageCheck(() => server.baseUrl);
const page = (i: number, rest = "") => `/employer/jobs/${jobId}/applications/${applications[i]}${rest}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ server, stop } = await startServerWithModules({ SEARCH_PROVIDER: "none" }));
  const employer = await signUpOnPlan({
    email: "pruefung@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Nordwind GmbH",
    full_name: "Nina Nord",
    plan: "business",
  });
  ninaId = employer.id;
  jobId = await publishTestJob(employer.id, { title: "Backend-Entwicklerin (m/w/d)" });
  // The job's scorecard as a German team words it (the built-in attributes are the job's own words).
  const member = await memberFor(employer.id);
  const names = ["Fachwissen", "Problemlösung", "Erfahrung", "Kommunikation", "Motivation"];
  const { attributes } = await jobScorecard(member, jobId);
  await saveJobScorecard(
    member,
    jobId,
    attributes.map((a, i) => ({
      id: a.id,
      name: names[i] ?? `Kriterium ${i + 1}`,
      guidance: "Woran wir es erkennen.",
      group: a.group,
    })),
  );
  for (const [i, name] of ["Anna Adler", "Bernd Berg", "Clara Conrad"].entries()) {
    const person = await signUpOnPlan({
      email: `pruefling${i}@example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: name,
      plan: "essential",
    });
    applications.push((await submitApplication(person.id, jobId)).applicationId);
  }
  nina = await signInOverHttp(server.baseUrl, "pruefung@example.com", PASSWORD);
}, 120_000);

afterAll(async () => {
  await stop?.();
});

const as = (init: RequestInit = {}) => ({
  ...init,
  headers: { Cookie: nina.cookie!, Origin: server.baseUrl, ...(init.headers as Record<string, string>) },
});
/** A refused post (nothing changes, so the checker may send it in both languages). */
const post = (fields: Record<string, string> | [string, string][]) =>
  as({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
/** The page a redirect lands on, in German, with the notice the redirect set. */
const landed = async (answer: Response) => {
  expect(answer.status, await answer.clone().text()).toBe(302);
  return (
    await fetch(server.baseUrl + redirectedTo(answer)!, {
      headers: { Cookie: `${nina.cookie}; ${flashCookieOf(answer)}`, "Accept-Language": "de" },
    })
  ).text();
};

it("shows an application to its employer in German: moves, cards, answers, thread and notes", async () => {
  const html = await expectGerman(page(0), as());
  expect(html).toContain("<title>Anna Adler · Hirewise</title>");
  expect(html).toContain("← Zurück zu Backend-Entwicklerin (m/w/d)");
  expect(html).toMatch(/Beworben am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4} auf Backend-Entwicklerin/);
  expect(html).toContain("Als in Prüfung markieren");
  expect(html).toContain("Zum Vorstellungsgespräch");
  expect(html).toContain("Bewertungsbögen");
  expect(html).toContain("Ihren Bewertungsbogen ausfüllen");
  expect(html).toContain("Die Einschätzung der KI");
  expect(html).toContain("Antworten auf die Screening-Fragen");
  expect(html).toContain("Statusverlauf");
  expect(html).toContain("Notizen und Bewertungen des Teams");
  expect(html).toContain("Noch keine Bewertungen");
  expect(html).toContain("Ihre Bewertung (1 schwach, 5 hervorragend)");
  expect(html).toContain("Nachricht senden");
  expect(html).toContain("← Vorherige Person");

  // Refusals answered on the page itself: an unknown move and an empty message.
  const noMove = await expectGerman(page(0), post({ intent: "promote" }));
  expect(noMove).toContain("Wählen Sie, wohin die Bewerbung verschoben werden soll.");
  const noText = await expectGerman(page(0), post({ intent: "message", body: "" }));
  expect(noText).toContain("Bitte schreiben Sie Ihre Nachricht.");
});

it("says after a note and a rating, and beside their refused fields, in German", async () => {
  const notePage = await expectGerman(page(0, "/notes"), as());
  expect(notePage).toContain("<title>Notiz des Teams · Hirewise</title>");
  expect(notePage).toContain("Zu einer Bewerbung auf Backend-Entwicklerin (m/w/d).");
  const empty = await expectGerman(page(0, "/notes"), post({ intent: "add", body: "" }));
  expect(empty).toContain("Bitte schreiben Sie die Notiz.");
  const added = await landed(await nina.post(page(0, "/notes"), { intent: "add", body: "Starke Antworten." }));
  expect(added).toContain("Ihre Notiz ist hinzugefügt.");
  expect(added).toContain("Nina Nord (Sie)");
  expect(added).toMatch(/\d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}, \d{1,2}:\d{2} (UTC|GMT[+-]\d+)/);

  const ratingPage = await expectGerman(page(0, "/rating"), as());
  expect(ratingPage).toContain("Einer Bewerbung auf Backend-Entwicklerin (m/w/d).");
  const wrong = await expectGerman(page(0, "/rating"), post({ stars: "9", reason: "" }));
  expect(wrong).toContain("Wählen Sie 1 bis 5 Sterne.");
  const rated = await landed(await nina.post(page(0, "/rating"), { stars: "4", reason: "Klar und genau" }));
  expect(rated).toContain("Ihre Bewertung ist gespeichert.");
  expect(rated).toContain("Durchschnitt 4 aus 1 Bewertung");
  expect(rated).toContain("4 von 5");
});

it("moves an application, offers interview times and keeps a scorecard draft, in German", async () => {
  const moved = await landed(await nina.post(page(0), { intent: "move:interview" }));
  expect(moved).toContain("Die Person ist jetzt in der Phase „Vorstellungsgespräch“. Wir geben ihr Bescheid.");
  expect(moved).toContain("Noch keine Termine angeboten. Anna Adler wählt einen der Termine, die Sie anbieten.");
  expect(moved).toContain("Angebot machen");

  const offer = await expectGerman(page(0, "/interview"), as());
  expect(offer).toContain("<title>Termine anbieten · Hirewise</title>");
  expect(offer).toContain("Termin 1: Datum");
  expect(offer).toContain("45 Minuten");
  expect(offer).toContain("Wer das Gespräch führt");
  expect(offer).toMatch(/Nina Nord(<!-- -->)? \(Sie\)/);
  const times = (dates: string[]) => ({
    intent: "offer",
    rows: "3",
    ...Object.fromEntries(dates.flatMap((date, i) => [[`date-${i}`, date] as const, [`time-${i}`, "10:00"] as const])),
    length: "30",
    location: "Raum 4",
    videoUrl: "",
    interviewer: ninaId,
  });
  const one = await expectGerman(page(0, "/interview"), post(times([inDays(3)])));
  expect(one).toContain("Bitte prüfen Sie die Termine und Angaben zum Gespräch.");
  expect(one).toContain("Bieten Sie mindestens 2 Termine an, damit die Person wählen kann.");
  const sent = await landed(await nina.post(page(0, "/interview"), times([inDays(3), inDays(4)])));
  expect(sent).toContain("Termine gesendet. Die Person wählt einen aus der E-Mail.");
  expect(sent).toContain("Wartet auf die Person");
  expect(sent).toContain("Angebotene Termine, Anna Adler hat noch keinen gewählt:");
  expect(sent).toMatch(/[A-Z][a-z]\., \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}, 10:00 (UTC|GMT[+-]\d+)/);
  expect(sent).toContain("30 Minuten");

  const card = await expectGerman(page(0, "/scorecard"), as());
  expect(card).toContain("<title>Ihr Bewertungsbogen · Hirewise</title>");
  expect(card).toContain("Klares Ja");
  expect(card).toContain("Nicht beurteilt");
  expect(card).toContain("Gesamtempfehlung");
  expect(card).toContain("Fähigkeiten");
  const incomplete = await expectGerman(page(0, "/scorecard"), post({ intent: "submit", takeaways: "" }));
  expect(incomplete).toMatch(/Bitte prüfen Sie \d+ Antworten unten\./);
  expect(incomplete).toContain("Wählen Sie Ihre Gesamtempfehlung.");
  const draft = await landed(await nina.post(page(0, "/scorecard"), { intent: "draft", takeaways: "Gut." }));
  expect(draft).toContain("Ihr Entwurf ist gespeichert. Reichen Sie ihn ein, wenn Sie fertig sind.");
  expect(draft).toContain("Ihren Entwurf fortsetzen");
});

it("confirms a rejection and a bulk move in German, with their refusals and notices", async () => {
  const reject = await expectGerman(page(1, "/reject"), as());
  expect(reject).toContain("<title>Bernd Berg absagen · Hirewise</title>");
  expect(reject).toContain("Bernd Berg absagen?");
  expect(reject).toContain("Grund (nur Ihr Team sieht ihn)");
  expect(reject).toContain("Fähigkeiten oder Erfahrung");
  expect(reject).toContain("In 24 Stunden (bis dahin können Sie die E-Mail zurückhalten)");
  expect(reject).toContain("Absagen und Person benachrichtigen");
  const unsure = await expectGerman(page(1, "/reject"), post({ intent: "maybe" }));
  expect(unsure).toContain("Wählen Sie Absagen und Person benachrichtigen oder Ohne E-Mail absagen.");
  const badReason = await expectGerman(page(1, "/reject"), post({ intent: "silent", reason: "mood" }));
  expect(badReason).toContain("Wählen Sie einen Grund aus der Liste.");
  const rejected = await landed(
    await nina.post(page(1, "/reject"), { intent: "silent", reason: "skills", reasonNote: "", emailTiming: "now" }),
  );
  expect(rejected).toContain("Die Person ist als „Nicht ausgewählt“ markiert. Es wurde keine E-Mail gesendet.");

  const empty = await expectGerman(`/employer/jobs/${jobId}/move`, as());
  expect(empty).toContain("Bewerbende verschieben");
  expect(empty).toContain("← Zurück zu den Bewerbenden");
  const none = await expectGerman(`/employer/jobs/${jobId}/move`, post({ to: "shortlisted" }));
  expect(none).toContain("Wählen Sie mindestens eine Person zum Verschieben.");
  const confirm = await expectGerman(
    `/employer/jobs/${jobId}/move`,
    post([
      ["ids", applications[2]!],
      ["to", "shortlisted"],
    ]),
  );
  expect(confirm).toContain("1 Person nach „Engere Auswahl“ verschieben?");
  expect(confirm).toContain("Nach „Engere Auswahl“ verschieben und Person benachrichtigen");
  expect(confirm).toContain("Nachricht an die Person (optional)");
  const bulk = await landed(
    await nina.post(`/employer/jobs/${jobId}/move`, {
      ids: applications[2]!,
      to: "shortlisted",
      confirm: "yes",
      intent: "notify",
      message: "",
    }),
  );
  expect(bulk).toContain("1 Person ist jetzt in der Phase „Engere Auswahl“. Wir geben ihr Bescheid.");
});

it("makes an offer and a hire that fills the last opening, and says so in German", async () => {
  const offered = await landed(await nina.post(page(0), { intent: "move:offer", why: "" }));
  expect(offered).toContain("Die Person ist jetzt in der Phase „Angebot“. Wir geben ihr Bescheid.");
  expect(offered).toContain("Entscheidungen (nur Ihr Team sieht sie)");
  expect(offered).toContain("Keine Begründung angegeben.");
  const hiring = await expectGerman(page(0), as());
  expect(hiring).toContain("Als eingestellt markieren");
  expect(hiring).toContain("Stelle schließen und der 1 weiteren unentschiedenen Person Bescheid geben");
  expect(hiring).toContain("Mit dieser Einstellung ist die einzige offene Position der Stelle besetzt.");
  expect(hiring).toContain("Begründung der Entscheidung");
  const hired = await landed(await nina.post(page(0), { intent: "move:hired", close_job: "on", why: "Passt." }));
  expect(hired).toContain(
    "Die Person ist jetzt eingestellt. Wir geben ihr Bescheid. Alle Positionen sind besetzt, daher ist die Stelle geschlossen: Wir geben der 1 unentschiedenen Person Bescheid.",
  );
  expect(hired).toContain("Begründung: Passt.");
});
