// Voluntary self-identification end to end, with JavaScript on and off (decision 088): a candidate
// applying to a US job answers the review step's optional section, goes back a step and finds the
// answers kept, and sends the application; the owner opens the counts from the applicant list, and
// the application's page shows none of the answers.
import { beforeAll, expect, it } from "vitest";
import { journeys, settled } from "../support/browser.ts";
import { useApplied, PASSWORD } from "../support/applied.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";
import { em } from "../../lib/db.ts";

journeys("voluntary self-identification", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const applied = useApplied(journey, { prefix: "eeo", job: { title: `Self-ID Role ${tag}` } });
  const vera = { email: `eeo-vera-${tag}@example.com`, id: "" };

  beforeAll(async () => {
    vera.id = (
      await signUpOnPlan({
        email: vera.email,
        password: PASSWORD,
        role: "candidate",
        full_name: "Vera Voluntary",
        plan: "essential",
      })
    ).id;
  });

  it("a candidate answers the optional section, keeps it across steps and sends it; reviewers never see it", async () => {
    const page = await newPage();
    await signInByEmail(page, vera.email);
    await page.goto(`/candidate/jobs/${applied.jobId}/apply?step=3`);
    await page.getByRole("heading", { name: /Voluntary self-identification/ }).waitFor();
    await page.getByText("declining has no effect on your application").waitFor();
    await settled(page, js);
    await page.getByRole("radio", { name: "Female", exact: true }).check();
    await page.getByRole("radio", { name: /^Asian \(Not Hispanic or Latino\)/ }).check();
    await page.getByRole("radio", { name: "I am not a protected veteran" }).check();
    await page.getByRole("radio", { name: "I do not want to answer" }).check();

    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("heading", { name: /Upload Resume/ }).waitFor();
    await settled(page, js);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: /Voluntary self-identification/ }).waitFor();
    await expect(page.getByRole("radio", { name: "Female", exact: true }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole("radio", { name: /^Asian \(Not Hispanic or Latino\)/ }).isChecked()).resolves.toBe(
      true,
    );
    await settled(page, js);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.waitForURL(/\/candidate\/applications/, { timeout: 20_000 });
    const [row] = await em().execute<{ id: string; gender: string; race_ethnicity: string }[]>(
      `select a.id, e.gender, e.race_ethnicity from applications a
         join eeo_self_identifications e on e.application_id = a.id where a.candidate_id = ?`,
      [vera.id],
    );
    expect(row).toMatchObject({ gender: "female", race_ethnicity: "asian" });

    const owner = await newPage();
    await signInByEmail(owner, applied.owner.email);
    await owner.goto(`/employer/jobs/${applied.jobId}`);
    await settled(owner, js);
    await owner.getByRole("link", { name: "Self-identification counts" }).click();
    await owner.getByRole("heading", { name: "Voluntary self-identification" }).waitFor();
    // The table is read once the whole page is in (the heading arrives before it).
    await settled(owner, js);
    await owner.getByRole("cell", { name: "Hidden" }).first().waitFor();
    // Two applicants, one answered: every count hidden.
    await expect(owner.getByRole("cell", { name: "Hidden" }).count()).resolves.toBeGreaterThan(0);
    await expect(owner.getByRole("cell", { name: "1", exact: true }).count()).resolves.toBe(0);

    await owner.goto(`/employer/jobs/${applied.jobId}/applications/${row!.id}`);
    await owner.getByRole("heading", { name: "Vera Voluntary" }).waitFor();
    const text = await owner.locator("body").innerText();
    expect(text).not.toMatch(/female|asian|protected veteran|self-identification/i);
  });
});
