// The company's default scorecard end to end, with JavaScript on and off (issue 34 item 1): the
// owner opens it from the team page, a refused save keeps every row typed, the saved set is what a
// new job's post wizard lists on its review step, and the wizard leads to the job's scorecard and back.
import { beforeAll, expect, it } from "vitest";
import { memberFor, startDraft } from "../../modules/hiring/index.server.ts";
import { shots } from "../support/shots.ts";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { testJobForm } from "../support/jobs.ts";
import { signInByEmail } from "../support/sessions.ts";

journeys("the default scorecard", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const applied = useApplied(journey, { prefix: "ds", job: { title: `Default Scorecard ${tag}` } });
  let draftId: string;

  beforeAll(async () => {
    draftId = await startDraft(await memberFor(applied.owner.id), testJobForm({ title: `Drafted ${tag}` }));
  });

  it("the owner saves a default set; a new job's review lists it and leads to its scorecard", async () => {
    const page = await newPage();
    await signInByEmail(page, applied.owner.email);
    await page.goto("/employer/team");
    await settled(page, js);
    await page.getByRole("link", { name: "Edit the default scorecard" }).click();
    await page.getByText("These are Hirewise's suggestions until you save your own.").waitFor();
    await settled(page, js);

    // Two rows left: refused beside the list, every row as typed.
    await page.getByLabel("Name").nth(0).fill(`Typescript craft ${tag}`);
    for (const i of [2, 3, 4]) {
      await page.getByLabel("Name").nth(i).fill("");
      await page.getByLabel("What good looks like").nth(i).fill("");
    }
    await page.getByRole("button", { name: "Save scorecard", exact: true }).click();
    await page.getByText("A scorecard has 3 to 10 attributes.").waitFor();
    await settled(page, js);
    expect(await page.getByLabel("Name").nth(0).inputValue()).toBe(`Typescript craft ${tag}`);
    expect(await page.getByLabel("Name").nth(2).inputValue()).toBe("");

    await page.getByLabel("Name").nth(5).fill("Code review");
    await page.getByLabel("Group").nth(5).selectOption("collaboration");
    await page.getByRole("button", { name: "Save scorecard", exact: true }).click();
    await page.getByText("The default scorecard is saved. New jobs start from it.").waitFor();
    await settled(page, js);
    expect(await page.getByText("These are Hirewise's suggestions").count()).toBe(0);
    // The fields show the saved list: three attributes, then the spare rows.
    await expect.poll(() => page.getByLabel("Name").nth(2).inputValue()).toBe("Code review");
    expect(await page.getByLabel("Name").count()).toBe(5);
    if (js) await shots(page, "default-scorecard");

    await page.goto(`/employer/jobs/new?draft=${draftId}&step=3`);
    await settled(page, js);
    const card = page.locator("h2", { hasText: "Scorecard" }).locator("..");
    await expect
      .poll(() => card.textContent())
      .toMatch(/Scorecard \(3\).*Typescript craft.*Problem solving.*Code review/);
    if (js) await shots(page, "wizard-review-scorecard");
    await page.getByRole("link", { name: "Change the scorecard" }).click();
    await page.getByText("This job starts from your company's default set.").waitFor();
    await settled(page, js);
    expect(await page.getByLabel("Name").nth(2).inputValue()).toBe("Code review");
    await page.getByRole("link", { name: "← Back to reviewing the job post" }).click();
    await page.getByRole("heading", { name: "Review your job" }).waitFor();
  });
});
