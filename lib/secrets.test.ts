import { afterEach, describe, expect, it } from "vitest";
import { resetSecretsForTests, secretFor, sign, verifySignature } from "./secrets.ts";

afterEach(() => {
  delete process.env.SECRET_KEY;
  resetSecretsForTests();
});

describe("secrets", () => {
  it("derives a different, stable key per purpose from SECRET_KEY", () => {
    process.env.SECRET_KEY = "a-test-secret-key-of-enough-length-000";
    const a = secretFor("links");
    expect(a).toHaveLength(32);
    expect(secretFor("links").equals(a)).toBe(true);
    expect(secretFor("two-factor").equals(a)).toBe(false);
  });

  it("signs and verifies, refusing tampered values, signatures and purposes", () => {
    process.env.SECRET_KEY = "another-test-secret-key-0123456789";
    const signature = sign("unsubscribe", "alert:1");
    expect(verifySignature("unsubscribe", "alert:1", signature)).toBe(true);
    expect(verifySignature("unsubscribe", "alert:2", signature)).toBe(false);
    expect(verifySignature("other", "alert:1", signature)).toBe(false);
    expect(verifySignature("unsubscribe", "alert:1", signature.slice(1))).toBe(false);
    expect(verifySignature("unsubscribe", "alert:1", "")).toBe(false);
    expect(verifySignature("unsubscribe", "alert:1", "é".repeat(43))).toBe(false);
  });
});
