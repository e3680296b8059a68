// The words of a search as groups of forms: quotes, -exclusions, "or", the synonym table (both
// ways) and the one-way broader forms, and the tsquery expression built from them.
import { describe, expect, it } from "vitest";
import { fuzzyWords, rankingWords, readWords, SYNONYMS, wordsQuery } from "./search-words.ts";

const forms = (q: string) => readWords(q).map((g) => (g.negated ? `-${g.forms.join("|")}` : g.forms.join("|")));

describe("readWords", () => {
  it("reads every spelling in the synonym table as the same group", () => {
    for (const entry of SYNONYMS) {
      const groups = entry.map((form) => new Set(readWords(form)[0]!.forms.map((f) => f.toLowerCase())));
      for (const group of groups) for (const form of entry) expect(group, form).toContain(form.toLowerCase());
    }
    expect(forms("Front-End developer")).toEqual(["Front-End|frontend|front end|front-end", "developer"]);
    expect(forms("senior front end engineer")).toEqual(["senior", "front end|frontend|front-end", "engineer"]);
    expect(forms("JS k8s PM")).toEqual(["JS|javascript|js", "k8s|kubernetes", "PM|product manager|pm"]);
  });

  it("widens a phrase one way: 'software developer' finds engineers, 'engineer' does not find developers", () => {
    expect(readWords("software developer")[0]!.forms).toEqual(
      expect.arrayContaining(["developer", "engineer", "software engineer"]),
    );
    expect(forms("engineer")).toEqual(["engineer"]);
  });

  it("keeps quotes, exclusions and or", () => {
    expect(forms('"frontend engineer" -java')).toEqual(["frontend engineer", "-java"]);
    expect(forms("figma or spring")).toEqual(["figma|spring"]);
    expect(forms('-"front end" react')).toEqual(["-front end|frontend|front-end", "react"]);
    expect(forms("or or")).toEqual(["or"]);
    expect(forms('- -- "')).toEqual(["-", "--"]); // punctuation only: PostgreSQL drops it
  });

  it("caps the groups, builds parameters (never SQL from the words) and picks words to spell-check", () => {
    expect(readWords(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "))).toHaveLength(12);
    const built = wordsQuery(readWords("react -'; drop table jobs; --"));
    expect(built.sql).not.toContain("drop");
    expect(Object.values(built.values)).toContain("';");
    expect(wordsQuery([]).sql).toBe("''::tsquery");
    expect(fuzzyWords(readWords("javascrpt in -java js"))).toEqual(["javascrpt"]);
  });

  it("ranks one group without the phrases a single word of it already finds", () => {
    const ranked = (q: string) => rankingWords(readWords(q)).map((g) => g.forms.join("|"));
    expect(ranked("software engineer")).toEqual(["programmer|developer|engineer"]);
    expect(ranked("Programmer")).toEqual(["Programmer|programmer|developer|engineer"]);
    // No single word of the group in the phrase, more than one group, or an exclusion: every form.
    expect(ranked("front end")).toEqual(["front end|frontend|front-end"]);
    expect(ranked("senior software engineer")).toEqual([
      "senior",
      "software engineer|software developer|programmer|developer|engineer",
    ]);
    for (const q of ["kubernetes", "-programmer", "programmer -java"])
      expect(rankingWords(readWords(q)), q).toEqual(readWords(q));
  });
});
