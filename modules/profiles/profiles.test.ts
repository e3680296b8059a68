// The profile's rules against a real database: validation and its limits, the caps on lists,
// reorder and removal, ownership (another candidate's entry is not found), and parallel edits.
import { describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { signUp } from "../identity/index.server.ts";
import {
  addEntry,
  getProfile,
  moveEntry,
  ProfileError,
  profileChecklist,
  removeEntry,
  saveAbout,
  saveSkills,
  updateEntry,
  PROFILE_LIMITS,
} from "./index.server.ts";

useTestRuntime();

let n = 0;
const candidate = async () =>
  (
    await signUp({
      email: `p${++n}@example.com`,
      password: "correct horse",
      full_name: `Person ${n}`,
      role: "candidate",
    })
  ).id;
const job = (title: string, extra: Record<string, string> = {}) => ({
  title,
  company: "Acme",
  start: "2020-01",
  end: "2021-06",
  bullets: "Shipped things\nFixed things",
  ...extra,
});

async function refusal(work: Promise<unknown>): Promise<ProfileError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProfileError);
  return error as ProfileError;
}

describe("about and skills", () => {
  it("saves headline, location and summary, trimmed; an empty profile reads as empty", async () => {
    const id = await candidate();
    expect(await getProfile(id)).toMatchObject({ headline: "", skills: [], experience: [], updatedAt: null });
    await saveAbout(id, { headline: "  Staff Engineer ", location: "Kraków", summary: "Zoë Brontë's colleague." });
    expect(await getProfile(id)).toMatchObject({
      headline: "Staff Engineer",
      location: "Kraków",
      summary: "Zoë Brontë's colleague.",
    });
  });

  it("refuses texts past their limits with a message beside the field, and saves nothing", async () => {
    const id = await candidate();
    const error = await refusal(
      saveAbout(id, { headline: "x".repeat(121), location: "ok", summary: "y".repeat(10_000) }),
    );
    expect(error.code).toBe("invalid");
    expect(error.fieldErrors).toEqual({
      headline: ["Use at most 120 characters"],
      summary: ["Use at most 2000 characters"],
    });
    expect((await getProfile(id)).updatedAt).toBeNull();
  });

  it("splits skills on commas and lines, drops repeats, and refuses 200 skills with a message", async () => {
    const id = await candidate();
    await saveSkills(id, { skills: "TypeScript, React\nreact, PostgreSQL,, " });
    expect((await getProfile(id)).skills).toEqual(["TypeScript", "React", "PostgreSQL"]);
    const many = Array.from({ length: 200 }, (_, i) => `Skill ${i}`).join(", ");
    const error = await refusal(saveSkills(id, { skills: many }));
    expect(error.fieldErrors.skills).toEqual([`List at most ${PROFILE_LIMITS.skills} skills (you listed 200)`]);
    expect((await getProfile(id)).skills).toEqual(["TypeScript", "React", "PostgreSQL"]);
  });
});

describe("experience", () => {
  it("checks every field: required ones, months, an end after the start, bullet length and count", async () => {
    const id = await candidate();
    expect((await refusal(addEntry(id, "experience", {}))).fieldErrors).toMatchObject({
      title: ["Enter your job title"],
      company: ["Enter the company"],
    });
    expect((await refusal(addEntry(id, "experience", job("A", { start: "2021-13" })))).fieldErrors.start).toEqual([
      "Enter the start as a month, like 2021-03",
    ]);
    expect((await refusal(addEntry(id, "experience", job("A", { end: "2019-01" })))).fieldErrors.end).toEqual([
      "The end can't be before the start",
    ]);
    expect((await refusal(addEntry(id, "experience", job("A", { end: "" })))).fieldErrors.end).toEqual([
      "Enter when you left, or tick “I work here now”",
    ]);
    const long = await refusal(addEntry(id, "experience", job("A", { bullets: `short\n${"b".repeat(10_000)}` })));
    expect(long.fieldErrors.bullets).toEqual(["Each bullet point can be at most 300 characters (point 2 has 10,000)"]);
    const many = await refusal(
      addEntry(id, "experience", job("A", { bullets: Array.from({ length: 11 }, (_, i) => `p${i}`).join("\n") })),
    );
    expect(many.fieldErrors.bullets).toEqual(["Use at most 10 bullet points (you wrote 11)"]);
    expect((await getProfile(id)).experience).toEqual([]);

    await addEntry(id, "experience", job("Current", { end: "2030-01", current: "on" }));
    expect((await getProfile(id)).experience[0]).toMatchObject({
      title: "Current",
      current: true,
      end: "",
      bullets: ["Shipped things", "Fixed things"],
    });
  });

  it("adds, edits, moves up and down (staying put at either end) and removes", async () => {
    const id = await candidate();
    const a = await addEntry(id, "experience", job("A"));
    const b = await addEntry(id, "experience", job("B"));
    const c = await addEntry(id, "experience", job("C"));
    const titles = async () => (await getProfile(id)).experience.map((e) => e.title);
    expect(await titles()).toEqual(["A", "B", "C"]);
    await moveEntry(id, "experience", c.id, "up");
    expect(await titles()).toEqual(["A", "C", "B"]);
    await moveEntry(id, "experience", a.id, "up");
    await moveEntry(id, "experience", b.id, "down");
    expect(await titles()).toEqual(["A", "C", "B"]);
    await moveEntry(id, "experience", a.id, "down");
    expect(await titles()).toEqual(["C", "A", "B"]);
    await updateEntry(id, "experience", a.id, job("A2"));
    await removeEntry(id, "experience", b.id);
    expect(await titles()).toEqual(["C", "A2"]);
    expect((await getProfile(id)).experience[1]!.id).toBe(a.id);
  });

  it("holds at most 30 jobs: the 31st is refused with a message", async () => {
    const id = await candidate();
    for (let i = 0; i < 30; i++) await addEntry(id, "experience", job(`Job ${i}`));
    const error = await refusal(addEntry(id, "experience", job("One too many")));
    expect(error.fieldErrors.form).toEqual(["You can list at most 30 jobs. Remove one to add another."]);
    expect((await getProfile(id)).experience).toHaveLength(30);
  });

  it("treats another candidate's entry as not found, and changes nothing of theirs", async () => {
    const owner = await candidate();
    const other = await candidate();
    const { id: entry } = await addEntry(owner, "experience", job("Mine"));
    for (const work of [
      () => updateEntry(other, "experience", entry, job("Theirs")),
      () => moveEntry(other, "experience", entry, "up"),
      () => removeEntry(other, "experience", entry),
    ]) {
      expect((await refusal(work())).code).toBe("not-found");
    }
    expect((await getProfile(owner)).experience.map((e) => e.title)).toEqual(["Mine"]);
    expect((await getProfile(other)).experience).toEqual([]);
  });

  it("keeps every one of many parallel additions, the first edit included", async () => {
    const id = await candidate();
    await Promise.all(Array.from({ length: 8 }, (_, i) => addEntry(id, "experience", job(`Parallel ${i}`))));
    expect((await getProfile(id)).experience).toHaveLength(8);
  });
});

describe("other lists and the checklist", () => {
  it("checks links and languages, and says what is still missing", async () => {
    const id = await candidate();
    expect((await refusal(addEntry(id, "links", { label: "x", url: "javascript:alert(1)" }))).fieldErrors.url).toEqual([
      "Enter a web address, like https://github.com/you",
    ]);
    await addEntry(id, "links", { label: "GitHub", url: "github.com/zoe" });
    expect((await getProfile(id)).links[0]).toMatchObject({ url: "https://github.com/zoe" });
    expect((await refusal(addEntry(id, "languages", { name: "Polish", level: "expert" }))).fieldErrors.level).toEqual([
      "Choose a level",
    ]);
    expect(
      (await refusal(addEntry(id, "education", { school: "UJ", start: "2019", end: "2015" }))).fieldErrors.end,
    ).toEqual(["The end can't be before the start"]);
    const checklist = profileChecklist(await getProfile(id));
    expect(checklist.filter((i) => i.done).map((i) => i.label)).toEqual(["A link or a language"]);
  });
});
