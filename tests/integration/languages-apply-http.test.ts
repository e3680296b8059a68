// The apply wizards in German over HTTP, JavaScript off (decision 090): a visitor walks the three
// steps without an account (refusals beside the answers, the resume and the name and email in
// German), confirms from the emailed link, and lands on the German "sent" notice; a candidate walks
// the same steps from their account. The employer's words (the job, its questions) stay as written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { redirectedTo, sessionCookieOf, signInOverHttp } from "../support/http.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { germanPageCheck } from "../support/german.ts";
import { goodPdf, multipartBody, PNG, type Part } from "../fixtures/files.ts";
import { emptyQuestion, jobToApply } from "../../modules/hiring/index.server.ts";

const PASSWORD = "correct horse battery";
const GERMAN = { "Accept-Language": "de-DE,de;q=0.9" };
let server: AppServer;
let stop: () => Promise<void>;
let jobId: string;
let answers: Record<string, string>;

const expectGerman = germanPageCheck(() => server.baseUrl);

beforeAll(async () => {
  ({ server, stop } = await startServerWithModules({ SEARCH_PROVIDER: "none" }));
  const employer = await signUpOnPlan({
    email: "bewerbung@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Nordwind GmbH",
    full_name: "Nina Nord",
    plan: "business",
  });
  // Austin: a US job, so the review step asks the voluntary self-identification.
  jobId = await publishTestJob(employer.id, {
    title: "Data Engineer (written by the employer)",
    questions: [
      { ...emptyQuestion(), question_text: "Which pipeline did you build?", category: "practical-experience" },
      {
        ...emptyQuestion(),
        question_text: "Which scheduler?",
        question_type: "multiple_choice",
        options: "Airflow, Dagster",
      },
      { ...emptyQuestion(), question_text: "Rate your SQL.", question_type: "rating" },
    ],
  });
  const [text, choice, rating] = (await jobToApply(jobId))!.questions.map((q) => `answer_${q.id}`);
  answers = { [text!]: "A CDC pipeline into the warehouse.", [choice!]: "Airflow", [rating!]: "4" };
}, 120_000);

afterAll(async () => {
  await stop?.();
});

/** A form post as a browser without JavaScript sends it, with `cookie`. */
const form = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { Origin: server.baseUrl, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

const multipart = (cookie: string, parts: Part[]): RequestInit => ({
  method: "POST",
  headers: {
    Origin: server.baseUrl,
    Cookie: cookie,
    "Content-Type": "multipart/form-data; boundary=----hirewise-test-boundary",
  },
  body: new Uint8Array(multipartBody(parts)),
});

const send = (path: string, init: RequestInit) =>
  fetch(server.baseUrl + path, {
    redirect: "manual",
    ...init,
    headers: { ...GERMAN, ...(init.headers as Record<string, string>) },
  });

/** Steps 1 and 2 in German: a refused Next, the answers, a refused file, then a PDF. */
async function walkFirstSteps(apply: string, cookie: string) {
  const first = await expectGerman(`${apply}?step=1`, { headers: { Cookie: cookie } });
  expect(first).toContain("Vorauswahlfragen");
  expect(first).toContain("Praxiserfahrung");
  expect(first).toContain("Ausgezeichnet");
  expect(first).toContain("Which pipeline did you build?");
  const missing = await expectGerman(`${apply}?step=1`, form(cookie, { step: "1", intent: "next" }));
  expect(missing).toContain("Bitte beantworten Sie die 3 unten markierten Fragen, um fortzufahren.");
  expect(missing).toContain("Bitte beantworten Sie diese Frage.");
  const answered = await send(`${apply}?step=1`, form(cookie, { step: "1", intent: "next", ...answers }));
  expect(redirectedTo(answered)).toBe(`${apply}?step=2`);

  const second = await expectGerman(`${apply}?step=2`, { headers: { Cookie: cookie } });
  expect(second).toContain("Lebenslauf hochladen");
  expect(second).toContain("Nur PDF-Dateien, höchstens");
  const notPdf = await expectGerman(
    `${apply}?step=2`,
    multipart(cookie, [
      { name: "step", value: "2" },
      { name: "intent", value: "upload" },
      { name: "resume", filename: "photo.pdf", body: PNG },
    ]),
  );
  expect(notPdf).toContain("Bitte laden Sie eine PDF-Datei hoch");
  const uploaded = await send(
    `${apply}?step=2`,
    multipart(cookie, [
      { name: "step", value: "2" },
      { name: "intent", value: "next" },
      { name: "resume", filename: "dana.pdf", body: await goodPdf("Dana Data") },
    ]),
  );
  expect(redirectedTo(uploaded)).toBe(`${apply}?step=3`);

  const review = await expectGerman(`${apply}?step=3`, { headers: { Cookie: cookie } });
  expect(review).toContain("Bewerbung überprüfen");
  expect(review).toContain("3 von 3 Fragen beantwortet");
  expect(review).toContain("dana.pdf");
  expect(review).toContain("Freiwillige Selbstauskunft");
  expect(review).toContain("Ich möchte keine Angabe machen");
  return review;
}

describe("the apply wizards in German", { timeout: 180_000 }, () => {
  it("takes a visitor through the steps, the name and email, the confirm page and the sent notice", async () => {
    const apply = `/jobs/${jobId}/apply`;
    const opened = await send(apply, {});
    const cookie = opened.headers
      .getSetCookie()
      .find((c) => c.startsWith("guest_apply="))!
      .split(";")[0]!;
    const first = await expectGerman(apply, { headers: { Cookie: cookie } });
    expect(first).toContain("Zum Start brauchen Sie kein Konto");
    expect(first).toContain("<title>Bewerbung: Data Engineer (written by the employer) · Hirewise</title>");

    const review = await walkFirstSteps(apply, cookie);
    expect(review).toContain("Ihre Angaben");
    expect(review).toContain("Bewerbung senden");

    const bad = await expectGerman(
      `${apply}?step=3`,
      form(cookie, { step: "3", intent: "submit", full_name: "", email: "dana@" }),
    );
    expect(bad).toContain("Bitte prüfen Sie die unten markierten Felder.");
    expect(bad).toContain("Geben Sie Ihren vollständigen Namen ein");
    expect(bad).toContain("Geben Sie eine gültige E-Mail-Adresse ein");
    const held = await send(
      `${apply}?step=3`,
      form(cookie, { step: "3", intent: "submit", full_name: "Dana Data", email: "dana@bewerbung.example" }),
    );
    expect(redirectedTo(held)).toBe(`${apply}?step=3`);
    const waiting = await expectGerman(`${apply}?step=3`, { headers: { Cookie: cookie } });
    expect(waiting).toContain("Ihre Bewerbung wartet auf Ihre Bestätigung");
    expect(waiting).toContain("<strong>dana@bewerbung.example</strong>");

    const link = await linkFromMailbox(
      server.dataDir,
      "dana@bewerbung.example",
      // The link's email is in the language the visitor applied in.
      "Bestätigen Sie Ihre Bewerbung: Data Engineer (written by the employer)",
      "/apply/confirm/",
    );
    const confirm = await expectGerman(link);
    expect(confirm).toContain("Bestätigen und Bewerbung senden");
    expect(confirm).toContain("Passwort (freiwillig)");
    const short = await expectGerman(link, form("", { password: "short" }));
    expect(short).toContain("Verwenden Sie mindestens 8 Zeichen");
    const confirmed = await send(link, form("", { password: "" }));
    expect(redirectedTo(confirmed)).toBe("/candidate/applications?submitted=1");
    // My Applications in German: the notice, the counts, the card with its status and dates.
    const sent = await expectGerman("/candidate/applications?submitted=1", {
      headers: { Cookie: sessionCookieOf(confirmed)! },
    });
    expect(sent).toContain("Ihre Bewerbung wurde gesendet!");
    expect(sent).toContain("Meine Bewerbungen");
    expect(sent).toContain(">Eingegangen<");
    expect(sent).toMatch(/Beworben am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}/);
    // The account the link made keeps the language: the application's own emails are German too.
    const confirmation = await linkFromMailbox(
      server.dataDir,
      "dana@bewerbung.example",
      "Wir haben Ihre Bewerbung an Acme gesendet",
      "/candidate/applications/",
    );
    expect(confirmation).toMatch(/^\/candidate\/applications\/[0-9a-f-]{36}$/);
    // The link works once: opened again, the dead-link page in German.
    expect(await expectGerman(link)).toContain("Dieser Link ist abgelaufen oder wurde schon verwendet");
  });

  it("takes a candidate through the same steps from their account, and says a job that isn't there in German", async () => {
    await signUpOnPlan({
      email: "carla@bewerbung.example",
      password: PASSWORD,
      role: "candidate",
      full_name: "Carla Kandidat",
      plan: "essential",
    });
    const carla = await signInOverHttp(server.baseUrl, "carla@bewerbung.example", PASSWORD);
    const apply = `/candidate/jobs/${jobId}/apply`;
    const allowance = await (await send(apply, { headers: { Cookie: carla.cookie! } })).text();
    expect(allowance).toMatch(/Noch \d+ von \d+ Bewerbungen in Ihrem Tarif Essential\.|Ihr Tarif Essential hat keine/);
    const review = await walkFirstSteps(apply, carla.cookie!);
    expect(review).toContain("Bewerbung absenden");
    expect(review).toContain("Professional-Tarif");
    const submitted = await send(
      `${apply}?step=3`,
      form(carla.cookie!, { step: "3", intent: "submit", eeo_gender: "declined" }),
    );
    expect(redirectedTo(submitted)).toBe("/candidate/applications?submitted=1");
    const sent = await send("/candidate/applications?submitted=1", { headers: { Cookie: carla.cookie! } });
    expect(await sent.text()).toContain("Ihre Bewerbung wurde gesendet!");
    // The account the link made keeps the language: the application's own emails are German too.
    const confirmation = await linkFromMailbox(
      server.dataDir,
      "dana@bewerbung.example",
      "Wir haben Ihre Bewerbung an Acme gesendet",
      "/candidate/applications/",
    );
    expect(confirmation).toMatch(/^\/candidate\/applications\/[0-9a-f-]{36}$/);

    const missing = await expectGerman("/candidate/jobs/not-a-job/apply", { headers: { Cookie: carla.cookie! } });
    expect(missing).toContain("Die Stelle, auf die Sie sich bewerben möchten, wurde nicht gefunden.");
    await expectGerman("/jobs/not-a-job/apply");
  });
});
