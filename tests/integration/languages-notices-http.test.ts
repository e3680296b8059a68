// The pages the scheduled emails link to, in German over HTTP without JavaScript (decision 090): a
// German candidate's retention reminder links to the talent-pool page with ?lng=de, which a signed-out
// visitor reads in German, and its POST answers in German; a German recruiter's weekly digest links
// to its unsubscribe page the same way; a German candidate's CV maker page and its CV in German.
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { generate } from "otplib";
import { listMailbox, readMailboxMessage } from "../../lib/mail.ts";
import { enqueue } from "../../lib/queue.ts";
import { em } from "../../lib/db.ts";
import { WAIT } from "../support/wait.ts";
import { changeJobStatus, memberFor } from "../../modules/hiring/index.server.ts";
import { RETENTION_QUEUE, submitApplication, WAITING_DIGEST_QUEUE } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { flashCookieOf, signInOverHttp } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { germanPageCheck, langOf } from "../support/german.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const expectGerman = germanPageCheck(() => server.baseUrl);
const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);

beforeAll(async () => {
  running = await startServerWithModules({ SEARCH_PROVIDER: "none" });
  server = running.server;
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

/** The first link to `pathPrefix` in an email to `to` whose subject matches, once the server sent it. */
const linkInMail = (to: string, subject: RegExp, pathPrefix: string) =>
  vi.waitFor(
    async () => {
      for (const entry of await listMailbox(path.join(server.dataDir, "mail"))) {
        if (entry.to !== to || !subject.test(entry.subject)) continue;
        const link = (await readMailboxMessage(entry)).links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
        if (link) return new URL(link);
      }
      throw new Error("no email yet");
    },
    { ...WAIT, timeout: 30_000 },
  );

const employer = (email: string, company: string) =>
  signUpOnPlan({
    email,
    password: PASSWORD,
    role: "employer",
    full_name: "Olga Ohm",
    company_name: company,
    plan: "business",
  });
const candidate = (email: string, name: string) =>
  signUpOnPlan({ email, password: PASSWORD, role: "candidate", full_name: name, plan: "essential" });

it("opens the talent-pool link of a German reminder in German, signed out, and keeps the application in German", async () => {
  const olga = await employer("olga@pool-de.example.com", "Nordwind GmbH");
  const jana = await candidate("jana@pool-de.example.com", "Jana Jäger");
  await sql(`update users set language = 'de' where id = ?`, [jana.id]);
  const member = await memberFor(olga.id);
  const jobId = await publishTestJob(olga.id, { title: "Lagerleitung (m/w/d)", company_name: "Nordwind GmbH" });
  await submitApplication(jana.id, jobId);
  await changeJobStatus(member, jobId, "close");
  await sql(`update jobs set closed_at = now() - interval '11 months 7 days' where id = ?`, [jobId]);
  await enqueue(RETENTION_QUEUE, {});
  const link = await linkInMail(jana.email, /^Nordwind GmbH entfernt Ihre Bewerbung am /, "/talent-pool/");
  expect(link.search).toBe("?lng=de");

  // A signed-out visitor with an English browser: the link's language wins.
  const en = { headers: { "Accept-Language": "en-US" } };
  const offer = await (await fetch(server.baseUrl + link.pathname + link.search, en)).text();
  expect(langOf(offer)).toBe("de");
  const page = await expectGerman(link.pathname + link.search);
  expect(page).toContain("Im Talent-Pool von Nordwind GmbH bleiben?");
  expect(page).toMatch(/Am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4} wird Ihre Bewerbung \(Lagerleitung \(m\/w\/d\)\)/);
  const kept = await expectGerman(link.pathname + link.search, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: "",
  });
  expect(kept).toContain("Sie sind im Talent-Pool von Nordwind GmbH");
  expect(kept).toMatch(/behält Ihre Bewerbung \(Lagerleitung \(m\/w\/d\)\) bis zum \d{1,2}\. /);

  const forged = await expectGerman(`/talent-pool/nonsense?lng=de`);
  expect(forged).toContain("Link ungültig");
  expect(forged).toContain("Dieser Link ist ungültig");
});

it("opens a German digest's unsubscribe link in German and unsubscribes in German", async () => {
  const olga = await employer("olga@digest-de.example.com", "Südwind AG");
  await sql(`update users set language = 'de' where id = ?`, [olga.id]);
  const jobId = await publishTestJob(olga.id, { title: "Fahrer (m/w/d)", company_name: "Südwind AG" });
  const udo = await candidate("udo@digest-de.example.com", "Udo Uhl");
  const { applicationId } = await submitApplication(udo.id, jobId);
  await sql(`update applications set created_at = now() - interval '20 days' where id = ?`, [applicationId]);
  await enqueue(WAITING_DIGEST_QUEUE, {});
  const link = await linkInMail(olga.email, /wartet seit über 14 Tagen/, "/digest/unsubscribe/");
  expect(link.search).toBe("?lng=de");
  const ask = await expectGerman(link.pathname + link.search);
  expect(ask).toContain("Die wöchentliche Übersicht abbestellen?");
  const done = await expectGerman(link.pathname + link.search, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: "",
  });
  expect(done).toContain("Sie haben abbestellt");
});

it("shows a German candidate the CV maker and the CV in German", async () => {
  const jana = await candidate("jana@cv-de.example.com", "Jana Jäger");
  const client = await signInOverHttp(server.baseUrl, jana.email, PASSWORD);
  const as = { headers: { Cookie: client.cookie! } };
  const page = await expectGerman("/candidate/profile/cv?template=compact", as);
  expect(page).toContain("<title>Ihr Lebenslauf · Hirewise</title>");
  expect(page).toContain("Vorlage");
  expect(page).toContain("Kompakt");
  expect(page).toContain("PDF herunterladen");
  expect(page).toContain("Bei meinen Lebensläufen speichern");
  const pdf = await fetch(`${server.baseUrl}/candidate/profile/cv.pdf?template=classic&download=1`, {
    headers: { ...as.headers, "Accept-Language": "de-DE" },
  });
  expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  expect(pdf.headers.get("Content-Disposition")).toContain(
    encodeURIComponent("Jana Jäger - Lebenslauf - Klassisch.pdf"),
  );
});

it("walks a German reader through a forgotten password and a dead link, with the form's messages in German", async () => {
  const jana = await candidate("jana@reset-de.example.com", "Jana Jäger");
  const page = await expectGerman("/auth/forgot");
  expect(page).toContain("<title>Passwort zurücksetzen · Hirewise</title>");
  expect(page).toContain("Passwort vergessen?");
  const form = (fields: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams(fields).toString(),
  });
  const wrong = await expectGerman("/auth/forgot", form({ email: "kein-at" }));
  expect(wrong).toContain("Geben Sie eine gültige E-Mail-Adresse ein");
  const asked = await fetch(`${server.baseUrl}/auth/forgot`, { ...form({ email: jana.email }), redirect: "manual" });
  expect(asked.status).toBe(303);
  const sent = await expectGerman("/auth/forgot?sent=1");
  expect(sent).toContain("Falls es ein Konto mit dieser Adresse gibt, haben wir einen Link gesendet.");

  const link = await linkInMail(jana.email, /./, "/auth/reset/");
  const reset = await expectGerman(link.pathname);
  expect(reset).toContain("Neues Passwort wählen");
  expect(reset).toContain("Mindestens 8 Zeichen und kein gängiges Passwort.");
  const short = await expectGerman(link.pathname, form({ password: "kurz" }));
  expect(short).toContain("Verwenden Sie mindestens 8 Zeichen");
  const done = await fetch(server.baseUrl + link.pathname, {
    ...form({ password: "ein ganz neues Passwort" }),
    redirect: "manual",
  });
  expect(done.status).toBe(303);
  const notice = await (
    await fetch(server.baseUrl + done.headers.get("Location")!, {
      headers: { Cookie: flashCookieOf(done)!, "Accept-Language": "de" },
    })
  ).text();
  expect(notice).toContain("Ihr Passwort ist geändert. Melden Sie sich mit Ihrem neuen Passwort an.");

  const dead = await expectGerman(link.pathname);
  expect(dead).toContain("Dieser Link ist abgelaufen oder wurde bereits verwendet");
  expect(dead).toContain("Neuen Link senden");
  const deadVerify = await expectGerman("/auth/verify/nonsense");
  expect(deadVerify).toContain("Anmelden, um einen neuen Link zu erhalten");
  const client = await signInOverHttp(server.baseUrl, jana.email, "ein ganz neues Passwort");
  const verified = await expectGerman("/auth/verify", { headers: { Cookie: client.cookie! } });
  expect(verified).toContain("Ihre E-Mail-Adresse ist bestätigt");
});

it("asks a German reader for the second step in German, and refuses a wrong code in German", async () => {
  const email = "gia@two-factor-de.example.com";
  await signUpOnPlan({ email, password: PASSWORD, role: "employer", company_name: "Gia GmbH", plan: "business" });
  const client = await signInOverHttp(server.baseUrl, email, PASSWORD);
  await client.post("/account/two-factor", { intent: "start", password: PASSWORD });
  const secret = /id="setup-key"[^>]*>([A-Z2-7 ]+)</
    .exec(await (await client.get("/account/two-factor")).text())![1]!
    .replace(/ /g, "");
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 30_000) * 30 });
  expect((await client.post("/account/two-factor", { intent: "confirm", code })).status).toBe(200);

  const first = await fetch(`${server.baseUrl}/auth?mode=signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams({ mode: "signin", email, password: PASSWORD }).toString(),
  });
  const pending = first.headers
    .getSetCookie()
    .find((c) => c.startsWith("__two_factor="))!
    .split(";")[0]!;
  const as = (init: RequestInit = {}) => ({ ...init, headers: { Cookie: pending, ...(init.headers as object) } });
  const page = await expectGerman("/auth/two-factor", as());
  expect(page).toContain("<title>Zwei-Faktor-Anmeldung · Hirewise</title>");
  expect(page).toContain("Stattdessen einen Wiederherstellungscode verwenden");
  const recovery = await expectGerman("/auth/two-factor?method=recovery", as());
  expect(recovery).toContain("Wiederherstellungscode");
  const wrong = await expectGerman(
    "/auth/two-factor?method=code",
    as({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body: "method=code&code=000000",
    }),
  );
  expect(wrong).toMatch(/Dieser Code stimmt nicht\.|Dieser Code wurde bereits verwendet\./);
});
