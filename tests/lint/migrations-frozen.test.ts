// A migration that imports live code changes when that code changes, so an old migration could
// make a different schema on a new database than it made on production. Migrations import
// MikroORM and each other only; what they need of the app is copied into them, frozen.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve("db/migrations");

/** Each import of a file: static, type-only, re-exported or dynamic (`import("…")`). */
function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** An import a migration may have: @mikro-orm/* or a file under db/migrations. */
function allowed(specifier: string, fromFile: string): boolean {
  if (specifier.startsWith("@mikro-orm/")) return true;
  if (!specifier.startsWith(".")) return false;
  const target = path.resolve(path.dirname(fromFile), specifier);
  return target.startsWith(root + path.sep);
}

describe("migrations are frozen", () => {
  it("finds every kind of import", () => {
    const source = [
      `import { Migration } from "@mikro-orm/migrations";`,
      `import type { X } from "../../modules/search/index.server.ts";`,
      `export { y } from "../../lib/places.ts";`,
      `const z = await import("../../app/x.ts");`,
      `import "zod";`,
    ].join("\n");
    const file = path.join(root, "M.ts");
    expect(importsOf(source).filter((s) => !allowed(s, file))).toEqual([
      "../../modules/search/index.server.ts",
      "../../lib/places.ts",
      "../../app/x.ts",
      "zod",
    ]);
    expect(allowed("./Migration20261125130000_search_relevance.ts", file)).toBe(true);
    expect(allowed("./frozen/places.ts", file)).toBe(true);
    expect(allowed("../orm.ts", file)).toBe(false);
  });

  it("imports nothing but @mikro-orm/* and files under db/migrations", () => {
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.[cm]?[jt]sx?$/.test(f));
    expect(files.length).toBeGreaterThan(30);
    const live = files.flatMap((f) => {
      const file = path.join(root, f);
      return importsOf(readFileSync(file, "utf8"))
        .filter((s) => !allowed(s, file))
        .map((s) => `db/migrations/${f}: ${s}`);
    });
    expect(live).toEqual([]);
  });
});
