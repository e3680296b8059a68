// Job descriptions are plain text with a small Markdown subset: "## " (or "#", "###") headings on
// their own line, "- " / "* " / "• " bullets, paragraphs separated by blank lines, and **bold**
// inside a line. Nothing else is interpreted (no links, no HTML), and the pieces are rendered as React text,
// so whatever a description holds is shown escaped. Plain text written without any of it reads as
// paragraphs, as before.

export type RichBlock =
  { kind: "heading"; text: string } | { kind: "list"; items: string[] } | { kind: "paragraph"; lines: string[] };

const HEADING = /^#{1,3}\s+(.+)$/;
const BULLET = /^(?:[-*•])\s+(.+)$/;

/** The blocks of a description, in order. */
export function parseRichText(text: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let last: RichBlock | undefined;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      last = undefined;
      continue;
    }
    const heading = line.match(HEADING);
    if (heading) {
      blocks.push({ kind: "heading", text: heading[1]!.replace(/\s*#+$/, "") });
      last = undefined;
      continue;
    }
    const bullet = line.match(BULLET);
    if (bullet) {
      if (last?.kind === "list") last.items.push(bullet[1]!);
      else blocks.push((last = { kind: "list", items: [bullet[1]!] }));
      continue;
    }
    if (last?.kind === "paragraph") last.lines.push(line);
    else blocks.push((last = { kind: "paragraph", lines: [line] }));
  }
  return blocks;
}

export interface InlinePart {
  text: string;
  strong: boolean;
}

/** A line's pieces: "**bold**" marks a strong piece (an unclosed "**" stays as typed). */
export function inlineParts(line: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let rest = line;
  for (let match = rest.match(/\*\*(\S(?:.*?\S)?)\*\*/); match; match = rest.match(/\*\*(\S(?:.*?\S)?)\*\*/)) {
    if (match.index) parts.push({ text: rest.slice(0, match.index), strong: false });
    parts.push({ text: match[1]!, strong: true });
    rest = rest.slice(match.index! + match[0].length);
  }
  if (rest) parts.push({ text: rest, strong: false });
  return parts;
}

const plain = (line: string) =>
  inlineParts(line)
    .map((p) => p.text)
    .join("");

/**
 * A preview of a description: its first paragraph (a summary, when it has one) cut at a sentence
 * end within `max` characters, or at a word with an ellipsis. Headings and bullets are skipped, so a
 * preview never begins "Summary" or "- ".
 */
export function excerpt(text: string, max = 300): string {
  const blocks = parseRichText(text);
  const first = blocks.find((b) => b.kind === "paragraph") ?? blocks.find((b) => b.kind === "list");
  if (!first) return "";
  const whole = (first.kind === "paragraph" ? first.lines : first.items)
    .map(plain)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  if (whole.length <= max) return whole;
  const cut = whole.slice(0, max);
  const sentenceEnd = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
  if (sentenceEnd >= max * 0.4) return cut.slice(0, sentenceEnd + 1);
  const wordEnd = cut.lastIndexOf(" ");
  return `${cut.slice(0, wordEnd > max * 0.5 ? wordEnd : max - 1).replace(/[\s,;:.-]+$/, "")}…`;
}
