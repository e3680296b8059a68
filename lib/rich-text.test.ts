import { describe, expect, it } from "vitest";
import { excerpt, parseRichText } from "./rich-text.ts";

describe("rich text", () => {
  it("reads headings, bullets and paragraphs, and nothing else", () => {
    const text =
      "Northwind is hiring.\nA second line.\n\n## Responsibilities\n- Build things\n* Ship <b>them</b>\n\n### How we work\nKind **and** direct.";
    expect(parseRichText(text)).toEqual([
      { kind: "paragraph", lines: ["Northwind is hiring.", "A second line."] },
      { kind: "heading", text: "Responsibilities" },
      { kind: "list", items: ["Build things", "Ship <b>them</b>"] },
      { kind: "heading", text: "How we work" },
      { kind: "paragraph", lines: ["Kind **and** direct."] },
    ]);
  });

  it("reads plain text written before headings existed as paragraphs", () => {
    expect(parseRichText("Summary\nWe build.\r\n\r\nMore.")).toEqual([
      { kind: "paragraph", lines: ["Summary", "We build."] },
      { kind: "paragraph", lines: ["More."] },
    ]);
    expect(parseRichText("")).toEqual([]);
    expect(parseRichText("#hashtag is not a heading")).toEqual([
      { kind: "paragraph", lines: ["#hashtag is not a heading"] },
    ]);
  });

  it("previews the first paragraph, cut at a sentence or a word", () => {
    expect(excerpt("## About\n\nNorthwind builds maps. We are hiring.\n\n- Perk")).toBe(
      "Northwind builds maps. We are hiring.",
    );
    expect(excerpt("- Only bullets\n- Here")).toBe("Only bullets Here");
    const long = `${"Alpha beta gamma. ".repeat(30)}`;
    const cut = excerpt(long, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut.endsWith(".")).toBe(true);
    const words = excerpt("word ".repeat(100), 50);
    expect(words.length).toBeLessThanOrEqual(50);
    expect(words.endsWith("…")).toBe(true);
    expect(excerpt("x".repeat(1000), 20)).toHaveLength(20);
  });
});

describe("bold inside a line", () => {
  it("splits **bold** pieces, leaves a lone mark as typed, and previews without the marks", async () => {
    const { inlineParts } = await import("./rich-text.ts");
    expect(inlineParts("Kind **and** direct.")).toEqual([
      { text: "Kind ", strong: false },
      { text: "and", strong: true },
      { text: " direct.", strong: false },
    ]);
    expect(inlineParts("2 ** 3 is not bold")).toEqual([{ text: "2 ** 3 is not bold", strong: false }]);
    expect(excerpt("**Northwind** builds maps.")).toBe("Northwind builds maps.");
  });
});
