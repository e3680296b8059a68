// Other people's applications, against the real server: every route and action of the applications
// feature tried signed out, as the wrong role and as the wrong candidate or employer. Each is
// refused (a redirect to /auth, the role's own home page, or 404 as if the thing did not exist) and
// changes nothing: the database rows of everyone but the person asking, the stored files and the
// upload folder are the same after as before. The last test makes the same requests as the right
// people, so the refusals above are refusals and not malformed requests.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { LocalDiskStorage, setStorage } from "../../lib/storage.ts";
import { emptyQuestion, jobToApply } from "../../modules/hiring/index.server.ts";
import {
  attachUploadedResume,
  discardApplyDraft,
  saveAnswers,
  submitApplication,
  type UploadedPdf,
} from "../../modules/applications/index.server.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { goodPdf } from "../fixtures/files.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";
const NOBODY = "00000000-0000-0000-0000-000000000000";

let server: AppServer;
let orm: MikroORM;
let queue: QueueRuntime;
/** The server's TMPDIR: uploads wait in its own hirewise-uploads-XXXXXX folder while they are checked. */
let serverTmp: string;

/** Cara applied to `job` (with a resume) and has a draft for `draftJob` (answers and a resume); Otto is another candidate. */
const ids = {} as {
  owner: string;
  rival: string;
  cara: string;
  otto: string;
  job: string;
  draftJob: string;
  rivalJob: string;
  question: string;
  draftQuestion: string;
  application: string;
  sentResume: string;
  draftResume: string;
};
const as = {} as { signedOut: HttpClient; owner: HttpClient; rival: HttpClient; cara: HttpClient; otto: HttpClient };
const emails = {
  owner: "owner@example.com",
  rival: "rival@example.com",
  cara: "cara@example.com",
  otto: "otto@example.com",
};
const CARA_ANSWER = "Cara's answer about platform work";
const CARA_DRAFT_ANSWER = "Cara's unsent draft answer";

/** A checked PDF as the upload reader hands it over: written to a temporary file (its text is `text`). */
async function uploadedPdf(filename: string, text: string): Promise<UploadedPdf> {
  const bytes = await goodPdf(text);
  const file = path.join(serverTmp, `${filename}-${Date.now()}.pdf`);
  await writeFile(file, bytes);
  return { path: file, filename, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * Everything the applications feature keeps, except what belongs to `actor` (a candidate acting on
 * their own draft is allowed to change it): rows, stored files, and uploads waiting in the temp folder.
 * Columns that background jobs fill in later (resume text) are left out.
 */
async function state(actor = NOBODY) {
  const q = (sql: string) => orm.em.fork().execute(sql, [actor]);
  return {
    applications: await q(
      `select id, job_id, candidate_id, company_id, status, resume_id, created_at, updated_at from applications where candidate_id <> ? order by id`,
    ),
    history: await q(
      `select h.id, h.application_id, h.from_status, h.to_status, h.changed_by, h.changed_at from application_status_changes h
        join applications a on a.id = h.application_id where a.candidate_id <> ? order by h.id`,
    ),
    answers: await q(
      `select x.id, x.application_id, x.answer, x.rating from application_answers x join applications a on a.id = x.application_id where a.candidate_id <> ? order by x.id`,
    ),
    drafts: await q(
      `select candidate_id, job_id, answers, resume_id, updated_at from application_drafts where candidate_id <> ? order by candidate_id, job_id`,
    ),
    resumes: await q(
      `select id, candidate_id, storage_key, original_name, size_bytes, sha256, created_at from resumes where candidate_id <> ? order by id`,
    ),
    files: (await listFiles(path.join(server.dataDir, "files"))).filter(
      (f) => !f.includes(`resumes/${actor}/`) && !f.startsWith(".tmp/"),
    ),
    waitingUploads: (await listFiles(serverTmp)).filter((f) => f.startsWith("hirewise-uploads-")),
  };
}

/** Runs `requests` and checks that nothing outside `actor`'s own rows and files changed. */
async function changesNothing(requests: () => Promise<void>, actor = NOBODY) {
  const before = await state(actor);
  await requests();
  expect(await state(actor)).toEqual(before);
}

async function draftOf(candidateId: string, jobId: string) {
  const rows = await orm.em
    .fork()
    .execute<{ answers: Record<string, string>; resume_id: string | null }[]>(
      `select answers, resume_id from application_drafts where candidate_id = ? and job_id = ?`,
      [candidateId, jobId],
    );
  return rows[0] ?? null;
}

async function applicationRow(id: string) {
  const [row] = await orm.em
    .fork()
    .execute<{ status: string; changes: number }[]>(
      `select a.status, (select count(*)::int from application_status_changes h where h.application_id = a.id) as changes from applications a where a.id = ?`,
      [id],
    );
  return row;
}

// What a refusal looks like.
async function expectSignInFirst(response: Response, pathAndQuery: string) {
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  expect(redirectedTo(response)).toBe(`/auth?redirect=${encodeURIComponent(pathAndQuery)}`);
}
async function expectSentHome(response: Response, home: "/candidate/jobs" | "/employer/dashboard") {
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  expect(redirectedTo(response)).toBe(home);
}
async function expectNotFound(response: Response) {
  const body = await response.text();
  expect(response.status).toBe(404);
  // Nothing of Cara's in the answer.
  for (const secret of ["Cara Candidate", emails.cara, CARA_ANSWER, CARA_DRAFT_ANSWER, "%PDF"])
    expect(body).not.toContain(secret);
}

beforeAll(async () => {
  serverTmp = await mkdtemp(path.join(tmpdir(), "hirewise-access-"));
  server = await startAppServer(inject("adminDatabaseUrl"), { TMPDIR: serverTmp });
  orm = await openOrm(server.databaseUrl);
  setOrm(orm);
  queue = await startQueue(server.databaseUrl, logger, { workers: false });
  // Resumes stored here land where the server reads them.
  setStorage(new LocalDiskStorage(path.join(server.dataDir, "files")));

  const [owner, rival, cara, otto] = await Promise.all([
    signUpOnPlan({
      email: emails.owner,
      password: PASSWORD,
      role: "employer",
      company_name: "Quantum Widgets",
      full_name: "Erin Owner",
      plan: "business",
    }),
    signUpOnPlan({
      email: emails.rival,
      password: PASSWORD,
      role: "employer",
      company_name: "Rival Corp",
      full_name: "Rita Rival",
      plan: "business",
    }),
    signUpOnPlan({
      email: emails.cara,
      password: PASSWORD,
      role: "candidate",
      full_name: "Cara Candidate",
      plan: "essential",
    }),
    signUpOnPlan({
      email: emails.otto,
      password: PASSWORD,
      role: "candidate",
      full_name: "Otto Other",
      plan: "essential",
    }),
  ]);
  Object.assign(ids, { owner: owner.id, rival: rival.id, cara: cara.id, otto: otto.id });
  const question = (text: string) => [{ ...emptyQuestion(), question_text: text }];
  ids.job = await publishTestJob(owner.id, {
    title: "Platform Engineer",
    company_name: "Quantum Widgets",
    questions: question("Why platform work?"),
  });
  ids.draftJob = await publishTestJob(owner.id, {
    title: "Data Engineer",
    company_name: "Quantum Widgets",
    questions: question("Which database do you like?"),
  });
  ids.rivalJob = await publishTestJob(rival.id, { title: "Rival Role", company_name: "Rival Corp" });
  ids.question = (await jobToApply(ids.job))!.questions[0]!.id;
  ids.draftQuestion = (await jobToApply(ids.draftJob))!.questions[0]!.id;

  // Cara's application, with answers and a resume, still Submitted.
  await saveAnswers(cara.id, ids.job, { [ids.question]: CARA_ANSWER });
  ids.sentResume = (
    await attachUploadedResume(
      cara.id,
      ids.job,
      await uploadedPdf("Cara CV.pdf", "Cara Candidate CV"),
      "Cara Candidate CV",
    )
  ).id;
  ids.application = (await submitApplication(cara.id, ids.job)).applicationId;
  // Cara's draft for another job: answered, a resume uploaded, not sent.
  await saveAnswers(cara.id, ids.draftJob, { [ids.draftQuestion]: CARA_DRAFT_ANSWER });
  ids.draftResume = (
    await attachUploadedResume(
      cara.id,
      ids.draftJob,
      await uploadedPdf("Cara Draft CV.pdf", "Cara draft CV"),
      "Cara draft CV",
    )
  ).id;

  as.signedOut = httpClient(server.baseUrl);
  [as.owner, as.rival, as.cara, as.otto] = await Promise.all([
    signInOverHttp(server.baseUrl, emails.owner, PASSWORD),
    signInOverHttp(server.baseUrl, emails.rival, PASSWORD),
    signInOverHttp(server.baseUrl, emails.cara, PASSWORD),
    signInOverHttp(server.baseUrl, emails.otto, PASSWORD),
  ]);
}, 120_000);

afterAll(async () => {
  await queue?.stop();
  setStorage(undefined);
  setOrm(undefined);
  await orm?.close();
  await server?.stop();
  if (serverTmp) await rm(serverTmp, { recursive: true, force: true });
});

const applyPath = (jobId: string, step?: number) => `/candidate/jobs/${jobId}/apply${step ? `?step=${step}` : ""}`;

describe("the apply wizard (/candidate/jobs/{id}/apply)", () => {
  it("GET: signed out and employers are sent away; another candidate sees their own empty draft, nothing of Cara's", async () => {
    // The state compared holds Cara's rows and both her stored files (the checks below are not vacuous).
    const seeded = await state();
    expect(seeded.applications).toHaveLength(1);
    expect(seeded.drafts).toHaveLength(1);
    expect(seeded.files.filter((f) => f.startsWith(`resumes/${ids.cara}/`))).toHaveLength(2);
    await changesNothing(async () => {
      for (const step of [1, 2, 3]) {
        await expectSignInFirst(await as.signedOut.get(applyPath(ids.draftJob, step)), applyPath(ids.draftJob, step));
        await expectSentHome(await as.owner.get(applyPath(ids.draftJob, step)), "/employer/dashboard");
        const page = await as.otto.get(applyPath(ids.draftJob, step));
        const html = await page.text();
        expect(page.status).toBe(200);
        expect(html).not.toContain(CARA_DRAFT_ANSWER);
        expect(html).not.toContain("Cara Draft CV.pdf");
        expect(html).not.toContain(ids.draftResume);
      }
      // Cara has applied to `job`, Otto has not: he gets the wizard, not her application.
      const page = await as.otto.get(applyPath(ids.job));
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain(ids.sentResume);
    });
  });

  it("step 1, saving answers: refused signed out and for employers; another candidate's answers go to his own draft only", async () => {
    const form = { step: "1", intent: "next", [`answer_${ids.draftQuestion}`]: "forged answer" };
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.post(applyPath(ids.draftJob, 1), form), applyPath(ids.draftJob, 1));
      await expectSentHome(await as.owner.post(applyPath(ids.draftJob, 1), form), "/employer/dashboard");
    });
    await changesNothing(async () => {
      const response = await as.otto.post(applyPath(ids.draftJob, 1), form);
      await response.arrayBuffer();
      expect(redirectedTo(response)).toBe(applyPath(ids.draftJob, 2));
    }, ids.otto);
    expect((await draftOf(ids.cara, ids.draftJob))?.answers).toEqual({ [ids.draftQuestion]: CARA_DRAFT_ANSWER });
    expect((await draftOf(ids.otto, ids.draftJob))?.answers).toEqual({ [ids.draftQuestion]: "forged answer" });
    expect(await draftOf(ids.owner, ids.draftJob)).toBeNull();
    await discardApplyDraft(ids.otto, ids.draftJob);
  });

  it("step 2, uploading a resume: signed out and employers leave no file anywhere; another candidate's upload is his own", async () => {
    const parts = async () => [
      { name: "step", value: "2" },
      { name: "intent", value: "upload" },
      { name: "resume", filename: "forged.pdf", body: await goodPdf("Forged") },
    ];
    await changesNothing(async () => {
      await expectSignInFirst(
        await as.signedOut.postMultipart(applyPath(ids.draftJob, 2), await parts()),
        applyPath(ids.draftJob, 2),
      );
      await expectSentHome(
        await as.owner.postMultipart(applyPath(ids.draftJob, 2), await parts()),
        "/employer/dashboard",
      );
    });
    expect(await orm.em.fork().execute(`select 1 from resumes where original_name = 'forged.pdf'`)).toEqual([]);

    await changesNothing(async () => {
      const response = await as.otto.postMultipart(applyPath(ids.draftJob, 2), await parts());
      await response.arrayBuffer();
      expect(redirectedTo(response)).toBe(applyPath(ids.draftJob, 2));
    }, ids.otto);
    expect((await draftOf(ids.cara, ids.draftJob))?.resume_id).toBe(ids.draftResume);
    const [otto] = await orm.em
      .fork()
      .execute<{ candidate_id: string }[]>(`select candidate_id from resumes where original_name = 'forged.pdf'`);
    expect(otto?.candidate_id).toBe(ids.otto);
    await discardApplyDraft(ids.otto, ids.draftJob);
  });

  it("step 2, picking an earlier resume (use:<id>): nobody can pick Cara's", async () => {
    for (const resumeId of [ids.draftResume, ids.sentResume]) {
      const form = { step: "2", intent: `use:${resumeId}` };
      await changesNothing(async () => {
        await expectSignInFirst(await as.signedOut.post(applyPath(ids.draftJob, 2), form), applyPath(ids.draftJob, 2));
        await expectSentHome(await as.owner.post(applyPath(ids.draftJob, 2), form), "/employer/dashboard");
      });
      await changesNothing(async () => {
        const response = await as.otto.post(applyPath(ids.draftJob, 2), form);
        const html = await response.text();
        expect(response.status).toBe(400);
        expect(html).toContain("That resume could not be found. Please upload it again.");
        expect(html).not.toContain("Cara CV.pdf");
        expect(html).not.toContain("Cara Draft CV.pdf");
      }, ids.otto);
      expect((await draftOf(ids.otto, ids.draftJob))?.resume_id ?? null).toBeNull();
    }
    await discardApplyDraft(ids.otto, ids.draftJob);
  });

  it("step 2, removing the resume: Cara's draft keeps hers, and its file", async () => {
    const form = { step: "2", intent: "remove" };
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.post(applyPath(ids.draftJob, 2), form), applyPath(ids.draftJob, 2));
      await expectSentHome(await as.owner.post(applyPath(ids.draftJob, 2), form), "/employer/dashboard");
    });
    await changesNothing(async () => {
      const response = await as.otto.post(applyPath(ids.draftJob, 2), form);
      await response.arrayBuffer();
      expect(redirectedTo(response)).toBe(applyPath(ids.draftJob, 2));
    }, ids.otto);
    expect((await draftOf(ids.cara, ids.draftJob))?.resume_id).toBe(ids.draftResume);
    await discardApplyDraft(ids.otto, ids.draftJob);
  });

  it("discarding the draft: Cara's draft stays", async () => {
    const form = { step: "1", intent: "discard-confirmed" };
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.post(applyPath(ids.draftJob, 1), form), applyPath(ids.draftJob, 1));
      await expectSentHome(await as.owner.post(applyPath(ids.draftJob, 1), form), "/employer/dashboard");
      const response = await as.otto.post(applyPath(ids.draftJob, 1), form);
      await response.arrayBuffer();
      expect(redirectedTo(response)).toBe(`/candidate/jobs/${ids.draftJob}`);
    });
    expect(await draftOf(ids.cara, ids.draftJob)).toEqual({
      answers: { [ids.draftQuestion]: CARA_DRAFT_ANSWER },
      resume_id: ids.draftResume,
    });
  });

  it("step 3, submitting: a forged submit does nothing to Cara's draft and sends no application of hers", async () => {
    // Fields a forger might add are not read: the draft is always the signed-in candidate's.
    const form = { step: "3", intent: "submit", candidate_id: ids.cara, candidateId: ids.cara };
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.post(applyPath(ids.draftJob, 3), form), applyPath(ids.draftJob, 3));
      await expectSentHome(await as.owner.post(applyPath(ids.draftJob, 3), form), "/employer/dashboard");
      // Otto has no draft of his own: his required question is unanswered, so nothing is sent.
      const response = await as.otto.post(applyPath(ids.draftJob, 3), form);
      const html = await response.text();
      expect(response.status).toBe(400);
      expect(html).not.toContain(CARA_DRAFT_ANSWER);
    });
    expect(await orm.em.fork().execute(`select 1 from applications where job_id = ?`, [ids.draftJob])).toEqual([]);
    expect(await draftOf(ids.cara, ids.draftJob)).toEqual({
      answers: { [ids.draftQuestion]: CARA_DRAFT_ANSWER },
      resume_id: ids.draftResume,
    });
  });
});

describe("what candidates read", () => {
  it("My Applications (/candidate/applications): signed out and employers are sent away; another candidate sees none of Cara's", async () => {
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.get("/candidate/applications"), "/candidate/applications");
      await expectSentHome(await as.owner.get("/candidate/applications"), "/employer/dashboard");
      const page = await as.otto.get("/candidate/applications");
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain("No applications yet");
      expect(html).not.toContain("Platform Engineer");
      expect(html).not.toContain(ids.sentResume);
    });
  });

  it("a job page with an application (/candidate/jobs/{id}): another candidate sees no status and no resume of Cara's", async () => {
    const jobPath = `/candidate/jobs/${ids.job}`;
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.get(jobPath), jobPath);
      await expectSentHome(await as.owner.get(jobPath), "/employer/dashboard");
      const page = await as.otto.get(jobPath);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).not.toContain("View Submitted Resume");
      expect(html).not.toContain(ids.sentResume);
      expect(html).toContain(`/candidate/jobs/${ids.job}/apply`);
    });
  });
});

describe("employer review", () => {
  const jobPath = () => `/employer/jobs/${ids.job}`;
  const applicationPath = (jobId = ids.job) => `/employer/jobs/${jobId}/applications/${ids.application}`;

  it("the job's applications (/employer/jobs/{id}): 404 for another employer, candidates and signed out sent away", async () => {
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.get(jobPath()), jobPath());
      await expectSentHome(await as.cara.get(jobPath()), "/candidate/jobs");
      await expectNotFound(await as.rival.get(jobPath()));
      await expectNotFound(await as.rival.get(`${jobPath()}?show=submitted`));
      await expectNotFound(await as.rival.get(`${jobPath()}?sort=match&cursor=a.1.2`));
      await expectNotFound(await as.rival.get(`${jobPath()}/details`));
      await expectSentHome(await as.cara.get(`${jobPath()}/details`), "/candidate/jobs");
      await expectSignInFirst(await as.signedOut.get(`${jobPath()}/details`), `${jobPath()}/details`);
    });
  });

  for (const decision of ["shortlist", "reject"] as const) {
    it(`${decision} from the job page (intent ${decision}:<applicationId>): status and history unchanged`, async () => {
      const form = { intent: `${decision}:${ids.application}`, show: "all" };
      await changesNothing(async () => {
        await expectSignInFirst(await as.signedOut.post(jobPath(), form), jobPath());
        // The applicant herself and another candidate: the role guard.
        await expectSentHome(await as.cara.post(jobPath(), form), "/candidate/jobs");
        await expectSentHome(await as.otto.post(jobPath(), form), "/candidate/jobs");
        // Another employer, through the owner's job and through a job of their own.
        await expectNotFound(await as.rival.post(jobPath(), form));
        await expectNotFound(await as.rival.post(`/employer/jobs/${ids.rivalJob}`, form));
      });
      expect(await applicationRow(ids.application)).toEqual({ status: "submitted", changes: 1 });
    });
  }

  it("opening an application (GET …/applications/{id}): another employer gets 404 and it is not marked Under Review", async () => {
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.get(applicationPath()), applicationPath());
      await expectSentHome(await as.cara.get(applicationPath()), "/candidate/jobs");
      await expectSentHome(await as.otto.get(applicationPath()), "/candidate/jobs");
      await expectNotFound(await as.rival.get(applicationPath()));
      await expectNotFound(await as.rival.get(applicationPath(ids.rivalJob)));
    });
    expect(await applicationRow(ids.application)).toEqual({ status: "submitted", changes: 1 });
  });

  for (const decision of ["shortlist", "reject"] as const) {
    it(`${decision} on the application page (intent ${decision}): status and history unchanged`, async () => {
      const form = { intent: decision };
      await changesNothing(async () => {
        await expectSignInFirst(await as.signedOut.post(applicationPath(), form), applicationPath());
        await expectSentHome(await as.cara.post(applicationPath(), form), "/candidate/jobs");
        await expectSentHome(await as.otto.post(applicationPath(), form), "/candidate/jobs");
        await expectNotFound(await as.rival.post(applicationPath(), form));
        await expectNotFound(await as.rival.post(applicationPath(ids.rivalJob), form));
      });
      expect(await applicationRow(ids.application)).toEqual({ status: "submitted", changes: 1 });
    });
  }

  it("the CSV export (…/applications.csv): 404 for another employer, candidates and signed out sent away", async () => {
    const csvPath = `/employer/jobs/${ids.job}/applications.csv`;
    await changesNothing(async () => {
      await expectSignInFirst(await as.signedOut.get(csvPath), csvPath);
      await expectSentHome(await as.cara.get(csvPath), "/candidate/jobs");
      await expectNotFound(await as.rival.get(csvPath));
    });
    // The employer's own export holds Cara; nobody else's does.
    const own = await as.rival.get(`/employer/jobs/${ids.rivalJob}/applications.csv`);
    const text = await own.text();
    expect(own.status).toBe(200);
    expect(text).not.toContain(emails.cara);
  });
});

describe("resumes (/resumes/{id})", () => {
  for (const download of [false, true]) {
    it(
      download
        ? "downloading (?download=1): 404 for anyone but Cara and the employer she sent it to"
        : "viewing: 404 for anyone but Cara and the employer she sent it to",
      async () => {
        const query = download ? "?download=1" : "";
        await changesNothing(async () => {
          for (const resumeId of [ids.sentResume, ids.draftResume]) {
            const resumePath = `/resumes/${resumeId}${query}`;
            await expectSignInFirst(await as.signedOut.get(resumePath), resumePath);
            await expectNotFound(await as.otto.get(resumePath));
            await expectNotFound(await as.rival.get(resumePath));
          }
          // A draft's resume has not been sent: the job's employer can't read it either.
          await expectNotFound(await as.owner.get(`/resumes/${ids.draftResume}${query}`));
        });
      },
    );
  }
});

describe("the same requests from the right people", () => {
  it("work: so the refusals above are refusals, not requests the server could not read", async () => {
    const expectPdf = async (response: Response) => {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    };
    for (const query of ["", "?download=1"]) {
      await expectPdf(await as.cara.get(`/resumes/${ids.sentResume}${query}`));
      await expectPdf(await as.cara.get(`/resumes/${ids.draftResume}${query}`));
      await expectPdf(await as.owner.get(`/resumes/${ids.sentResume}${query}`));
    }
    const csv = await as.owner.get(`/employer/jobs/${ids.job}/applications.csv`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(emails.cara);

    const page = await as.cara.get(applyPath(ids.draftJob, 1));
    expect(await page.text()).toContain(CARA_DRAFT_ANSWER);

    const opened = await as.owner.get(`/employer/jobs/${ids.job}/applications/${ids.application}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(CARA_ANSWER);
    // Reading it changes nothing; Mark as under review does.
    expect(await applicationRow(ids.application)).toEqual({ status: "submitted", changes: 1 });
    const marked = await as.owner.post(`/employer/jobs/${ids.job}/applications/${ids.application}`, {
      intent: "move:reviewed",
    });
    expect(redirectedTo(marked)).toBe(`/employer/jobs/${ids.job}/applications/${ids.application}`);
    expect(await applicationRow(ids.application)).toEqual({ status: "reviewed", changes: 2 });

    const shortlisted = await as.owner.post(`/employer/jobs/${ids.job}`, {
      intent: `shortlist:${ids.application}`,
      show: "all",
    });
    expect(redirectedTo(shortlisted)).toBe(`/employer/jobs/${ids.job}#applications`);
    // Reject is confirmed on its own page first: the button's POST leads there, changing nothing.
    const asked = await as.owner.post(`/employer/jobs/${ids.job}/applications/${ids.application}`, {
      intent: "reject",
    });
    expect(redirectedTo(asked)).toBe(`/employer/jobs/${ids.job}/applications/${ids.application}/reject`);
    expect(await applicationRow(ids.application)).toEqual({ status: "shortlisted", changes: 3 });
    const rejected = await as.owner.post(`/employer/jobs/${ids.job}/applications/${ids.application}/reject`, {
      intent: "notify",
      message: "",
    });
    expect(redirectedTo(rejected)).toBe(`/employer/jobs/${ids.job}/applications/${ids.application}`);
    expect(await applicationRow(ids.application)).toEqual({ status: "rejected", changes: 4 });

    const submitted = await as.cara.post(applyPath(ids.draftJob, 3), { step: "3", intent: "submit" });
    expect(redirectedTo(submitted)).toBe("/candidate/applications?submitted=1");
  });
});
