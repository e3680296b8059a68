import { describe, expect, it } from "vitest";
import { safeRedirect } from "./guards.ts";
import { REDIRECT_BYPASSES } from "../../tests/fixtures/redirect-bypasses.ts";

describe("safeRedirect", () => {
  it.each([
    ["/employer/dashboard", "/employer/dashboard"],
    ["/candidate/jobs?q=go%20dev&page=2", "/candidate/jobs?q=go%20dev&page=2"],
    ["/a/../employer/dashboard", "/employer/dashboard"],
    ["/jobs#apply", "/jobs#apply"],
    // Encoded slashes stay encoded: a path segment, not a host.
    ["/%2f/evil.example", "/%2f/evil.example"],
    ["relative/path", "/fallback"],
    ["", "/fallback"],
    [null, "/fallback"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirect(input, "/fallback")).toBe(expected);
  });

  it.each(REDIRECT_BYPASSES.map((shape) => [JSON.stringify(shape), shape]))("refuses %s", (_, shape) => {
    expect(safeRedirect(shape, "/fallback")).toBe("/fallback");
  });

  it("never returns anything a browser would send to another host", () => {
    for (const shape of REDIRECT_BYPASSES) {
      const to = safeRedirect(shape, "/fallback");
      expect(new URL(to, "https://hirewise.example").host).toBe("hirewise.example");
    }
  });
});
