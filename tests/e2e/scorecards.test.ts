// Scorecards end to end, with JavaScript on and off (issue 34, decision 083): the owner adds an
// attribute to the job's scorecard; a recruiter and an interviewer (both joined through
// invitations, the interviewer assigned to the job) each submit a scorecard; the interviewer sees
// nothing of the recruiter's until theirs is submitted (a draft is not enough), then both. The
// owner reminds the interviewer by email before she submits; once both are in, the job's applicant
// list shows the average recommendation and the count, and the CSV a mean per attribute (decision 085).
import { beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { assignJobs, memberFor } from "../../modules/hiring/index.server.ts";
import type { Account } from "../../modules/identity/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { inviteAndJoin } from "../support/team.ts";
import { signInByEmail } from "../support/sessions.ts";

const ATTRIBUTES = [
  "Core skills for the role",
  "Problem solving",
  "Relevant experience",
  "Communication",
  "Motivation for the role",
  "Ownership",
];

/** Opens the application and goes to the member's scorecard through its button. */
async function openScorecard(page: Page, js: boolean, applicationUrl: string, button: string) {
  await page.goto(applicationUrl);
  await settled(page, js);
  await page.getByRole("link", { name: button }).click();
  await page.getByRole("heading", { name: "Your scorecard" }).waitFor();
  await settled(page, js);
}

/** Chooses `point` for every attribute, writes the take-aways and the recommendation. */
async function fillScorecard(page: Page, point: string, takeaways: string) {
  for (const name of ATTRIBUTES)
    await page
      .getByRole("group", { name: new RegExp(`^${name}`) })
      .getByRole("radio", { name: point, exact: true })
      .check({ force: true });
  await page.getByLabel("Key take-aways").fill(takeaways);
  await page
    .getByRole("group", { name: "Overall recommendation" })
    .getByRole("radio", { name: point, exact: true })
    .check({ force: true });
}

async function submit(page: Page, js: boolean) {
  await page.getByRole("button", { name: "Submit scorecard" }).click();
  await page.getByText("Your scorecard is submitted.").waitFor();
  await settled(page, js);
}

journeys("scorecards", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const applied = useApplied(journey, { prefix: "sc", job: { title: `Scorecard Engineer ${tag}` } });
  const emails = { rex: `sc-rex-${tag}@example.com`, ina: `sc-ina-${tag}@example.com` };

  beforeAll(async () => {
    const owner = { id: applied.owner.id } as Account;
    await inviteAndJoin(owner, emails.rex, "recruiter");
    const ina = await inviteAndJoin(owner, emails.ina, "interviewer");
    await assignJobs(await memberFor(applied.owner.id), ina.id, [applied.jobId]);
  });

  it("the owner adds an attribute and reminds; two members submit, each blind until theirs is in; the list and the CSV sum them up", async () => {
    const applicationUrl = applied.candidate.employerUrl;

    const olive = await newPage();
    await signInByEmail(olive, applied.owner.email);
    await olive.goto(`/employer/jobs/${applied.jobId}`);
    await settled(olive, js);
    await olive.getByRole("link", { name: "Scorecard" }).click();
    await olive.getByText("This job starts from your company's default set.").waitFor();
    await settled(olive, js);
    await olive.getByLabel("Name").nth(5).fill("Ownership");
    await olive.getByLabel("Group").nth(5).selectOption("experience");
    await olive.getByLabel("What good looks like").nth(5).fill("Sees work through to the end.");
    await olive.getByRole("button", { name: "Save scorecard", exact: true }).click();
    await olive.getByText("The scorecard is saved.").waitFor();
    await settled(olive, js);
    await expect.poll(() => olive.getByLabel("Name").nth(5).inputValue()).toBe("Ownership");

    const rex = await newPage();
    await signInByEmail(rex, emails.rex);
    await openScorecard(rex, js, applicationUrl, "Write your scorecard");
    await fillScorecard(rex, "Strong yes", `Rex ${tag}: clear and concrete.`);
    await submit(rex, js);
    await rex.getByText(`Rex ${tag}: clear and concrete.`).waitFor();

    // The owner reminds the interviewer, who has not submitted yet (one button per colleague pending).
    await olive.goto(applicationUrl);
    await settled(olive, js);
    await olive.getByRole("button", { name: /^Send .* a reminder$/ }).click();
    await olive.getByText(/A reminder of their scorecard is on its way to /).waitFor();
    await settled(olive, js);
    await olive.getByText(/^reminded /).waitFor();
    expect(await olive.getByRole("button", { name: /^Send .* a reminder$/ }).count()).toBe(0);

    const ina = await newPage();
    await signInByEmail(ina, emails.ina);
    await ina.goto(applicationUrl);
    await settled(ina, js);
    await ina.getByText("1 colleague has submitted a scorecard.").waitFor();
    expect(await ina.getByText(`Rex ${tag}: clear and concrete.`).count()).toBe(0);
    await ina.getByRole("link", { name: "Write your scorecard" }).click();
    await ina.getByRole("heading", { name: "Your scorecard" }).waitFor();
    await settled(ina, js);

    // Submitting half of it is refused beside the fields, with what was typed kept.
    await ina.getByLabel("Key take-aways").fill(`Ina ${tag}: half done.`);
    await ina.getByRole("button", { name: "Submit scorecard" }).click();
    await ina.getByText("Choose your overall recommendation.").waitFor();
    expect(await ina.getByLabel("Key take-aways").inputValue()).toBe(`Ina ${tag}: half done.`);
    await ina.getByRole("button", { name: "Save draft" }).click();
    await ina.getByText("Your draft is saved. Submit it when you're done.").waitFor();
    await settled(ina, js);
    expect(await ina.getByText(`Rex ${tag}: clear and concrete.`).count()).toBe(0);

    await openScorecard(ina, js, applicationUrl, "Continue your draft");
    expect(await ina.getByLabel("Key take-aways").inputValue()).toBe(`Ina ${tag}: half done.`);
    await fillScorecard(ina, "No", `Ina ${tag}: thin on operations.`);
    await submit(ina, js);
    await ina.getByText(`Rex ${tag}: clear and concrete.`).waitFor();
    await ina.getByText(`Ina ${tag}: thin on operations.`).waitFor();
    const ownership = ina.locator("#scorecards dl > div").filter({ hasText: "Ownership" });
    await expect.poll(() => ownership.textContent()).toMatch(/Strong yes.*No/);
    await ina.getByText("Not submitted yet:").waitFor();

    // The owner reads both at once, with the spread beside each attribute and the AI's view apart.
    await olive.goto(applicationUrl);
    await settled(olive, js);
    await olive.getByText(`Ina ${tag}: thin on operations.`).waitFor();
    await expect
      .poll(() => olive.getByLabel("Spread of Ownership").textContent())
      .toBe("No to Strong yes · mean 3 of 4 · Strong no 0 · No 1 · Yes 0 · Strong yes 1");
    await olive.getByRole("heading", { name: "The AI's view" }).waitFor();

    // The applicant list: the average recommendation (Strong yes and No) and how many are in.
    await olive.goto(`/employer/jobs/${applied.jobId}?sort=recommendation`);
    await settled(olive, js);
    await olive.getByRole("list", { name: "Applications" }).getByText("3 of 4 · 2 scorecards").waitFor();

    // The CSV: a mean per attribute, the mean recommendation and the count.
    const csv = await olive.request.get(`/employer/jobs/${applied.jobId}/applications.csv`);
    expect(csv.status()).toBe(200);
    const [header, row] = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n")
      .map((l) => l.split(","));
    for (const name of [
      ...ATTRIBUTES.map((a) => `Scorecard: ${a} (mean of 4)`),
      "Scorecard: Overall recommendation (mean of 4)",
    ])
      expect(row![header!.indexOf(name)]).toBe("3");
    expect(row![header!.indexOf("Scorecards submitted")]).toBe("2");
  });
});
