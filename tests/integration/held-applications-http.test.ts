// Applying before making an account, over HTTP against the built server with JavaScript off: the
// public job page leads a visitor to /jobs/{id}/apply, whose first GET sets the browser's key; the
// three steps post as forms (the resume as multipart), a missing name and email are named beside
// their fields, Send holds the application (the employer's list stays empty), and the emailed link
// peeks on GET and confirms once under 6 parallel POSTs: one account, signed in, one application.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, together } from "../support/http.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { goodPdf } from "../fixtures/files.ts";
import { em } from "../../lib/db.ts";
import { emptyQuestion, jobToApply } from "../../modules/hiring/index.server.ts";

let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let server: AppServer;
let jobId: string;
let questionId: string;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const boss = await signUpOnPlan({
    email: "boss@held.example",
    password: "correct horse battery",
    role: "employer",
    company_name: "Acme",
    full_name: "Erin",
    plan: "business",
  });
  jobId = await publishTestJob(boss.id, {
    title: "Data Engineer",
    questions: [{ ...emptyQuestion(), question_text: "Which pipeline did you build?" }],
  });
  questionId = (await jobToApply(jobId))!.questions[0]!.id;
});
afterAll(async () => {
  await running?.stop();
});

const applications = async () =>
  Number(
    (await em().execute<{ n: string }[]>(`select count(*) as n from applications where job_id = ?`, [jobId]))[0]!.n,
  );

describe("a visitor's application", { timeout: 120_000 }, () => {
  it("is held until the emailed link, which confirms once however many open it", async () => {
    const page = await (await fetch(`${server.baseUrl}/jobs/${jobId}`)).text();
    expect(page).toContain(`href="/jobs/${jobId}/apply"`);

    const first = await fetch(`${server.baseUrl}/jobs/${jobId}/apply`, { redirect: "manual" });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toMatch(/private|no-store/);
    const key = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("guest_apply="))!
      .split(";")[0]!;
    const browser = httpClient(server.baseUrl, key);

    // Step 1: Next without the answer names it; with it, on to the resume.
    const missing = await browser.post(`/jobs/${jobId}/apply?step=1`, { step: "1", intent: "next" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please answer this question.");
    const answered = await browser.post(`/jobs/${jobId}/apply?step=1`, {
      step: "1",
      intent: "next",
      [`answer_${questionId}`]: "A CDC pipeline into the warehouse.",
    });
    expect(redirectedTo(answered)).toBe(`/jobs/${jobId}/apply?step=2`);
    const uploaded = await browser.postMultipart(`/jobs/${jobId}/apply?step=2`, [
      { name: "step", value: "2" },
      { name: "intent", value: "next" },
      { name: "resume", filename: "dana.pdf", body: await goodPdf("Dana Data") },
    ]);
    expect(redirectedTo(uploaded)).toBe(`/jobs/${jobId}/apply?step=3`);
    expect(await (await browser.get(`/jobs/${jobId}/apply?step=3`)).text()).toContain("dana.pdf");

    // Step 3: the name and email are asked beside their fields, what was typed kept.
    const bad = await browser.post(`/jobs/${jobId}/apply?step=3`, {
      step: "3",
      intent: "submit",
      full_name: "",
      email: "dana@",
    });
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain("Enter your full name");
    expect(badPage).toContain("Enter a valid email address");
    expect(badPage).toContain('value="dana@"');
    const sent = await browser.post(`/jobs/${jobId}/apply?step=3`, {
      step: "3",
      intent: "submit",
      full_name: "Dana Data",
      email: "dana@held.example",
    });
    expect(redirectedTo(sent)).toBe(`/jobs/${jobId}/apply?step=3`);
    expect(await (await browser.get(`/jobs/${jobId}/apply?step=3`)).text()).toContain("Check your email");
    expect(await applications()).toBe(0);

    // Another browser with the same address is told one is waiting.
    const other = await fetch(`${server.baseUrl}/jobs/${jobId}/apply`, { redirect: "manual" });
    const second = httpClient(
      server.baseUrl,
      other.headers
        .getSetCookie()
        .find((c) => c.startsWith("guest_apply="))!
        .split(";")[0]!,
    );
    await second.post(`/jobs/${jobId}/apply?step=1`, {
      step: "1",
      intent: "next",
      [`answer_${questionId}`]: "Again.",
    });
    const again = await second.post(`/jobs/${jobId}/apply?step=3`, {
      step: "3",
      intent: "submit",
      full_name: "Dana Data",
      email: "dana@held.example",
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("waiting for you to confirm it");

    const link = await linkFromMailbox(
      server.dataDir,
      "dana@held.example",
      "Confirm your application: Data Engineer",
      "/apply/confirm/",
    );
    // The GET only looks.
    const look = await fetch(server.baseUrl + link);
    expect(await look.text()).toContain("Confirm and send my application");
    expect(await applications()).toBe(0);

    const visitor = httpClient(server.baseUrl);
    const answers = await together(Array.from({ length: 6 }, () => () => visitor.post(link, { password: "" })));
    const confirmed = answers.filter((a) => a.location === "/candidate/applications?submitted=1");
    expect(confirmed).toHaveLength(1);
    expect(answers.filter((a) => a.status === 410)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 410).every((a) => a.body.includes("expired or was already used"))).toBe(
      true,
    );
    expect(await applications()).toBe(1);
    const users = await em().execute<{ n: string }[]>(`select count(*) as n from users where email = ?`, [
      "dana@held.example",
    ]);
    expect(Number(users[0]!.n)).toBe(1);

    // The winner is signed in as the new candidate and finds the application.
    const cookie = confirmed[0]!.headers
      .getSetCookie()
      .find((c) => /^(__session|__Host-session)=[^;]/.test(c))!
      .split(";")[0]!;
    const mine = await httpClient(server.baseUrl, cookie).get("/candidate/applications");
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain("Data Engineer");
  });
});
