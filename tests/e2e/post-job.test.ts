// Posting and managing jobs end to end, with JavaScript on and off: the whole wizard (benefits,
// a validation error that keeps the input, questions added, moved and removed, publish), the
// dashboard's counts, drafts resumed and deleted, close and reopen, the plan's limit, and another
// employer's job answering 'Job Not Found'.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signUp } from "../../modules/identity/index.server.ts";
import { focusedText, journeys, settled } from "../support/browser.ts";
import { useModulesOn, type AppServer } from "../support/app-server.ts";
import { runCli } from "../support/cli.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";

/** An employer made directly and signed in without the form (signing up is auth.test.ts's subject), on the dashboard. */
async function signUpEmployer(page: Page, js: boolean, email: string) {
  await signUp({
    email,
    password: PASSWORD,
    role: "employer",
    full_name: "Erin Employer",
    company_name: "Acme Robotics",
  });
  await signInByEmail(page, email);
  await settled(page, js);
  await page.getByRole("heading", { name: "Welcome, Erin Employer" }).waitFor();
}

/** An administrator puts the account on `plan` (a plan named at sign-up is only the one to upgrade to). */
async function putOnPlan(server: AppServer, email: string, plan: string) {
  const result = await runCli({ DATABASE_URL: server.databaseUrl }, "plans:set", email, plan);
  if (result.code !== 0) throw new Error(`plans:set failed: ${result.stderr}`);
}

async function openWizard(page: Page, js: boolean) {
  await page.goto("/employer/jobs/new");
  await settled(page, js);
}

/** Fills step 1's required fields (not the title) and the salary. */
async function fillDetails(page: Page) {
  await page.getByLabel(/^Location\s*\*?$/).fill("Austin, TX, United States");
  await page.getByLabel(/Location type/).selectOption("hybrid");
  await page.getByLabel(/Employment type/).selectOption("FULLTIME");
  await page.getByLabel(/^Category/).selectOption("Software Engineering");
  await page.getByLabel(/^Requirements/).fill("Five years building distributed systems.");
  await page.getByLabel(/^Description/).fill("Own our robot fleet's control platform.");
  await page.getByLabel("Minimum").fill("120000");
  await page.getByLabel("Maximum").fill("150000");
}

async function next(page: Page) {
  await page.getByRole("button", { name: "Next", exact: true }).click();
}

/** Publishes a complete job with no questions; returns its id. */
async function publishSimpleJob(page: Page, js: boolean, title: string): Promise<string> {
  await openWizard(page, js);
  await page.getByLabel(/Job title/).fill(title);
  await fillDetails(page);
  await next(page);
  await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
  await next(page);
  await page.getByRole("heading", { name: "Review your job" }).waitFor();
  await page.getByRole("button", { name: "Publish Job" }).click();
  await page.getByText("Job posted successfully!").waitFor();
  const href = await page.getByRole("link", { name: `View details of ${title}` }).getAttribute("href");
  return href!.split("/").pop()!;
}

journeys("post and manage jobs", (journey) => {
  // `journey.server` is read when a test runs (the server starts after registration).
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  useModulesOn(() => journey.server);

  it("posts a job through the whole wizard and sees it on the dashboard and its page", async () => {
    const page = await newPage();
    await signUpEmployer(page, js, `wizard-${tag}@example.com`);
    await putOnPlan(journey.server, `wizard-${tag}@example.com`, "startup");
    await page.reload();
    await expect(page.getByText("0 of 5 active jobs").count()).resolves.toBe(1);
    await page.getByRole("link", { name: "Create Your First Job" }).waitFor();

    await openWizard(page, js);
    await expect(page.getByLabel(/^Company/).inputValue()).resolves.toBe("Acme Robotics");
    await page.getByLabel(/Job title/).fill("Robotics Platform Engineer");

    // Benefits: added (Enter with JavaScript, the Add button without), a duplicate refused, one removed.
    await page.getByLabel("Add a benefit").fill("Health insurance");
    if (js) await page.getByLabel("Add a benefit").press("Enter");
    else await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("button", { name: "Remove Health insurance" }).waitFor();
    for (const benefit of ["Equity", "Learning budget"]) {
      await page.getByLabel("Add a benefit").fill(benefit);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByRole("button", { name: `Remove ${benefit}` }).waitFor();
    }
    await page.getByLabel("Add a benefit").fill("  HEALTH insurance ");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.locator("#job-benefit-error").waitFor();
    await expect(page.locator("#job-benefit-error").textContent()).resolves.toContain("already listed");
    await page.getByRole("button", { name: "Remove Learning budget" }).click();
    await page.getByRole("button", { name: "Remove Learning budget" }).waitFor({ state: "detached" });

    // Next with required fields missing: the message at the top, each field named, the input kept.
    await next(page);
    await page.getByText("Please fill in all required fields").waitFor();
    await expect(page.locator("#job-location-error").textContent()).resolves.toBe("Enter the location");
    await expect(page.locator("#job-category-error").textContent()).resolves.toBe("Choose a category");
    await expect(page.getByLabel(/Job title/).inputValue()).resolves.toBe("Robotics Platform Engineer");
    await expect(page.getByLabel(/^Location\s*\*?$/).getAttribute("aria-invalid")).resolves.toBe("true");

    await fillDetails(page);
    await next(page);
    await page.getByText("No questions added yet. Use AI to generate relevant questions or add your own.").waitFor();
    // With JavaScript focus moves to the new step's heading; without, the new page starts at its top.
    await expect.poll(() => focusedText(page)).toBe(js ? "Screening Questions" : "");

    // Questions: three added, one of each type; the third moved up; an extra one removed.
    for (let n = 1; n <= 4; n++) {
      await page.getByRole("button", { name: "Add Custom" }).click();
      await page.getByRole("group", { name: `Question ${n}` }).waitFor();
    }
    const q = (n: number) => page.getByRole("group", { name: `Question ${n}` });
    await q(1).getByLabel("Question text").fill("Describe a control loop you tuned in production.");
    await q(2).getByLabel("Question text").fill("Which cloud have you run robots on?");
    await q(2).getByLabel("Type").selectOption("multiple_choice");
    await q(2).getByLabel("Options").fill("AWS, GCP, Azure");
    await q(3).getByLabel("Question text").fill("Rate your C++");
    await q(3).getByLabel("Type").selectOption("rating");
    await q(4).getByLabel("Question text").fill("To be removed");
    await page.getByRole("button", { name: "Remove question 4" }).click();
    await q(4).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Move up question 3" }).click();
    await expect.poll(() => q(2).getByLabel("Question text").inputValue()).toBe("Rate your C++");
    await expect(q(3).getByLabel("Options").inputValue()).resolves.toBe("AWS, GCP, Azure");

    await next(page);
    await page.getByRole("heading", { name: "Review your job" }).waitFor();
    await settled(page, js);
    await expect.poll(() => focusedText(page)).toBe(js ? "Review your job" : "");
    const review = (await page.locator("main").textContent())!;
    for (const text of [
      "Robotics Platform Engineer",
      "Acme Robotics",
      "Austin, TX, United States",
      "Hybrid",
      "Full-time",
      "$120,000 - $150,000",
      "Health insurance",
      "Equity",
      "3 questions",
    ]) {
      expect(review).toContain(text);
    }
    expect(review).not.toContain("Learning budget");

    await page.getByRole("button", { name: "Publish Job" }).click();
    await page.getByText("Job posted successfully!").waitFor();
    await settled(page, js);
    expect(new URL(page.url()).pathname).toBe("/employer/dashboard");
    const stat = (label: string) => page.locator("dl > div", { hasText: label }).locator("dd").textContent();
    await expect(stat("Active Jobs")).resolves.toBe("1");
    await expect(stat("Total Applications")).resolves.toBe("0");
    await expect(stat("Shortlisted")).resolves.toBe("0");
    await expect(page.getByText("1 of 5 active jobs").count()).resolves.toBe(1);
    await expect(page.getByText("0 applications").count()).resolves.toBe(1);

    await page.getByRole("link", { name: "View details of Robotics Platform Engineer" }).click();
    // The job page opens on its applicants; the job as posted is the Details tab.
    await page.getByRole("link", { name: "Applicants (0)" }).waitFor();
    await settled(page, js);
    await expect(page.getByText("No applications yet").count()).resolves.toBe(1);
    await page.getByRole("link", { name: "Details", exact: true }).click();
    await page.getByRole("heading", { name: "Job Information" }).waitFor();
    await settled(page, js);
    const questions = page.getByRole("heading", { name: "Screening Questions" }).locator("..").locator("ol > li");
    await expect(questions.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^1Describe a control loop.*Required.*Text/),
      expect.stringMatching(/^2Rate your C\+\+.*Required.*Rating/),
      expect.stringMatching(/^3Which cloud.*Required.*Multiple choice.*AWS \/ GCP \/ Azure/),
    ]);
    await expect(page.getByText("$120,000 - $150,000 (USD)").count()).resolves.toBe(1);

    // Close, then reopen (on the Details tab as on the applicants).
    await page.getByRole("button", { name: "Close Job" }).click();
    await page.getByText("The job is closed").waitFor();
    await page.getByRole("button", { name: "Reopen Job" }).click();
    await page.getByText("The job is active again").waitFor();
    // The notice comes early in the page; without JavaScript the rest may still be arriving.
    await settled(page, js);
    expect(new URL(page.url()).pathname).toMatch(/\/details$/);
    await expect(page.getByRole("button", { name: "Close Job" }).count()).resolves.toBe(1);
  });

  it("keeps drafts: back to the dashboard, continue later, delete", async () => {
    const page = await newPage();
    await signUpEmployer(page, js, `drafts-${tag}@example.com`);
    await openWizard(page, js);
    await page.getByLabel(/Job title/).fill("Field Technician");
    await page.getByRole("button", { name: "Back to Dashboard" }).click();
    await page.getByRole("heading", { name: "Drafts" }).waitFor();
    await page.getByRole("link", { name: "Continue Field Technician" }).click();
    await page.getByLabel(/Job title/).waitFor();
    await expect(page.getByLabel(/Job title/).inputValue()).resolves.toBe("Field Technician");

    await fillDetails(page);
    await next(page);
    await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
    await page.goto("/employer/dashboard"); // leave without a button
    await settled(page, js);
    await page.getByRole("link", { name: "Continue Field Technician" }).click();
    await page.getByLabel(/Job title/).waitFor();
    await expect(page.getByLabel(/^Requirements/).inputValue()).resolves.toBe(
      "Five years building distributed systems.",
    );

    await page.goto("/employer/dashboard");
    await settled(page, js);
    // Delete asks first.
    await page.getByRole("link", { name: "Delete draft Field Technician" }).click();
    await page.getByText("Delete this draft for good?").waitFor();
    await settled(page, js);
    await page.getByRole("button", { name: "Yes, delete Field Technician" }).click();
    await page.getByText("Draft deleted.").waitFor();
    await expect(page.getByRole("heading", { name: "Drafts" }).count()).resolves.toBe(0);
    // The notice was for that answer alone: the page reloaded (rendered whole by the server) has none.
    await page.reload();
    await settled(page, js);
    await page.getByRole("heading", { name: "Your Jobs" }).waitFor();
    await expect(page.getByText("Draft deleted.").count()).resolves.toBe(0);
  });

  it("shows the plan's limit with an upgrade link, and keeps the draft", async () => {
    const page = await newPage();
    await signUpEmployer(page, js, `limit-${tag}@example.com`); // Free Trial: one active job
    await expect(page.getByRole("region", { name: "You can't publish another job right now" }).count()).resolves.toBe(
      0,
    );
    await openWizard(page, js);
    // Room for the first job: nothing is said before the work.
    await expect(page.getByRole("region", { name: "You can't publish another job right now" }).count()).resolves.toBe(
      0,
    );
    await publishSimpleJob(page, js, "First Role");
    await openWizard(page, js);
    // At the limit, Post Job says so as it opens, with what to do, before any step is filled in.
    const limit = page.getByRole("region", { name: "You can't publish another job right now" });
    await expect(limit.innerText()).resolves.toMatch(
      /Free Trial includes 1 active job[\s\S]*Close one of your active jobs to make room, or change your plan\./,
    );
    await expect(limit.getByRole("link", { name: "Close a job on your dashboard" }).getAttribute("href")).resolves.toBe(
      "/employer/dashboard",
    );
    await expect(limit.getByRole("link", { name: "Change your plan" }).getAttribute("href")).resolves.toBe(
      "/pricing?audience=employers",
    );
    await page.getByLabel(/Job title/).fill("Second Role");
    await fillDetails(page);
    await next(page);
    await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
    await next(page);
    await page.getByRole("button", { name: "Publish Job" }).click();
    await page.locator("#wizard-error").waitFor();
    await expect(page.locator("#wizard-error").textContent()).resolves.toContain("Free Trial includes 1 active job");
    await expect(page.getByRole("link", { name: "Compare plans and upgrade" }).getAttribute("href")).resolves.toBe(
      "/pricing?audience=employers",
    );
    await page.goto("/employer/dashboard");
    await page.getByRole("link", { name: "Continue Second Role" }).waitFor();
  });

  it("answers forged form values with messages beside the fields, never a server error", async () => {
    if (js) return; // plain HTTP posts: once is enough
    const page = await newPage();
    await signUpEmployer(page, js, `forged-${tag}@example.com`);
    const origin = new URL(page.url()).origin;
    const post = (path: string, form: Record<string, string>) =>
      page.request.post(path, { form, headers: { Origin: origin } });
    const details = {
      step: "1",
      intent: "next",
      title: "x".repeat(10_000),
      company_name: "Acme",
      location: "Austin",
      location_type: "moon",
      employment_type: "FULLTIME",
      category: "Design",
      salary_min: "-5",
      salary_max: "",
      salary_currency: "USD",
      requirements: "r",
      description: "d",
      skills: "",
      experience_level: "",
    };
    const first = await post("/employer/jobs/new", details);
    expect(first.status()).toBe(400);
    const html = await first.text();
    for (const message of ["Use at most 200 characters", "Choose a location type", "Enter a whole number of 0 or more"])
      expect(html).toContain(message);
    // The draft exists now; the questions step gets 26 questions, and options on a text question.
    const draft = html.match(/draft=([0-9a-f-]{36})/)![1];
    const questions: Record<string, string> = { step: "2", intent: "next" };
    for (let i = 0; i < 26; i++)
      Object.assign(questions, {
        [`questions[${i}].question_text`]: `Question ${i}`,
        [`questions[${i}].question_type`]: "text",
        [`questions[${i}].category`]: "custom",
      });
    const many = await post(`/employer/jobs/new?draft=${draft}&step=2`, questions);
    expect(many.status()).toBe(400);
    expect(await many.text()).toContain("A job can have at most 25 questions");
    const options = await post(`/employer/jobs/new?draft=${draft}&step=2`, {
      step: "2",
      intent: "next",
      "questions[0].question_text": "Why us?",
      "questions[0].question_type": "text",
      "questions[0].category": "custom",
      "questions[0].options": "a, b",
    });
    expect(options.status()).toBe(400);
    expect(await options.text()).toContain("Options are for multiple choice questions only");
  });

  it("answers another employer with 'Job Not Found', and sends a candidate away", async () => {
    const owner = await newPage();
    await signUpEmployer(owner, js, `owner-${tag}@example.com`);
    const id = await publishSimpleJob(owner, js, "Private Role");

    const other = await newPage();
    await signUpEmployer(other, js, `other-${tag}@example.com`);
    for (const path of [
      `/employer/jobs/${id}`,
      `/employer/jobs/${id}/details`,
      `/employer/jobs/${id}/edit`,
      `/employer/jobs/new?draft=${id}&step=1`,
    ]) {
      const response = await other.goto(path);
      expect(response?.status(), path).toBe(404);
      await other.getByRole("heading", { name: "Job Not Found" }).waitFor();
      await other.getByText("The job you're looking for could not be found.").waitFor();
      await expect(other.getByRole("link", { name: "Back to Dashboard" }).count()).resolves.toBe(1);
    }
    // A forged close from the other employer changes nothing.
    const forged = await other.request.post(`/employer/jobs/${id}`, {
      form: { intent: "close" },
      headers: { Origin: new URL(other.url()).origin },
    });
    expect(forged.status()).toBe(404);
    await owner.goto(`/employer/jobs/${id}`);
    await expect(owner.getByRole("button", { name: "Close Job" }).count()).resolves.toBe(1);

    const candidate = await newPage();
    await candidate.goto("/auth?mode=signup&role=candidate");
    await settled(candidate, js);
    await candidate.getByLabel("Full name").fill("Cara Candidate");
    await candidate.getByLabel("Email").fill(`cand-${tag}@example.com`);
    await candidate.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await candidate.getByRole("button", { name: "Create Account" }).click();
    await candidate.getByRole("heading", { name: /Welcome|Find Your Next Opportunity/ }).waitFor();
    await candidate.goto(`/employer/jobs/${id}`);
    expect(new URL(candidate.url()).pathname).toBe("/candidate/jobs");
  });
});
