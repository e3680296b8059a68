// Notes and ratings against the real server, as a browser with JavaScript off sends them (decision
// 051): add, edit through ?edit=, delete and rate, each a form post answered with a redirect back to
// the application page; a refused post answers 400 with its message beside the field and the text as
// typed, never a 500. Everyone who may not review the application (another company's owner, a
// removed member, an interviewer not assigned to the job, a colleague on someone else's note, the
// candidate, signed out) is refused and changes nothing in the database; the candidate's pages show
// none of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { UNSTORABLE_FIELD } from "../../lib/forms.ts";
import { emptyQuestion, jobToApply, memberFor } from "../../modules/hiring/index.server.ts";
import { saveAnswers, submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { flashOf } from "../support/flash.ts";

const PASSWORD = "correct horse battery";
const ANSWER = "I built a query planner.";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const ids = {} as { owner: string; recruiter: string; job: string; application: string };
const as = {} as Record<
  "signedOut" | "owner" | "recruiter" | "interviewer" | "unassigned" | "removed" | "rival" | "cara",
  HttpClient
>;
let page = "";
let notesPath = "";
let ratingPath = "";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);

/** Every note and rating there is. */
async function state() {
  return {
    notes: await sql(
      `select id, application_id, author_id, body, created_at, edited_at from application_notes order by id`,
    ),
    ratings: await sql(
      `select id, application_id, rater_id, stars, reason, updated_at from application_ratings order by id`,
    ),
  };
}

async function changesNothing(requests: () => Promise<void>) {
  const before = await state();
  await requests();
  expect(await state()).toEqual(before);
}

async function expectBack(response: Response, done: string) {
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  expect(redirectedTo(response)).toBe(`${page}#notes`);
  expect(await flashOf(response)).toEqual({ kind: "success", place: "notes", text: done });
}

async function expectNotFound(response: Response) {
  const body = await response.text();
  expect(response.status).toBe(404);
  expect(body).not.toContain("SECRET");
}

/** The text of a page, tags removed, entities of quotes decoded. */
const textOf = async (response: Response) =>
  (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const account = (name: string, role: "employer" | "candidate", plan: string) =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@notes.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? `${name} Co` : undefined,
      plan,
    });
  const [owner, recruiter, interviewer, unassigned, removed, rival, cara] = await Promise.all([
    account("Olive", "employer", "business"),
    account("Rex", "employer", "business"),
    account("Ina", "employer", "business"),
    account("Uma", "employer", "business"),
    account("Remo", "employer", "business"),
    account("Rita", "employer", "business"),
    account("Cara", "candidate", "essential"),
  ]);
  ids.owner = owner.id;
  ids.recruiter = recruiter.id;
  ids.job = await publishTestJob(owner.id, {
    title: "Query Engineer",
    questions: [{ ...emptyQuestion(), question_text: "What did you build?" }],
  });
  const company = (await memberFor(owner.id)).companyId;
  for (const [user, role] of [
    [recruiter, "recruiter"],
    [interviewer, "interviewer"],
    [unassigned, "interviewer"],
    [removed, "recruiter"],
  ] as const) {
    await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, now())`, [
      company,
      user.id,
      role,
    ]);
  }
  await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
    ids.job,
    interviewer.id,
  ]);
  await saveAnswers(cara.id, ids.job, { [(await jobToApply(ids.job))!.questions[0]!.id]: ANSWER });
  ids.application = (await submitApplication(cara.id, ids.job)).applicationId;
  page = `/employer/jobs/${ids.job}/applications/${ids.application}`;
  notesPath = `${page}/notes`;
  ratingPath = `${page}/rating`;

  as.signedOut = httpClient(server.baseUrl);
  const signIn = (email: string) => signInOverHttp(server.baseUrl, email, PASSWORD);
  [as.owner, as.recruiter, as.interviewer, as.unassigned, as.removed, as.rival, as.cara] = await Promise.all(
    [owner, recruiter, interviewer, unassigned, removed, rival, cara].map((a) => signIn(a.email)),
  );
  // Removed after signing in: the session stays, the membership is gone.
  await sql(`delete from company_members where user_id = ?`, [removed.id]);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("with JavaScript off", () => {
  it("adds a note, edits it on ?edit= with the text prefilled, and deletes it", async () => {
    const added = await as.owner.post(notesPath, { intent: "add", body: "First thoughts: strong planner work." });
    await expectBack(added, "Your note is added.");
    const [note] = await sql<{ id: string }>(
      `select id from application_notes where body = 'First thoughts: strong planner work.'`,
    );
    let html = await textOf(await as.owner.follow(added));
    expect(html).toContain("Your note is added.");
    expect(html).toContain("Olive Person (you)");
    expect(html).toContain("First thoughts: strong planner work.");
    expect(html).toContain(`?edit=${note!.id}`);

    html = await textOf(await as.owner.get(`${page}?edit=${note!.id}`));
    expect(html).toMatch(/<textarea[^>]*name="body"[^>]*>First thoughts: strong planner work.<\/textarea>/);
    expect(html).toContain('name="noteId" value="' + note!.id + '"');
    // A colleague's ?edit= of it shows no form for it.
    expect(await textOf(await as.recruiter.get(`${page}?edit=${note!.id}`))).not.toContain('name="noteId"');

    await expectBack(
      await as.owner.post(notesPath, {
        intent: "edit",
        noteId: note!.id,
        body: "Edited: strong planner work, ask about ops.",
      }),
      "Your note is saved.",
    );
    html = await textOf(await as.owner.get(page));
    expect(html).toContain("Edited: strong planner work, ask about ops.");
    expect(html).toContain("· edited");

    await expectBack(await as.owner.post(notesPath, { intent: "delete", noteId: note!.id }), "Your note is deleted.");
    expect(await sql(`select 1 from application_notes where id = ?`, [note!.id])).toEqual([]);
    expect(await textOf(await as.owner.get(page))).not.toContain("Edited: strong planner work");
  });

  it("rates as two members: the page shows each rating and the average; a member's second rating replaces their first", async () => {
    await expectBack(await as.owner.post(ratingPath, { stars: "2", reason: "" }), "Your rating is saved.");
    await expectBack(
      await as.owner.post(ratingPath, { stars: "4", reason: "Clear, concrete answers" }),
      "Your rating is saved.",
    );
    await expectBack(
      await as.interviewer.post(ratingPath, { stars: "3", reason: "Good interview" }),
      "Your rating is saved.",
    );
    const html = await textOf(await as.recruiter.get(page));
    expect(html).toContain("Average 3.5 from 2 ratings");
    expect(html).toMatch(/Olive Person<\/span>.*?4 of 5.*?Clear, concrete answers/s);
    expect(html).toMatch(/Ina Person<\/span>.*?3 of 5.*?Good interview/s);
    // The owner's form is prefilled with their rating.
    expect(await textOf(await as.owner.get(page))).toMatch(/value="4" checked=""|checked="" value="4"/);
    expect(
      await sql(`select count(*)::int as n from application_ratings where application_id = ?`, [ids.application]),
    ).toEqual([{ n: 2 }]);
  });

  it("answers bad input with 400 and the message beside the field, the text as typed, nothing saved", async () => {
    await changesNothing(async () => {
      let response = await as.owner.post(notesPath, { intent: "add", body: "   " });
      let html = await textOf(response);
      expect(response.status).toBe(400);
      expect(html).toContain("Please write the note.");
      expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="note-body-new-error/);

      const long = "L".repeat(5001);
      response = await as.owner.post(notesPath, { intent: "add", body: long });
      html = await textOf(response);
      expect(response.status).toBe(400);
      expect(html).toContain("A note can be up to 5,000 characters.");
      expect(html).toContain(`>${long}</textarea>`);

      response = await as.owner.post(notesPath, { intent: "add", body: "half\0typed" });
      html = await textOf(response);
      expect(response.status).toBe(400);
      expect(html).toContain(UNSTORABLE_FIELD);
      expect(html).toContain(">halftyped</textarea>");

      // Huge (under the edge's 2 MiB cap): a message, not a 500.
      response = await as.owner.post(notesPath, { intent: "add", body: "H".repeat(1_500_000) });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("A note can be up to 5,000 characters.");
      // Over the cap, the edge refuses it.
      response = await as.owner.post(notesPath, { intent: "add", body: "H".repeat(2_200_000) });
      await response.arrayBuffer();
      expect(response.status).toBe(413);

      // NUL in a field nobody types, or an unknown intent: the whole form is refused with a message.
      response = await as.owner.post(notesPath, { intent: "add\0", body: "fine" });
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain("The form contained characters we can't store.");
      response = await as.owner.post(notesPath, { intent: "shout", body: "fine" });
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain("Choose Add note, Save note or Delete.");

      response = await as.owner.post(ratingPath, { stars: "9", reason: "Kept as typed" });
      html = await textOf(response);
      expect(response.status).toBe(400);
      expect(html).toContain("Choose from 1 to 5 stars.");
      expect(html).toContain('value="Kept as typed"');
      response = await as.owner.post(ratingPath, { stars: "5", reason: "R".repeat(301) });
      expect(response.status).toBe(400);
      expect(await textOf(response)).toContain("A reason can be up to 300 characters.");
      response = await as.owner.post(ratingPath, { stars: "5", reason: "bad\0reason" });
      html = await textOf(response);
      expect(response.status).toBe(400);
      expect(html).toContain(UNSTORABLE_FIELD);
      expect(html).toContain('value="badreason"');

      // Editing a note that isn't there (or isn't an id) is not found.
      await expectNotFound(await as.owner.post(notesPath, { intent: "edit", noteId: "not-an-id", body: "x" }));
      await expectNotFound(
        await as.owner.post(notesPath, { intent: "delete", noteId: "00000000-0000-0000-0000-000000000000" }),
      );
    });
  });
});

describe("other people", () => {
  it("are refused, and nothing changes: another company, a removed member, an unassigned interviewer, the candidate, signed out", async () => {
    await expectBack(
      await as.owner.post(notesPath, { intent: "add", body: "SECRET owner note" }),
      "Your note is added.",
    );
    await expectBack(
      await as.owner.post(ratingPath, { stars: "5", reason: "SECRET owner reason" }),
      "Your rating is saved.",
    );
    const [note] = await sql<{ id: string }>(`select id from application_notes where body = 'SECRET owner note'`);
    const posts: [string, Record<string, string>][] = [
      [notesPath, { intent: "add", body: "Intruder" }],
      [notesPath, { intent: "edit", noteId: note!.id, body: "Intruder" }],
      [notesPath, { intent: "delete", noteId: note!.id }],
      [ratingPath, { stars: "1", reason: "Intruder" }],
      // Broken input from someone who may not be here is still not found, not a 400.
      [notesPath, { intent: "add", body: "\0" }],
    ];
    await changesNothing(async () => {
      for (const who of [as.rival, as.removed, as.unassigned]) {
        for (const [path, form] of posts) await expectNotFound(await who.post(path, form));
        for (const path of [page, notesPath, ratingPath, `${page}?edit=${note!.id}`])
          await expectNotFound(await who.get(path));
      }
      for (const [path, form] of posts) {
        const candidate = await as.cara.post(path, form);
        await candidate.arrayBuffer();
        expect(redirectedTo(candidate)).toBe("/candidate/jobs");
        const signedOut = await as.signedOut.post(path, form);
        await signedOut.arrayBuffer();
        expect(redirectedTo(signedOut)).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
      }
      // A colleague may read it but not change it.
      await expectNotFound(
        await as.recruiter.post(notesPath, { intent: "edit", noteId: note!.id, body: "Colleague edit" }),
      );
      await expectNotFound(await as.recruiter.post(notesPath, { intent: "delete", noteId: note!.id }));
    });
    // The rival's own job's path with this application: not found either.
    const rivalJob = await publishTestJob(
      (await sql<{ id: string }>(`select id from users where email = 'rita@notes.example.com'`))[0]!.id,
      { title: "Rival job" },
    );
    await changesNothing(async () => {
      await expectNotFound(
        await as.rival.post(`/employer/jobs/${rivalJob}/applications/${ids.application}/notes`, {
          intent: "add",
          body: "Intruder",
        }),
      );
      await expectNotFound(
        await as.rival.post(`/employer/jobs/${rivalJob}/applications/${ids.application}/rating`, { stars: "1" }),
      );
    });
  });

  it("the candidate's pages show none of the notes or ratings", async () => {
    await expectBack(
      await as.recruiter.post(notesPath, { intent: "add", body: "SECRET recruiter note" }),
      "Your note is added.",
    );
    await expectBack(
      await as.recruiter.post(ratingPath, { stars: "1", reason: "SECRET recruiter reason" }),
      "Your rating is saved.",
    );
    for (const path of ["/candidate/applications", `/candidate/applications/${ids.application}`]) {
      const response = await as.cara.get(path);
      const html = await textOf(response);
      expect(response.status).toBe(200);
      expect(html).toContain("Query Engineer");
      for (const secret of ["SECRET", "of 5", "Average", "Olive Person", "Rex Person", "Team notes"])
        expect(html).not.toContain(secret);
    }
    expect(await textOf(await as.cara.get(`/candidate/applications/${ids.application}`))).toContain(ANSWER);
  });
});
