import { expect, it } from "vitest";
import { messageMatcher, preferredLanguage } from "./i18n.ts";

const OURS = ["en", "de"] as const;

it("takes the supported language the header prefers most, by q-value, not just the first entry", () => {
  expect(preferredLanguage(null, OURS)).toBeNull();
  expect(preferredLanguage("de-DE,de;q=0.9", OURS)).toBe("de");
  expect(preferredLanguage("de-AT", OURS)).toBe("de");
  expect(preferredLanguage("fr-FR,fr;q=0.9,de;q=0.8", OURS)).toBe("de");
  expect(preferredLanguage("de;q=0.2, en;q=0.9", OURS)).toBe("en");
  expect(preferredLanguage("en;q=0, de;q=0.1", OURS)).toBe("de");
  expect(preferredLanguage("fr, *", OURS)).toBeNull();
  // Equal weights keep the header's order.
  expect(preferredLanguage("de, en", OURS)).toBe("de");
});

it("recognises a message by its English template and returns the placeholders' values", () => {
  const match = messageMatcher({ short: "Use at least {{n}} characters", plain: "Enter a password" });
  expect(match("Use at least 8 characters")).toEqual({ key: "short", values: { n: "8" } });
  expect(match("Enter a password")).toEqual({ key: "plain", values: {} });
  expect(match("Enter a password.")).toBeNull();
  expect(match("Something else")).toBeNull();
});
