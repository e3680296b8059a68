import { describe, expect, it } from "vitest";
import { compilePage, escapeMarkup, fillPage, scriptJson, type ValueSlot } from "./filled-page.ts";

const START = '<template data-hole="\uE010"></template>';
const END = '<template data-hole="\uE011"></template>';
const VALUES: ValueSlot[] = [
  { name: "name", sentinel: "\uE001\uE002", place: "markup" },
  { name: "initial", sentinel: "\uE001", place: "markup" },
  { name: "nonce", sentinel: "\uE005", place: "markup" },
  { name: "personal", sentinel: "\uE006", place: "json" },
];
/** The framework's data script: it carries the stand-in's values, which stay as they are. */
const framework = `<script nonce="\uE005">window.data = ${JSON.stringify({ name: "\uE001\uE002" })};</script>`;
const page =
  `<p>\uE001</p><p title="\uE001\uE002">\uE001\uE002</p>${START}<a>Apply</a>${END}` +
  `<script type="application/json" id="personal">\uE006</script>${framework}`;

describe("a page with holes", () => {
  it("fills values in the markup and the page's JSON element, holes with the viewer's markup or their default", () => {
    const compiled = compilePage(page, VALUES, START, END)!;
    expect(compiled.holes).toBe(1);
    const name = `Zoë <b>&"'</b> </script>`;
    const personal = JSON.stringify({ name });
    const values = { name, initial: "Z", nonce: "abc+/=", personal };
    const expected = (hole: string) =>
      `<p>Z</p><p title="${escapeMarkup(name)}">${escapeMarkup(name)}</p>${hole}` +
      `<script type="application/json" id="personal">${scriptJson(personal)}</script>${framework.replace("\uE005", "abc+/=")}`;
    expect(fillPage(compiled, values, [null]).toString()).toBe(expected("<a>Apply</a>"));
    expect(fillPage(compiled, values, ["<b>Applied</b>"]).toString()).toBe(expected("<b>Applied</b>"));
  });

  it("writes JSON a script element holds as the same JSON", () => {
    const json = JSON.stringify({ name: `a"b\\c</script>&\u2028` });
    expect(scriptJson(json)).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(scriptJson(json))).toEqual(JSON.parse(json));
  });

  it("refuses a page with a sentinel where it may not be", () => {
    expect(compilePage(`<p>\uE007</p>`, VALUES, START, END)).toBeNull(); // a sentinel nobody fills
    expect(compilePage(`${START}<p>\uE001</p>${END}`, VALUES, START, END)).toBeNull(); // a value inside a hole's default
    expect(compilePage(`<p>\uE006</p>`, VALUES, START, END)).toBeNull(); // the JSON element's value in the markup
  });
});
