// German beside English over HTTP, on the built server (decision 090): which language a page is
// in (an account's setting, then the footer's cookie, then Accept-Language by q-value, then
// English), the switch without JavaScript and its same-site return, and shared copies of public
// pages kept apart by language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { germanPageCheck } from "../support/german.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let stop: () => Promise<void>;
let jobId: string;

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.baseUrl + path, { redirect: "manual", headers });
  return { response, html: await response.text() };
}

/** The footer switch as a browser follows it: the cookie it sets, ready to send back. */
async function switchTo(language: string, back = "/jobs", cookie?: string) {
  const response = await fetch(`${server.baseUrl}/language?to=${language}&back=${encodeURIComponent(back)}`, {
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });
  const set = response.headers.getSetCookie().find((c) => c.startsWith("lng="));
  return { response, cookie: set?.split(";")[0] ?? null };
}

beforeAll(async () => {
  ({ server, stop } = await startServerWithModules({ SEARCH_PROVIDER: "none" }));
  const employer = await signUpOnPlan({
    email: "sprachen@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Nordwind GmbH",
    full_name: "Nina Nord",
    plan: "business",
  });
  jobId = await publishTestJob(employer.id, { title: "Platform Engineer (written by the employer)" });
}, 120_000);

afterAll(async () => {
  await stop?.();
});

describe("the page's language", () => {
  it("is English without any hint, and follows every Accept-Language entry by q-value", async () => {
    expect(langOf((await page("/jobs")).html)).toBe("en");
    expect(langOf((await page("/jobs", { "Accept-Language": "de-DE,de;q=0.9" })).html)).toBe("de");
    expect(langOf((await page("/jobs", { "Accept-Language": "de-AT" })).html)).toBe("de");
    // The first entry is not one of ours: the next supported one by q-value decides.
    expect(langOf((await page("/jobs", { "Accept-Language": "fr-FR,fr;q=0.9,de;q=0.8" })).html)).toBe("de");
    expect(langOf((await page("/", { "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5,de;q=0.8" })).html)).toBe("de");
    expect(langOf((await page("/", { "Accept-Language": "de;q=0.2,en;q=0.9" })).html)).toBe("en");
    expect(langOf((await page("/", { "Accept-Language": "fr, *" })).html)).toBe("en");
  });

  it("follows the footer's cookie over Accept-Language, and ?lng= over both", async () => {
    const { cookie } = await switchTo("de");
    expect(cookie).toMatch(/^lng=/);
    expect(langOf((await page("/jobs", { Cookie: cookie!, "Accept-Language": "en-US" })).html)).toBe("de");
    const english = (await switchTo("en")).cookie!;
    expect(langOf((await page("/", { Cookie: english, "Accept-Language": "de" })).html)).toBe("en");
    expect(langOf((await page("/jobs?lng=de", { Cookie: english })).html)).toBe("de");
    // A hand-written cookie is not one the site set: ignored.
    expect(langOf((await page("/", { Cookie: "lng=de" })).html)).toBe("en");
  });

  it("follows a signed-in account's setting over the cookie and Accept-Language", async () => {
    await signUpOnPlan({
      email: "konto@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Karl Konto",
      plan: "essential",
    });
    const karl = await signInOverHttp(server.baseUrl, "konto@example.com", PASSWORD);
    const english = (await switchTo("en")).cookie!;
    const withCookie = (path: string) =>
      fetch(server.baseUrl + path, { headers: { Cookie: `${karl.cookie}; ${english}`, "Accept-Language": "en" } });
    expect(langOf(await (await withCookie("/jobs")).text())).toBe("en");
    const saved = await karl.postMultipart("/account", [
      { name: "intent", value: "language" },
      { name: "language", value: "de" },
    ]);
    expect(redirectedTo(saved)).toMatch(/^\/account/);
    expect(langOf(await (await withCookie("/jobs")).text())).toBe("de");
    expect(langOf(await (await withCookie("/candidate/jobs")).text())).toBe("de");
    // The server refuses a language it does not have, beside the field.
    const refused = await karl.postMultipart("/account", [
      { name: "intent", value: "language" },
      { name: "language", value: "fr" },
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Wählen Sie English oder Deutsch");
    // Back to the browser's: Accept-Language decides again.
    await karl.postMultipart("/account", [
      { name: "intent", value: "language" },
      { name: "language", value: "" },
    ]);
    expect(langOf(await (await karl.get("/jobs")).text())).toBe("en");
  });
});

describe("the footer's switch", () => {
  it("is a plain link on every page that sets the cookie and goes back to the same page", async () => {
    const { html } = await page("/jobs?q=engineer");
    expect(html).toContain(`href="/language?to=de&amp;back=%2Fjobs%3Fq%3Dengineer"`);
    const { response } = await switchTo("de", "/jobs?q=engineer");
    expect(response.status).toBe(302);
    expect(redirectedTo(response)).toBe("/jobs?q=engineer");
  });

  it("goes back to a path on this site only", async () => {
    for (const back of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const { response } = await switchTo("de", back);
      expect(redirectedTo(response), back).toBe("/");
    }
    const unknown = await switchTo("xx", "/jobs");
    expect(redirectedTo(unknown.response)).toBe("/jobs");
    expect(unknown.cookie).toBeNull();
  });
});

describe("shared copies of public pages", () => {
  it("keep each language apart and vary with Accept-Language; the language cookie still gets a shared copy", async () => {
    const path = `/jobs/${jobId}`;
    const english = await page(path);
    const german = await page(path, { "Accept-Language": "de-DE,de;q=0.9" });
    expect(langOf(english.html)).toBe("en");
    expect(langOf(german.html)).toBe("de");
    // Asked again in the other order: each gets its own language's copy.
    expect(langOf((await page(path, { "Accept-Language": "de" })).html)).toBe("de");
    expect(langOf((await page(path)).html)).toBe("en");
    for (const { response } of [english, german]) {
      expect(response.headers.get("cache-control")).toMatch(/^public/);
      expect(response.headers.get("vary")).toMatch(/Accept-Language/i);
      expect(response.headers.get("vary")).toMatch(/Cookie/i);
    }
    expect(english.response.headers.get("etag")).not.toBe(german.response.headers.get("etag"));
    const { cookie } = await switchTo("de");
    const withCookie = await page(path, { Cookie: cookie! });
    expect(langOf(withCookie.html)).toBe("de");
    expect(withCookie.response.headers.get("cache-control")).toMatch(/^public/);
    expect(withCookie.response.headers.get("etag")).toBe(german.response.headers.get("etag"));
    // Theme and language together still share.
    const theme = (await fetch(`${server.baseUrl}/theme`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: "theme=dark&redirectTo=/",
    }).then((r) => r.headers.getSetCookie()[0]!.split(";")[0]))!;
    const both = await page(path, { Cookie: `${theme}; ${cookie}` });
    expect(langOf(both.html)).toBe("de");
    expect(both.response.headers.get("cache-control")).toMatch(/^public/);
    // Any other cookie is someone's: no shared copy.
    const other = await page(path, { Cookie: `${cookie}; other=1` });
    expect(other.response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("signed-in shared copies", () => {
  it("render once per language: a German candidate never gets an English copy, nor the reverse", async () => {
    for (const [email, name] of [
      ["deutsch@example.com", "Dora Deutsch"],
      ["english@example.com", "Ed English"],
    ])
      await signUpOnPlan({ email, password: PASSWORD, role: "candidate", full_name: name, plan: "essential" });
    const dora = await signInOverHttp(server.baseUrl, "deutsch@example.com", PASSWORD);
    const ed = await signInOverHttp(server.baseUrl, "english@example.com", PASSWORD);
    await dora.postMultipart("/account", [
      { name: "intent", value: "language" },
      { name: "language", value: "de" },
    ]);
    const search = "/candidate/jobs?q=platform&location=";
    const read = async (client: typeof dora, headers: Record<string, string> = {}) => {
      const response = await fetch(server.baseUrl + search, { headers: { Cookie: client.cookie!, ...headers } });
      return { html: await response.text(), shared: /shared-render/.test(response.headers.get("server-timing") ?? "") };
    };
    // Each order, twice: the second answer of each comes from its language's copy.
    for (const round of [1, 2]) {
      const german = await read(dora, { "Accept-Language": "en-US" });
      const english = await read(ed, { "Accept-Language": "en-US" });
      expect(langOf(german.html), `round ${round}`).toBe("de");
      expect(german.html).toContain("Finden Sie Ihre nächste Stelle");
      expect(german.html).toContain("Dora Deutsch");
      expect(langOf(english.html), `round ${round}`).toBe("en");
      expect(english.html).toContain("Find Your Next Opportunity");
      expect(english.html).toContain("Ed English");
      expect(english.html).not.toContain("Dora Deutsch");
      if (round === 2) expect([german.shared, english.shared]).toEqual([true, true]);
    }
    // Ed's browser asks for German: his copy is the German one.
    const edInGerman = await read(ed, { "Accept-Language": "de" });
    expect(langOf(edInGerman.html)).toBe("de");
    expect(edInGerman.html).toContain("Ed English");
  });
});

describe("pages in German", () => {
  const expectGerman = germanPageCheck(() => server.baseUrl);

  it("renders the home page in German", async () => {
    const home = await expectGerman("/");
    expect(home).toContain("Einstellen nach Können, nicht nach Schlagworten");
    expect(home).toContain("Bewerbungen");
  });

  it("renders the about page in German, with its hreflang alternates", async () => {
    const about = await expectGerman("/about");
    expect(about).toContain("Einstellungen sollten belohnen, was Menschen können");
    expect(about).toContain("<title>Über uns");
    expect(about).toMatch(/<link rel="alternate" hrefLang="de" href="[^"]*\/about\?lng=de"/);
  });

  it("renders How it works in German, with its hreflang alternates", async () => {
    const how = await expectGerman("/how-it-works");
    expect(how).toContain("Von der Stellenanzeige zur engeren Auswahl in vier Schritten");
    expect(how).toContain("Warum Teams mit Hirewise vorauswählen");
    expect(how).toMatch(/<link rel="alternate" hrefLang="de" href="[^"]*\/how-it-works\?lng=de"/);
  });

  it("renders pricing in German: the plans' lines, the toggles and the questions; plan names as they are", async () => {
    const pricing = await expectGerman("/pricing");
    expect(pricing).toContain("Einfache Preise für Arbeitgeber und Jobsuchende");
    expect(pricing).toContain("Häufige Fragen");
    await expectGerman("/pricing?audience=employers&billing=annual");
    const employers = (await page("/pricing?audience=employers", { "Accept-Language": "de" })).html;
    expect(employers).toContain("Bis zu 5 aktive Stellen");
    expect(employers).toContain("1 aktive Stelle");
    expect(employers).toContain("Jeder Tarif für Arbeitgeber enthält: ");
  });

  it("renders the frame, the job search and a job's page in German, the employer's words as written", async () => {
    const list = await expectGerman("/jobs");
    expect(list).toContain("Finden Sie Ihre nächste Stelle");
    expect(list).toContain("Zum Inhalt springen");
    // The job's own words are the employer's, never translated.
    expect(list).toContain("Platform Engineer (written by the employer)");
    await expectGerman("/jobs?q=platform&remote=0");
    await expectGerman("/jobs?q=nothing-matches-this");
    // Sample listings are other sites' jobs, in their own words: only the notice above them is ours.
    expect((await page("/jobs?sample=1", { "Accept-Language": "de" })).html).toContain("Dies sind Beispielanzeigen");
    const job = await expectGerman(`/jobs/${jobId}`);
    expect(job).toContain("Angaben zur Stelle");
    expect(job).toContain("Vollzeit");
    // Dates through Intl for the locale: "4. Dez. 2026", not "Dec 4, 2026".
    expect(job).toMatch(/Veröffentlicht am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}/);
    await expectGerman("/jobs/00000000-0000-4000-8000-000000000001");
  });

  it("renders sign in and sign up in German, with the form's messages", async () => {
    await expectGerman("/auth?mode=signin");
    const signUp = await expectGerman("/auth?mode=signup&role=candidate");
    expect(signUp).toContain("Konto erstellen");
    const post = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const refused = await expectGerman(
      "/auth?mode=signup",
      post({ mode: "signup", role: "candidate", email: "not-an-address", password: "short", full_name: "" }),
    );
    expect(refused).toContain("Geben Sie eine gültige E-Mail-Adresse ein");
    expect(refused).toContain("Verwenden Sie mindestens 8 Zeichen");
    expect(refused).toContain("Geben Sie Ihren vollständigen Namen ein");
    const wrong = await expectGerman(
      "/auth?mode=signin",
      post({ mode: "signin", email: "nobody@example.com", password: "wrong password here" }),
    );
    expect(wrong).toContain("E-Mail-Adresse oder Passwort ist falsch.");
  });

  it("renders the employer's dashboard in German: counts, the job's card, its status and dates", async () => {
    const employer = await signInOverHttp(server.baseUrl, "sprachen@example.com", PASSWORD);
    const dashboard = await expectGerman("/employer/dashboard", { headers: { Cookie: employer.cookie! } });
    expect(dashboard).toContain("Willkommen, Nina Nord");
    expect(dashboard).toContain("Neue Stelle ausschreiben");
    expect(dashboard).toContain("0 Bewerbungen");
    expect(dashboard).toContain(">Aktiv<");
    expect(dashboard).toMatch(/Veröffentlicht am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,3}\.? \d{4}/);
    expect(dashboard).toContain("<title>Übersicht · Hirewise</title>");
  });

  it("gives public pages hreflang alternates, and the sitemap lists both languages", async () => {
    const { html } = await page(`/jobs?lng=de`);
    const origin = server.baseUrl;
    expect(html).toContain(`<link rel="canonical" href="${origin}/jobs?lng=de"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${origin}/jobs"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="de" href="${origin}/jobs?lng=de"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin}/jobs"/>`);
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    for (const path of ["/", "/jobs", "/pricing", "/how-it-works", "/about", `/jobs/${jobId}`]) {
      expect(sitemap).toContain(`<loc>${origin}${path}</loc>`);
      expect(sitemap).toContain(`<loc>${origin}${path}?lng=de</loc>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${origin}${path}?lng=de"/>`);
    }
  });
});
