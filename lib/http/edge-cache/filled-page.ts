// A page rendered once with sentinels (private-use characters, which React's escaping leaves as they
// are) where one viewer's values go, then filled per request by string work on its HTML only. The
// framework's hydration data is never touched: sentinels inside other scripts stay as rendered, and
// the client reads the viewer's values from the page's own JSON element ("json" place).

/** One value a page carries: where its sentinel stands. */
export interface ValueSlot {
  name: string;
  sentinel: string;
  /** "markup": text or attribute values, HTML-escaped; "json": a JSON text as the whole content of a data script. */
  place: "markup" | "json";
}

// Literal text is kept as UTF-8 bytes: a request copies them instead of encoding a 100 KB string.
type Part = Buffer | { value: string; place: ValueSlot["place"] } | { hole: number; fallback: Buffer };

export interface CompiledPage {
  parts: Part[];
  /** How many holes, in document order. */
  holes: number;
  /** The page's length in characters (what keeping it costs). */
  length: number;
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

/** JSON text as a script element may hold it: no "</script", no HTML-significant characters, still the same JSON. */
export const scriptJson = (json: string) => json.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);

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
 * markup has a sentinel nobody fills, a value out of its place, or a hole whose default holds one.
 */
export function compilePage(
  html: string,
  values: ValueSlot[],
  holeStart: string,
  holeEnd: string,
): CompiledPage | null {
  const finds = new Map<string, ValueSlot>();
  for (const v of values) finds.set(v.place === "markup" ? escapeMarkup(v.sentinel) : v.sentinel, v);
  // Longest first: one sentinel may start another.
  const alternatives = [...finds.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(
    `${escapeRegExp(holeStart)}([\\s\\S]*?)${escapeRegExp(holeEnd)}|${alternatives.join("|")}`,
    "g",
  );
  const scripts = scriptRanges(html);
  const inScript = (at: number) => scripts.some(([from, to]) => at > from && at < to);
  const parts: Part[] = [];
  let markup = "";
  let last = 0;
  let holes = 0;
  for (const match of html.matchAll(pattern)) {
    const script = inScript(match.index);
    const found = finds.get(match[0]);
    // Inside the framework's scripts a sentinel is the stand-in's data, and stays.
    if (script && found?.place !== "json") continue;
    parts.push(Buffer.from(html.slice(last, match.index)));
    last = match.index + match[0].length;
    if (match[1] !== undefined) {
      if (PRIVATE_USE.test(match[1])) return null;
      parts.push({ hole: holes++, fallback: Buffer.from(match[1]) });
      continue;
    }
    if (found!.place === "json" && !script) return null;
    parts.push({ value: found!.name, place: found!.place });
  }
  parts.push(Buffer.from(html.slice(last)));
  // Any private-use character left in the markup is a place this doesn't know.
  let at = 0;
  for (const [from, to] of scripts) {
    markup += html.slice(at, from);
    at = to;
  }
  markup += html.slice(at);
  for (const find of [...finds.keys()].sort((a, b) => b.length - a.length))
    if (finds.get(find)!.place === "markup") markup = markup.replaceAll(find, "");
  markup = markup.replace(new RegExp(`${escapeRegExp(holeStart)}|${escapeRegExp(holeEnd)}`, "g"), "");
  if (PRIVATE_USE.test(markup)) return null;
  return { parts, holes, length: html.length };
}

/** The page's bytes with `given` values and, for each hole, the viewer's markup (null: the default markup). */
export function fillPage(page: CompiledPage, given: Record<string, string>, holeMarkup: (string | null)[]): Buffer {
  const encoded = new Map<string, Buffer>();
  const encode = (name: string, place: ValueSlot["place"]) => {
    let value = encoded.get(name);
    if (value === undefined) {
      const raw = given[name];
      if (raw === undefined) throw new Error(`no value for ${name}`);
      value = Buffer.from(place === "json" ? scriptJson(raw) : escapeMarkup(raw));
      encoded.set(name, value);
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
