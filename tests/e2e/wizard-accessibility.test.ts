// Both wizards against WCAG 2.2 AA, with JavaScript on and off (issue 35 item 4): axe finds
// nothing on any step of the post wizard or the apply wizard, in the light and the dark theme, with
// a refused step's messages shown too; every control is reached by Tab with a visible focus mark;
// a refused step announces its messages and puts focus on the first field to fix (with JavaScript;
// without, the browser focuses the announced summary).
import { beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { emptyQuestion } from "../../modules/hiring/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";
import { axeInBothThemes, tabThrough } from "../support/axe.ts";

/**
 * axe clean in both themes, and every control reached by Tab shows where focus is. Both run
 * scripts in the page, so only with JavaScript on: the markup is the server's either way.
 */
async function accessible(page: Page, step: string, js: boolean) {
  if (!js) return;
  expect(await axeInBothThemes(page), step).toEqual([]);
  const { reached, unmarked } = await tabThrough(page);
  expect(reached, step).toBeGreaterThan(3);
  expect(unmarked, step).toEqual([]);
}

/** What has focus: the field's id, or the role of what else holds it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.id || el?.getAttribute("role") || el?.tagName.toLowerCase() || "";
  });

/** After a refused step: with JavaScript the first field to fix has focus; without, the summary is the page's autofocus. */
async function focusAfterRefusal(page: Page, js: boolean, field: string | null) {
  if (js) await expect.poll(() => focused(page)).toBe(field);
  else expect(await page.locator('[role="alert"][autofocus]').count()).toBe(1);
}

journeys("accessible wizards", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const applied = useApplied(journey, { prefix: "a11y", job: { title: `Accessible Owner Job ${tag}` } });
  let jobId: string;
  const candidateEmail = `a11y-applicant-${tag}@example.com`;

  beforeAll(async () => {
    jobId = await publishTestJob(applied.owner.id, {
      title: `Accessible Engineer ${tag}`,
      questions: [
        { ...emptyQuestion(), question_text: "Describe a system you built.", category: "practical-experience" },
        { ...emptyQuestion(), question_text: "Rate your TypeScript.", question_type: "rating" },
      ],
    });
    await signUpOnPlan({
      email: candidateEmail,
      password: "correct horse battery",
      role: "candidate",
      full_name: "Ada Access",
      plan: "essential",
    });
  });

  it("the post wizard: every step, and a refused step, pass axe and the keyboard", async () => {
    const page = await newPage();
    await signInByEmail(page, applied.owner.email);
    await page.goto("/employer/jobs/new");
    await settled(page, js);
    await accessible(page, "details", js);

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("alert").first().waitFor();
    await settled(page, js);
    await focusAfterRefusal(page, js, "job-title");
    await accessible(page, "details refused", js);

    await page.getByLabel(/Job title/).fill(`Typed Job ${tag}`);
    await page.getByLabel(/^Location\s*\*?$/).fill("Austin, TX, United States");
    await page.getByLabel(/Location type/).selectOption("hybrid");
    await page.getByLabel(/Employment type/).selectOption("FULLTIME");
    await page.getByLabel(/^Category/).selectOption("Software Engineering");
    await page.getByLabel(/^Requirements/).fill("Five years of distributed systems.");
    await page.getByLabel(/^Description/).fill("Own the platform.");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
    await settled(page, js);
    await accessible(page, "questions", js);

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Review your job" }).waitFor();
    await settled(page, js);
    await accessible(page, "review", js);
  });

  it("the apply wizard: every step, and a refused step, pass axe and the keyboard", async () => {
    const page = await newPage();
    await signInByEmail(page, candidateEmail);
    await page.goto(`/candidate/jobs/${jobId}/apply`);
    await page.getByText("Describe a system you built.").waitFor();
    await settled(page, js);
    await accessible(page, "questions", js);

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByText("Please answer this question.").first().waitFor();
    await settled(page, js);
    if (js)
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    else await focusAfterRefusal(page, js, null);
    await accessible(page, "questions refused", js);

    await page.getByLabel("Answer to question 1").fill("A queue that never loses a job.");
    await page.locator('input[type="radio"][value="4"]').check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: /Upload Resume/ }).waitFor();
    await settled(page, js);
    await accessible(page, "resume", js);

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Review your application" }).waitFor();
    await settled(page, js);
    await accessible(page, "review", js);
  });

  it("the application pages, the candidate's and the team's, pass axe and the keyboard", async () => {
    const candidate = await newPage();
    await signInByEmail(candidate, applied.candidate.email);
    await candidate.goto(applied.candidate.candidateUrl);
    await settled(candidate, js);
    await accessible(candidate, "the candidate's application", js);

    const owner = await newPage();
    await signInByEmail(owner, applied.owner.email);
    await owner.goto(applied.candidate.employerUrl);
    await settled(owner, js);
    await accessible(owner, "the team's application", js);
  });
});
