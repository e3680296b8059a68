// Quotas on expensive actions against the real server, with low limits set through QUOTAS: each
// protected action is done up to its limit, and the next answers 429 with Retry-After and a page
// (or `.data`) that says when to try again, without doing the work.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import sharp from "sharp";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { goodPdf } from "../fixtures/files.ts";

const LIMIT = 2;
const PASSWORD = "correct horse battery";

let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
const ids = {} as { employer: string; candidate: string; job: string };
const as = {} as { employer: HttpClient; candidate: HttpClient };

const count = async (sql: string, params: unknown[] = []) =>
  Number((await orm.em.fork().execute<{ n: string }[]>(sql, params))[0]!.n);

/** A 429 whose Retry-After is a whole number of seconds within the quota's window, and whose body says when to try again. */
async function expectRefused(response: Response, windowSeconds: number): Promise<string> {
  const body = await response.text();
  expect(response.status, body.slice(0, 300)).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(body).toMatch(
    /You have reached the limit of 2 [a-zA-Z ]+ per (minute|hour)\. Try again in \d+ (seconds?|minutes) \(at \d\d:\d\d UTC\)\./,
  );
  return body;
}

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"), {
    QUOTAS: `ai-generations=${LIMIT},resume-uploads=${LIMIT},image-uploads=${LIMIT},csv-exports=${LIMIT},signups=${LIMIT}`,
  });
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  // Made here, not through the sign-up form, so they spend none of the address's sign-ups.
  const [employer, candidate] = await Promise.all([
    signUp({ email: "erin@example.com", password: PASSWORD, role: "employer", company_name: "Acme", plan: "business" }),
    signUp({ email: "cara@example.com", password: PASSWORD, role: "candidate", plan: "essential" }),
  ]);
  ids.employer = employer.id;
  ids.candidate = candidate.id;
  ids.job = await publishTestJob(employer.id, { title: "Platform Engineer" });
  [as.employer, as.candidate] = await Promise.all([
    signInOverHttp(server.baseUrl, "erin@example.com", PASSWORD),
    signInOverHttp(server.baseUrl, "cara@example.com", PASSWORD),
  ]);
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  setOrm(undefined);
  await orm?.close();
  await server?.stop();
});

const MINUTE = 60_000;
const HOUR = 3_600_000;

/**
 * Runs `burst` (given its attempt number) within one window of the server's clock. A burst that
 * failed after the clock crossed into the next window (its uses split over two counts) is run
 * again from no uses, so the outcome never depends on when the test runs.
 */
async function inOneWindow(windowMs: number, burst: (attempt: number) => Promise<void>, db = () => orm): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await db().em.fork().execute(`delete from quota_counters`);
    const window = Math.floor(Date.now() / windowMs);
    try {
      return await burst(attempt);
    } catch (error) {
      if (Math.floor(Date.now() / windowMs) === window || attempt === 3) throw error;
    }
  }
}

describe("past its quota, each expensive action answers 429 with Retry-After", () => {
  it("sign-ups from one address, with the form's message; a forged X-Forwarded-For does not reset it", async () => {
    const signUpAs = (email: string, headers: Record<string, string> = {}, path = "/auth?mode=signup") =>
      fetch(server.baseUrl + path, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({
          mode: "signup",
          email,
          password: PASSWORD,
          full_name: "Sam Signup",
          role: "candidate",
        }).toString(),
      });
    await inOneWindow(HOUR, async (attempt) => {
      for (let i = 1; i <= LIMIT; i++) {
        const ok = await signUpAs(`signup${i}.${attempt}@example.com`);
        await ok.arrayBuffer();
        expect(ok.status).toBe(302);
      }
      // A page (JavaScript off), the same through `.data` (JavaScript on), and with a forged client
      // address (TRUST_PROXY is 0: the header is not believed).
      const page = await expectRefused(await signUpAs(`over1.${attempt}@example.com`), 3600);
      expect(page).toContain("<form");
      await expectRefused(await signUpAs(`over2.${attempt}@example.com`, {}, "/auth.data?mode=signup"), 3600);
      await expectRefused(await signUpAs(`over3.${attempt}@example.com`, { "X-Forwarded-For": "203.0.113.9" }), 3600);
      expect(await count(`select count(*) as n from users where email like ?`, [`over_.${attempt}@%`])).toBe(0);
    });
  });

  it("Generate with AI in the post wizard, keeping the draft as typed", async () => {
    const generate = (title: string, path = "/employer/jobs/new") =>
      as.employer.post(path, {
        intent: "generate-description",
        step: "1",
        title,
        company_name: "Acme",
        requirements: "Go and PostgreSQL",
        description: "",
      });
    const requested = () => count(`select count(*) as n from ai_generations where owner_id = ?`, [ids.employer]);
    await inOneWindow(HOUR, async (attempt) => {
      const before = await requested();
      for (let i = 1; i <= LIMIT; i++) {
        const ok = await generate(`Generated ${i}`);
        await ok.arrayBuffer();
        expect(ok.status).toBe(302);
      }
      const page = await expectRefused(await generate(`Refused role ${attempt}`), 3600);
      expect(page).toContain(`Refused role ${attempt}`);
      await expectRefused(await generate(`Refused role ${attempt} over data`, "/employer/jobs/new.data"), 3600);
      expect(await requested()).toBe(before + LIMIT);
      // The refused presses kept what was typed.
      expect(
        await count(`select count(*) as n from jobs where employer_id = ? and draft->>'title' like ?`, [
          ids.employer,
          `Refused role ${attempt}%`,
        ]),
      ).toBe(2);
    });
  });

  it("resume uploads in the apply wizard, with the message beside the upload", async () => {
    const pdf = await goodPdf("Cara Candidate, engineer");
    const upload = (path = `/candidate/jobs/${ids.job}/apply?step=2`) =>
      as.candidate.postMultipart(path, [
        { name: "step", value: "2" },
        { name: "intent", value: "upload" },
        { name: "resume", filename: "Cara CV.pdf", body: pdf },
      ]);
    await inOneWindow(HOUR, async () => {
      for (let i = 1; i <= LIMIT; i++) {
        const ok = await upload();
        await ok.arrayBuffer();
        expect(ok.status).toBe(302);
      }
      const draftResume = () =>
        orm.em
          .fork()
          .execute(`select resume_id from application_drafts where candidate_id = ? and job_id = ?`, [
            ids.candidate,
            ids.job,
          ]);
      const kept = await draftResume();
      const page = await expectRefused(await upload(), 3600);
      expect(page).toContain("Cara CV.pdf");
      await expectRefused(await upload(`/candidate/jobs/${ids.job}/apply.data?step=2`), 3600);
      // The refused uploads replaced nothing.
      expect(await draftResume()).toEqual(kept);
    });
  });

  it("logo re-encodes on /account", async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a6" } })
      .png()
      .toBuffer();
    const upload = (path = "/account") =>
      as.employer.postMultipart(path, [
        { name: "intent", value: "upload" },
        { name: "logo", filename: "logo.png", type: "image/png", body: png },
      ]);
    const logo = async () =>
      (await orm.em.fork().execute(`select company_logo from users where id = ?`, [ids.employer]))[0].company_logo;
    await inOneWindow(HOUR, async () => {
      for (let i = 1; i <= LIMIT; i++) {
        const ok = await upload();
        await ok.arrayBuffer();
        expect(ok.status).toBe(302);
      }
      const kept = await logo();
      expect(kept).toMatch(/^\/files\/logos\//);
      const page = await expectRefused(await upload(), 3600);
      expect(page).toContain("Company logo");
      await expectRefused(await upload("/account.data"), 3600);
      expect(await logo()).toBe(kept);
    });
  });

  it("CSV exports, as a readable page with a link back to the job", async () => {
    const path = `/employer/jobs/${ids.job}/applications.csv`;
    await inOneWindow(MINUTE, async () => {
      for (let i = 1; i <= LIMIT; i++) {
        const ok = await as.employer.get(path);
        expect(ok.headers.get("Content-Type")).toContain("text/csv");
        await ok.arrayBuffer();
        expect(ok.status).toBe(200);
      }
      const refused = await as.employer.get(path);
      expect(refused.headers.get("Content-Type")).toContain("text/html");
      const page = await expectRefused(refused, 60);
      expect(page).toContain(`href="/employer/jobs/${ids.job}"`);
    });
  });
});

describe("past the site's job-search provider calls", () => {
  // A JSearch on 127.0.0.1 that answers every search with no listings, and counts what it is asked.
  const asked: string[] = [];
  let provider: Server;
  let site: AppServer;
  let siteOrm: MikroORM;

  beforeAll(async () => {
    provider = createServer((req, res) => {
      asked.push(new URL(req.url ?? "/", "http://x").searchParams.get("query") ?? "");
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ status: "OK", request_id: "r", data: [] }));
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    const port = (provider.address() as AddressInfo).port;
    site = await startAppServer(inject("adminDatabaseUrl"), {
      SEARCH_PROVIDER: "jsearch",
      SEARCH_API_KEY: "quota-test-key",
      SEARCH_API_URL: `http://127.0.0.1:${port}`,
      QUOTAS: "search-provider-calls=1",
    });
    siteOrm = await openOrm(site.databaseUrl);
  }, 120_000);

  afterAll(async () => {
    await siteOrm?.close();
    await site?.stop();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it("shows the board's results and a notice, never an error, and does not call the provider", async () => {
    await inOneWindow(
      MINUTE,
      async (attempt) => {
        asked.length = 0;
        // Other words each attempt: a reply cached by an earlier attempt would cost no call.
        const first = await fetch(`${site.baseUrl}/jobs?q=engineer${attempt}`);
        expect(first.status).toBe(200);
        expect(await first.text()).not.toContain("are unavailable right now");
        const second = await fetch(`${site.baseUrl}/jobs?q=designer${attempt}`);
        expect(second.status).toBe(200);
        expect(await second.text()).toContain(
          "Listings from JSearch are unavailable right now. Showing jobs on Hirewise.",
        );
        expect(asked).toEqual([`engineer${attempt}`]);
      },
      () => siteOrm,
    );
  });
});
