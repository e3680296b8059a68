import { describe, expect, it } from "vitest";
import { safeRedirect } from "./guards.ts";

describe("safeRedirect", () => {
  it.each([
    ["/employer/dashboard", "/employer/dashboard"],
    ["/candidate/jobs?q=go%20dev&page=2", "/candidate/jobs?q=go%20dev&page=2"],
    ["//evil.example/phish", "/fallback"],
    ["/\\evil.example", "/fallback"],
    ["https://evil.example/", "/fallback"],
    ["javascript:alert(1)", "/fallback"],
    ["relative/path", "/fallback"],
    ["", "/fallback"],
    [null, "/fallback"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirect(input, "/fallback")).toBe(expected);
  });
});
