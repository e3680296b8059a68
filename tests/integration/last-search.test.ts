// A returning candidate's board opens on their last search, over HTTP against the production
// server: a search is kept for the one who ran it (also when the page comes from the shared render,
// whose loader runs for a stand-in), a plain visit to /candidate/jobs is sent back to it with its
// notice kept, an explicit query (an empty one too) always wins, and nobody else is affected.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";

let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
let ana: HttpClient;
let ben: HttpClient;

async function candidate(email: string, name: string) {
  await signUpOnPlan({ email, password: PASSWORD, role: "candidate", full_name: name, plan: "essential" });
  return signInOverHttp(server.baseUrl, email, PASSWORD);
}

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"), { SEARCH_PROVIDER: "none" });
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  ana = await candidate("last-ana@example.com", "Ana Last");
  ben = await candidate("last-ben@example.com", "Ben Other");
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  await orm?.close();
  expect(await server?.stop()).toBe(0);
});

const qOf = (html: string) => /<input[^>]*name="q"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? null;

describe("the last search", () => {
  it("sends a plain visit back to the candidate's own last search, and nobody else's", async () => {
    const searched = await ana.get("/candidate/jobs?q=holography&location=Berlin&sort=newest&page=1");
    expect(searched.status).toBe(200);
    // Served from the shared render: the search is kept for the real viewer all the same.
    expect(searched.headers.get("server-timing") ?? "").toMatch(/shared-render/);
    expect(qOf(await searched.text())).toBe("holography");

    const back = await ana.get("/candidate/jobs");
    expect(back.status).toBe(303);
    // The form's fields only: no page position.
    expect(redirectedTo(back)).toBe("/candidate/jobs?q=holography&location=Berlin&sort=newest");
    const landed = await ana.get(redirectedTo(back)!);
    expect(landed.status).toBe(200);
    expect(qOf(await landed.text())).toBe("holography");

    // Another candidate still gets the defaults.
    const other = await ben.get("/candidate/jobs");
    expect(other.status).toBe(200);
    expect(qOf(await other.text())).toBe("software developer");
  });

  it("keeps a notice through the redirect and leaves a page of results alone", async () => {
    const notice = await ana.get("/candidate/jobs?unavailable=1");
    expect(redirectedTo(notice)).toBe("/candidate/jobs?q=holography&location=Berlin&sort=newest&unavailable=1");
    expect((await ana.get("/candidate/jobs?page=2")).status).toBe(200);
  });

  it("lets an explicit query win, and keeps an emptied search as the candidate's choice", async () => {
    const lasers = await ana.get("/candidate/jobs?q=lasers&location=");
    expect(lasers.status).toBe(200);
    expect(qOf(await lasers.text())).toBe("lasers");
    expect(redirectedTo(await ana.get("/candidate/jobs"))).toBe("/candidate/jobs?q=lasers&location=");

    // The empty form sends its fields: an explicit search for everything, remembered as that.
    const cleared = await ana.get("/candidate/jobs?q=&location=");
    expect(cleared.status).toBe(200);
    expect(qOf(await cleared.text())).toBe("");
    expect(redirectedTo(await ana.get("/candidate/jobs"))).toBe("/candidate/jobs?q=&location=");
  });

  it("keeps the search of a full render (a recent write) too", async () => {
    const response = await fetch(`${server.baseUrl}/candidate/jobs?q=optics&location=`, {
      redirect: "manual",
      headers: { Cookie: `${ben.cookie}; __last_write=${Date.now()}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing") ?? "").not.toMatch(/shared-render/);
    expect(redirectedTo(await ben.get("/candidate/jobs"))).toBe("/candidate/jobs?q=optics&location=");
  });

  it("leaves signed-out visitors alone", async () => {
    const visitor = httpClient(server.baseUrl);
    const board = await visitor.get("/jobs");
    expect(board.status).toBe(200);
    // The open board's own defaults (no words), not anyone's last search.
    expect(qOf(await board.text())).toBe("");
    const candidatePage = await visitor.get("/candidate/jobs");
    expect(redirectedTo(candidatePage)).toMatch(/^\/auth/);
  });
});
