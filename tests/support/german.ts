// A page in German over HTTP (decision 090): `expectGerman(path)` asks for it in German and in
// English and fails on a catalogue key left raw, or on a catalogue's English text that the German
// page still shows. Shared by the language tests of each area.
import { expect } from "vitest";
import { resources } from "../../locales/index.ts";
import { PLANS } from "../../modules/billing-plans/index.server.ts";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
const english = new Map(flatten(resources.en as unknown as Tree));
const german = new Map(flatten(resources.de as unknown as Tree));
// A key that reached the page untranslated: "nav.jobs", "common:nav.jobs", "common.nav.jobs".
const rawKeys = [...english.keys()].flatMap((namespaced) => {
  const [ns, ...rest] = namespaced.split(".");
  const key = rest.join(".").replace(/_(one|other)$/, "");
  return key.includes(".") ? [key, `${ns}:${key}`, `${ns}.${key}`] : [`${ns}:${key}`, `${ns}.${key}`];
});
// English words the catalogue translates (placeholders filled differently are left out), unless
// German uses the same word elsewhere ("Benefits" is German for a job's benefits too) or it is a
// plan's name, which stays as it is ("Professional").
const germanTexts = new Set(german.values());
const planNames = new Set(PLANS.map((plan) => plan.name));
const englishOnly = [...english]
  .filter(([key, text]) => !text.includes("{{") && text.length >= 8 && german.get(key) !== text)
  .map(([, text]) => text)
  .filter((text) => !germanTexts.has(text) && !planNames.has(text));
// A single word counts where it is an element's whole text: inside an employer's sentence
// ("Experience shipping software.") it is their words, not ours.
const shows = (page: string, text: string) =>
  /\s/.test(text)
    ? page.includes(text)
    : new RegExp(`>\\s*${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&")}\\s*<`).test(page);

export const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/** What a reader meets: the markup without scripts (loader data, JSON-LD), entities decoded. */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    // A form's values (an option's category) are data, not words on the page.
    .replace(/ value="[^"]*"/g, "")
    // A field's name ("interviewer") is markup too.
    .replace(/ name="[^"]*"/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The checker for the server at `baseUrl()`: returns the German page's visible text. */
export function germanPageCheck(baseUrl: () => string) {
  return async function expectGerman(path: string, init: RequestInit = {}) {
    const headers = { "Accept-Language": "de-DE,de;q=0.9", ...(init.headers as Record<string, string>) };
    const answer = await fetch(baseUrl() + path, { redirect: "manual", ...init, headers });
    const html = visible(await answer.text());
    const inEnglish = visible(
      await (
        await fetch(baseUrl() + path, {
          redirect: "manual",
          ...init,
          headers: { ...headers, "Accept-Language": "en-US" },
        })
      ).text(),
    );
    expect(langOf(html), path).toBe("de");
    expect(
      rawKeys.filter((key) =>
        new RegExp(`(?<![\\w./-])${key.replace(/[.*+?^$()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(html),
      ),
      `${path}: raw keys`,
    ).toEqual([]);
    const leftInEnglish = englishOnly.filter((text) => shows(inEnglish, text) && shows(html, text));
    expect(leftInEnglish, `${path}: English left`).toEqual([]);
    return html;
  };
}
