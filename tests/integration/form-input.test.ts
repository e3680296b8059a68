// Bad bytes and bad bodies against the real server: a NUL character in any form is answered with a
// message (beside the field where people type, the rest kept as typed) and nothing is saved; wrong
// or missing content types and empty or broken bodies get 400 or 415; malformed bodies posted to
// every route with an action never get a 5xx; and resumes whose file names hold `;`, `=`, quotes,
// RFC 5987 `filename*=` or any script are uploaded.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { emptyQuestion, jobToApply } from "../../modules/hiring/index.server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { goodPdf } from "../fixtures/files.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { httpClient, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import {
  actionRoutes,
  FILE_NAMES,
  fuzzBodies,
  MULTIPART,
  postCase,
  resumePost,
  TYPE_CASES,
  type Who,
} from "../support/malformed-posts.ts";

const PASSWORD = "correct horse battery";
const NOBODY = "00000000-0000-0000-0000-000000000000";
// As the page shows it: React writes the apostrophe as &#x27;.
const UNSTORABLE = "This field contained characters we can";

let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
const as = {} as { employer: HttpClient; candidate: HttpClient; namer: HttpClient };
const ids = {} as {
  employer: string;
  candidate: string;
  namer: string;
  job: string;
  namesJob: string;
  question: string;
};

const count = async (sql: string, params: unknown[] = []) =>
  Number((await orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from ${sql}`, params))[0]!.n);

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"));
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  const [employer, candidate, namer] = await Promise.all([
    signUpOnPlan({
      email: "erin@example.com",
      password: PASSWORD,
      role: "employer",
      company_name: "Quantum Widgets",
      full_name: "Erin Employer",
      plan: "business",
    }),
    signUpOnPlan({
      email: "cara@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Cara Candidate",
      plan: "essential",
    }),
    signUpOnPlan({
      email: "nina@example.com",
      password: PASSWORD,
      role: "candidate",
      full_name: "Nina Names",
      plan: "essential",
    }),
  ]);
  Object.assign(ids, { employer: employer.id, candidate: candidate.id, namer: namer.id });
  ids.job = await publishTestJob(employer.id, {
    title: "Platform Engineer",
    questions: [{ ...emptyQuestion(), question_text: "Describe a system you run." }],
  });
  ids.namesJob = await publishTestJob(employer.id, { title: "Names Engineer" });
  ids.question = (await jobToApply(ids.job))!.questions[0]!.id;
  as.employer = await signInOverHttp(server.baseUrl, "erin@example.com", PASSWORD);
  as.candidate = await signInOverHttp(server.baseUrl, "cara@example.com", PASSWORD);
  as.namer = await signInOverHttp(server.baseUrl, "nina@example.com", PASSWORD);
});

afterAll(async () => {
  await queue?.stop();
  setOrm(undefined);
  await orm?.close();
  await server?.stop();
});

const cookieOf = (who: Who) => (who === "signed-out" ? null : as[who].cookie);

describe("a NUL character in a form", () => {
  it("in the sign-up form: the message beside the name, the rest kept, no account made", async () => {
    const response = await httpClient(server.baseUrl).post("/auth?mode=signup", {
      mode: "signup",
      role: "candidate",
      email: "ada@example.com",
      password: PASSWORD,
      full_name: "Ada\0 Lovelace",
    });
    const page = await response.text();
    expect(response.status).toBe(400);
    expect(page).toContain(UNSTORABLE);
    expect(page).toContain("ada@example.com");
    expect(page).toContain("Ada Lovelace");
    expect(await count("users where email = ?", ["ada@example.com"])).toBe(0);
  });

  it("in the post wizard's details, benefits and questions: the message beside each, nothing saved, the rest kept", async () => {
    const drafts = () => count("jobs where employer_id = ?", [ids.employer]);
    const before = await drafts();
    const details = await as.employer.post("/employer/jobs/new", {
      step: "1",
      intent: "next",
      title: "Data\0 Engineer",
      description: "Kept description of the role",
      "benefits[0]": "Dental\0",
    });
    const page = await details.text();
    expect(details.status).toBe(400);
    expect(page.split(UNSTORABLE).length - 1).toBeGreaterThanOrEqual(2);
    expect(page).toContain("Kept description of the role");
    expect(page).toContain("Data Engineer");
    expect(await drafts()).toBe(before);

    const edit = await as.employer.post(`/employer/jobs/${ids.job}/edit?step=2`, {
      step: "2",
      intent: "next",
      "questions[0].question_text": "Why\0 us?",
      "questions[0].question_type": "text",
      "questions[0].category": "practical-experience",
    });
    expect(edit.status).toBe(400);
    expect(await edit.text()).toContain(UNSTORABLE);
    const editTitle = await as.employer.post(`/employer/jobs/${ids.job}/edit`, {
      step: "1",
      intent: "next",
      title: "Platform\0 Engineer II",
    });
    expect(editTitle.status).toBe(400);
    await editTitle.arrayBuffer();
    expect(await count("jobs where id = ? and draft is not null", [ids.job])).toBe(0);
    expect(await count("jobs where id = ? and title = 'Platform Engineer'", [ids.job])).toBe(1);
  });

  it("in an apply answer: the message beside it, the answer kept as typed, nothing saved", async () => {
    const response = await as.candidate.post(`/candidate/jobs/${ids.job}/apply?step=1`, {
      step: "1",
      intent: "next",
      [`answer_${ids.question}`]: "I run\0 a queue",
    });
    const page = await response.text();
    expect(response.status).toBe(400);
    expect(page).toContain(UNSTORABLE);
    expect(page).toContain("I run a queue");
    expect(
      await count("application_drafts where candidate_id = ? and answers::text like '%queue%'", [ids.candidate]),
    ).toBe(0);
  });

  it("in forms of buttons and hidden fields (theme, dashboard, job status, decisions, import, account): refused whole with a 400", async () => {
    const answers = await Promise.all([
      httpClient(server.baseUrl).post("/theme", { theme: "dark\0" }),
      as.employer.post("/employer/dashboard", { intent: "delete-draft", jobId: `${ids.job}\0` }),
      as.employer.post(`/employer/jobs/${ids.job}`, { intent: "close\0" }),
      as.employer.post(`/employer/jobs/${ids.job}/applications/${NOBODY}`, { intent: "shortlist\0" }),
      as.candidate.post("/candidate/jobs", { intent: "import", listing: "remotive:1\0" }),
      as.candidate.postMultipart("/account", [
        { name: "intent", value: "email-notifications\0" },
        { name: "emailNotifications", value: "on" },
      ]),
      as.candidate.post(`/candidate/jobs/${ids.job}/apply?step=3`, { step: "3", intent: "submit\0" }),
    ]);
    for (const response of answers) await response.arrayBuffer();
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(await count("jobs where id = ? and status = 'active'", [ids.job])).toBe(1);
  });
});

describe("wrong or missing content types and empty bodies", () => {
  it.each(TYPE_CASES.map((c) => [c.name, c] as const))("%s gets its 400 or 415", async (_name, c) => {
    const url =
      c.target === "urlencoded"
        ? "/auth?mode=signin"
        : c.target === "upload"
          ? "/account"
          : `/candidate/jobs/${ids.job}/apply?step=2`;
    const cookie = c.target === "urlencoded" ? null : as.candidate.cookie;
    expect(await postCase(server.baseUrl, url, c, cookie)).toBe(c.status);
  });
});

describe("the refusal's page", () => {
  it("says what was wrong with the request, not that something went wrong", async () => {
    const res = await fetch(`${server.baseUrl}/auth?mode=signin`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "mode=signin",
    });
    expect(res.status).toBe(415);
    const html = await res.text();
    expect(html).toContain("We couldn&#x27;t take that request");
    expect(html).toContain("This address takes a form sent as application/x-www-form-urlencoded.");
    expect(html).not.toContain("Something went wrong");
  });
});

describe("malformed bodies to every route with an action", () => {
  it("never get a 5xx, and the server stays up", async () => {
    const routes = actionRoutes({ jobId: ids.job, applicationId: NOBODY });
    expect(routes.map((r) => r.file)).toEqual(
      expect.arrayContaining([
        "auth.tsx",
        "account/route.tsx",
        "candidate.jobs.$id_.apply/route.tsx",
        "employer.jobs.new.tsx",
        "employer.jobs.$id_.edit.tsx",
        "theme.tsx",
        "signout.tsx",
      ]),
    );
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const who of route.who) {
        for (const body of fuzzBodies(route.path.length * 31 + who.length)) {
          const status = await postCase(server.baseUrl, route.path, body, cookieOf(who)).catch((error: unknown) => {
            throw new Error(`${route.path} as ${who}, ${body.name}: no answer\n${server.output().slice(-3000)}`, {
              cause: error,
            });
          });
          sent++;
          if (status >= 500) failures.push(`${route.path} as ${who}, ${body.name}: ${status}`);
        }
        // The same action as the client reaches it with JavaScript on.
        for (const body of fuzzBodies(7).slice(0, 6)) {
          const status = await postCase(server.baseUrl, `${route.path}.data`, body, cookieOf(who));
          sent++;
          if (status >= 500) failures.push(`${route.path}.data as ${who}, ${body.name}: ${status}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }, 180_000);
});

describe("resume file names", () => {
  it.each(FILE_NAMES.map((n) => [n.sent, n.shown] as const))("%s is uploaded and shown as %s", async (sent, shown) => {
    const pdf = await goodPdf();
    const response = await fetch(`${server.baseUrl}/candidate/jobs/${ids.namesJob}/apply?step=2`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.baseUrl, Cookie: as.namer.cookie!, "Content-Type": MULTIPART },
      body: resumePost(sent, pdf),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    const [row] = await orm.em
      .fork()
      .execute<{ original_name: string; size_bytes: number }[]>(
        `select r.original_name, r.size_bytes from application_drafts d join resumes r on r.id = d.resume_id where d.candidate_id = ? and d.job_id = ?`,
        [ids.namer, ids.namesJob],
      );
    expect(row).toMatchObject({ original_name: shown, size_bytes: pdf.length });
  });
});
