// The origin check's one exception: the signed one-click unsubscribe POST (RFC 8058), exactly that
// path, let through without its cookie and Origin; every other cross-origin POST is refused.
import { expect, it } from "vitest";
import type { Request, Response } from "express";
import { sameOriginOnly } from "./same-origin.ts";

function run(method: string, url: string, headers: Record<string, string>) {
  const req = {
    method,
    originalUrl: url,
    path: url.split("?")[0],
    protocol: "http",
    headers: { ...headers },
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
  let status = 0;
  const res = { status: (s: number) => ((status = s), res), type: () => res, send: () => res } as unknown as Response;
  let passed = false;
  sameOriginOnly("http://hirewise.test")(req, res, () => (passed = true));
  return { passed, status, headers: req.headers };
}

const foreign = { origin: "https://mail.example.net", host: "hirewise.test", cookie: "__session=abc" };

it("lets a cross-origin one-click unsubscribe through, without its cookie and Origin", () => {
  const answer = run("POST", "/alerts/unsubscribe/6f1c2f8e-1d2b-4c1a-9a77-0e5d3b1f2a10.Zm9vYmFy_-", foreign);
  expect(answer.passed).toBe(true);
  expect(answer.headers.cookie).toBeUndefined();
  expect(answer.headers.origin).toBeUndefined();
});

it("lets Stripe's webhook through (its body is signed), without cookie and Origin", () => {
  const answer = run("POST", "/billing/webhook", {
    host: "hirewise.test",
    cookie: "__session=abc",
    "user-agent": "Stripe/1.0",
  });
  expect(answer.passed).toBe(true);
  expect(answer.headers.cookie).toBeUndefined();
});

it("refuses every other cross-origin post, near misses included", () => {
  for (const url of [
    "/billing/webhook/x",
    "/billing/webhooks",
    "/billing/checkout",
    "/candidate/alerts",
    "/alerts/unsubscribe/x/y",
    "/alerts/unsubscribe/",
    "/alerts/unsubscribe/x?_data=routes",
    "/xalerts/unsubscribe/x",
  ]) {
    const answer = run("POST", url, foreign);
    expect(answer, url).toMatchObject({ passed: false, status: 403 });
  }
});

it("refuses every post Remix's own host-versus-origin check would throw on (a 500), and lets the matching ones through", () => {
  // PUBLIC_URL is http://hirewise.test: its origin is this site only where the browser addressed it.
  for (const headers of [
    { origin: "http://hirewise.test", host: "127.0.0.1:3000" },
    { origin: "http://hirewise.test", host: "hirewise.test:80" },
    { origin: "http://hirewise.test:80", host: "hirewise.test:80" },
    { origin: "http://HIREWISE.test", host: "HIREWISE.test" },
    { origin: "http://hirewise.test", host: "hirewise.test", "x-forwarded-host": "other.example" },
    { origin: "http://hirewise.test", host: "hirewise.test", "x-forwarded-host": "other.example, hirewise.test" },
    { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "x-forwarded-host": "127.0.0.1:3001" },
    { origin: "http://hirewise.test" },
    { origin: "http://hirewise.test", host: "" },
    { origin: "http://hirewise.test, http://hirewise.test", host: "hirewise.test" },
    { origin: "http://", host: "" },
  ] as Record<string, string>[]) {
    expect(run("POST", "/auth", headers), JSON.stringify(headers)).toMatchObject({ passed: false, status: 403 });
  }
  for (const headers of [
    { origin: "http://hirewise.test", host: "hirewise.test" },
    { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" },
    { origin: "http://hirewise.test", host: "internal:3000", "x-forwarded-host": "hirewise.test" },
    { origin: "http://hirewise.test", host: "internal:3000", "x-forwarded-host": " hirewise.test , proxy.internal" },
  ] as Record<string, string>[]) {
    expect(run("POST", "/auth", headers), JSON.stringify(headers)).toMatchObject({ passed: true });
  }
});
