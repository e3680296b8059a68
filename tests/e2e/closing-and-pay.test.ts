// The closing date and pay transparency in the post wizard, end to end with JavaScript on and off:
// a past closing date is refused beside the field with the title kept; a chosen date is on the
// review and, once published, on the job's page; a New York City location gets the pay-range
// notice beside the salary fields (with JavaScript as the location is typed); the owner turns on
// "Always show a salary range" on the team page, and a job without a range is refused at Publish.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { formatDate } from "../../lib/dates.ts";
import { SALARY_RANGE_REQUIRED } from "../../modules/hiring/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { useModulesOn } from "../support/app-server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";

/** YYYY-MM-DD `days` from today in UTC (a new company's zone until its first job is published). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const NOTICE = "Job ads in New York City and New York State must show a pay range";

async function fillDetails(page: Page, title: string, location: string) {
  await page.getByLabel(/Job title/).fill(title);
  await page.getByLabel(/^Location\s*\*?$/).fill(location);
  await page.getByLabel(/Location type/).selectOption("onsite");
  await page.getByLabel(/Employment type/).selectOption("FULLTIME");
  await page.getByLabel(/^Category/).selectOption("Software Engineering");
  await page.getByLabel(/^Requirements/).fill("Five years of TypeScript.");
  await page.getByLabel(/^Description/).fill("Build our hiring tools.");
}

const press = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).click();

journeys("closing dates and pay ranges in the wizard", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  useModulesOn(() => journey.server);

  it("sets a closing date, sees the pay-range notice, and is refused a job without a range under the setting", async () => {
    const email = `pay-owner-${tag}@example.com`;
    await signUpOnPlan({
      email,
      password: "correct horse battery",
      role: "employer",
      full_name: "Pia Owner",
      company_name: `Fair Pay ${tag}`,
      plan: "business",
    });
    const page = await newPage();
    await signInByEmail(page, email);
    await page.goto("/employer/jobs/new");
    await settled(page, js);
    await page.getByText(/Leave it empty to close the job 60 days after you publish it/).waitFor();

    const title = `Harbor Engineer ${tag}`;
    await fillDetails(page, title, "New York, NY");
    // With JavaScript the notice follows the location as it is typed; without, it comes with the next page.
    if (js) await page.getByText(NOTICE).waitFor();
    await page.getByLabel(/^Closing date/).fill("2020-01-31");
    await press(page, "Next");
    await page.locator("#job-closes_at-error").getByText("The closing date can't be in the past.").waitFor();
    await expect(page.getByLabel(/Job title/).inputValue()).resolves.toBe(title);
    await expect(page.getByLabel(/^Closing date/).inputValue()).resolves.toBe("2020-01-31");
    await page.getByText(NOTICE).waitFor();

    const closes = day(20);
    const shown = formatDate(`${closes}T12:00:00Z`);
    await page.getByLabel(/^Closing date/).fill(closes);
    await page.getByLabel("Minimum").fill("150000");
    await page.getByLabel("Maximum").fill("190000");
    if (js) await page.getByText(NOTICE).waitFor({ state: "detached" });
    await press(page, "Next");
    await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
    await press(page, "Next");
    await page.getByRole("heading", { name: "Review your job" }).waitFor();
    await page.getByText(shown, { exact: true }).waitFor();
    await press(page, "Publish Job");
    await page.getByText("Job posted successfully!").waitFor();
    await page.getByRole("link", { name: `View details of ${title}` }).click();
    await settled(page, js);
    await page.getByText(`Closes ${shown}`).waitFor();

    // The owner's setting on the team page.
    await page.goto("/employer/team");
    await settled(page, js);
    await page.getByLabel("Always show a salary range").check();
    await press(page, "Save pay setting");
    await page.getByText("Saved: every job now needs a salary range to be published.").waitFor();
    await expect(page.getByLabel("Always show a salary range").isChecked()).resolves.toBe(true);

    // Now a job without both bounds is refused at Publish, beside the salary fields.
    await page.goto("/employer/jobs/new");
    await settled(page, js);
    await page.getByText(/Your company shows a salary range on every job/).waitFor();
    await fillDetails(page, `Unpaid Engineer ${tag}`, "Austin, TX, United States");
    await page.getByLabel(/^Minimum/).fill("90000");
    await press(page, "Next");
    await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
    await press(page, "Next");
    await page.getByRole("heading", { name: "Review your job" }).waitFor();
    await press(page, "Publish Job");
    await page.locator("#job-salary_max-error").getByText(SALARY_RANGE_REQUIRED).waitFor();
    await expect(page.getByLabel(/^Minimum/).inputValue()).resolves.toBe("90000");
  });
});
