// Signed-in search pages from a shared render with personal holes (lib/http/edge-cache/README.md),
// against the real production server: for candidates with and without saved and applied jobs, names
// with markup characters and other scripts, in both themes, the filled page's markup is byte for byte
// the full render's (but for the per-request CSP nonce), its JSON element holds the viewer's values
// and its scripts are the shared copy's, the same for everyone; a board change clears the shared
// render; a browser carrying `__last_write` gets a full render; and nobody sees another person's
// name or marks, one after another or all at once.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { saveJob } from "../../modules/saved/index.server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";
const SEARCH = "/candidate/jobs?q=holography&location=";

let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
let db: pg.Client;
let employer: HttpClient;
const jobs: string[] = [];

interface Person {
  name: string;
  email: string;
  client: HttpClient;
  saved: string[];
  applied: string[];
}
const people: Record<"ana" | "ben" | "chi" | "dev", Person> = {} as never;

async function candidate(key: keyof typeof people, name: string, saved: number[], applied: number[]) {
  const email = `shared-${key}@example.com`;
  const account = await signUpOnPlan({
    email,
    password: PASSWORD,
    role: "candidate",
    full_name: name,
    plan: "essential",
  });
  for (const i of saved) await saveJob(account.id, `board:${jobs[i]}`);
  for (const i of applied) await submitApplication(account.id, jobs[i]!);
  people[key] = {
    name,
    email,
    client: await signInOverHttp(server.baseUrl, email, PASSWORD),
    saved: saved.map((i) => jobs[i]!),
    applied: applied.map((i) => jobs[i]!),
  };
}

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"), { SEARCH_PROVIDER: "none" });
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  const employerId = (
    await signUpOnPlan({
      email: "shared-employer@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Holo Labs",
      full_name: "Hal Holo",
      plan: "business",
    })
  ).id;
  for (let i = 0; i < 6; i++)
    jobs.push(
      await publishTestJob(employerId, {
        title: `Holography Engineer ${i + 1}`,
        company_name: "Holo Labs",
        description: `Holograms, level ${i + 1}.`,
      }),
    );
  await candidate("ana", `Ana <b>&amp;</b> "Quote" O'Hara`, [0, 2], [1]);
  await candidate("ben", "Ben Plain", [], []);
  await candidate("chi", "張偉 Ωμέγα Åsa", [3], [3, 4]);
  await candidate("dev", "ßeta 🙂 Dev", [5], []);
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  // Another status than the first one: its badge differs.
  await db.query("update applications set status = 'shortlisted' where job_id = $1", [jobs[4]]);
  employer = await signInOverHttp(server.baseUrl, "shared-employer@example.com", PASSWORD);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await queue?.stop();
  await orm?.close();
  setOrm(undefined);
  expect(await server?.stop()).toBe(0);
});

/**
 * A candidate's GET; `full` adds a `__last_write` cookie, and `flash` a notice's cookie (app/flash.server.ts),
 * which always get the full render.
 */
async function open(
  person: Person,
  path: string,
  options: { full?: boolean; flash?: string; theme?: "dark" | "light"; hint?: "dark" | "light" } = {},
) {
  const cookies = [person.client.cookie!];
  if (options.flash) cookies.push(options.flash);
  if (options.theme) cookies.push(`theme=${Buffer.from(JSON.stringify(options.theme)).toString("base64")}`);
  if (options.full) cookies.push(`__last_write=${Date.now()}`);
  const headers: Record<string, string> = { Cookie: cookies.join("; "), "Accept-Encoding": "identity" };
  if (options.hint) headers["Sec-CH-Prefers-Color-Scheme"] = options.hint;
  const response = await fetch(server.baseUrl + path, { redirect: "manual", headers });
  const shared = /shared-render/.test(response.headers.get("server-timing") ?? "");
  return { response, shared, html: await response.text() };
}

/** The nonce is per request (the CSP header names it): the same page has another one each time. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
const PERSONAL = /<script type="application\/json" id="personal-values">([\s\S]*?)<\/script>/;
/** What a browser without JavaScript shows: the scripts' contents left out, and the shared copy's JSON element. */
const markupOf = (html: string) =>
  withoutNonce(html)
    .replace(PERSONAL, "")
    .replace(/(<script[^>]*>)[\s\S]*?<\/script>/g, "$1</script>");
/** The page's scripts but its JSON element: the framework's, with its hydration data. */
const scriptsOf = (html: string) =>
  [
    ...withoutNonce(html)
      .replace(PERSONAL, "")
      .matchAll(/<script[^>]*>[\s\S]*?<\/script>/g),
  ]
    .map((m) => m[0])
    .join("\n");
/** The viewer's values a page from the shared copy carries for the browser. */
const personalOf = (html: string) =>
  JSON.parse(PERSONAL.exec(html)?.[1] ?? "null") as {
    name: string;
    email: string;
    marks: Record<string, { saved: boolean; applied: string | null }>;
  } | null;
function firstDifference(a: string, b: string) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length || i < b.length
    ? `at ${i}: ${JSON.stringify(a.slice(i - 150, i + 150))} vs ${JSON.stringify(b.slice(i - 150, i + 150))}`
    : "";
}

describe("a candidate's search page from the shared render", () => {
  const variants = [{}, { theme: "dark" as const }, { theme: "light" as const }, { hint: "dark" as const }];

  it("has the full render's markup, the viewer's values for the browser and everyone's scripts", async () => {
    for (const key of ["ana", "ben", "chi", "dev"] as const) {
      const person = people[key];
      for (const variant of variants) {
        const label = `${key} ${JSON.stringify(variant)}`;
        const filled = await open(person, SEARCH, variant);
        const full = await open(person, SEARCH, { ...variant, full: true });
        expect(filled.response.status, label).toBe(200);
        expect(filled.shared, label).toBe(true);
        expect(full.shared, label).toBe(false);
        // React 18's Node renderer padded views with zero bytes where a multi-byte character crossed them (entry.server.tsx).
        expect(full.html.includes("\0"), label).toBe(false);
        expect(firstDifference(markupOf(filled.html), markupOf(full.html)), label).toBe("");
        expect(personalOf(full.html), label).toBeNull();
        const personal = personalOf(filled.html)!;
        expect({ name: personal.name, email: personal.email }, label).toEqual({
          name: person.name,
          email: person.email,
        });
        const marked = (id: string) => personal.marks[`board:${id}`];
        for (const id of person.saved) expect(marked(id)?.saved, label).toBe(true);
        for (const id of person.applied) expect(marked(id)?.applied, label).toBeTruthy();
        expect(Object.keys(personal.marks).length, label).toBe(new Set([...person.saved, ...person.applied]).size);
        // The hydration data is the shared copy's, untouched: another candidate's page has the same scripts.
        const other = await open(people[key === "ben" ? "ana" : "ben"], SEARCH, variant);
        expect(scriptsOf(filled.html), label).toBe(scriptsOf(other.html));
        expect(scriptsOf(filled.html), label).not.toContain(person.email);
        // The nonce in the markup is this response's own, the one its CSP allows.
        const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(
          filled.response.headers.get("content-security-policy") ?? "",
        )?.[1];
        expect(nonce, label).toBeTruthy();
        expect(filled.html, label).toContain(`nonce="${nonce}"`);
        expect(filled.response.headers.get("cache-control"), label).toBe("private, no-store");
      }
    }
  });

  it("shows each candidate's own name and marks", async () => {
    const ana = await open(people.ana, SEARCH);
    expect(ana.shared).toBe(true);
    expect(ana.html).toContain("Ana &lt;b&gt;&amp;amp;&lt;/b&gt; &quot;Quote&quot; O&#x27;Hara");
    expect(ana.html.match(/aria-pressed="true"/g)).toHaveLength(2);
    expect(ana.html.match(/aria-label="Applied to /g)).toHaveLength(1);
    const chi = await open(people.chi, SEARCH);
    expect(chi.html).toContain("張偉 Ωμέγα Åsa");
    expect(chi.html).toContain("Shortlisted");
    expect(chi.html.match(/aria-label="Applied to /g)).toHaveLength(2);
    const ben = await open(people.ben, SEARCH);
    expect(ben.html).not.toMatch(/aria-pressed="true"|Applied to /);
  });

  it("never shows one candidate another's name, email or marks, in turn or all at once", async () => {
    const order = ["ana", "ben", "chi", "dev", "ben", "ana", "dev", "chi"] as const;
    const check = (key: keyof typeof people, html: string) => {
      for (const other of Object.keys(people) as (keyof typeof people)[]) {
        if (other === key) continue;
        expect(html, `${key} sees ${other}`).not.toContain(people[other].email);
      }
      expect(html.match(/aria-pressed="true"/g)?.length ?? 0, key).toBe(people[key].saved.length);
      expect(html.match(/aria-label="Applied to /g)?.length ?? 0, key).toBe(people[key].applied.length);
      expect(html, key).toContain(people[key].email);
      // What the browser hydrates from: this person's values, never another's.
      const personal = personalOf(html);
      if (personal) {
        expect(personal.email, key).toBe(people[key].email);
        expect(Object.values(personal.marks).filter((m) => m.saved).length, key).toBe(people[key].saved.length);
      }
    };
    for (const key of order) check(key, (await open(people[key], SEARCH)).html);
    const together = await Promise.all(
      [...order, ...order, ...order].map(async (key) => ({ key, page: await open(people[key], SEARCH) })),
    );
    for (const { key, page } of together) {
      expect(page.response.status).toBe(200);
      check(key, page.html);
    }
    expect(together.some(({ page }) => page.shared)).toBe(true);
  });

  it("is rendered in full for a browser that just wrote, a `.data` request and a notice in the URL or a cookie", async () => {
    expect((await open(people.ana, SEARCH, { full: true })).shared).toBe(false);
    // A notice to show once: this browser's own render reads it and clears it, and nobody keeps the answer.
    expect((await open(people.ana, SEARCH)).shared).toBe(true);
    const flashed = await open(people.ana, SEARCH, { flash: "__flash=a-notice" });
    expect(flashed.shared).toBe(false);
    expect(flashed.response.headers.getSetCookie().some((c) => /^__flash=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(flashed.response.headers.get("cache-control")).toBe("private, no-store");
    expect((await open(people.ana, `${SEARCH}&unavailable=1`)).shared).toBe(false);
    const data = await fetch(`${server.baseUrl}/candidate/jobs.data?q=holography&location=`, {
      headers: { Cookie: people.ana.client.cookie! },
    });
    expect(data.status).toBe(200);
    expect(data.headers.get("server-timing") ?? "").not.toMatch(/shared-render/);
  });

  it("is rendered afresh after a board change", async () => {
    const card = `job-board-${jobs[0]}`;
    expect((await open(people.ben, SEARCH)).html).toContain(card);
    expect((await employer.post(`/employer/jobs/${jobs[0]}/details`, { intent: "close" })).status).toBe(302);
    const afterClose = await open(people.ben, SEARCH);
    expect(afterClose.shared).toBe(true);
    expect(afterClose.html).not.toContain(card);
    expect((await employer.post(`/employer/jobs/${jobs[0]}/details`, { intent: "reopen" })).status).toBe(302);
    const afterReopen = await open(people.ana, SEARCH);
    expect(afterReopen.shared).toBe(true);
    expect(afterReopen.html).toContain(card);
    expect(markupOf(afterReopen.html)).toBe(markupOf((await open(people.ana, SEARCH, { full: true })).html));
  });

  it("serves a candidate's /jobs the same way", async () => {
    for (const key of ["ana", "chi"] as const) {
      const filled = await open(people[key], "/jobs?q=holography");
      const full = await open(people[key], "/jobs?q=holography", { full: true });
      expect(filled.shared, key).toBe(true);
      expect(firstDifference(markupOf(filled.html), markupOf(full.html)), key).toBe("");
    }
    // An employer's /jobs is theirs, rendered in full.
    const asEmployer = await employer.get("/jobs?q=holography");
    expect(asEmployer.headers.get("server-timing") ?? "").not.toMatch(/shared-render/);
    expect(await asEmployer.text()).toContain("Hal Holo");
  });

  it("leaves employers, visitors and the job detail view to the full render where they differ", async () => {
    const asEmployer = await employer.get(SEARCH);
    expect(asEmployer.status).toBe(302);
    // No name of their own: the header shows the email.
    const namelessAccount = await signUpOnPlan({
      email: "shared-nameless@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "",
      plan: "essential",
    });
    await saveJob(namelessAccount.id, `board:${jobs[2]}`);
    const nameless: Person = {
      name: "",
      email: "shared-nameless@example.com",
      client: await signInOverHttp(server.baseUrl, "shared-nameless@example.com", PASSWORD),
      saved: [jobs[2]!],
      applied: [],
    };
    for (const variant of [{}, { theme: "dark" as const }]) {
      const filled = await open(nameless, SEARCH, variant);
      expect(filled.shared).toBe(true);
      expect(filled.html).toContain("shared-nameless@example.com");
      expect(
        firstDifference(
          markupOf(filled.html),
          markupOf((await open(nameless, SEARCH, { ...variant, full: true })).html),
        ),
      ).toBe("");
    }
    expect((await open(people.ben, SEARCH)).html).not.toContain("shared-nameless@example.com");
    const detail = `${SEARCH}&job=${encodeURIComponent(`board:${jobs[1]}`)}`;
    const filled = await open(people.ana, detail);
    const full = await open(people.ana, detail, { full: true });
    expect(filled.shared).toBe(true);
    expect(firstDifference(markupOf(filled.html), markupOf(full.html))).toBe("");
    expect(filled.html).toContain("Applied to ");
  });
});
