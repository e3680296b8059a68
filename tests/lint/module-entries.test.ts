// A module has two hand-kept entries: browser.ts (what pages may bundle) and index.server.ts
// (everything). Server code imports the latter only, so a name browser.ts exports must be
// exported there too, and be the same thing. Read with the TypeScript compiler (index.server.ts
// reaches the database if imported), so type-only exports are compared as well.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const modules = readdirSync("modules").filter((m) => existsSync(path.join("modules", m, "browser.ts")));
const entries = modules.flatMap((m) => ["browser.ts", "index.server.ts"].map((f) => path.resolve("modules", m, f)));
const config = ts.getParsedCommandLineOfConfigFile(
  path.resolve("tsconfig.json"),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  },
)!;
const program = ts.createProgram({ rootNames: entries, options: config.options });
const checker = program.getTypeChecker();

/** An entry's exports: name → the declaration it stands for (re-exports followed to their source). */
function exportsOf(file: string): Map<string, ts.Symbol> {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  const module = checker.getSymbolAtLocation(source);
  if (!module) return new Map();
  return new Map(
    checker.getExportsOfModule(module).map((s) => {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      return [s.name, target];
    }),
  );
}

describe("module entries", () => {
  it("finds the modules with a browser entry", () => {
    expect(modules).toEqual(expect.arrayContaining(["hiring", "search"]));
  });

  it.each(modules)("%s: index.server.ts exports everything browser.ts does, as the same thing", (m) => {
    const browser = exportsOf(path.resolve("modules", m, "browser.ts"));
    const server = exportsOf(path.resolve("modules", m, "index.server.ts"));
    expect(browser.size).toBeGreaterThan(0);
    const unresolved = [...browser].filter(([, symbol]) => !symbol.declarations?.length).map(([name]) => name);
    expect(unresolved, `modules/${m}/browser.ts exports these names from nowhere`).toEqual([]);
    const missing = [...browser.keys()].filter((name) => !server.has(name));
    expect(missing, `modules/${m}/index.server.ts lacks these names of browser.ts`).toEqual([]);
    const different = [...browser].filter(([name, symbol]) => server.get(name) !== symbol).map(([name]) => name);
    expect(different, `modules/${m}/index.server.ts exports these names as something else`).toEqual([]);
  });
});
