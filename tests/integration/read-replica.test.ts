// The app against a real streaming replica (DATABASE_READ_URL), made here with Debian's PostgreSQL
// 15 (pg_basebackup -R) on 127.0.0.1: board pages read the replica, a browser that has just posted
// reads the primary, and with the replica down every page still answers from the primary.
// The proofs pause the replica's WAL replay: while paused it keeps the state it had, so a page that
// lacks a job the primary has was read from the replica, and one that has it from the primary. No
// timing is involved.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WAIT } from "../support/wait.ts";
import type { MikroORM } from "@mikro-orm/postgresql";
import pg from "pg";
import { openOrm, migrate } from "../../db/orm.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { signInResponse, type Account } from "../../modules/identity/index.server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { startAppServerOn, type AppServer } from "../support/app-server.ts";
import { CookieBrowser } from "../support/cookie-browser.ts";
import { launchChromium, settled } from "../support/browser.ts";
import { signInAs } from "../support/sessions.ts";
import type { Browser } from "playwright-core";
import { publishTestJob } from "../support/jobs.ts";
import { adminQuery } from "../support/pg.ts";
import { replicaUnsupported, startReplicatedPair, type ReplicatedPair } from "../support/pg-replica.ts";

const unsupported = replicaUnsupported();
const PASSWORD = "correct horse battery staple";

interface Readyz {
  ready: boolean;
  replica?: { reachable: boolean; lagSeconds: number | null; serving: boolean; problem?: string };
  problems: string[];
}

if (unsupported) {
  it.skip(`read replica (skipped: ${unsupported})`, () => {});
} else {
  describe("with a streaming read replica", { timeout: 120_000 }, () => {
    let pair: ReplicatedPair;
    let orm: MikroORM;
    let queue: QueueRuntime;
    let server: AppServer;
    let employer: Account;
    let candidate: Account;
    let chromium: Browser;
    let alpha: string;
    let bravo: string;
    /** Closed by the employer in Chromium with JavaScript on, and off. */
    const closedInBrowser: Record<"on" | "off", string> = { on: "", off: "" };

    const visitor = () => new CookieBrowser();
    const signedIn = async (account: Account) => {
      const browser = new CookieBrowser();
      const cookie = (await signInResponse(account, "/", { userAgent: "read replica test" })).headers.get(
        "Set-Cookie",
      )!;
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      browser.cookies.push({ name: pair!.slice(0, at), value: pair!.slice(at + 1), host: "127.0.0.1", path: "/" });
      return browser;
    };
    const get = async (browser: CookieBrowser, path: string) => {
      const res = await browser.request(server.baseUrl + path);
      return { status: res.status, body: await res.text() };
    };
    const readyz = async () => (await (await fetch(`${server.baseUrl}/readyz`)).json()) as Readyz;
    const onServer = async <T>(url: string, sql: string): Promise<T[]> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql)).rows as T[];
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      pair = await startReplicatedPair();
      await adminQuery(pair.primaryUrl("postgres"), "create database hirewise");
      // The app's migrations and the queue's schema on the primary; the replica follows.
      orm = await openOrm(pair.primaryUrl("hirewise"));
      await migrate(orm);
      setOrm(orm);
      queue = await startQueue(pair.primaryUrl("hirewise"), logger, { workers: false });
      employer = await signUpOnPlan({
        email: "replica-boss@example.com",
        password: PASSWORD,
        role: "employer",
        company_name: "Atlas Maps",
        plan: "business",
      });
      candidate = await signUpOnPlan({
        email: "replica-cara@example.com",
        password: PASSWORD,
        role: "candidate",
        plan: "essential",
      });
      alpha = await publishTestJob(employer.id, { title: "Cartographer Alpha" });
      closedInBrowser.on = await publishTestJob(employer.id, { title: "Surveyor Charlie" });
      closedInBrowser.off = await publishTestJob(employer.id, { title: "Surveyor Delta" });
      chromium = await launchChromium();
      server = await startAppServerOn(pair.primaryUrl("hirewise"), {
        DATABASE_READ_URL: pair.replicaUrl("hirewise"),
        // The proofs hold the replica back on purpose; it must not be dropped for lagging meanwhile.
        DATABASE_READ_MAX_LAG_SECONDS: "600",
        RUN_WORKERS: "false",
      });
      await pair.caughtUp();
      // In a hook, where expect.poll is not available.
      await vi.waitFor(async () => expect((await readyz()).replica?.serving).toBe(true), { ...WAIT, timeout: 30_000 });
    }, 240_000);

    afterAll(async () => {
      await chromium?.close().catch(() => {});
      await server?.stop().catch(() => {});
      await queue?.stop().catch(() => {});
      await orm?.close().catch(() => {});
      setOrm(undefined);
      await pair?.stop();
    }, 60_000);

    it("reports the replica on /readyz, and its pool reads from it as hirewise-read", async () => {
      const ready = await readyz();
      expect(ready.ready).toBe(true);
      expect(ready.replica).toMatchObject({ reachable: true, serving: true });
      expect(ready.replica!.lagSeconds).toBeGreaterThanOrEqual(0);
      expect(ready.replica!.lagSeconds).toBeLessThan(600);
      expect((await get(visitor(), `/jobs/${alpha}`)).status).toBe(200);
      const names = (url: string) =>
        onServer<{ name: string }>(
          url,
          "select distinct application_name as name from pg_stat_activity where datname = 'hirewise'",
        );
      expect((await names(pair.replicaUrl("postgres"))).map((r) => r.name)).toContain("hirewise-read");
      expect((await names(pair.primaryUrl("postgres"))).map((r) => r.name)).toEqual(
        expect.arrayContaining(["hirewise-app", "hirewise"]),
      );
      expect((await names(pair.primaryUrl("postgres"))).map((r) => r.name)).not.toContain("hirewise-read");
    });

    it("serves search, job pages, the candidate's search and the sitemap from the replica", async () => {
      await pair.pauseReplay();
      // On the primary only: the replica holds the state it had when replay paused.
      bravo = await publishTestJob(employer.id, { title: "Lighthousekeeper Bravo" });
      const [row] = await onServer<{ status: string }>(
        pair.primaryUrl("hirewise"),
        `select status from jobs where id = '${bravo}'`,
      );
      expect(row!.status).toBe("active");

      const someone = visitor();
      expect((await get(someone, `/jobs/${alpha}`)).status).toBe(200);
      expect((await get(someone, `/jobs/${bravo}`)).status).toBe(404);
      const found = await get(someone, "/jobs?q=Cartographer&location=");
      expect(found.status).toBe(200);
      // A search lists a job as its card (its anchor); the card's links are worked out in the browser.
      expect(found.body).toContain(`job-board-${alpha}`);
      const missing = await get(someone, "/jobs?q=Lighthousekeeper&location=");
      expect(missing.status).toBe(200);
      expect(missing.body).not.toContain(`job-board-${bravo}`);
      const sitemap = await get(someone, "/sitemap.xml");
      expect(sitemap.body).toContain(`/jobs/${alpha}`);
      expect(sitemap.body).not.toContain(`/jobs/${bravo}`);

      // Signed in, without a write of their own: the same.
      const cara = await signedIn(candidate);
      expect((await get(cara, "/candidate/jobs?q=Cartographer&location=")).body).toContain(`/candidate/jobs/${alpha}`);
      const candidateSearch = await get(cara, "/candidate/jobs?q=Lighthousekeeper&location=");
      expect(candidateSearch.status).toBe(200);
      expect(candidateSearch.body).not.toContain(`/candidate/jobs/${bravo}`);
      expect((await get(cara, `/candidate/jobs/${bravo}`)).status).toBe(404);
    });

    it("reads the primary for a browser that has just posted, until the replica has its write", async () => {
      // Replay is still paused. The employer closes Alpha through the app.
      const boss = await signedIn(employer);
      const closed = await boss.request(`${server.baseUrl}/employer/jobs/${alpha}`, {
        method: "POST",
        headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "close" }).toString(),
      });
      expect(closed.status).toBe(302);
      expect(boss.has("__last_write")).toBe(true);

      // Their next pages read the primary: Alpha is closed, Bravo is there.
      expect((await get(boss, `/jobs/${alpha}`)).status).toBe(404);
      expect((await get(boss, `/jobs/${bravo}`)).status).toBe(200);
      expect((await get(boss, "/jobs?q=Lighthousekeeper&location=")).body).toContain(`job-board-${bravo}`);
      expect((await get(boss, "/jobs?q=Cartographer&location=")).body).not.toContain(`job-board-${alpha}`);
      // Everyone else still reads the replica as it was.
      expect((await get(visitor(), `/jobs/${alpha}`)).status).toBe(200);
      expect((await get(visitor(), `/jobs/${bravo}`)).status).toBe(404);

      // The same in Chromium, with JavaScript on (the form posts to a .data URL and the page
      // revalidates) and off (a form post and its redirect): Close Job, then the public page.
      for (const js of [true, false]) {
        const job = closedInBrowser[js ? "on" : "off"];
        const context = await chromium.newContext({ javaScriptEnabled: js, baseURL: server.baseUrl });
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          await signInAs(page, server.baseUrl, employer);
          await page.goto(`/employer/jobs/${job}`);
          await settled(page, js);
          await page.getByRole("button", { name: "Close Job" }).click();
          await page.getByText("The job is closed").waitFor();
          expect(
            (await context.cookies()).some((c) => c.name === "__last_write"),
            `JavaScript ${js ? "on" : "off"}`,
          ).toBe(true);
          expect((await page.goto(`/jobs/${job}`))!.status(), `JavaScript ${js ? "on" : "off"}`).toBe(404);
        } finally {
          await context.close();
        }
        expect((await get(visitor(), `/jobs/${job}`)).status).toBe(200);
      }

      // Once the replica has replayed it all, everyone sees the same.
      await pair.resumeReplay();
      await pair.caughtUp();
      for (const closed of [alpha, closedInBrowser.on, closedInBrowser.off])
        expect((await get(visitor(), `/jobs/${closed}`)).status).toBe(404);
      expect((await get(visitor(), `/jobs/${bravo}`)).status).toBe(200);
    });

    it("answers every page from the primary when the replica is down, and stays ready", async () => {
      await pair.stopReplica();
      const someone = visitor();
      const cara = await signedIn(candidate);
      for (const [browser, path] of [
        [someone, `/jobs/${bravo}`],
        [someone, "/jobs?q=Lighthousekeeper&location="],
        [someone, "/jobs"],
        [someone, "/sitemap.xml"],
        [cara, "/candidate/jobs?q=Lighthousekeeper&location="],
        [cara, `/candidate/jobs/${bravo}`],
      ] as const) {
        const page = await get(browser, path);
        expect(page.status, path).toBe(200);
        if (path.includes("ighthousekeeper")) expect(page.body, path).toContain(`job-board-${bravo}`);
      }
      expect((await get(someone, `/jobs/${alpha}`)).status).toBe(404);

      const ready = await vi.waitFor(
        async () => {
          const answer = await readyz();
          expect(answer.replica?.reachable).toBe(false);
          return answer;
        },
        { ...WAIT, timeout: 30_000 },
      );
      expect(ready.ready).toBe(true);
      expect(ready.replica).toMatchObject({ reachable: false, serving: false });
      expect(ready.problems).toContain("read replica unreachable: reads go to the primary");
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      expect(server.output()).toContain("read replica not used");
    });
  });
}
