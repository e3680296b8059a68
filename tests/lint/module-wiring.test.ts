// Modules plug into each other's hooks only through their wire functions, which wiring.ts calls
// at boot: a hook registered by a side-effect import (`import "./counts.ts"`) works only in a
// process that happens to import that file, and a wire function nobody calls never registers.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const entries = readdirSync("modules").map((m) => ({ module: m, file: path.join("modules", m, "index.server.ts") }));
const source = (file: string) => readFileSync(file, "utf8");

describe("module wiring", () => {
  it("finds the modules' entries", () => {
    expect(entries.map((e) => e.module)).toEqual(expect.arrayContaining(["identity", "hiring", "applications"]));
  });

  it.each(entries)("$module: index.server.ts has no side-effect import", ({ file }) => {
    const bare = source(file).match(/^\s*import\s*["'][^"']+["'];?/gm) ?? [];
    expect(bare, `${file}: export a wire function for wiring.ts instead`).toEqual([]);
  });

  it("calls every module's wire function from wiring.ts", () => {
    const exported = entries.flatMap(({ file }) =>
      [...source(file).matchAll(/^export function (wire[A-Z]\w*)\(/gm)].map((m) => m[1]!),
    );
    expect(exported.length).toBeGreaterThan(0);
    const wiring = source("wiring.ts");
    expect(exported.filter((name) => !new RegExp(`^\\s*${name}\\(\\);`, "m").test(wiring))).toEqual([]);
  });
});
