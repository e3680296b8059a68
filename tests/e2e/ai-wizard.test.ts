// Generate with AI in the post wizard, end to end with JavaScript on and off: a description and 10
// questions written in the background (the page refreshes itself or revalidates until they land),
// one question edited, the job published; and, against an AI service that answers 500, the
// built-in text with the notice that says so.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startFakeModelServer, type FakeModelServer } from "../support/fake-model-server.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { startAppServer, useModulesOn, type AppServer } from "../support/app-server.ts";
import { focusedText, journeys, launchChromium, settled } from "../support/browser.ts";
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

/** Step 1 with everything but the requirements and the description. */
async function fillDetails(page: Page, js: boolean, title: string) {
  await page.goto("/employer/jobs/new");
  await settled(page, js);
  await page.getByLabel(/Job title/).fill(title);
  await page.getByLabel(/^Location\s*\*?$/).fill("Austin, TX, United States");
  await page.getByLabel(/Location type/).selectOption("hybrid");
  await page.getByLabel(/Employment type/).selectOption("FULLTIME");
  await page.getByLabel(/^Category/).selectOption("Software Engineering");
}

const REQUIREMENTS = "5+ years of Python and ROS\nExperience with motion planning\nNice to have: Kubernetes";
const generate = (page: Page) => page.getByRole("button", { name: "Generate with AI" });
const description = (page: Page) => page.getByLabel(/^Description/);

journeys("generate with AI in the post wizard", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  useModulesOn(() => journey.server);

  it("writes a description and 10 questions, one is edited, and the job is published", async () => {
    const page = await newPage();
    await signUpEmployer(page, js, `ai-wizard-${tag}@example.com`);
    await fillDetails(page, js, "Robotics Software Engineer");

    if (js) {
      // Disabled until title, company and requirements are filled in.
      await expect(generate(page).isDisabled()).resolves.toBe(true);
      await page.getByText("Please fill in job title, company, and requirements first").waitFor();
    } else {
      // Without JavaScript the server answers, keeping what was typed.
      await generate(page).click();
      await page.getByRole("alert").getByText("Please fill in job title, company, and requirements first").waitFor();
      await expect(page.getByLabel(/Job title/).inputValue()).resolves.toBe("Robotics Software Engineer");
    }
    await page.getByLabel(/^Requirements/).fill(REQUIREMENTS);
    const own = "Our own words: you will build the arm's motion planner with us.";
    await description(page).fill(own);
    await generate(page).click();
    await page.getByText("Description written. Read it through and make it your own.").waitFor({ timeout: 20_000 });
    // With JavaScript focus moves to what came of it; without, the answered page starts at its top.
    await expect
      .poll(() => focusedText(page))
      .toBe(js ? "Description written. Read it through and make it your own." : "");
    const written = await description(page).inputValue();
    expect(written).toContain("Acme Robotics");
    expect(written).toContain("## Responsibilities");
    // The preview reads it as candidates will: headings and bullets, never the marks.
    const preview = page.getByRole("region", { name: "Preview: how candidates will read it" });
    await preview.getByRole("heading", { name: "Responsibilities" }).waitFor();
    await expect(preview.innerText()).resolves.not.toMatch(/##|^- /m);
    // The employer's own text is one click away.
    await page.getByText("The AI replaced the description you wrote.").waitFor();
    await page.getByRole("button", { name: "Undo: restore my description" }).click();
    await page.getByText("The AI replaced the description you wrote.").waitFor({ state: "detached" });
    await settled(page, js);
    await expect(description(page).inputValue()).resolves.toBe(own);
    // What was typed before the press is all there.
    await expect(page.getByLabel(/Location type/).inputValue()).resolves.toBe("hybrid");

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
    await page.getByRole("button", { name: "Add Custom" }).click();
    await page.getByLabel("Question text").first().fill("Why do you want to build robots with us?");
    // With a question there, Generate with AI asks whether to replace the questions or add to them.
    await page.getByRole("button", { name: "Add AI questions" }).click();
    await page.getByText("Added 10 questions. Edit or remove any of them.").waitFor({ timeout: 20_000 });
    // (Without JavaScript the page may reload to the questions' anchor, which focuses their heading.)
    if (js) await expect.poll(() => focusedText(page)).toBe("Added 10 questions. Edit or remove any of them.");
    // The notice comes first in the page: without JavaScript the editors below it may still be
    // arriving, so count once the page has loaded.
    await settled(page, js);
    const editors = page.locator(".question-editor");
    await expect(editors.count()).resolves.toBe(11);
    // The custom question, typed before the press, is kept first.
    await expect(page.getByLabel("Question text").first().inputValue()).resolves.toBe(
      "Why do you want to build robots with us?",
    );

    // Generated questions are ordinary ones: one edited, one removed.
    await page.locator("#question-2-question_text").waitFor();
    await page.getByLabel("Question text").nth(1).fill("Tell us about a motion planner you shipped.");
    await page.getByRole("button", { name: "Remove question 11" }).click();
    await page.getByRole("button", { name: "Remove question 11" }).waitFor({ state: "detached" });
    // Without JavaScript the page is a new one, and its last editors may still be arriving.
    await settled(page, js);
    await expect(page.locator(".question-editor").count()).resolves.toBe(10);
    await expect(page.getByLabel("Question text").nth(1).inputValue()).resolves.toBe(
      "Tell us about a motion planner you shipped.",
    );

    // Replace, then Undo: the questions come back as they were before it.
    await page.getByRole("button", { name: "Replace with AI questions" }).click();
    await page.getByText(/^Replaced your questions with 10 questions\./).waitFor({ timeout: 20_000 });
    await settled(page, js);
    await expect(page.getByLabel("Question text").first().inputValue()).resolves.not.toBe(
      "Why do you want to build robots with us?",
    );
    await page.getByRole("button", { name: "Undo: restore the earlier questions" }).click();
    // The button's own label changes to "Restoring..." while the request is out; the line beside it
    // goes only when the answer is in.
    await page.getByText("The AI changed the questions.").waitFor({ state: "detached" });
    await settled(page, js);
    await expect(page.locator(".question-editor").count()).resolves.toBe(10);
    await expect(page.getByLabel("Question text").first().inputValue()).resolves.toBe(
      "Why do you want to build robots with us?",
    );
    await expect(page.getByLabel("Question text").nth(1).inputValue()).resolves.toBe(
      "Tell us about a motion planner you shipped.",
    );

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Review your job" }).waitFor();
    await page.getByText("10 questions for candidates to answer.").waitFor();
    await page.getByText("Tell us about a motion planner you shipped.").waitFor();
    await page.getByRole("button", { name: "Publish Job" }).click();
    await page.getByText("Job posted successfully!").waitFor();
  });
});

describe("generate with AI when the AI service fails", () => {
  let fake: FakeModelServer;
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    fake = await startFakeModelServer();
    fake.answer = () => ({
      status: 500,
      body: { error: { code: 500, message: "Internal error", status: "INTERNAL" } },
    });
    [browser, server] = await Promise.all([
      launchChromium(),
      startAppServer(inject("adminDatabaseUrl"), {
        AI_PROVIDER: "gemini",
        AI_API_KEY: "test",
        AI_BASE_URL: `${fake.url}/v1beta`,
      }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    const code = await server?.stop();
    await fake?.close();
    if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`);
  });
  useModulesOn(() => server);

  for (const js of [true, false]) {
    it(`shows the pending state, then the built-in text and says so (JavaScript ${js ? "on" : "off"})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled: js, baseURL: server.baseUrl });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      try {
        await signUpEmployer(page, js, `ai-fallback-${js ? "js" : "nojs"}@example.com`);
        await fillDetails(page, js, "Robotics Software Engineer");
        await page.getByLabel(/^Requirements/).fill(REQUIREMENTS);
        await generate(page).click();
        // The service is retried for a few seconds before the built-in text stands in.
        await page.getByText("Writing a description...").waitFor();
        await expect(generate(page).isDisabled()).resolves.toBe(true);
        await page
          .getByText("The AI service was unavailable, so this description is a starting template.", { exact: false })
          .waitFor({ timeout: 30_000 });
        await expect(description(page).inputValue()).resolves.toContain("Robotics Software Engineer");
        expect(fake.hits.length).toBeGreaterThan(0);
      } finally {
        await context.close();
      }
    });
  }
});
