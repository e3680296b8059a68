// The CV maker end to end below the web: real renders in the render children (text read back with
// pdf-parse: Latin Extended names, both templates, an empty CV, two pages), and a saved CV kept as
// an ordinary resume whose text scoring reads, visible to its candidate only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFParse } from "pdf-parse";
import { LocalDiskStorage, setStorage } from "../../lib/storage.ts";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { readableResume } from "../applications/index.server.ts";
import { signUp } from "../identity/index.server.ts";
import {
  addEntry,
  cvFor,
  cvWords,
  CvBusyError,
  CV_RENDER_LIMITS,
  renderCv,
  renderCvPdf,
  saveAbout,
  saveCvToResumes,
  saveSkills,
  stopCvRenderers,
  type CvData,
} from "./index.server.ts";

useTestRuntime();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-cv-"));
  setStorage(new LocalDiskStorage(dir));
});
afterAll(async () => {
  stopCvRenderers();
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

async function pdfText(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const result = await new PDFParse({ data: new Uint8Array(pdf) }).getText({ pageJoiner: "" });
  return { text: result.text.replace(/\s+/g, " "), pages: result.total };
}

const EMPTY: CvData = {
  words: cvWords("en"),
  name: "",
  email: "",
  headline: "",
  location: "",
  summary: "",
  skills: [],
  experience: [],
  education: [],
  links: [],
  languages: [],
};

/** Long enough for two A4 pages. */
export const twoPageCv = (): CvData => ({
  words: cvWords("en"),
  name: "Łukasz Żółć",
  email: "lukasz@example.com",
  headline: "Senior Engineer – TypeScript and PostgreSQL",
  location: "Kraków, Poland",
  summary:
    "Worked with Zoë Brontë on hiring tools. Ten years across the stack, from query plans to accessible interfaces.",
  skills: ["TypeScript", "Node.js", "React", "PostgreSQL", "Accessibility"],
  experience: Array.from({ length: 5 }, (_, i) => ({
    title: `Engineer ${i + 1}`,
    company: `Company ${i + 1} sp. z o.o.`,
    period: `Jan ${2020 - i} – Dec ${2020 - i}`,
    bullets: Array.from(
      { length: 5 },
      (_, j) =>
        `Responsibility ${j + 1}: delivered measurable improvements to the hiring pipeline, cutting time-to-offer by ${10 + j}% while keeping satisfaction high.`,
    ),
  })),
  education: [{ school: "Jagiellonian University", degree: "MSc Computer Science", period: "2012 – 2014" }],
  links: [{ label: "GitHub", url: "https://github.com/lukasz" }],
  languages: [
    { name: "Polish", level: "Native" },
    { name: "English", level: "Fluent" },
  ],
});

describe("rendering", () => {
  for (const template of ["classic", "compact"] as const) {
    it(`renders every section in the ${template} template with Latin Extended names intact`, async () => {
      const pdf = await renderCvPdf(twoPageCv(), template);
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
      const { text, pages } = await pdfText(pdf);
      for (const wanted of [
        "Łukasz Żółć",
        "Zoë Brontë",
        "Kraków, Poland",
        "Engineer 5",
        "Company 3 sp. z o.o.",
        "Jagiellonian University",
        "Polish (Native)",
      ]) {
        expect(text).toContain(wanted);
      }
      // The compact template prints its headings in capitals.
      for (const heading of ["Experience", "Education", "Skills", "Languages"]) {
        expect(text.toLowerCase()).toContain(heading.toLowerCase());
      }
      // Hyphenation is off: no word is split across lines.
      expect(text).toContain("Responsibility 5: delivered measurable improvements");
      expect(pages).toBeGreaterThanOrEqual(2);
    });
  }

  it("makes a valid one-page PDF of a CV with every field empty, in both templates", async () => {
    for (const template of ["classic", "compact"] as const) {
      const pdf = await renderCvPdf(EMPTY, template);
      const { pages, text } = await pdfText(pdf);
      expect(pages).toBe(1);
      expect(text.trim()).toBe("");
    }
  });

  it("renders many at once through the pool", async () => {
    const pdfs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        renderCvPdf({ ...EMPTY, name: `Person ${i}` }, i % 2 ? "compact" : "classic"),
      ),
    );
    const texts = await Promise.all(pdfs.map(pdfText));
    expect(texts.map((t) => t.text.trim())).toEqual(Array.from({ length: 6 }, (_, i) => `Person ${i}`));
  });
});

describe("one render child, one CV after another", () => {
  it("keeps every letter in each document's text, whatever the ones before it used", async () => {
    const saved = { ...CV_RENDER_LIMITS };
    stopCvRenderers();
    Object.assign(CV_RENDER_LIMITS, { children: 1 });
    try {
      const names = ["Zoë Brontë", "Engineer Łukasz", "Jana Jäger", "Bébé Kenneth"];
      for (const name of names) {
        const { text } = await pdfText(await renderCvPdf({ ...EMPTY, name, skills: ["Kenntnisse"] }, "classic"));
        expect(text.trim()).toBe(`${name} Skills Kenntnisse`);
      }
    } finally {
      stopCvRenderers();
      Object.assign(CV_RENDER_LIMITS, saved);
    }
  });
});

describe("overload", () => {
  it("turns a render away at once when every child is busy and the waiting line is full", async () => {
    const saved = { ...CV_RENDER_LIMITS };
    stopCvRenderers();
    Object.assign(CV_RENDER_LIMITS, { children: 1, maxWaiting: 1 });
    try {
      const outcomes = await Promise.allSettled(
        [0, 1, 2].map((i) => renderCvPdf({ ...EMPTY, name: `P${i}` }, "classic")),
      );
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
      expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(CvBusyError);
    } finally {
      Object.assign(CV_RENDER_LIMITS, saved);
    }
  });
});

describe("from a profile to a resume", () => {
  it("takes the name and email from the account and the rest from the profile", async () => {
    const zoe = await signUp({
      email: "zoe@example.com",
      password: "correct horse",
      full_name: "Zoë Brontë",
      role: "candidate",
    });
    await saveAbout(zoe.id, { headline: "Data engineer", location: "Haworth", summary: "" });
    await saveSkills(zoe.id, { skills: "SQL, Python" });
    await addEntry(zoe.id, "experience", {
      title: "Analyst",
      company: "Żabka",
      start: "2019-02",
      current: "on",
      bullets: "Built the pipeline",
    });
    expect(await cvFor(zoe.id)).toMatchObject({
      name: "Zoë Brontë",
      email: "zoe@example.com",
      experience: [
        { title: "Analyst", company: "Żabka", period: "Feb 2019 – Present", bullets: ["Built the pipeline"] },
      ],
    });
    const { pdf, filename } = await renderCv(zoe.id, "compact");
    expect(filename).toBe("Zoë Brontë - CV - Compact.pdf");
    expect((await pdfText(pdf)).text).toContain("Analyst · Żabka");
  });

  it("writes the CV in German for a candidate who reads German: headings, months, levels and its file name", async () => {
    const jana = await signUp({
      email: "jana@example.com",
      password: "correct horse",
      full_name: "Jana Jäger",
      role: "candidate",
    });
    await em().execute(`update users set language = 'de' where id = ?`, [jana.id]);
    await saveSkills(jana.id, { skills: "SQL, Python" });
    await addEntry(jana.id, "experience", {
      title: "Analystin",
      company: "Żabka",
      start: "2019-03",
      current: "on",
      bullets: "Die Pipeline gebaut",
    });
    expect(await cvFor(jana.id)).toMatchObject({
      experience: [{ period: "März 2019 – heute" }],
    });
    expect(await cvFor(jana.id, "en")).toMatchObject({ experience: [{ period: "Mar 2019 – Present" }] });
    const { pdf, filename } = await renderCv(jana.id, "classic");
    expect(filename).toBe("Jana Jäger - Lebenslauf - Klassisch.pdf");
    const { text } = await pdfText(pdf);
    for (const heading of ["Berufserfahrung", "Kenntnisse", "März 2019 – heute"]) expect(text).toContain(heading);
    expect(text).not.toContain("Experience");
    const twoPages = await pdfText(await renderCvPdf({ ...twoPageCv(), words: cvWords("de") }, "classic"));
    expect(twoPages.text.toLowerCase()).toContain("berufserfahrung");
  });

  it("saves the CV as a resume with its text read like an upload's; nobody else can read it", async () => {
    const lukasz = await signUp({
      email: "lukasz@example.com",
      password: "correct horse",
      full_name: "Łukasz Żółć",
      role: "candidate",
    });
    const other = await signUp({
      email: "other@example.com",
      password: "correct horse",
      full_name: "Other",
      role: "candidate",
    });
    const employer = await signUp({
      email: "boss@example.com",
      password: "correct horse",
      full_name: "Boss",
      role: "employer",
      company_name: "Acme",
    });
    await saveSkills(lukasz.id, { skills: "Rust, Kotlin" });
    const saved = await saveCvToResumes(lukasz.id, "classic");
    expect(saved).toMatchObject({ name: "Łukasz Żółć - CV - Classic.pdf" });
    const [row] = await em().execute<
      { text_status: string; text: string; storage_key: string; candidate_id: string }[]
    >("select text_status, text, storage_key, candidate_id from resumes where id = ?", [saved.id]);
    expect(row).toMatchObject({ text_status: "ready", candidate_id: lukasz.id });
    expect(row!.text).toContain("Łukasz Żółć");
    expect(row!.text).toContain("Rust · Kotlin");
    expect(row!.storage_key).toMatch(new RegExp(`^resumes/${lukasz.id}/cv-\\d+\\.pdf$`));
    expect(await readableResume({ id: lukasz.id, role: "candidate" }, saved.id)).toMatchObject({ name: saved.name });
    expect(await readableResume({ id: other.id, role: "candidate" }, saved.id)).toBeNull();
    expect(await readableResume({ id: employer.id, role: "employer" }, saved.id)).toBeNull();
  });
});
