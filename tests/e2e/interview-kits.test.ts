// Interview kits end to end, with JavaScript on and off (issue 34 item 2, decision 087): a
// recruiter starts a kit, types a question, generates more from the chosen attributes (the form
// comes back with everything typed kept and the questions added, nothing saved), saves; the
// interviewer assigned to the job reads the kit on the application in Interview and on their
// scorecard, and may not open the kit form.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { assignJobs, memberFor } from "../../modules/hiring/index.server.ts";
import { moveApplication } from "../../modules/applications/index.server.ts";
import type { Account } from "../../modules/identity/index.server.ts";
import { shots } from "../support/shots.ts";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { inviteAndJoin } from "../support/team.ts";
import { signInByEmail } from "../support/sessions.ts";

const TYPED = "Walk me through the last production incident you handled.";

journeys("interview kits", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const applied = useApplied(journey, { prefix: "kit", job: { title: `Kit Engineer ${tag}` } });
  const emails = { rex: `kit-rex-${tag}@example.com`, ina: `kit-ina-${tag}@example.com` };

  beforeAll(async () => {
    const owner = { id: applied.owner.id } as Account;
    await inviteAndJoin(owner, emails.rex, "recruiter");
    const ina = await inviteAndJoin(owner, emails.ina, "interviewer");
    const olive = await memberFor(applied.owner.id);
    await assignJobs(olive, ina.id, [applied.jobId]);
    await moveApplication(olive, applied.candidate.applicationId, "interview", { jobId: applied.jobId });
  });

  it("a recruiter writes a kit with generated questions; the interviewer reads it on the application", async () => {
    const rex = await newPage();
    await signInByEmail(rex, emails.rex);
    await rex.goto(`/employer/jobs/${applied.jobId}`);
    await settled(rex, js);
    await rex.getByRole("link", { name: "Interview kits" }).click();
    await rex.getByText("This job has no interview kit yet.").waitFor();
    await settled(rex, js);
    await rex.getByRole("link", { name: "New interview kit" }).click();
    await rex.getByRole("heading", { name: "New interview kit" }).waitFor();
    await settled(rex, js);

    await rex.getByLabel("Name", { exact: true }).fill("Technical interview");
    await rex.getByLabel("Problem solving").check();
    await rex.getByLabel("Communication").check();
    await rex.getByLabel("Questions to ask").fill(TYPED);
    await rex.getByRole("button", { name: "Generate questions" }).click();
    await rex.getByText(/questions are added from the kit's attributes\. Edit them, then save the kit/).waitFor();
    await settled(rex, js);
    const questions = (await rex.getByLabel("Questions to ask").inputValue()).split(/\n+/);
    expect(questions[0]).toBe(TYPED);
    expect(questions.length).toBeGreaterThan(3);
    expect(questions.some((q) => q.startsWith("For problem solving, we look for this:"))).toBe(true);
    expect(questions.some((q) => q.includes("communication"))).toBe(true);
    expect(await rex.getByLabel("Name", { exact: true }).inputValue()).toBe("Technical interview");
    expect(await rex.getByLabel("Problem solving").isChecked()).toBe(true);
    await fitsNarrowScreen(rex);
    await shots(rex, "interview-kit-form");

    // Nothing is saved until Save.
    await rex.getByLabel("Notes prompt").fill("Note how they narrow the problem down.");
    await rex.getByRole("button", { name: "Save kit" }).click();
    await rex.getByText("The interview kit is saved.").waitFor();
    await settled(rex, js);
    await rex.getByRole("heading", { name: /^Technical interview/ }).waitFor();
    await rex.getByText(TYPED).waitFor();
    await fitsNarrowScreen(rex);
    await shots(rex, "interview-kits");

    const ina = await newPage();
    await signInByEmail(ina, emails.ina);
    await ina.goto(applied.candidate.employerUrl);
    await settled(ina, js);
    const kit = ina.locator("#interview-kit");
    await kit.getByRole("heading", { name: "Interview kit: Technical interview" }).waitFor();
    await kit.getByText(TYPED).waitFor();
    await kit.getByText("Note how they narrow the problem down.").waitFor();
    expect(await kit.getByText(/^Problem solving/).count()).toBe(1);
    expect(await kit.getByText(/^Relevant experience/).count()).toBe(0);
    await fitsNarrowScreen(ina);
    await shots(ina, "application-kit");
    await kit.getByRole("link", { name: "Take your notes in your scorecard" }).click();
    await ina.getByRole("heading", { name: "Your scorecard" }).waitFor();
    await settled(ina, js);
    await ina.locator("#interview-kit").getByText(TYPED).waitFor();
    await ina.getByText("Take your notes in Key take-aways below").waitFor();
    await shots(ina, "scorecard-kit");

    // The interviewer reads the kits; the form is not theirs.
    await ina.goto(`/employer/jobs/${applied.jobId}/kits`);
    await ina.getByText(TYPED).waitFor();
    expect(await ina.getByRole("link", { name: "New interview kit" }).count()).toBe(0);
    const refused = await ina.goto(`/employer/jobs/${applied.jobId}/kits/new`);
    expect(refused?.status()).toBe(404);

    // axe runs in the page: once, with JavaScript, is enough.
    if (!js) return;
    const kitPath = await rex.getByRole("link", { name: "Edit Technical interview" }).getAttribute("href");
    expect(
      await axeProblems(rex, journey.baseUrl, [
        `/employer/jobs/${applied.jobId}/kits`,
        kitPath!,
        `/employer/jobs/${applied.jobId}/kits/new`,
      ]),
    ).toEqual([]);
    expect(
      await axeProblems(ina, journey.baseUrl, [
        applied.candidate.employerUrl,
        `${applied.candidate.employerUrl}/scorecard`,
      ]),
    ).toEqual([]);
  });
});

/** axe's findings on each page, in both themes, at 320 and 1280 px. */
async function axeProblems(page: Page, baseUrl: string, targets: string[]): Promise<string[]> {
  const axe = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  const problems: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page
      .context()
      .addCookies([{ name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: baseUrl }]);
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const target of targets) {
        await page.goto(target);
        await settled(page, true);
        await page.evaluate(axe);
        const result = (await page.evaluate(() =>
          (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
          }),
        )) as { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
        for (const v of result.violations)
          problems.push(
            `${target} ${theme} ${width}px: ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
          );
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  return problems;
}

/** At 320 px the page scrolls down only: the job's four tabs and the kit fit across. */
async function fitsNarrowScreen(page: Page) {
  await page.setViewportSize({ width: 320, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });
}
