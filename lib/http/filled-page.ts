// A page rendered once with sentinels where one viewer's values go, then filled in per request by
// string work (docs/decisions/059-signed-in-pages-with-personal-holes.md). A sentinel is a string
// of private-use characters, which React's escaping, JSON.stringify and Remix's script escaping all
// leave as they are, so it reads the same in the markup and in the data. Each value is written as
// the place it fills needs it: HTML-escaped as React escapes text and attributes in the markup,
// and inside Remix's single-fetch script (window.__remixContext.streamController.enqueue(…)) as a
// turbo-stream string token (JSON) inside a JavaScript string (JSON again), HTML-escaped. A hole is
// a stretch of default markup between two markers that a viewer's own markup may replace.
// Compiling refuses a page whose sentinels sit anywhere else (then the caller renders as usual).

/** One value a page carries: where its sentinel may stand. */
export interface ValueSlot {
  name: string;
  sentinel: string;
  /** "markup": text or attribute values; "data": a whole string of the loader data in the single-fetch script. */
  places: ("markup" | "data")[];
}

// Literal text is kept as UTF-8 bytes: a request copies them instead of encoding a 100 KB string.
type Part = Buffer | { value: string; place: "markup" | "data" } | { hole: number; fallback: Buffer };

export interface CompiledPage {
  parts: Part[];
  /** How many holes, in document order. */
  holes: number;
  /** The page's own text (all but the values and holes): a value found in it could change the data's encoding. */
  text: string;
}

const PRIVATE_USE = /[\uE000-\uF8FF]/;
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** As React escapes text and attribute values. */
export const escapeMarkup = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** A string value as it reads in Remix's single-fetch script: turbo-stream's JSON token, as JSON, HTML-escaped (quotes included). */
export const dataToken = (value: string) =>
  JSON.stringify(JSON.stringify(value))
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where the contents of `<script …>…</script>` elements stand in `html` (contents can't hold "</script"; the tag's attributes are markup). */
function scriptRanges(html: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let at = html.indexOf("<script"); at >= 0; at = html.indexOf("<script", at)) {
    const start = html.indexOf(">", at);
    const end = html.indexOf("</script>", start);
    if (start < 0 || end < 0) break;
    ranges.push([start, end]);
    at = end;
  }
  return ranges;
}

/**
 * Splits `html` at its holes (`holeStart`…`holeEnd`) and at each value's sentinel, or null when the
 * page doesn't have them where they may be: a sentinel left over, in the wrong place, or a hole's
 * default markup holding one.
 */
export function compilePage(
  html: string,
  values: ValueSlot[],
  holeStart: string,
  holeEnd: string,
): CompiledPage | null {
  const finds = new Map<string, { value: string; place: "markup" | "data" }>();
  for (const v of values)
    for (const place of v.places)
      finds.set(place === "data" ? dataToken(v.sentinel) : escapeMarkup(v.sentinel), { value: v.name, place });
  // Longest first: a data token holds its sentinel, and one sentinel may start another.
  const alternatives = [...finds.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(
    `${escapeRegExp(holeStart)}([\\s\\S]*?)${escapeRegExp(holeEnd)}|${alternatives.join("|")}`,
    "g",
  );
  const scripts = scriptRanges(html);
  const inScript = (at: number) => scripts.some(([from, to]) => at > from && at < to);
  const parts: Part[] = [];
  let text = "";
  let holes = 0;
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    const literal = html.slice(last, match.index);
    parts.push(Buffer.from(literal));
    text += literal;
    last = match.index + match[0].length;
    if (match[1] !== undefined) {
      if (PRIVATE_USE.test(match[1]) || inScript(match.index)) return null;
      parts.push({ hole: holes++, fallback: Buffer.from(match[1]) });
      text += match[1];
      continue;
    }
    const found = finds.get(match[0])!;
    if ((found.place === "data") !== inScript(match.index)) return null;
    parts.push(found);
  }
  const rest = html.slice(last);
  parts.push(Buffer.from(rest));
  text += rest;
  // Every sentinel must have been found in its place: anything left means a place this doesn't know.
  if (PRIVATE_USE.test(text)) return null;
  return { parts, holes, text };
}

/**
 * Whether `values` can be written into `page` and read back as the same data: a loader data string
 * equal to another string of the data (or to another value) is sent once and referred to, so a
 * page whose values collide must be rendered as usual.
 */
export function fitsPage(page: CompiledPage, values: ValueSlot[], given: Record<string, string>): boolean {
  const tokens = values.filter((v) => v.places.includes("data")).map((v) => given[v.name]!);
  return new Set(tokens).size === tokens.length && tokens.every((t) => !page.text.includes(dataToken(t)));
}

/** The page's bytes with `given` values and, for each hole, the viewer's markup (null: the default markup). */
export function fillPage(page: CompiledPage, given: Record<string, string>, holeMarkup: (string | null)[]): Buffer {
  const encoded = new Map<string, Buffer>();
  const encode = (name: string, place: "markup" | "data") => {
    const key = `${place} ${name}`;
    let value = encoded.get(key);
    if (value === undefined) {
      const raw = given[name];
      if (raw === undefined) throw new Error(`no value for ${name}`);
      value = Buffer.from(place === "data" ? dataToken(raw) : escapeMarkup(raw));
      encoded.set(key, value);
    }
    return value;
  };
  const out: Buffer[] = [];
  for (const part of page.parts) {
    if (Buffer.isBuffer(part)) out.push(part);
    else if ("hole" in part) {
      const markup = holeMarkup[part.hole];
      out.push(markup == null ? part.fallback : Buffer.from(markup));
    } else out.push(encode(part.value, part.place));
  }
  return Buffer.concat(out);
}
