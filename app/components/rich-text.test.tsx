// The description's Markdown subset as pages show it: headings, lists, paragraphs and bold become
// elements; anything else, HTML included, stays text.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { builtinDescription } from "#modules/ai/index.server.ts";
import { RichText } from "./rich-text.tsx";

describe("RichText", () => {
  it("renders headings, bullets, paragraphs and bold as elements, and HTML as text", () => {
    const html = renderToStaticMarkup(
      <RichText
        text={
          "Intro with **bold** words.\n\n## Responsibilities\n- **Own** the roadmap\n- <img src=x onerror=alert(1)>\n\nA ** stray mark."
        }
      />,
    );
    expect(html).toContain('<p class="whitespace-pre-line">Intro with <strong');
    expect(html).toMatch(/<strong[^>]*>bold<\/strong> words\./);
    expect(html).toMatch(/<h3[^>]*>Responsibilities<\/h3>/);
    expect(html).toMatch(/<li><strong[^>]*>Own<\/strong> the roadmap<\/li>/);
    expect(html).toContain("<li>&lt;img src=x onerror=alert(1)&gt;</li>");
    expect(html).toContain("A ** stray mark.");
  });

  it("never shows the built-in writer's Markdown marks", () => {
    const text = builtinDescription({
      title: "Delivery Driver",
      company: "Swift Parcels",
      requirements: "Valid driving licence\nNice to have: Forklift certificate",
    });
    const shown = renderToStaticMarkup(<RichText text={text} />).replace(/<[^>]+>/g, "\n");
    expect(shown).not.toMatch(/##|\*\*|^- /m);
    expect(shown).toContain("Responsibilities");
  });
});
