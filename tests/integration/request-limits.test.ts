// Bodies past the limit are refused before the app reads them: the production server, run with its
// production heap limits (decision 013), answers ten concurrent 50 MB posts with 413 and stays up,
// its memory growing by less than its heap limit.
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { MAX_FORM_BYTES } from "../../lib/http/body-limit.ts";

let server: AppServer;
beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"), {
    NODE_OPTIONS: "--max-semi-space-size=4 --max-old-space-size=192",
  });
}, 120_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const rssBytes = async () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${server.pid}/status`, "utf8"))![1]) * 1024;

/**
 * Posts `bytes` of a urlencoded body as a browser would (Content-Length, then the bytes as fast as
 * the server takes them) and resolves with the status. The server may answer before the body is
 * sent; the rest is still written so the server has to deal with it.
 */
function postBody(
  path: string,
  bytes: number,
  contentType = "application/x-www-form-urlencoded",
  chunked = false,
): Promise<number> {
  const url = new URL(path, server.baseUrl);
  const chunk = Buffer.alloc(64 * 1024, "a");
  chunk.write("email=");
  return new Promise((resolve, reject) => {
    let status = 0;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": contentType,
          Origin: server.baseUrl,
          ...(chunked ? {} : { "Content-Length": bytes }),
        },
      },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
        res.on("end", () => resolve(status));
      },
    );
    req.on("error", (error) => (status ? resolve(status) : reject(error)));
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("request bodies", () => {
  it(
    "ten concurrent 50 MB posts are refused with 413; the process stays up and its memory stays under the heap limit",
    { timeout: 180_000 },
    async () => {
      const before = await rssBytes();
      let peak = before;
      const sampler = setInterval(
        () =>
          void rssBytes().then(
            (rss) => (peak = Math.max(peak, rss)),
            () => {},
          ),
        20,
      );
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () => postBody("/auth?mode=signin", 50 * 1024 * 1024)),
      );
      clearInterval(sampler);
      expect(statuses).toEqual(Array(10).fill(413));
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      // Held whole, the bodies alone would be 500 MB (past the 192 MB heap: the process died of it).
      // Read and dropped as they come, what grows is short-lived buffers, well under the heap limit.
      expect(
        peak - before,
        `RSS ${Math.round(before / 2 ** 20)} MB before, ${Math.round(peak / 2 ** 20)} MB at the peak`,
      ).toBeLessThan(192 * 2 ** 20);
    },
  );

  it("answers 413 with a readable page, and in plain text for the app's .data requests", async () => {
    const body = "x".repeat(MAX_FORM_BYTES + 1);
    const page = await fetch(`${server.baseUrl}/auth?mode=signin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body,
    });
    expect(page.status).toBe(413);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/<h1>This form is too large<\/h1>/);
    const data = await fetch(`${server.baseUrl}/auth.data?mode=signin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body,
    });
    expect(data.status).toBe(413);
    expect(await data.text()).toMatch(/^This form is too large\./);
  });

  it("caps multipart bodies outside the upload routes, and refuses chunked bodies of unknown length", async () => {
    expect(await postBody("/auth?mode=signin", MAX_FORM_BYTES + 1, "multipart/form-data; boundary=x")).toBe(413);
    expect(await postBody("/theme", 1024, "application/x-www-form-urlencoded", true)).toBe(411);
  });

  it("lets a form just under the limit through to the app", async () => {
    const fields = new URLSearchParams({
      mode: "signin",
      email: "nobody@example.com",
      password: "wrong password",
      filler: "",
    }).toString();
    const body = fields + "x".repeat(MAX_FORM_BYTES - fields.length);
    const response = await fetch(`${server.baseUrl}/auth?mode=signin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body,
      redirect: "manual",
    });
    expect(response.status).toBe(401);
  });
});
