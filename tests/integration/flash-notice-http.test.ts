// The notice after a write (app/flash.server.ts) against the real production server: the redirect
// sets a signed cookie, the next page (a document or JavaScript's `.data`) shows the notice once
// and clears the cookie, a reload shows nothing, a forged cookie shows nothing, and no answer
// that reads it is kept by a cache.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { flashCookieOf, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";

const PASSWORD = "correct horse battery";
const NOTICE =
  '<p role="status" class="rounded-lg border border-ok-line bg-ok-tint px-4 py-3 text-ok-fg">Draft deleted.</p>';
let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
let employer: HttpClient;

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"));
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  await signUp({
    email: "flash@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Flash Co",
    full_name: "Fla Flash",
    plan: "business",
  });
  employer = await signInOverHttp(server.baseUrl, "flash@example.com", PASSWORD);
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  await orm?.close();
  setOrm(undefined);
  expect(await server?.stop()).toBe(0);
});

/** Deleting a draft (one that is gone already changes nothing) answers with the dashboard and its notice. */
const deleteDraft = () =>
  employer.post("/employer/dashboard", { intent: "delete-draft", jobId: "00000000-0000-4000-8000-000000000001" });

const get = (path: string, flash: string | null) =>
  fetch(server.baseUrl + path, {
    redirect: "manual",
    headers: { Cookie: [employer.cookie, flash].filter(Boolean).join("; ") },
  });

const clearsFlash = (response: Response) =>
  response.headers.getSetCookie().some((c) => /^__flash=;.*Max-Age=0/i.test(c));

describe("a notice after a write", () => {
  it("travels in a signed cookie on the redirect, not in the URL", async () => {
    const answer = await deleteDraft();
    expect(redirectedTo(answer)).toBe("/employer/dashboard");
    expect(flashCookieOf(answer)).toMatch(/^__flash=[^;]+\.[^;]+$/);
    expect(answer.headers.getSetCookie().find((c) => c.startsWith("__flash="))).toMatch(/HttpOnly/i);
  });

  it("shows once on the page it goes to, which clears it and is not kept; a reload shows nothing", async () => {
    const flash = flashCookieOf(await deleteDraft());
    const page = await get("/employer/dashboard", flash);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(clearsFlash(page)).toBe(true);
    expect(await page.text()).toContain(NOTICE);

    // The browser dropped the cookie: the same page again has no notice and sets no cookie.
    const reload = await get("/employer/dashboard", null);
    expect(await reload.text()).not.toContain("Draft deleted.");
    expect(reload.headers.getSetCookie()).toEqual([]);
  });

  it("reaches JavaScript's navigation through the root's data, cleared alike", async () => {
    const flash = flashCookieOf(await deleteDraft());
    const data = await get("/employer/dashboard.data", flash);
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    expect(clearsFlash(data)).toBe(true);
    expect(await data.text()).toContain("Draft deleted.");
    expect(await (await get("/employer/dashboard.data", null)).text()).not.toContain("Draft deleted.");
  });

  it("ignores a forged or tampered cookie, and clears it", async () => {
    const flash = flashCookieOf(await deleteDraft())!;
    const forged = Buffer.from(JSON.stringify({ kind: "success", text: "Your company is closed." })).toString("base64");
    for (const cookie of [
      `__flash=${forged}`,
      `${flash.slice(0, -2)}xx`,
      `__flash=${encodeURIComponent(forged)}.abc`,
    ]) {
      const page = await get("/employer/dashboard", cookie);
      expect(page.status, cookie).toBe(200);
      expect(clearsFlash(page), cookie).toBe(true);
      const html = await page.text();
      expect(html, cookie).not.toContain("Your company is closed.");
      expect(html, cookie).not.toContain("Draft deleted.");
    }
  });
});
