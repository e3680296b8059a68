// /account in German over HTTP, JavaScript off (decision 090): a job seeker's and an employer's
// page with every card in German, a refused password change with its message in German, and the
// confirmations after saving in German. Names, emails and plan names stay as they are.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { flashCookieOf, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { germanPageCheck } from "../support/german.ts";

const PASSWORD = "correct horse battery";
const GERMAN = { "Accept-Language": "de-DE,de;q=0.9" };
let server: AppServer;
let stop: () => Promise<void>;
let candidate: HttpClient;
let employer: HttpClient;

const expectGerman = germanPageCheck(() => server.baseUrl);

beforeAll(async () => {
  ({ server, stop } = await startServerWithModules({ SEARCH_PROVIDER: "none" }));
  await signUpOnPlan({
    email: "konto@example.com",
    password: PASSWORD,
    role: "candidate",
    full_name: "Klara Konto",
    plan: "essential",
  });
  await signUpOnPlan({
    email: "firma@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Nordwind GmbH",
    full_name: "Nina Nord",
    plan: "business",
  });
  candidate = await signInOverHttp(server.baseUrl, "konto@example.com", PASSWORD);
  employer = await signInOverHttp(server.baseUrl, "firma@example.com", PASSWORD);
}, 120_000);

afterAll(async () => {
  await stop?.();
});

/** A form post as a browser without JavaScript sends it, in German. */
const form = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { Origin: server.baseUrl, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

const send = (path: string, init: RequestInit) =>
  fetch(server.baseUrl + path, {
    redirect: "manual",
    ...init,
    headers: { ...GERMAN, ...(init.headers as Record<string, string>) },
  });

describe("/account in German", { timeout: 120_000 }, () => {
  it("shows a job seeker's cards in German", async () => {
    const page = await expectGerman("/account", { headers: { Cookie: candidate.cookie! } });
    expect(page).toContain("<title>Konto · Hirewise</title>");
    expect(page).toContain("konto@example.com");
    expect(page).toContain("(Jobsuche)");
    expect(page).toContain("Ihr Foto");
    expect(page).toContain("Bestätigungslink senden");
    expect(page).toContain("Passwort ändern");
    expect(page).toContain("E-Mails zu meinen Bewerbungen");
    expect(page).toContain("Wo Sie angemeldet sind");
    expect(page).toContain("Zuletzt aktiv jetzt");
    expect(page).toContain("Zwei-Faktor-Anmeldung: aus");
    expect(page).toContain("Meine Daten exportieren");
    expect(page).toContain("Gesendete Bewerbungen");
  });

  it("shows an employer's logo, digest and usage in German", async () => {
    const page = await expectGerman("/account", { headers: { Cookie: employer.cookie! } });
    expect(page).toContain("(Arbeitgeber)");
    expect(page).toContain("Firmenlogo");
    expect(page).toContain("Unternehmensname");
    expect(page).toContain("Wöchentliche Übersicht");
    expect(page).toContain("Aktive Stellen");
    expect(page).toContain("Empfohlen: Sie verwalten Daten von Bewerbenden.");
  });

  it("refuses a wrong current password in German", async () => {
    const refused = await expectGerman(
      "/account",
      form(candidate.cookie!, {
        intent: "change-password",
        current_password: "not the password",
        new_password: "a brand new passphrase",
      }),
    );
    expect(refused).toContain("Ihr aktuelles Passwort ist nicht korrekt.");
    const empty = await expectGerman("/account", form(candidate.cookie!, { intent: "change-password" }));
    expect(empty).toContain("Geben Sie Ihr aktuelles Passwort ein");
  });

  it("confirms a saved name in German", async () => {
    const saved = await send("/account", form(candidate.cookie!, { intent: "names", full_name: "Klara Konto" }));
    expect(redirectedTo(saved)).toBe("/account#profile");
    const cookies = `${candidate.cookie!}; ${flashCookieOf(saved)!}`;
    const page = await expectGerman("/account", { headers: { Cookie: cookies } });
    expect(page).toContain("Gespeichert. Ihr Name ist aktualisiert.");
  });

  it("leaves the English page as it was", async () => {
    const page = await (await candidate.get("/account")).text();
    expect(page).toContain("<title>Account · Hirewise</title>");
    expect(page).toContain("Where you&#x27;re signed in");
    expect(page).toContain("Last active now");
  });

  it("shows the export and delete pages in German, and refuses a wrong confirmation in German", async () => {
    for (const client of [candidate, employer]) {
      const exported = await expectGerman("/account/export", { headers: { Cookie: client.cookie! } });
      expect(exported).toContain("<title>Ihre Daten exportieren · Hirewise</title>");
      expect(exported).toContain("Meine Daten herunterladen");
      const deleting = await expectGerman("/account/delete", { headers: { Cookie: client.cookie! } });
      expect(deleting).toContain("Was passiert");
      expect(deleting).toContain("Ihre Sitzungen, auf jedem Gerät.");
      expect(deleting).toContain("Mein Konto löschen");
    }
    const refused = await expectGerman(
      "/account/delete",
      form(candidate.cookie!, { password: PASSWORD, confirmation: "vielleicht" }),
    );
    expect(refused).toContain("Ihr Konto wurde nicht gelöscht. Prüfen Sie die Felder unten.");
    expect(refused).toContain("Geben Sie DELETE oder Ihre E-Mail-Adresse ein, um zu bestätigen.");
    const wrongPassword = await expectGerman(
      "/account/delete",
      form(candidate.cookie!, { password: "nicht das Passwort", confirmation: "DELETE" }),
    );
    expect(wrongPassword).toContain("Ihr Konto wurde nicht gelöscht.");
  });

  it("says an unusable new-address link in German", async () => {
    const page = await expectGerman("/account/email/nonsense", { headers: { Cookie: candidate.cookie! } });
    expect(page).toContain("Dieser Link kann nicht verwendet werden");
    expect(page).toContain("Zu Ihrem Konto");
  });
});
