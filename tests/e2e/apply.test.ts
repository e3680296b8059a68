// Applying and reviewing end to end, with JavaScript on and off: the apply wizard with all three
// question types and a resume (a validation error keeps the answers, a bad file is refused), the
// duplicate guard, a sample provider listing applied to without a resume, the plan's limit, and the
// employer's review (Mark as under review, Shortlist, CSV) with the candidate's message, email
// and nobody else able to read the resume.
import { afterAll, beforeAll, expect, it } from "vitest";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { listMailbox } from "../../lib/mail.ts";
import { emptyQuestion, jobToApply } from "../../modules/hiring/index.server.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { focusedText, journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, _js: boolean, email: string) => signInByEmail(page, email);

async function resumePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("Cara Candidate - React, TypeScript, Node.js", {
    x: 50,
    y: 700,
    size: 12,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

async function next(page: Page) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
}

journeys("apply and review", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const emails = {
    employer: `boss-${tag}@example.com`,
    candidate: `cara-${tag}@example.com`,
    other: `other-${tag}@example.com`,
    trial: `trial-${tag}@example.com`,
  };
  let jobId: string;
  let questionIds: string[];
  let orm: MikroORM;
  let queue: QueueRuntime;

  beforeAll(async () => {
    // The data behind the journeys, written straight to the server's database (its workers run the jobs).
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: emails.employer,
      password: PASSWORD,
      role: "employer",
      company_name: "Quantum Widgets",
      full_name: "Erin Employer",
      plan: "business",
    });
    await signUpOnPlan({
      email: emails.candidate,
      password: PASSWORD,
      role: "candidate",
      full_name: "Cara Candidate",
      plan: "essential",
    });
    await signUpOnPlan({
      email: emails.other,
      password: PASSWORD,
      role: "candidate",
      full_name: "Otto Other",
      plan: "essential",
    });
    await signUp({
      email: emails.trial,
      password: PASSWORD,
      role: "candidate",
      full_name: "Tess Trial",
      plan: "free-trial",
    });
    jobId = await publishTestJob(employer.id, {
      title: `React Engineer ${tag}`,
      company_name: "Quantum Widgets",
      questions: [
        { ...emptyQuestion(), question_text: "Describe a React app you shipped.", category: "practical-experience" },
        {
          ...emptyQuestion(),
          question_text: "Which state library do you prefer?",
          question_type: "multiple_choice",
          options: "Redux, Zustand, None",
        },
        {
          ...emptyQuestion(),
          question_text: "Rate your TypeScript.",
          question_type: "rating",
          category: "technical-deep",
        },
      ],
    });
    questionIds = (await jobToApply(jobId))!.questions.map((q) => q.id);
    await publishTestJob(employer.id, {
      title: `Remote React Developer ${tag}`,
      company_name: "Quantum Widgets",
      location: "Remote",
      location_type: "remote",
      skills: "React, TypeScript",
      description: "Build our React front end from anywhere.",
    });
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("applies with answers of every type and a resume; a missing answer and a bad file keep what was entered", async () => {
    const page = await newPage();
    await signIn(page, js, emails.candidate);
    await page.goto(`/candidate/jobs/${jobId}`);
    await page.getByRole("link", { name: "Apply Now" }).click();
    await page.getByText("Please answer the following 3 questions to help us assess your fit for this role.").waitFor();

    // Step 1: the rating is left out; Next names it and keeps the rest.
    await page.getByLabel("Answer to question 1").fill("A design system used by 40 teams.");
    await page.getByLabel("Zustand").check();
    await next(page);
    await page.getByText("Please answer this question.").waitFor();
    await expect(page.getByLabel("Answer to question 1").inputValue()).resolves.toBe(
      "A design system used by 40 teams.",
    );
    await expect(page.getByLabel("Zustand").isChecked()).resolves.toBe(true);
    await page.locator(`input[name="answer_${questionIds[2]}"][value="4"]`).check();
    await next(page);

    // Step 2: a text file named .pdf is refused; a real PDF is kept.
    await page.getByRole("heading", { name: /Upload Resume/ }).waitFor();
    // With JavaScript focus moves to the new step's heading; without, the new page starts at its top.
    await expect.poll(() => focusedText(page)).toBe(js ? "Upload Resume (optional but recommended)" : "");
    await page.getByText("PDF files only, max 10MB").waitFor();
    await page
      .locator("#resume")
      .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf at all") });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByText("Please upload a PDF file").waitFor();
    // The refused file is gone from the input: Next would go on without a resume, never send it again.
    await page.getByText("Choose another file, or press Next to continue without a resume.").waitFor();
    await expect(page.locator("#resume").inputValue()).resolves.toBe("");
    await page
      .locator("#resume")
      .setInputFiles({ name: "Cara Resume.pdf", mimeType: "application/pdf", buffer: await resumePdf() });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByRole("link", { name: "Cara Resume.pdf" }).waitFor();
    await expect(page.getByText(/^\d+ KB$/).count()).resolves.toBe(1);
    await next(page);

    // Step 3: the review (AI feedback on answers is offered with the Professional plan), then submit.
    await page.getByText("3 of 3 questions completed").waitFor();
    await expect.poll(() => focusedText(page)).toBe(js ? "Review your application" : "");
    await page.getByText("AI feedback on your answers comes with the").waitFor();
    await page.getByText("Cara Resume.pdf").waitFor();
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.waitForURL(/\/candidate\/applications/, { timeout: 20_000 });
    await page.getByText("Application submitted successfully!").waitFor();
    const entry = page.getByRole("article", { name: `React Engineer ${tag}` });
    await entry.getByText("Application submitted successfully", { exact: true }).waitFor();
    await expect(entry.getByRole("link", { name: "View Resume" }).count()).resolves.toBe(1);

    // Applying again shows the application instead.
    await page.goto(`/candidate/jobs/${jobId}/apply`);
    await page.getByText("You have already applied to this job.").waitFor();
    const resumeHref = (await page.getByRole("link", { name: "View Submitted Resume" }).getAttribute("href"))!;
    const resume = await page.request.get(resumeHref);
    expect(resume.status()).toBe(200);
    expect(resume.headers()["content-type"]).toBe("application/pdf");
    expect(resume.headers()["x-content-type-options"]).toContain("nosniff");
    expect(resume.headers()["content-disposition"]).toContain('filename="Cara Resume.pdf"');
  });

  it("lets the employer review, shortlist and export; the candidate sees the news and gets the email; nobody else reads the resume", async () => {
    const boss = await newPage();
    await signIn(boss, js, emails.employer);
    await boss.goto(`/employer/jobs/${jobId}`);
    await boss.getByRole("link", { name: "Cara Candidate", exact: true }).click();
    // Opening it changes nothing; Mark as under review moves it there.
    await boss.getByRole("heading", { name: "Cara Candidate" }).waitFor();
    await settled(boss, js);
    await boss.getByRole("button", { name: "Mark as under review" }).click();
    await boss.getByText("The candidate moved to Under Review.").waitFor();
    await boss.getByText("Under Review", { exact: true }).first().waitFor();
    await boss.getByText("4/5").waitFor();
    await boss.getByText("Zustand").waitFor();
    // The AI's reading arrives in the background: three figures and an overall match, each with its reason.
    await boss.getByRole("heading", { name: "AI match" }).waitFor();
    // A poll, not a wait: reload until the worker has stored the score (slow on a busy machine).
    await expect
      .poll(async () => (await boss.getByText("Overall match").count()) || (await boss.reload(), 0), {
        timeout: 30_000,
        interval: 500,
      })
      .toBeGreaterThan(0);
    // Within the AI match card: the scorecards card shows the same figures as "The AI's view".
    const aiMatch = boss.getByRole("heading", { name: "AI match" }).locator("..");
    for (const label of ["Overall match", "Technical", "Communication", "Collaboration (from the answers)"])
      await aiMatch.getByText(label, { exact: true }).waitFor();
    const resumeHref = (await boss.getByRole("link", { name: "View resume" }).getAttribute("href"))!;
    expect((await boss.request.get(resumeHref)).status()).toBe(200);
    await boss.getByRole("button", { name: "Shortlist" }).click();
    await boss.getByText("The candidate is shortlisted. We'll let them know.").waitFor();
    await expect(boss.getByRole("button", { name: "Shortlist" }).count()).resolves.toBe(0);

    const csv = await boss.request.get(`/employer/jobs/${jobId}/applications.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Describe a React app you shipped.");
    expect(text).toMatch(/Cara Candidate,cara-\w+@example\.com,Shortlisted,/);

    const cara = await newPage();
    await signIn(cara, js, emails.candidate);
    await cara.goto("/candidate/applications");
    await cara.getByText("Congratulations! You've been shortlisted").waitFor();

    // The email, written to the server's mailbox (no SMTP server is configured).
    await expect
      .poll(
        async () =>
          (await listMailbox(path.join(journey.server.dataDir, "mail")))
            .filter((m) => m.to.includes(emails.candidate))
            .map((m) => m.subject)
            .join(" | "),
        { timeout: 30_000, interval: 300 },
      )
      .toContain("shortlisted");

    // Another candidate, another employer and a signed-out visitor can't read the resume.
    const other = await newPage();
    await signIn(other, js, emails.other);
    expect((await other.request.get(resumeHref)).status()).toBe(404);
    const stranger = await newPage();
    const signedOut = await stranger.request.get(resumeHref, { maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect((await other.request.get(`/employer/jobs/${jobId}/applications.csv`, { maxRedirects: 0 })).status()).toBe(
      302,
    );
  });

  it("finds a board job and a sample listing for 'react' in 'Remote', and applies to the listing, answering its 12 generated questions, without a resume", async () => {
    const page = await newPage();
    await signIn(page, js, emails.other);
    await page.goto("/candidate/jobs?q=react&location=Remote&employment_type=FULLTIME");
    await settled(page, js);
    // The board's job opens in the detail view and leads to its application.
    const board = page
      .getByRole("list", { name: "Jobs found" })
      .getByRole("listitem")
      .filter({ hasText: `Remote React Developer ${tag}` });
    await board.getByText("On Hirewise").waitFor();
    await board.getByRole("link", { name: `View details of Remote React Developer ${tag}` }).click();
    await page
      .getByRole("link", { name: `Apply now to Remote React Developer ${tag}` })
      .first()
      .click();
    await page.getByRole("heading", { name: `Apply: Remote React Developer ${tag}` }).waitFor();
    await page.goto("/candidate/jobs?q=react&location=Remote&employment_type=FULLTIME");
    await settled(page, js);
    const sample = page
      .getByRole("list", { name: "Jobs found" })
      .getByRole("listitem")
      .filter({ hasText: "Sample listings" })
      .first();
    const title = (await sample.locator("h2").textContent())!;
    await sample.getByRole("button", { name: `Apply now to ${title}` }).click();
    await page.waitForURL(/\/candidate\/jobs\/[0-9a-f-]{36}\/apply/);
    // The listing came without questions: 12 are made in the background while the page waits.
    await page.getByRole("heading", { name: `Apply: ${title}` }).waitFor({ timeout: 20_000 });
    await page
      .getByText("Please answer the following 12 questions to help us assess your fit for this role.")
      .waitFor();
    for (const box of await page.locator("textarea").all())
      await box.fill("I built and ran this in production for two years.");
    const radios = await page
      .locator('input[type="radio"]')
      .evaluateAll((inputs) => [...new Set(inputs.map((i) => (i as HTMLInputElement).name))]);
    for (const name of radios) await page.locator(`input[name="${name}"]`).last().check();
    await next(page);
    await page.getByRole("heading", { name: /Upload Resume/ }).waitFor();
    await next(page);
    await page.getByText("No resume uploaded").waitFor();
    // The listing's company takes applications on its own site: the last step saves and goes there.
    await page
      .context()
      .route("https://careers.example.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Company careers</title><h1>Company careers</h1>" }),
      );
    const toSite = page.getByRole("button", { name: /^Save and continue to .+'s site/ });
    if (js) {
      const [tab] = await Promise.all([page.context().waitForEvent("page"), toSite.click()]);
      await tab.waitForURL(/^https:\/\/careers\.example\.com\//);
      await page.waitForURL(/\/candidate\/applications\/[0-9a-f-]{36}\?continued=1$/);
    } else {
      await toSite.click();
      await page.waitForURL(/\/candidate\/applications\/[0-9a-f-]{36}\?continued=1$/);
      await page.getByRole("link", { name: /^Continue to .+'s site/ }).waitFor();
    }
    await page.goto("/candidate/applications");
    await page
      .getByRole("article", { name: title })
      .getByText("Applied on company site", { exact: true })
      .first()
      .waitFor();
  });

  it("stops a trial candidate at the plan's limit; after a rejection and a review the history shows each status, message and count", async () => {
    const page = await newPage();
    await signIn(page, js, emails.trial);
    const employer = await signUpOnPlan({
      email: `limit-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: "Limitless",
      plan: "business",
    });
    const jobs = await Promise.all(
      [1, 2, 3, 4].map((n) => publishTestJob(employer.id, { title: `Limit job ${n} ${tag}` })),
    );
    for (const [i, id] of jobs.entries()) {
      await page.goto(`/candidate/jobs/${id}/apply?step=3`);
      await settled(page, js);
      if (i < 3) {
        await page.getByRole("button", { name: "Submit Application" }).click();
        await page.getByText("Application submitted successfully!").waitFor();
      } else {
        // At the limit the wizard asks nothing: the plan page says why.
        await page.waitForURL("**/pricing?audience=job-seekers&limit=applications");
        await page.getByText("You have used every application your plan includes.").waitFor();
      }
    }

    // The employer rejects one and opens another: the history shows each status with its message.
    const boss = await newPage();
    await signIn(boss, js, `limit-${tag}@example.com`);
    await boss.goto(`/employer/jobs/${jobs[0]}`);
    // Reject asks first (its own page), then comes back to the list.
    await boss.getByRole("link", { name: "Reject Tess Trial" }).click();
    await boss.getByRole("heading", { name: "Reject Tess Trial?" }).waitFor();
    // Its email goes now: one waiting its 24 hours isn't shown to the candidate yet (decision 076).
    await boss.getByLabel("Now", { exact: true }).check();
    await boss.getByRole("button", { name: "Reject and email the candidate" }).click();
    await boss.getByText("The candidate is marked Not Selected. We'll let them know.").waitFor();
    await expect(boss.getByRole("link", { name: "Reject Tess Trial" }).count()).resolves.toBe(0);
    await boss.goto(`/employer/jobs/${jobs[1]}`);
    await boss.getByRole("link", { name: "Tess Trial", exact: true }).click();
    await boss.getByRole("heading", { name: "Tess Trial" }).waitFor();
    await settled(boss, js);
    await boss.getByRole("button", { name: "Mark as under review" }).click();
    await boss.getByText("The candidate moved to Under Review.").waitFor();

    await page.goto("/candidate/applications");
    await settled(page, js);
    const entry = (n: number) => page.getByRole("article", { name: `Limit job ${n} ${tag}` });
    await entry(1).getByText("Not selected for this role").waitFor();
    await entry(2).getByText("Application under review").waitFor();
    await entry(3).getByText("Application submitted successfully", { exact: true }).waitFor();
    for (const [label, count] of [
      ["Total Applications", "3"],
      ["Submitted", "1"],
      ["Under Review", "1"],
      ["Shortlisted", "0"],
      ["Not Selected", "1"],
    ]) {
      await expect(
        page
          .locator("dl > div", { has: page.getByText(label, { exact: true }) })
          .locator("dd")
          .first()
          .textContent(),
      ).resolves.toBe(count);
    }
    // The account page counts them against the plan.
    await page.goto("/account");
    await page.getByText("Applications sent").waitFor();
    await page.getByText("3 of 3", { exact: true }).waitFor();
  });
});
