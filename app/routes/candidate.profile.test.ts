// /candidate/profile and the CV maker's routes through their own loaders and actions, with real
// sessions and a real database: plain form posts as a browser without JavaScript sends them (a
// redirect back on success; 400 with what was typed and the messages otherwise), NUL bytes and
// oversized input, someone else's entry (404), and employers and signed-out visitors (redirected,
// nothing changed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { LocalDiskStorage, setStorage } from "#lib/storage.ts";
import { UNSTORABLE_FIELD } from "#lib/forms.ts";
import { em } from "#lib/db.ts";
import { consumeQuota } from "#lib/quotas.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { signInResponse, signUp, type Account } from "#modules/identity/index.server.ts";
import { addEntry, getProfile, stopCvRenderers } from "#modules/profiles/index.server.ts";
import * as profileRoute from "./candidate.profile/route.tsx";
import * as cvRoute from "./candidate.profile_.cv/route.tsx";
import * as pdfRoute from "./candidate.profile_.cv[.]pdf.tsx";

useTestRuntime();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-profile-"));
  setStorage(new LocalDiskStorage(dir));
});
afterAll(async () => {
  stopCvRenderers();
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

const BASE = "http://localhost";
const args = (request: Request) => ({
  request,
  params: {},
  context: { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" },
});

async function cookieFor(account: Account | null): Promise<string> {
  if (!account) return "";
  const response = await signInResponse(account, "/", {});
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

type Answer = { status: number; location: string | null; body: unknown; response: Response | null };

/** Runs a loader or action; a thrown Response (redirect, 404) or data() comes back as an answer. */
async function run(work: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await work();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), body: null, response: result };
  const maybe = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (maybe?.type === "DataWithResponseInit")
    return { status: maybe.init?.status ?? 200, location: null, body: maybe.data, response: null };
  if (result instanceof Error) throw result;
  return { status: 200, location: null, body: result, response: null };
}

const post = (
  route: { action: (a: never) => unknown },
  url: string,
  cookie: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  run(async () =>
    route.action(
      args(
        new Request(BASE + url, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        }),
      ) as never,
    ),
  );
const get = (route: { loader: (a: never) => unknown }, url: string, cookie: string) =>
  run(async () => route.loader(args(new Request(BASE + url, { headers: { Cookie: cookie } })) as never));

let n = 0;
const person = (role: "candidate" | "employer") =>
  signUp({
    email: `${role}${++n}@example.com`,
    password: "correct horse",
    full_name: role === "candidate" ? `Łukasz Żółć ${n}` : `Boss ${n}`,
    role,
    ...(role === "employer" ? { company_name: "Acme" } : {}),
  });
const job = {
  intent: "add:experience",
  title: "Engineer",
  company: "Acme",
  start: "2020-01",
  end: "2022-02",
  bullets: "Built it",
};

describe("profile forms without JavaScript", () => {
  it("adds an entry and redirects back to its section", async () => {
    const cara = await person("candidate");
    const answer = await post(profileRoute, "/candidate/profile", await cookieFor(cara), job);
    expect(answer).toMatchObject({ status: 302, location: "/candidate/profile?saved=experience#experience" });
    expect((await getProfile(cara.id)).experience.map((e) => e.title)).toEqual(["Engineer"]);
    const page = await get(profileRoute, "/candidate/profile?saved=experience", await cookieFor(cara));
    expect(page.body).toMatchObject({
      saved: "experience",
      checklist: expect.arrayContaining([{ label: "Your work experience", done: true }]),
    });
  });

  it("answers a refused form with 400, everything typed, and the message beside the field", async () => {
    const cara = await person("candidate");
    const long = "x".repeat(10_000);
    const answer = await post(profileRoute, "/candidate/profile", await cookieFor(cara), {
      ...job,
      bullets: `ok\n${long}`,
      end: "",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      formKey: "add:experience",
      values: { title: "Engineer", company: "Acme", start: "2020-01", end: "", bullets: `ok\n${long}` },
      errors: {
        bullets: ["Each bullet point can be at most 300 characters (point 2 has 10,000)"],
        end: ["Enter when you left, or tick “I work here now”"],
      },
    });
    expect((await getProfile(cara.id)).experience).toEqual([]);
  });

  it("refuses 200 skills with a message and keeps them as typed", async () => {
    const cara = await person("candidate");
    const skills = Array.from({ length: 200 }, (_, i) => `S${i}`).join(", ");
    const answer = await post(profileRoute, "/candidate/profile", await cookieFor(cara), {
      intent: "save-skills",
      skills,
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { formKey: "skills", values: { skills }, errors: { skills: ["List at most 50 skills (you listed 200)"] } },
    });
  });

  it("names a field that held a NUL byte, saves nothing and keeps the rest", async () => {
    const cara = await person("candidate");
    const answer = await post(profileRoute, "/candidate/profile", await cookieFor(cara), {
      intent: "save-about",
      headline: "Eng\0ineer",
      location: "Kraków",
      summary: "Hi",
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        formKey: "about",
        values: { headline: "Engineer", location: "Kraków", summary: "Hi" },
        errors: { headline: [UNSTORABLE_FIELD] },
      },
    });
    expect((await getProfile(cara.id)).updatedAt).toBeNull();
  });

  it("moves and removes by intent; another candidate's entry is 404 and stays as it was", async () => {
    const cara = await person("candidate");
    const otto = await person("candidate");
    const cookie = await cookieFor(cara);
    const first = await addEntry(cara.id, "experience", {
      title: "First",
      company: "A",
      start: "2020-01",
      current: "on",
    });
    const second = await addEntry(cara.id, "experience", {
      title: "Second",
      company: "B",
      start: "2021-01",
      current: "on",
    });
    expect(
      await post(profileRoute, "/candidate/profile", cookie, { intent: "up:experience", id: second.id }),
    ).toMatchObject({ status: 302 });
    expect((await getProfile(cara.id)).experience.map((e) => e.title)).toEqual(["Second", "First"]);
    expect(
      await post(profileRoute, "/candidate/profile", cookie, { intent: "remove:experience", id: first.id }),
    ).toMatchObject({ status: 302 });
    expect((await getProfile(cara.id)).experience.map((e) => e.title)).toEqual(["Second"]);

    const ottoCookie = await cookieFor(otto);
    for (const intent of ["save:experience", "up:experience", "down:experience", "remove:experience"]) {
      expect(
        await post(profileRoute, "/candidate/profile", ottoCookie, { ...job, intent, id: second.id }),
      ).toMatchObject({ status: 404 });
    }
    expect((await getProfile(cara.id)).experience.map((e) => e.title)).toEqual(["Second"]);
  });

  it("answers an unknown intent or a section that does not exist with 400", async () => {
    const cara = await person("candidate");
    const cookie = await cookieFor(cara);
    for (const intent of ["", "drop-tables", "add:secrets", "remove:experience"]) {
      expect((await post(profileRoute, "/candidate/profile", cookie, { intent })).status).toBe(400);
    }
  });
});

describe("who may use these routes", () => {
  it("sends employers home and signed-out visitors to sign in, changing nothing", async () => {
    const erin = await person("employer");
    const cara = await person("candidate");
    const { id: entry } = await addEntry(cara.id, "experience", {
      title: "Kept",
      company: "A",
      start: "2020-01",
      current: "on",
    });
    for (const [who, cookie, to] of [
      ["employer", await cookieFor(erin), /^\/employer\/dashboard$/],
      ["signed out", "", /^\/auth\?redirect=/],
    ] as const) {
      for (const [route, url] of [
        [profileRoute, "/candidate/profile"],
        [cvRoute, "/candidate/profile/cv"],
        [pdfRoute, "/candidate/profile/cv.pdf?template=classic"],
      ] as const) {
        const answer = await get(route, url, cookie);
        expect(answer.status, `${who} GET ${url}`).toBe(302);
        expect(answer.location).toMatch(to);
      }
      for (const [route, fields] of [
        [profileRoute, { intent: "remove:experience", id: entry }],
        [profileRoute, job],
        [cvRoute, { intent: "save-to-resumes", template: "classic" }],
      ] as const) {
        const answer = await post(route, "/candidate/profile", cookie, fields);
        expect(answer.status, `${who} POST ${fields.intent}`).toBe(302);
        expect(answer.location).toMatch(to);
      }
    }
    expect((await getProfile(cara.id)).experience.map((e) => e.title)).toEqual(["Kept"]);
    expect((await getProfile(erin.id)).updatedAt).toBeNull();
    expect(await em().execute("select id from resumes")).toEqual([]);
  });
});

describe("the CV routes", () => {
  it("serves the PDF inline or as a download with a safe UTF-8 file name; an unknown template is 404", async () => {
    const cara = await person("candidate");
    const cookie = await cookieFor(cara);
    const inline = await get(pdfRoute, "/candidate/profile/cv.pdf?template=compact", cookie);
    expect(inline.status).toBe(200);
    expect(inline.response!.headers.get("Content-Type")).toBe("application/pdf");
    expect(inline.response!.headers.get("Content-Disposition")).toMatch(
      /^inline; filename="CV \(compact\)\.pdf"; filename\*=UTF-8''%C5%81ukasz%20%C5%BB%C3%B3%C5%82%C4%87%20\d+%20-%20CV%20-%20Compact\.pdf$/,
    );
    expect(inline.response!.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await inline.response!.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const download = await get(pdfRoute, "/candidate/profile/cv.pdf?template=classic&download=1", cookie);
    expect(download.response!.headers.get("Content-Disposition")).toMatch(/^attachment; /);
    expect((await get(pdfRoute, "/candidate/profile/cv.pdf?template=../../etc", cookie)).status).toBe(404);
  });

  it("previews either template and saves the CV to the candidate's resumes", async () => {
    const cara = await person("candidate");
    const cookie = await cookieFor(cara);
    expect((await get(cvRoute, "/candidate/profile/cv?template=nonsense", cookie)).body).toMatchObject({
      template: "classic",
      cv: { name: cara.fullName },
    });
    expect((await get(cvRoute, "/candidate/profile/cv?template=compact", cookie)).body).toMatchObject({
      template: "compact",
      saved: false,
    });
    const saved = await post(cvRoute, "/candidate/profile/cv", cookie, {
      intent: "save-to-resumes",
      template: "compact",
    });
    expect(saved).toMatchObject({ status: 302, location: "/candidate/profile/cv?template=compact&saved=1" });
    const rows = await em().execute<{ candidate_id: string; original_name: string; text_status: string }[]>(
      "select candidate_id, original_name, text_status from resumes where candidate_id = ?",
      [cara.id],
    );
    expect(rows).toEqual([
      { candidate_id: cara.id, original_name: `${cara.fullName} - CV - Compact.pdf`, text_status: "ready" },
    ]);
    expect(
      (await post(cvRoute, "/candidate/profile/cv", cookie, { intent: "save-to-resumes", template: "fancy" })).status,
    ).toBe(400);
  });

  it("past the candidate's CV renders for the hour, answers 429 with Retry-After and says when to try again", async () => {
    const cara = await person("candidate");
    const cookie = await cookieFor(cara);
    for (let i = 0; i < 60; i++) await consumeQuota("cv-renders", cara.id);
    const pdf = await get(pdfRoute, "/candidate/profile/cv.pdf?template=classic", cookie);
    expect(pdf.status).toBe(429);
    expect(Number(pdf.response!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await pdf.response!.text()).toContain("You have reached the limit of 60 CV PDFs made per hour.");
    const save = await post(cvRoute, "/candidate/profile/cv", cookie, {
      intent: "save-to-resumes",
      template: "classic",
    });
    expect(save).toMatchObject({
      status: 429,
      body: { error: expect.stringMatching(/^You have reached the limit of 60 CV PDFs made per hour\. Try again in/) },
    });
    expect(await em().execute("select id from resumes where candidate_id = ?", [cara.id])).toEqual([]);
  });
});
