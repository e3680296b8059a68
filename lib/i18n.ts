// Helpers for translated text that know no words of their own: the Accept-Language header read
// whole, and messages written in English by code that has no language (decision 090).

/**
 * The supported language the header prefers most, by q-value (not just its first entry): for
 * "fr-FR,fr;q=0.9,de;q=0.8" and ["en", "de"], "de". A region matches its language ("de-AT": de);
 * "*" or nothing supported: null.
 */
export function preferredLanguage<L extends string>(header: string | null, supported: readonly L[]): L | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 30)
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag && e.q > 0 && !Number.isNaN(e.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const found = supported.find((l) => tag === l || tag.startsWith(`${l}-`));
    if (found) return found;
  }
  return null;
}

export type MessageMatch = { key: string; values: Record<string, string> };

/**
 * Recognises messages by their English templates ({ key: "Use at least {{n}} characters" }): the
 * key and the values in the placeholders' places, or null for a message not in the list.
 */
export function messageMatcher(templates: Record<string, string>): (message: string) => MessageMatch | null {
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const patterns = Object.entries(templates).map(([key, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return "(.*?)";
      })
      .join("");
    return { key, names, pattern: new RegExp(`^${source}$`, "s") };
  });
  return (message) => {
    for (const { key, names, pattern } of patterns) {
      const match = pattern.exec(message);
      if (match) return { key, values: Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? ""])) };
    }
    return null;
  };
}
