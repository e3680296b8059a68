// The search pages over HTTP with every kind of bad input (2,000-character words, tsquery syntax,
// NUL bytes, forged or foreign cursors and page trails, unknown sorts, currencies and remote
// choices): never an answer of 500 or more, and the same page for the same URL.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { runCli } from "../support/cli.ts";

let server: AppServer;

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"));
  const env = { DATABASE_URL: server.databaseUrl };
  const made = await runCli(
    env,
    "users:create",
    "--email",
    "input@example.com",
    "--password",
    "correct horse battery",
    "--role",
    "employer",
    "--company",
    "Input Co",
    "--plan",
    "business",
  );
  expect(made.code, made.stderr).toBe(0);
  const jobs = await runCli(env, "demo:jobs", "--count", "60", "--employer", "input@example.com");
  expect(jobs.code, jobs.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  const code = await server?.stop();
  if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`);
});

const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("search input", () => {
  it("never answers 500 or more", async () => {
    const words = [
      "x".repeat(2000),
      "'",
      "&",
      "!",
      ":*",
      "\\",
      "()|&!<->",
      "a & b | !c",
      '"unclosed',
      "-",
      "--",
      "or",
      "%",
      "_",
      "%00",
      "a%00b",
      "%E2%80%AE",
      "%FF",
    ];
    const cursors = [
      "garbage",
      "done",
      "",
      "a".repeat(5000),
      forged([2, 9, 0, null, 1, "x", "y", "z", 1, 0]),
      forged([
        2,
        0,
        1,
        "2026-01-01 00:00:00+00",
        1e308,
        "2026-01-01 00:00:00+00",
        "00000000-0000-0000-0000-000000000000",
        "2026-01-01T00:00:00Z",
        5,
        1,
      ]),
    ];
    const urls = [
      ...words.map((w) => `/jobs?q=${w}&location=${w}`),
      ...words.map((w) => `/jobs?q=engineer&sort=${w}&currency=${w}&remote=${w}&min_salary=${w}&prev=${w}`),
      ...cursors.map(
        (c) => `/jobs?q=engineer&cursor=${encodeURIComponent(c)}&page=2&prev=${encodeURIComponent(`${c}~1.~2.x~y`)}`,
      ),
      `/jobs?remote=0&remote=1&remote=2&location=Berlin&sort=salary&currency=EUR&min_salary=999999999999`,
      `/jobs?q=${"javascrpt ".repeat(30)}`,
      `/jobs?prev=${"abc~1.".repeat(500)}`,
    ];
    const statuses = await Promise.all(
      urls.map(async (url) => [url, (await fetch(`${server.baseUrl}${url}`)).status] as const),
    );
    expect(statuses.filter(([, status]) => status >= 500)).toEqual([]);
  });

  it("gives the same page for the same URL (the next page's link reproduces it)", async () => {
    const first = await (await fetch(`${server.baseUrl}/jobs?q=engineer&location=`)).text();
    const next = first.match(/href="(\/jobs\?[^"]*cursor=[^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(next).toBeDefined();
    const [a, b] = await Promise.all([fetch(`${server.baseUrl}${next}`), fetch(`${server.baseUrl}${next}`)]);
    // The result cards' titles (their headings carry no class: app.css styles them as .result-card h2).
    const titles = (html: string) => [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    const [ta, tb] = [titles(await a.text()), titles(await b.text())];
    expect(ta.length).toBeGreaterThan(0);
    expect(ta).toEqual(tb);
    expect(ta).not.toEqual(titles(first));
  });
});
