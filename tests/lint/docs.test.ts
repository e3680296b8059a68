// The docs stay short enough to read (a one-page map, decision records of context, decision and
// consequences; figures live in bench/results/) and never point at a file that isn't there.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const docs = [
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name)),
  ...readdirSync("docs/decisions")
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs/decisions", name)),
];

const lineCount = (file: string) => readFileSync(file, "utf8").trimEnd().split("\n").length;

/** Targets of inline Markdown links that name a file (not a web address, not an anchor alone). */
function relativeLinks(text: string): string[] {
  const withoutCode = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#"))
    .map((target) => decodeURIComponent(target.replace(/#.*$/, "")));
}

describe("docs", () => {
  it("keeps ARCHITECTURE.md to one page", () => {
    expect(lineCount("docs/ARCHITECTURE.md")).toBeLessThanOrEqual(160);
  });

  it("keeps every decision record short", () => {
    const long = docs
      .filter((file) => file.startsWith("docs/decisions/"))
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > 110);
    expect(long).toEqual([]);
  });

  it("links only to files that exist", () => {
    const broken = docs.flatMap((file) =>
      relativeLinks(readFileSync(file, "utf8"))
        .filter((target) => !existsSync(path.resolve(path.dirname(file), target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("finds the links it checks", () => {
    expect(relativeLinks("see [a](../b.md#c), [d](https://e.example), [f](#g) and `[h](i.md)`")).toEqual(["../b.md"]);
  });
});
