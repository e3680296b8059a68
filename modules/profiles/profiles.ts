// A candidate's profile: read it, and change one part of it at a time. Each change locks the
// candidate's row, so two tabs saving at once both land (the later one last) and a reorder never
// interleaves with a removal. Everything a person types is checked by the schemas first.
import { randomUUID } from "node:crypto";
import type { ZodError } from "zod";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { CandidateProfile } from "./entities.ts";
import { entryNotFound, ProfileError } from "./errors.ts";
import {
  AboutSchema,
  SECTIONS,
  SkillsSchema,
  type Education,
  type Experience,
  type FieldErrors,
  type FormValues,
  type Language,
  type Link,
  type SectionName,
} from "./schemas.ts";

export interface Profile {
  headline: string;
  location: string;
  summary: string;
  skills: string[];
  experience: Experience[];
  education: Education[];
  links: Link[];
  languages: Language[];
  updatedAt: string | null;
}

type SectionEntry = { experience: Experience; education: Education; links: Link; languages: Language };

const EMPTY: Profile = {
  headline: "",
  location: "",
  summary: "",
  skills: [],
  experience: [],
  education: [],
  links: [],
  languages: [],
  updatedAt: null,
};

const view = (row: CandidateProfile): Profile => ({
  headline: row.headline,
  location: row.location,
  summary: row.summary,
  skills: [...row.skills],
  experience: row.experience.map((e) => ({ ...e, bullets: [...e.bullets] })),
  education: row.education.map((e) => ({ ...e })),
  links: row.links.map((l) => ({ ...l })),
  languages: row.languages.map((l) => ({ ...l })),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** The candidate's profile; an empty one when they have not written any of it yet. */
export async function getProfile(candidateId: string): Promise<Profile> {
  const row = await em().findOne(CandidateProfile, { candidateId });
  return row ? view(row) : { ...EMPTY };
}

const invalid = (error: ZodError): ProfileError => {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return new ProfileError("invalid", "Please correct the highlighted fields.", fieldErrors);
};

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  form: FormValues,
): T {
  const result = schema.safeParse(form);
  if (!result.success) throw invalid(result.error);
  return result.data;
}

/** Runs `edit` on the candidate's row under its lock (made first if there is none), then saves. */
async function change(candidateId: string, edit: (row: CandidateProfile) => void): Promise<Profile> {
  return transaction(async (tx) => {
    let row = await lockForUpdate(CandidateProfile, { candidateId });
    if (!row) {
      // Two first edits at once: one insert wins, both then take the row's lock in turn.
      await tx.execute(
        `insert into candidate_profiles (candidate_id, updated_at) values (?, ?) on conflict do nothing`,
        [candidateId, now()],
      );
      row = await lockForUpdate(CandidateProfile, { candidateId });
      if (!row) throw new Error("candidate profile row missing after insert");
    }
    edit(row);
    row.updatedAt = now();
    await tx.flush();
    return view(row);
  });
}

/** Headline, location and summary. */
export async function saveAbout(candidateId: string, form: FormValues): Promise<Profile> {
  const about = parse(AboutSchema, form);
  return change(candidateId, (row) => Object.assign(row, about));
}

/** The skills, as one comma- or line-separated list. */
export async function saveSkills(candidateId: string, form: FormValues): Promise<Profile> {
  const { skills } = parse(SkillsSchema, form);
  return change(candidateId, (row) => {
    row.skills = skills;
  });
}

function list<S extends SectionName>(row: CandidateProfile, section: S): SectionEntry[S][] {
  return row[section] as unknown as SectionEntry[S][];
}
function setList<S extends SectionName>(row: CandidateProfile, section: S, entries: SectionEntry[S][]): void {
  // A new array, so the ORM sees the JSON column changed.
  (row as unknown as Record<SectionName, unknown[]>)[section] = [...entries];
}

/** Adds an entry at the end of a list; past the list's cap it is refused with a message. */
export async function addEntry(candidateId: string, section: SectionName, form: FormValues): Promise<{ id: string }> {
  const { schema, max, noun } = SECTIONS[section];
  const values = parse(schema as never, form) as object;
  const id = randomUUID();
  await change(candidateId, (row) => {
    const entries = list(row, section);
    if (entries.length >= max) {
      throw new ProfileError("invalid", `You can list at most ${max} ${noun}. Remove one to add another.`, {
        form: [`You can list at most ${max} ${noun}. Remove one to add another.`],
      });
    }
    setList(row, section, [...entries, { ...values, id } as SectionEntry[typeof section]]);
  });
  return { id };
}

/** Replaces one entry's fields; an id that is not in this candidate's list is not found. */
export async function updateEntry(
  candidateId: string,
  section: SectionName,
  id: string,
  form: FormValues,
): Promise<void> {
  const values = parse(SECTIONS[section].schema as never, form) as object;
  await change(candidateId, (row) => {
    const entries = list(row, section);
    const at = entries.findIndex((e) => e.id === id);
    if (at < 0) throw entryNotFound();
    setList(
      row,
      section,
      entries.map((e, i) => (i === at ? ({ ...values, id } as SectionEntry[typeof section]) : e)),
    );
  });
}

/** Moves an entry one place up or down; at either end it stays where it is. */
export async function moveEntry(
  candidateId: string,
  section: SectionName,
  id: string,
  direction: "up" | "down",
): Promise<void> {
  await change(candidateId, (row) => {
    const entries = [...list(row, section)];
    const at = entries.findIndex((e) => e.id === id);
    if (at < 0) throw entryNotFound();
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= entries.length) return;
    [entries[at], entries[to]] = [entries[to]!, entries[at]!];
    setList(row, section, entries);
  });
}

/** Removes an entry. */
export async function removeEntry(candidateId: string, section: SectionName, id: string): Promise<void> {
  await change(candidateId, (row) => {
    const entries = list(row, section);
    if (!entries.some((e) => e.id === id)) throw entryNotFound();
    setList(
      row,
      section,
      entries.filter((e) => e.id !== id),
    );
  });
}

export interface ChecklistItem {
  label: string;
  done: boolean;
}

/** What a complete profile has, as a short list of things done and to do. */
export function profileChecklist(profile: Profile): ChecklistItem[] {
  return [
    { label: "A headline", done: Boolean(profile.headline) },
    { label: "A short summary", done: Boolean(profile.summary) },
    { label: "At least three skills", done: profile.skills.length >= 3 },
    { label: "Your work experience", done: profile.experience.length > 0 },
    { label: "Your education", done: profile.education.length > 0 },
    { label: "A link or a language", done: profile.links.length + profile.languages.length > 0 },
  ];
}
