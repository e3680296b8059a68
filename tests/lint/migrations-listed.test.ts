// A migration file that is written but not listed in db/migrations/index.ts never runs: the app
// starts on a schema its code does not match. Every file must be listed once, in time order.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrations } from "../../db/migrations/index.ts";

describe("migrations", () => {
  it("lists every migration file once, in the order of their timestamps", () => {
    const files = readdirSync("db/migrations")
      .filter((name) => /^Migration\d{14}_.+\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ""))
      .sort();
    expect(migrations.map((m) => m.name)).toEqual(files);
  });

  it("names each listed class as its file", () => {
    for (const { name, class: Class } of migrations) expect(Class.name).toBe(name);
  });
});
