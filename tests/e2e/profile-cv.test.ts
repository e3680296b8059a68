// The profile and the CV maker end to end, with JavaScript on and off: a candidate builds a profile
// (a refused form keeps what was typed; two jobs added, reordered, one removed), previews the CV in
// both templates, downloads the PDF (its text read back) and saves it to their resumes. Employers
// and signed-out visitors turned away from its routes, and a foreign-origin post refused, are
// tests/integration/redirects-http.test.ts.
import { afterAll, beforeAll, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { PDFParse } from "pdf-parse";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { logger } from "../../lib/logger.ts";
import { em, setOrm } from "../../lib/db.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { getProfile } from "../../modules/profiles/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, _js: boolean, email: string) => signInByEmail(page, email);

/** The titles of the job forms on the page, in order. */
const jobTitles = (page: Page) =>
  page
    .locator("#experience form[aria-label] input[name=title]")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).filter(Boolean));

journeys("profile and CV", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const emails = { candidate: `lukasz-${tag}@example.com`, employer: `erin-${tag}@example.com` };
  let orm: MikroORM;
  let candidateId: string;
  let employerId: string;
  let queue: QueueRuntime;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    candidateId = (
      await signUp({ email: emails.candidate, password: PASSWORD, role: "candidate", full_name: "Łukasz Żółć" })
    ).id;
    employerId = (
      await signUp({
        email: emails.employer,
        password: PASSWORD,
        role: "employer",
        full_name: "Erin",
        company_name: "Acme",
      })
    ).id;
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("builds a profile: about, a refused job kept as typed, two jobs added, reordered and one removed", async () => {
    const page = await newPage();
    await signIn(page, js, emails.candidate);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Profile" }).click();
    await page.getByRole("heading", { name: "My Profile", level: 1 }).waitFor();
    await settled(page, js);
    await expect(page.getByText("6 of 6 still to add.").isVisible()).resolves.toBe(true);

    const about = page.getByRole("form", { name: "About you" });
    await about.getByLabel("Headline").fill("Staff Engineer");
    await about.getByLabel("Location").fill("Kraków, Poland");
    await about.getByLabel("Summary").fill("Worked with Zoë Brontë on hiring tools.");
    await about.getByRole("button", { name: "Save" }).click();
    await page.locator("#about").getByText("Saved.").waitFor();

    const add = page.getByRole("form", { name: "Add job" });
    await add.getByLabel("Job title").fill("First Engineer");
    await add.getByLabel("Started").fill("2018-01");
    await add.getByLabel("What you did").fill(`Built the search\n${"x".repeat(400)}`);
    await add.getByRole("button", { name: "Add job" }).click();
    // Refused: the messages sit beside their fields and what was typed is still there.
    await add.getByText("Enter the company").waitFor();
    await add.getByText("Each bullet point can be at most 300 characters (point 2 has 400)").waitFor();
    await expect(add.getByLabel("Job title").inputValue()).resolves.toBe("First Engineer");
    await expect(add.getByLabel("Company").getAttribute("aria-invalid")).resolves.toBe("true");

    await add.getByLabel("Company").fill("Żabka");
    await add.getByLabel("Ended").fill("2020-06");
    await add.getByLabel("What you did").fill("Built the search\nCut time-to-offer by 20%");
    await add.getByRole("button", { name: "Add job" }).click();
    await page.locator("#experience").getByText("Saved.").waitFor();
    await page.getByRole("form", { name: "First Engineer at Żabka, Jan 2018 – Jun 2020" }).waitFor();

    const add2 = page.getByRole("form", { name: "Add job" });
    await add2.getByLabel("Job title").fill("Second Engineer");
    await add2.getByLabel("Company").fill("Acme Talent");
    await add2.getByLabel("Started").fill("2020-07");
    await add2.getByLabel("I work here now").check();
    await add2.getByRole("button", { name: "Add job" }).click();
    await page.getByRole("form", { name: "Second Engineer at Acme Talent, Jul 2020 – Present" }).waitFor();
    await expect(jobTitles(page)).resolves.toEqual(["First Engineer", "Second Engineer"]);

    await page.getByRole("button", { name: "Move Second Engineer at Acme Talent, Jul 2020 – Present up" }).click();
    await expect.poll(() => jobTitles(page), { timeout: 15_000 }).toEqual(["Second Engineer", "First Engineer"]);
    await page.getByRole("button", { name: "Remove First Engineer at Żabka, Jan 2018 – Jun 2020" }).click();
    await expect.poll(() => jobTitles(page), { timeout: 15_000 }).toEqual(["Second Engineer"]);

    const profile = await getProfile(candidateId);
    expect(profile).toMatchObject({
      headline: "Staff Engineer",
      experience: [{ title: "Second Engineer", company: "Acme Talent", current: true }],
    });
    await page.getByText("3 of 6 still to add.").waitFor();
  });

  it("previews the CV in both templates, downloads the PDF and saves it to the resumes", async () => {
    const page = await newPage();
    await signIn(page, js, emails.candidate);
    await page.goto("/candidate/profile");
    await settled(page, js);
    await page.getByRole("link", { name: "Make a CV" }).click();
    await page.getByRole("heading", { name: "Your CV", level: 1 }).waitFor();
    const preview = page.getByRole("article", { name: "CV preview, classic template" });
    await preview.getByText("Łukasz Żółć").waitFor();
    await preview.getByText("Worked with Zoë Brontë on hiring tools.").waitFor();
    await preview.getByText("Jul 2020 – Present").waitFor();

    await page.getByRole("link", { name: "Compact" }).click();
    await page
      .getByRole("article", { name: "CV preview, compact template" })
      .getByText("Second Engineer · Acme Talent")
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Łukasz Żółć - CV - Compact.pdf");
    const pdf = await readFile((await download.path())!);
    const { text } = await new PDFParse({ data: new Uint8Array(pdf) }).getText();
    expect(text).toContain("Łukasz Żółć");
    expect(text).toContain("Zoë Brontë");

    const resumes = async () =>
      Number(
        (
          await em().execute<{ n: string }[]>("select count(*) as n from resumes where candidate_id = ?", [candidateId])
        )[0]!.n,
      );
    const before = await resumes();
    await page.getByRole("button", { name: "Save to my resumes" }).click();
    await page.getByText("Your CV is saved to your resumes.").waitFor();
    await expect(page.getByRole("link", { name: "See my resumes" }).getAttribute("href")).resolves.toBe(
      "/candidate/resumes",
    );
    expect(await resumes()).toBe(before + 1);
  });

  it("applies with the saved CV: the apply wizard starts with it as the resume", async () => {
    const jobId = await publishTestJob(employerId, { title: `CV Engineer ${tag}` });
    const [cv] = await em().execute<{ id: string; original_name: string }[]>(
      "select id, original_name from resumes where candidate_id = ? and storage_key like ? order by created_at desc limit 1",
      [candidateId, "%/cv-%"],
    );
    expect(cv).toBeDefined();
    const page = await newPage();
    await signIn(page, js, emails.candidate);
    // The job asks no questions: the resume step, where the saved CV is already chosen, then the review.
    await page.goto(`/candidate/jobs/${jobId}/apply?step=2`);
    await settled(page, js);
    await page.getByRole("heading", { name: /Upload Resume/ }).waitFor();
    await page.getByText(cv!.original_name).first().waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    const submit = page.getByRole("button", { name: "Submit Application" });
    await submit.waitFor();
    await page.getByText(cv!.original_name).first().waitFor();
    await submit.click();
    await page.waitForURL(/\/candidate\/applications/, { timeout: 20_000 });
    const [application] = await em().execute<{ resume_id: string }[]>(
      "select resume_id from applications where candidate_id = ? and job_id = ?",
      [candidateId, jobId],
    );
    expect(application?.resume_id).toBe(cv!.id);
  });
});
