// Races and limits, replayed against the production build: requests sent at once on one draft or
// application, resume uploads racing saves, 200 parallel wrong passwords, redirect targets that
// must stay on the site, and a sign-up link naming a paid plan.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { query, type Probe, type ProbeContext } from "./probe.ts";
import {
  httpClient,
  redirectedTo,
  signInOverHttp,
  together,
  wizardDetailsPost,
  type HttpClient,
} from "../../tests/support/http.ts";
import { goodPdf } from "../../tests/fixtures/files.ts";
import { REDIRECT_BYPASSES } from "../../tests/fixtures/redirect-bypasses.ts";

const DEMO_PASSWORD = "hirewise-demo";
const EMPLOYER = "employer@demo.hirewise.app";
const CANDIDATE = "candidate@demo.hirewise.app";
const NOT_FOUND = "could not be found";
const tag = Date.now().toString(36);

const idOf = async (ctx: ProbeContext, email: string) =>
  (await query<{ id: string }>(ctx, `select id from users where email = $1`, [email]))[0]!.id;

const summary = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n}×${status}`)
    .join(" ");

/** An active job (not the demo employer's) with a text question the demo candidate has not applied to; `skip` jobs taken. */
async function jobWithTextQuestion(ctx: ProbeContext, skip: number): Promise<{ jobId: string; questionId: string }> {
  const rows = await query<{ job_id: string; id: string }>(
    ctx,
    `select distinct on (j.id) j.id as job_id, q.id from jobs j join job_questions q on q.job_id = j.id
      where j.status = 'active' and q.question_type = 'text' and j.employer_id <> (select id from users where email = $1)
      order by j.id, q.order_index offset $2 limit 1`,
    [EMPLOYER, skip],
  );
  return { jobId: rows[0]!.job_id, questionId: rows[0]!.id };
}

let signedIn: { employer: HttpClient; candidate: HttpClient } | undefined;
async function demo(ctx: ProbeContext) {
  signedIn ??= {
    employer: await signInOverHttp(ctx.base, EMPLOYER, DEMO_PASSWORD),
    candidate: await signInOverHttp(ctx.base, CANDIDATE, DEMO_PASSWORD),
  };
  return signedIn;
}

async function signUpOverHttp(ctx: ProbeContext, fields: Record<string, string>, query = "") {
  const response = await httpClient(ctx.base).post(`/auth?mode=signup${query}`, {
    mode: "signup",
    password: "probe password 1",
    full_name: "Probe Person",
    ...fields,
  });
  await response.arrayBuffer();
  return response;
}

const parallelNext: Probe = {
  check: "4 parallel Next POSTs on one post-wizard draft, 3 rounds: all go to step 2, a posted title is kept",
  tries: 3,
  async run(ctx) {
    const { employer } = await demo(ctx);
    let passed = 0;
    const seen: string[] = [];
    for (let round = 0; round < 3; round++) {
      const first = await employer.post(
        "/employer/jobs/new",
        wizardDetailsPost(`Probe draft ${round}`, "Northwind Labs"),
      );
      await first.arrayBuffer();
      const draft = /draft=([0-9a-f-]{36})/.exec(redirectedTo(first) ?? "")?.[1];
      if (!draft) throw new Error(`starting a draft answered ${first.status}`);
      const titles = [1, 2, 3, 4].map((n) => `Probe ${tag} round ${round} title ${n}`);
      const answers = await together(
        titles.map(
          (title) => () =>
            employer.post(`/employer/jobs/new?draft=${draft}`, wizardDetailsPost(title, "Northwind Labs")),
        ),
      );
      const [row] = await query<{ title: string }>(ctx, `select draft->>'title' as title from jobs where id = $1`, [
        draft,
      ]);
      const ok =
        answers.every((a) => a.status === 302 && a.location?.endsWith("step=2") && !a.body.includes(NOT_FOUND)) &&
        titles.includes(row!.title);
      if (ok) passed++;
      seen.push(summary(answers.map((a) => a.status)));
    }
    return { passed, detail: seen.join(" | ") };
  },
};

const parallelAnswers: Probe = {
  check: "30 parallel apply-answer saves on one application draft: all succeed, a posted answer is kept",
  tries: 30,
  async run(ctx) {
    const { candidate } = await demo(ctx);
    const { jobId, questionId } = await jobWithTextQuestion(ctx, 0);
    const posted = Array.from({ length: 30 }, (_, i) => `Probe answer ${i}`);
    const answers = await together(
      posted.map(
        (text) => () =>
          candidate.post(`/candidate/jobs/${jobId}/apply`, {
            step: "1",
            intent: "save",
            [`answer_${questionId}`]: text,
          }),
      ),
    );
    const candidateId = await idOf(ctx, CANDIDATE);
    const [draft] = await query<{ answer: string }>(
      ctx,
      `select answers->>$3 as answer from application_drafts where candidate_id = $1 and job_id = $2`,
      [candidateId, jobId, questionId],
    );
    const kept = posted.includes(draft?.answer ?? "");
    const passed = kept ? answers.filter((a) => a.status === 302 && !a.body.includes(NOT_FOUND)).length : 0;
    return { passed, detail: `${summary(answers.map((a) => a.status))}, kept ${JSON.stringify(draft?.answer)}` };
  },
};

const concurrentShortlist: Probe = {
  check: "2 concurrent Shortlist POSTs on one application, 3 applications: both land on Shortlisted, recorded once",
  tries: 3,
  async run(ctx) {
    const { employer } = await demo(ctx);
    const [employerId, candidateId] = [await idOf(ctx, EMPLOYER), await idOf(ctx, CANDIDATE)];
    // The applications to decide on are set up directly: the race is the employer's.
    const jobs = await query<{ id: string }>(
      ctx,
      `select id from jobs j where employer_id = $1 and status = 'active'
         and not exists (select 1 from applications a where a.job_id = j.id and a.candidate_id = $2) limit 3`,
      [employerId, candidateId],
    );
    let passed = 0;
    const seen: string[] = [];
    for (const job of jobs) {
      const [app] = await query<{ id: string }>(
        ctx,
        `insert into applications (id, job_id, candidate_id, company_id, status, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, (select company_id from jobs where id = $1), 'submitted', now(), now()) returning id`,
        [job.id, candidateId],
      );
      await query(
        ctx,
        `insert into application_status_changes (application_id, from_status, to_status, changed_by, changed_at) values ($1, null, 'submitted', $2, now())`,
        [app!.id, candidateId],
      );
      const page = `/employer/jobs/${job.id}/applications/${app!.id}`;
      const answers = await together([1, 2].map(() => () => employer.post(page, { intent: "shortlist" })));
      const history = await query<{ to_status: string }>(
        ctx,
        `select to_status from application_status_changes where application_id = $1 order by id`,
        [app!.id],
      );
      const ok =
        answers.every((a) => a.status === 302 && a.location === page) &&
        history.map((h) => h.to_status).join() === "submitted,shortlisted";
      if (ok) passed++;
      seen.push(`${summary(answers.map((a) => a.status))} history ${history.map((h) => h.to_status).join(">")}`);
    }
    return { passed, detail: seen.join(" | ") };
  },
};

/**
 * Rows whose file is missing and stored files no row names. Every upload is a library resume
 * (decision 048), so a row no draft uses is not an orphan; a row without its file, or a file
 * without its row, is.
 */
async function orphans(ctx: ProbeContext, candidateId: string): Promise<{ rows: number; files: number }> {
  const keys = new Set(
    (
      await query<{ storage_key: string }>(ctx, `select storage_key from resumes where candidate_id = $1`, [
        candidateId,
      ])
    ).map((r) => r.storage_key),
  );
  const stored = new Set(
    (await readdir(path.join(ctx.dataDir, "files", "resumes", candidateId)).catch(() => [] as string[])).map(
      (f) => `resumes/${candidateId}/${f}`,
    ),
  );
  return {
    rows: [...keys].filter((key) => !stored.has(key)).length,
    files: [...stored].filter((key) => !keys.has(key)).length,
  };
}

const libraryCount = async (ctx: ProbeContext, candidateId: string) =>
  (
    (await query<{ n: number }>(ctx, `select count(*)::int as n from resumes where candidate_id = $1`, [
      candidateId,
    ])) as [{ n: number }]
  )[0].n;

const uploadsRacingSaves: Probe = {
  check:
    "4 resume uploads racing 4 answer saves on one draft, 3 rounds: all succeed, 4 library resumes each round, no row without its file or file without its row",
  tries: 3,
  async run(ctx) {
    const { candidate } = await demo(ctx);
    const candidateId = await idOf(ctx, CANDIDATE);
    const { jobId, questionId } = await jobWithTextQuestion(ctx, 1);
    const apply = `/candidate/jobs/${jobId}/apply`;
    const pdf = await goodPdf("Casey Demo, probe CV");
    let passed = 0;
    const seen: string[] = [];
    for (let round = 0; round < 3; round++) {
      const requests: (() => Promise<Response>)[] = [];
      for (let n = 0; n < 4; n++) {
        const parts = [
          { name: "step", value: "2" },
          { name: "intent", value: "upload" },
          { name: "resume", filename: `Probe CV ${n}.pdf`, type: "application/pdf", body: pdf },
        ];
        requests.push(() => candidate.postMultipart(apply, parts));
        requests.push(() =>
          candidate.post(apply, { step: "1", intent: "save", [`answer_${questionId}`]: `Probe answer ${round}.${n}` }),
        );
      }
      const before = await libraryCount(ctx, candidateId);
      const answers = await together(requests);
      const left = await orphans(ctx, candidateId);
      const added = (await libraryCount(ctx, candidateId)) - before;
      if (answers.every((a) => a.status === 302) && left.rows === 0 && left.files === 0 && added === 4) passed++;
      seen.push(
        `${summary(answers.map((a) => a.status))}, ${added} added to the library, orphans ${left.rows} rows ${left.files} files`,
      );
    }
    return { passed, detail: seen.join(" | ") };
  },
};

/** 200 wrong passwords at once for `email`: at most 5 verified (recorded attempts), the rest 429 with Retry-After and when to try again. */
async function wrongPasswords(ctx: ProbeContext, email: string) {
  const answers = await together(
    Array.from(
      { length: 200 },
      (_, i) => () =>
        httpClient(ctx.base).post("/auth?mode=signin", { mode: "signin", email, password: `wrong guess ${i}` }),
    ),
  );
  const [{ verified }] = (await query<{ verified: number }>(
    ctx,
    `select count(*)::int as verified from sign_in_attempts where email = $1 and not succeeded`,
    [email],
  )) as [{ verified: number }];
  const refused = answers.filter(
    (a) =>
      a.status === 429 &&
      Number(a.headers.get("Retry-After")) > 0 &&
      /Too many sign-in attempts\. Try again in \d+ minutes?\./.test(a.body),
  ).length;
  const wrong = answers.filter((a) => a.status === 401).length;
  const passed = verified <= 5 && wrong === verified ? refused + wrong : 0;
  return { passed, detail: `${summary(answers.map((a) => a.status))}, ${verified} passwords verified` };
}

const signInLimitKnown: Probe = {
  check: "200 parallel wrong passwords for one account: at most 5 verified, the rest 429 with Retry-After",
  tries: 200,
  async run(ctx) {
    const email = `probe-signin-${tag}@example.com`;
    const created = await signUpOverHttp(ctx, { email, role: "candidate" });
    if (created.status !== 303) throw new Error(`signing up ${email} answered ${created.status}`);
    return wrongPasswords(ctx, email);
  },
};

const signInLimitUnknown: Probe = {
  check: "200 parallel wrong passwords for an unknown email: the same answers as for an account",
  tries: 200,
  run: (ctx) => wrongPasswords(ctx, `probe-nobody-${tag}@example.com`),
};

const redirects: Probe = {
  check: `POST /theme with ${REDIRECT_BYPASSES.length} redirect bypass shapes ("/.//evil.example", "/\\evil.example", …): each goes to /`,
  tries: REDIRECT_BYPASSES.length,
  async run(ctx) {
    const answers = await together(
      REDIRECT_BYPASSES.map((shape) => () => httpClient(ctx.base).post("/theme", { theme: "dark", redirectTo: shape })),
    );
    const wrong = answers.flatMap((a, i) =>
      a.status === 302 && a.location === "/"
        ? []
        : [`${JSON.stringify(REDIRECT_BYPASSES[i])} → ${a.status} ${a.location}`],
    );
    return { passed: answers.length - wrong.length, detail: wrong.join(", ") };
  },
};

const paidPlanLink: Probe = {
  check: "Sign-up with ?plan=business (and professional): Free Trial, the plan kept as the one to upgrade to",
  tries: 2,
  async run(ctx) {
    let passed = 0;
    const seen: string[] = [];
    for (const [role, plan, extra] of [
      ["employer", "business", { company_name: "Probe Co" }],
      ["candidate", "professional", {}],
    ] as const) {
      const email = `probe-${plan}-${tag}@example.com`;
      const response = await signUpOverHttp(ctx, { email, role, plan, ...extra }, `&role=${role}&plan=${plan}`);
      const [sub] = await query<{ plan_id: string; intended_plan_id: string | null }>(
        ctx,
        `select s.plan_id, s.intended_plan_id from subscriptions s join users u on u.id = s.user_id where u.email = $1`,
        [email],
      );
      if (response.status === 303 && sub?.plan_id === "free-trial" && sub.intended_plan_id === plan) passed++;
      seen.push(`${plan}: ${response.status} on ${sub?.plan_id} (picked ${sub?.intended_plan_id})`);
    }
    return { passed, detail: seen.join(" | ") };
  },
};

export const probes: Probe[] = [
  parallelNext,
  parallelAnswers,
  concurrentShortlist,
  uploadsRacingSaves,
  signInLimitKnown,
  signInLimitUnknown,
  redirects,
  paidPlanLink,
];
