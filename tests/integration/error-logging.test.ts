// What operators read when a request fails, on the real production server: a loader's exception
// is one JSON log line on stdout with the request id the response carried and the URL; a module's
// refusal is the status the route maps it to (404 here), logged as a request with its id.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, inject, it, vi } from "vitest";
import { WAIT } from "../support/wait.ts";
import pg from "pg";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { httpClient, type HttpClient } from "../support/http.ts";

let server: AppServer;
let employer: HttpClient;

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"), { LOG_LEVEL: "info" });
  const signup = await httpClient(server.baseUrl).post("/auth?mode=signup", {
    mode: "signup",
    role: "employer",
    full_name: "Olga Operator",
    company_name: "Acme",
    email: "olga@example.com",
    password: "correct horse",
  });
  const session = signup.headers.getSetCookie().find((c) => c.startsWith("__session="));
  expect(signup.status).toBe(302);
  employer = httpClient(server.baseUrl, session!.split(";")[0]!);
});
afterAll(async () => {
  const code = await server?.stop();
  expect(code).toBe(0);
});

/** The server's JSON log lines so far. */
const logLines = () =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, any>);

/** Waits for the log line that matches (stdout arrives on its own schedule, after the response). */
const logLineFor = (match: (line: Record<string, any>) => boolean) =>
  vi.waitFor(() => {
    const line = logLines().find(match);
    expect(line, "the log line").toBeDefined();
    return line!;
  }, WAIT);

it("answers a job that is not the employer's with the 404 page and logs the request with its id", async () => {
  const requestId = `missing-${randomUUID()}`;
  const url = `/employer/jobs/${randomUUID()}`;
  const response = await fetch(server.baseUrl + url, {
    headers: { Cookie: employer.cookie!, "X-Request-Id": requestId },
  });
  expect(response.status).toBe(404);
  expect(response.headers.get("X-Request-Id")).toBe(requestId);
  expect(await response.text()).toContain("The job you&#x27;re looking for could not be found.");
  expect(await logLineFor((l) => l.reqId === requestId && l.msg === "request")).toMatchObject({ status: 404, url });
  // A refusal is an answer, not an error: nothing at error level for it.
  expect(logLines().filter((l) => l.reqId === requestId && l.level >= 50)).toEqual([]);
});

it("logs a loader that throws as one JSON line with the request id and the URL", async () => {
  // The job page's loader reads a table that is gone: an exception no route expects.
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    await client.query("alter table jobs rename to jobs_gone");
    const requestId = `broken-${randomUUID()}`;
    const url = `/jobs/${randomUUID()}?from=test`;
    const response = await fetch(server.baseUrl + url, { headers: { "X-Request-Id": requestId } });
    expect(response.status).toBe(500);
    expect(response.headers.get("X-Request-Id")).toBe(requestId);
    const line = await logLineFor((l) => l.reqId === requestId && l.msg === "request failed");
    expect(line).toMatchObject({ level: 50, service: "hirewise", method: "GET", url });
    expect(line.err.message).toMatch(/relation "jobs" does not exist/);
    expect(line.err.stack).toBeTruthy();
    // Only JSON: no bare stack trace beside it.
    expect(server.output()).not.toMatch(/^\s+at /m);
  } finally {
    await client.query("alter table jobs_gone rename to jobs");
    await client.end();
  }
});
