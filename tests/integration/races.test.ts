// What a double click, a second tab or a script does to the real server: requests sent at once, in
// parallel, over HTTP. Every request succeeds or gets a clear answer, the last write wins, and no
// orphaned row or file is left. Also the sign-in limit under 200 parallel guesses, redirects that
// must stay on the site, and a sign-up link naming a paid plan.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import {
  emptyQuestion,
  emptyWizardForm,
  jobToApply,
  startDraft,
  memberFor,
} from "../../modules/hiring/index.server.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { saveAnswers, submitApplication } from "../../modules/applications/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import {
  httpClient,
  redirectedTo,
  signInOverHttp,
  together,
  wizardDetailsPost,
  type HttpClient,
} from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { goodPdf } from "../fixtures/files.ts";
import { REDIRECT_BYPASSES } from "../fixtures/redirect-bypasses.ts";

const PASSWORD = "correct horse battery";
const NOT_FOUND = "could not be found";

let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
const ids = {} as { employer: string; job: string; question: string; candidates: string[]; uploader: string };
const as = {} as { employer: HttpClient; candidates: HttpClient[]; uploader: HttpClient };

const sql = <T>(query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params);

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"));
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });

  const employer = await signUpOnPlan({
    email: "erin@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Quantum Widgets",
    full_name: "Erin",
    plan: "business",
  });
  ids.employer = employer.id;
  ids.job = await publishTestJob(employer.id, {
    title: "Platform Engineer",
    questions: [{ ...emptyQuestion(), question_text: "Why platform work?" }],
  });
  ids.question = (await jobToApply(ids.job))!.questions[0]!.id;
  const candidates = await Promise.all(
    [1, 2, 3, 4].map((n) =>
      signUpOnPlan({
        email: `cara${n}@example.com`,
        password: PASSWORD,
        role: "candidate",
        full_name: `Cara ${n}`,
        plan: "essential",
      }),
    ),
  );
  ids.candidates = candidates.map((c) => c.id);
  const uploader = await signUpOnPlan({
    email: "uma@example.com",
    password: PASSWORD,
    role: "candidate",
    full_name: "Uma",
    plan: "essential",
  });
  ids.uploader = uploader.id;

  // Everyone signs in before the sign-in limit test fills this address's failures.
  [as.employer, as.uploader, ...as.candidates] = await Promise.all(
    ["erin@example.com", "uma@example.com", ...candidates.map((c) => c.email)].map((email) =>
      signInOverHttp(server.baseUrl, email, PASSWORD),
    ),
  );
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  setOrm(undefined);
  await orm?.close();
  await server?.stop();
});

describe("saves at once", () => {
  it("four parallel Next presses on one post-wizard draft, three times over: each is kept in turn, none reads the job as missing", async () => {
    for (let round = 0; round < 3; round++) {
      const draft = await startDraft(await memberFor(ids.employer), {
        ...emptyWizardForm("Quantum Widgets"),
        title: "Untitled",
      });
      const titles = [1, 2, 3, 4].map((n) => `Round ${round} title ${n}`);
      const answers = await together(
        titles.map((title) => () => as.employer.post(`/employer/jobs/new?draft=${draft}`, wizardDetailsPost(title))),
      );
      for (const answer of answers) {
        expect(answer.body).not.toContain(NOT_FOUND);
        expect([answer.status, answer.location]).toEqual([302, `/employer/jobs/new?draft=${draft}&step=2`]);
      }
      // The last write wins: the stored title is one of those posted, whole.
      const [row] = await sql<{ title: string }>(`select draft->>'title' as title from jobs where id = ?`, [draft]);
      expect(titles).toContain(row!.title);
    }
  });

  it("30 parallel answer saves on one application draft all succeed, and one of them is what is kept", async () => {
    const candidate = as.candidates[0]!;
    const posted = Array.from({ length: 30 }, (_, i) => `Answer number ${i}`);
    const answers = await together(
      posted.map(
        (text) => () =>
          candidate.post(`/candidate/jobs/${ids.job}/apply`, {
            step: "1",
            intent: "next",
            [`answer_${ids.question}`]: text,
          }),
      ),
    );
    for (const answer of answers) {
      expect(answer.body).not.toContain(NOT_FOUND);
      expect([answer.status, answer.location]).toEqual([302, `/candidate/jobs/${ids.job}/apply?step=2`]);
    }
    const [draft] = await sql<{ answers: Record<string, string> }>(
      `select answers from application_drafts where candidate_id = ? and job_id = ?`,
      [ids.candidates[0], ids.job],
    );
    expect(posted).toContain(draft!.answers[ids.question]);
  });

  it("two Shortlist presses at once on one application both land on Shortlisted, recorded once", async () => {
    for (const candidateId of ids.candidates.slice(1)) {
      await saveAnswers(candidateId, ids.job, { [ids.question]: "Because platforms multiply everyone's work." });
      const { applicationId } = await submitApplication(candidateId, ids.job);
      const page = `/employer/jobs/${ids.job}/applications/${applicationId}`;
      const answers = await together([1, 2].map(() => () => as.employer.post(page, { intent: "shortlist" })));
      for (const answer of answers) {
        expect(answer.body).not.toContain(NOT_FOUND);
        expect([answer.status, answer.location]).toEqual([302, page]);
      }
      const history = await sql<{ to_status: string }>(
        `select to_status from application_status_changes where application_id = ? order by changed_at`,
        [applicationId],
      );
      expect(history.map((h) => h.to_status)).toEqual(["submitted", "shortlisted"]);
    }
  });

  it("resume uploads racing answer saves leave the draft on one of them, every upload in the library with its file", async () => {
    const apply = `/candidate/jobs/${ids.job}/apply`;
    const upload = async (n: number) => {
      const parts = [
        { name: "step", value: "2" },
        { name: "intent", value: "upload" },
        { name: "resume", filename: `CV ${n}.pdf`, type: "application/pdf", body: await goodPdf(`Uma CV ${n}`) },
      ];
      return () => as.uploader.postMultipart(apply, parts);
    };
    const save = (n: number) => () =>
      as.uploader.post(apply, { step: "1", intent: "save", [`answer_${ids.question}`]: `Uma's answer ${n}` });
    const requests = [];
    for (let n = 0; n < 4; n++) requests.push(await upload(n), save(n));
    const answers = await together(requests);
    for (const answer of answers) {
      expect(answer.body).not.toContain(NOT_FOUND);
      expect(answer.status).toBe(302);
    }
    const [draft] = await sql<{ resume_id: string | null }>(
      `select resume_id from application_drafts where candidate_id = ? and job_id = ?`,
      [ids.uploader, ids.job],
    );
    const resumes = await sql<{ id: string; storage_key: string }>(
      `select id, storage_key from resumes where candidate_id = ?`,
      [ids.uploader],
    );
    // Every upload is kept in the candidate's library (none is lost or half-stored); the draft holds one.
    expect(resumes).toHaveLength(4);
    expect(resumes.map((r) => r.id)).toContain(draft!.resume_id);
    const stored = await readdir(path.join(server.dataDir, "files", "resumes", ids.uploader));
    expect(stored.map((f) => `resumes/${ids.uploader}/${f}`).sort()).toEqual(resumes.map((r) => r.storage_key).sort());
  });
});

describe("redirects stay on the site", () => {
  it.each(REDIRECT_BYPASSES.map((shape) => [JSON.stringify(shape), shape]))(
    "POST /theme with redirectTo %s goes to /",
    async (_, shape) => {
      const response = await httpClient(server.baseUrl).post("/theme", { theme: "dark", redirectTo: shape });
      await response.arrayBuffer();
      expect([response.status, redirectedTo(response)]).toEqual([302, "/"]);
    },
  );

  it("signing in with redirect=/.//evil.example goes home, and the form does not carry it", async () => {
    await signUp({ email: "rita@example.com", password: PASSWORD, role: "candidate", full_name: "Rita" });
    for (const shape of ["/.//evil.example", "/a/..//evil.example", "/%2e//evil.example"]) {
      const page = await httpClient(server.baseUrl).get(`/auth?redirect=${encodeURIComponent(shape)}`);
      expect(await page.text()).not.toContain('name="redirect"');
      const response = await httpClient(server.baseUrl).post(`/auth?mode=signin`, {
        mode: "signin",
        email: "rita@example.com",
        password: PASSWORD,
        redirect: shape,
      });
      await response.arrayBuffer();
      expect([response.status, redirectedTo(response)]).toEqual([302, "/candidate/jobs"]);
    }
  });
});

describe("a sign-up link naming a paid plan", () => {
  it("starts the account on its Free Trial and shows the picked plan on /account as the one to upgrade to", async () => {
    const response = await httpClient(server.baseUrl).post("/auth?mode=signup&role=employer&plan=business", {
      mode: "signup",
      role: "employer",
      full_name: "Paula",
      company_name: "Paula Co",
      email: "paula@example.com",
      password: PASSWORD,
      plan: "business",
    });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    const [sub] = await sql<{ plan_id: string; intended_plan_id: string | null; trial_ends_at: Date | null }>(
      `select s.plan_id, s.intended_plan_id, s.trial_ends_at from subscriptions s join users u on u.id = s.user_id where u.email = 'paula@example.com'`,
    );
    expect(sub).toMatchObject({ plan_id: "free-trial", intended_plan_id: "business" });
    expect(sub!.trial_ends_at).not.toBeNull();
    const session = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0]!;
    const account = await (await httpClient(server.baseUrl, session).get("/account")).text();
    expect(account).toContain("You picked Business when you signed up.");
    expect(account).toContain("Free Trial");
  });
});

describe("sign-in limits", () => {
  it("200 parallel wrong passwords for one account verify 5; the rest get 429 with Retry-After and when to try again; an unknown email gets the same", async () => {
    for (const email of ["cara1@example.com", "nobody@example.com"]) {
      const answers = await together(
        Array.from(
          { length: 200 },
          (_, i) => () =>
            httpClient(server.baseUrl).post("/auth?mode=signin", {
              mode: "signin",
              email,
              password: `wrong guess ${i}`,
            }),
        ),
      );
      // Each attempt let through is recorded before its password is checked: these are the verifications.
      const [{ count }] = (await sql<{ count: number }>(
        `select count(*)::int as count from sign_in_attempts where email = ? and not succeeded`,
        [email],
      )) as [{ count: number }];
      expect(count).toBe(5);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
      const limited = answers.filter((a) => a.status === 429);
      expect(limited).toHaveLength(195);
      for (const answer of limited) {
        // Seconds until the oldest counted failure leaves the 15-minute window.
        const retryAfter = Number(answer.headers.get("Retry-After"));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
        expect(answer.body).toContain(`Too many sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`);
      }
    }
  }, 120_000);
});
