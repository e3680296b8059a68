import { describe, expect, it } from "vitest";
import { compilePage, dataToken, escapeMarkup, fillPage, fitsPage, type ValueSlot } from "./filled-page.ts";

const START = '<template data-hole="\uE010"></template>';
const END = '<template data-hole="\uE011"></template>';
const VALUES: ValueSlot[] = [
  { name: "name", sentinel: "\uE001\uE002", places: ["markup", "data"] },
  { name: "initial", sentinel: "\uE001", places: ["markup"] },
  { name: "nonce", sentinel: "\uE005", places: ["markup"] },
];
/** A page as Remix sends it: markup, then the single-fetch script with the loader data. */
const REMIX_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const script = (data: unknown[]) =>
  `<script nonce="\uE005">window.__remixContext.streamController.enqueue(${JSON.stringify(JSON.stringify(data)).replace(/[&><\u2028\u2029]/g, (c) => REMIX_ESCAPES[c]!)});</script>`;
const page = (data: unknown[]) =>
  `<p>\uE001</p><p title="\uE001\uE002">\uE001\uE002</p>${START}<a>Apply</a>${END}${script(data)}`;

describe("a page with holes", () => {
  it("fills values as markup and as data, and holes with the viewer's markup or their default", () => {
    const compiled = compilePage(page(["name", "\uE001\uE002", "x"]), VALUES, START, END)!;
    expect(compiled.holes).toBe(1);
    const name = `Zoë <b>&"'</b> </script>`;
    const values = { name, initial: "Z", nonce: "abc+/=" };
    expect(fitsPage(compiled, VALUES, values)).toBe(true);
    const expected = (hole: string) =>
      `<p>Z</p><p title="${escapeMarkup(name)}">${escapeMarkup(name)}</p>${hole}${script(["name", name, "x"]).replace("\uE005", "abc+/=")}`;
    expect(fillPage(compiled, values, [null]).toString()).toBe(expected("<a>Apply</a>"));
    expect(fillPage(compiled, values, ["<b>Applied</b>"]).toString()).toBe(expected("<b>Applied</b>"));
  });

  it("writes a string into the data as Remix's script carries it", () => {
    const value = `a"b\\c</script>&\u2028`;
    expect(script([value])).toContain(dataToken(value));
  });

  it("refuses a page with a sentinel where it may not be", () => {
    expect(compilePage(`<p>\uE001\uE002</p>${script(["\uE001"])}`, VALUES, START, END)).toBeNull(); // markup-only value in the data
    expect(compilePage(`<p>\uE007</p>`, VALUES, START, END)).toBeNull(); // a sentinel nobody fills
    expect(compilePage(`${START}<p>\uE001</p>${END}`, VALUES, START, END)).toBeNull(); // a value inside a hole's default
  });

  it("does not fit values the data already holds, or equal values", () => {
    const compiled = compilePage(page(["Remote", "\uE001\uE002"]), VALUES, START, END)!;
    expect(fitsPage(compiled, VALUES, { name: "Remote", initial: "R", nonce: "n" })).toBe(false);
    expect(fitsPage(compiled, VALUES, { name: "Remo", initial: "R", nonce: "n" })).toBe(true);
  });
});
