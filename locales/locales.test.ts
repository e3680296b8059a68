// Every key in one catalogue is in the other (and no text is empty), and a translation uses no
// placeholder its English does not fill: a missing key would show the key itself on the page.
import { expect, it } from "vitest";
import { LANGUAGES, resources } from "./index.ts";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\w+)/g)].map((m) => m[1]));

it("has the same keys in every language, none of them empty", () => {
  const english = flatten(resources.en as unknown as Tree);
  for (const language of LANGUAGES) {
    const other = flatten(resources[language] as unknown as Tree);
    expect(
      [...other.keys()].filter((k) => !english.has(k)),
      `${language}: keys English lacks`,
    ).toEqual([]);
    expect(
      [...english.keys()].filter((k) => !other.has(k)),
      `${language}: keys missing`,
    ).toEqual([]);
    expect(
      [...other].filter(([, text]) => !text.trim()),
      `${language}: empty texts`,
    ).toEqual([]);
    for (const [key, text] of other) {
      const extra = [...placeholders(text)].filter((p) => !placeholders(english.get(key)!).has(p) && p !== "count");
      expect(extra, `${language}: ${key} uses a placeholder English does not fill`).toEqual([]);
    }
  }
});

it("finds a key missing in one language (the check above is not vacuous)", () => {
  const english = flatten({ a: "x", b: { c: "y" } });
  const german = flatten({ a: "x" });
  expect([...english.keys()].filter((k) => !german.has(k))).toEqual(["b.c"]);
});
