// Bad bytes and bad bodies: a NUL character in each form, the content-type and empty-body cases,
// malformed bodies to every route with an action, and resume file names with `;`, `=`, quotes,
// `filename*=` and other scripts (the same cases as tests/integration/form-input.test.ts).
import { PDFDocument, StandardFonts } from "pdf-lib";
import { query, type Probe, type ProbeContext } from "./probe.ts";
import {
  actionRoutes,
  FILE_NAMES,
  fuzzBodies,
  MULTIPART,
  postCase,
  resumePost,
  TYPE_CASES,
  URLENCODED,
  type Who,
} from "../../tests/support/malformed-posts.ts";

const PASSWORD = "hirewise-demo";
const EMPLOYER = "employer@demo.hirewise.app";
const CANDIDATE = "candidate@demo.hirewise.app";
const NOBODY = "00000000-0000-0000-0000-000000000000";
const UNSTORABLE = "This field contained characters we can";

async function signIn(ctx: ProbeContext, email: string): Promise<string> {
  const response = await fetch(`${ctx.base}/auth?mode=signin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ctx.base, "Content-Type": URLENCODED },
    body: new URLSearchParams({ mode: "signin", email, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`signing in ${email} answered ${response.status}`);
  return cookie.split(";")[0]!;
}

/** The demo employer's active job, and a job with a question to answer (its first question). */
async function demoIds(ctx: ProbeContext) {
  const [own] = await query<{ id: string }>(
    ctx,
    `select j.id from jobs j join users u on u.id = j.employer_id where u.email = $1 and j.status = 'active' order by j.created_at limit 1`,
    [EMPLOYER],
  );
  const [asked] = await query<{ job_id: string; id: string }>(
    ctx,
    `select q.job_id, q.id from job_questions q join jobs j on j.id = q.job_id where j.status = 'active' order by q.job_id, q.order_index limit 1`,
  );
  if (!own || !asked) throw new Error("the demo board has no active job with questions");
  return { jobId: own.id, askedJobId: asked.job_id, questionId: asked.id };
}

async function post(ctx: ProbeContext, path: string, cookie: string | null, fields: Record<string, string>) {
  const response = await fetch(ctx.base + path, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ctx.base, "Content-Type": URLENCODED, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, page: await response.text() };
}

const nulForms: Probe = {
  check: "NUL byte in each form answers 400 with a message, nothing saved",
  tries: 12,
  async run(ctx) {
    const employer = await signIn(ctx, EMPLOYER);
    const candidate = await signIn(ctx, CANDIDATE);
    const { jobId, askedJobId, questionId } = await demoIds(ctx);
    const jobsBefore = await query<{ n: number }>(ctx, `select count(*)::int as n from jobs`);
    // Forms people type into show the message beside the field; the others are refused whole.
    const typed = (r: { status: number; page: string }) => r.status === 400 && r.page.includes(UNSTORABLE);
    const whole = (r: { status: number }) => r.status === 400;
    const checks: [
      string,
      Promise<{ status: number; page: string }>,
      (r: { status: number; page: string }) => boolean,
    ][] = [
      [
        "sign-up name",
        post(ctx, "/auth?mode=signup", null, {
          mode: "signup",
          role: "candidate",
          email: "nul-probe@example.com",
          password: "correct horse battery",
          full_name: "Ada\0",
        }),
        typed,
      ],
      [
        "wizard details",
        post(ctx, "/employer/jobs/new", employer, { step: "1", intent: "next", title: "Data\0 Engineer" }),
        typed,
      ],
      [
        "wizard benefits",
        post(ctx, "/employer/jobs/new", employer, {
          step: "1",
          intent: "next",
          title: "Data Engineer",
          "benefits[0]": "Dental\0",
        }),
        typed,
      ],
      [
        "wizard questions (edit)",
        post(ctx, `/employer/jobs/${jobId}/edit?step=2`, employer, {
          step: "2",
          intent: "next",
          "questions[0].question_text": "Why\0?",
        }),
        typed,
      ],
      [
        "edit title",
        post(ctx, `/employer/jobs/${jobId}/edit`, employer, { step: "1", intent: "next", title: "Edited\0" }),
        typed,
      ],
      [
        "apply answer",
        post(ctx, `/candidate/jobs/${askedJobId}/apply?step=1`, candidate, {
          step: "1",
          intent: "next",
          [`answer_${questionId}`]: "An answer\0",
        }),
        typed,
      ],
      ["theme", post(ctx, "/theme", null, { theme: "dark\0" }), whole],
      ["dashboard", post(ctx, "/employer/dashboard", employer, { intent: "delete-draft", jobId: `${jobId}\0` }), whole],
      ["job status", post(ctx, `/employer/jobs/${jobId}`, employer, { intent: "close\0" }), whole],
      [
        "decision",
        post(ctx, `/employer/jobs/${jobId}/applications/${NOBODY}`, employer, { intent: "shortlist\0" }),
        whole,
      ],
      ["import", post(ctx, "/candidate/jobs", candidate, { intent: "import", listing: "remotive:1\0" }), whole],
      [
        "account",
        fetch(`${ctx.base}/account`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: ctx.base, Cookie: candidate, "Content-Type": MULTIPART },
          body: `--${MULTIPART.split("boundary=")[1]}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nemail-notifications\0\r\n--${MULTIPART.split("boundary=")[1]}--\r\n`,
        }).then(async (r) => ({ status: r.status, page: await r.text() })),
        whole,
      ],
    ];
    const seen: string[] = [];
    let passed = 0;
    for (const [name, answer, ok] of checks) {
      const result = await answer;
      if (ok(result)) passed++;
      else seen.push(`${name}: ${result.status}`);
    }
    const jobsAfter = await query<{ n: number }>(ctx, `select count(*)::int as n from jobs`);
    const users = await query<{ n: number }>(
      ctx,
      `select count(*)::int as n from users where email = 'nul-probe@example.com'`,
    );
    if (jobsAfter[0]!.n !== jobsBefore[0]!.n || users[0]!.n !== 0) seen.push("something was saved");
    return { passed: seen.includes("something was saved") ? 0 : passed, detail: seen.join(", ") || undefined };
  },
};

const typeCases: Probe = {
  check: "Wrong or missing content types and empty bodies answer 400/415",
  tries: TYPE_CASES.length,
  async run(ctx) {
    const candidate = await signIn(ctx, CANDIDATE);
    const { askedJobId } = await demoIds(ctx);
    const seen: string[] = [];
    let passed = 0;
    for (const c of TYPE_CASES) {
      const url =
        c.target === "urlencoded"
          ? "/auth?mode=signin"
          : c.target === "upload"
            ? "/account"
            : `/candidate/jobs/${askedJobId}/apply?step=2`;
      const status = await postCase(ctx.base, url, c, c.target === "urlencoded" ? null : candidate);
      if (status === c.status) passed++;
      else seen.push(`${c.name}: ${status}`);
    }
    return { passed, detail: seen.join(", ") || undefined };
  },
};

const FUZZ_PER_ROUTE = 28;

const fuzz: Probe = {
  check: "Malformed bodies to every action route: 0 responses >= 500",
  // Every route-role pair of the action routes, each with FUZZ_PER_ROUTE bodies.
  tries:
    actionRoutes({ jobId: NOBODY, applicationId: NOBODY }).reduce((n, route) => n + route.who.length, 0) *
    FUZZ_PER_ROUTE,
  async run(ctx) {
    const cookies: Record<Who, string | null> = {
      "signed-out": null,
      employer: await signIn(ctx, EMPLOYER),
      candidate: await signIn(ctx, CANDIDATE),
    };
    const { jobId } = await demoIds(ctx);
    const failures: string[] = [];
    let passed = 0;
    for (const route of actionRoutes({ jobId, applicationId: NOBODY })) {
      for (const who of route.who) {
        for (const body of fuzzBodies(route.path.length * 31 + who.length).slice(0, FUZZ_PER_ROUTE)) {
          const status = await postCase(ctx.base, route.path, body, cookies[who]).catch(() => 0);
          if (status > 0 && status < 500) passed++;
          else failures.push(`${route.path} ${body.name}: ${status || "no answer"}`);
        }
      }
    }
    return { passed, detail: failures.slice(0, 5).join(", ") || undefined };
  },
};

const fileNames: Probe = {
  check: "Resume file names with ; = quotes filename* and non-Latin upload",
  tries: FILE_NAMES.length,
  async run(ctx) {
    const candidate = await signIn(ctx, CANDIDATE);
    const { jobId } = await demoIds(ctx);
    const doc = await PDFDocument.create();
    doc
      .addPage()
      .drawText("Casey Demo, resume", { x: 50, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
    const pdf = await doc.save();
    const seen: string[] = [];
    let passed = 0;
    for (const name of FILE_NAMES) {
      const response = await fetch(`${ctx.base}/candidate/jobs/${jobId}/apply?step=2`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: ctx.base, Cookie: candidate, "Content-Type": MULTIPART },
        body: resumePost(name.sent, pdf),
      });
      await response.arrayBuffer();
      const [row] = await query<{ original_name: string }>(
        ctx,
        `select r.original_name from application_drafts d join resumes r on r.id = d.resume_id join users u on u.id = d.candidate_id where u.email = $1 and d.job_id = $2`,
        [CANDIDATE, jobId],
      );
      if (response.status === 302 && row?.original_name === name.shown) passed++;
      else seen.push(`${name.shown}: ${response.status} ${row?.original_name ?? "no resume"}`);
    }
    return { passed, detail: seen.join(", ") || undefined };
  },
};

export const probes: Probe[] = [nulForms, typeCases, fuzz, fileNames];
