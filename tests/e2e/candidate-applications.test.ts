// After applying, end to end with JavaScript on and off (issue 17 items 3, 6, 7, 8): a resume
// uploaded to the library and made the default is preselected when applying; the application is
// opened as sent and withdrawn after a confirmation, and the employer sees Withdrawn; a trial at its
// limit is told on the job page and sent to the plan page; an imported listing ends on the
// company's site. Nobody else reaches these pages or resumes.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openOrm } from "../../db/orm.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { emptyQuestion, importListing } from "../../modules/hiring/index.server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { httpClient, signInOverHttp } from "../support/http.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";
const COMPANY_SITE = "https://careers.example.com/globex/analyst";

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, _js: boolean, email: string) => signInByEmail(page, email);

async function resumePdf(name: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(`Lena Library - ${name}`, {
    x: 50,
    y: 700,
    size: 12,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

journeys("after applying", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const emails = {
    employer: `lib-boss-${tag}@example.com`,
    candidate: `lena-${tag}@example.com`,
    other: `olaf-${tag}@example.com`,
    trial: `tina-${tag}@example.com`,
  };
  let orm: MikroORM;
  let queue: QueueRuntime;
  let jobId: string;
  let importedId: string;
  let applicationUrl = "";
  let resumeId = "";

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: emails.employer,
      password: PASSWORD,
      role: "employer",
      company_name: "Northwind",
      full_name: "Nora Boss",
      plan: "business",
    });
    await signUpOnPlan({
      email: emails.candidate,
      password: PASSWORD,
      role: "candidate",
      full_name: "Lena Library",
      plan: "essential",
    });
    await signUpOnPlan({
      email: emails.other,
      password: PASSWORD,
      role: "candidate",
      full_name: "Olaf Other",
      plan: "essential",
    });
    const trial = await signUpOnPlan({
      email: emails.trial,
      password: PASSWORD,
      role: "candidate",
      full_name: "Tina Trial",
      plan: "free-trial",
    });
    jobId = await publishTestJob(employer.id, {
      title: `Library Engineer ${tag}`,
      company_name: "Northwind",
      questions: [{ ...emptyQuestion(), question_text: "What did you ship last?", category: "practical-experience" }],
    });
    for (let n = 0; n < 3; n++)
      await submitApplication(trial.id, await publishTestJob(employer.id, { title: `Trial job ${n} ${tag}` }));
    importedId = (await importListing({
      source: "sample",
      externalId: `after-apply-${tag}`,
      title: `Analyst ${tag}`,
      companyName: "Globex",
      companyLogo: null,
      location: "Remote",
      remote: true,
      description: "SQL and dashboards.",
      employmentType: "FULLTIME",
      salaryMin: null,
      salaryMax: null,
      salaryCurrency: null,
      skills: ["SQL"],
      benefits: [],
      applyLink: COMPANY_SITE,
      postedAt: null,
    }))!;
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("uploads resumes to the library, sets the default, applies with it preselected, reads the application as sent and withdraws it", async () => {
    const page = await newPage();
    await signIn(page, js, emails.candidate);
    await page.getByRole("link", { name: "My Resumes" }).first().waitFor({ state: "attached" });
    await page.goto("/candidate/resumes");
    await settled(page, js);
    await page.getByText("No resumes yet").waitFor();
    for (const name of ["Lena General.pdf", "Lena Platform.pdf"]) {
      await page.locator("#resume").setInputFiles({ name, mimeType: "application/pdf", buffer: await resumePdf(name) });
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      await page.getByText("Your resume is in your library.").waitFor();
      await page.getByRole("article", { name }).waitFor();
    }
    // A file that isn't a PDF is refused beside the field.
    await page
      .locator("#resume")
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("plain text") });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByText("Please upload a PDF file").waitFor();

    await page.getByRole("button", { name: "Set Lena Platform.pdf as default" }).click();
    await page.getByText("That resume is now your default").waitFor();
    await page.getByRole("article", { name: "Lena Platform.pdf" }).getByText("Default", { exact: true }).waitFor();
    resumeId = (await page.getByRole("link", { name: "Lena Platform.pdf" }).getAttribute("href"))!.split("/").pop()!;

    // The job page says what the plan leaves; the wizard's first step too; the default is preselected.
    await page.goto(`/candidate/jobs/${jobId}`);
    await page.getByText("Your Essential plan has no limit on applications.").waitFor();
    await page.getByRole("link", { name: "Apply Now" }).click();
    await page.getByText("Your Essential plan has no limit on applications.").waitFor();
    await page.getByLabel("Answer to question 1").fill("A billing pipeline on an event log.");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("link", { name: "Lena Platform.pdf" }).waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByText("What happens next").waitFor();
    await page.getByText("Lena Platform.pdf").waitFor();
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.getByText("Application submitted successfully!").waitFor();

    // The application as sent.
    await page.getByRole("link", { name: `View application for Library Engineer ${tag}` }).click();
    await page.waitForURL(/\/candidate\/applications\/[0-9a-f-]{36}$/);
    applicationUrl = new URL(page.url()).pathname;
    // The answers sit in the timeline's first entry, folded.
    await settled(page, js);
    await page.getByText("Your answers, as sent (1)").click();
    await page.getByText("1. What did you ship last?").waitFor();
    await page.getByText("A billing pipeline on an event log.").waitFor();
    await page.getByRole("link", { name: /Lena Platform\.pdf/ }).waitFor();
    await page.getByRole("list", { name: "Timeline, oldest first" }).getByText("You applied").waitFor();

    // Withdraw, after a confirmation (in place with JavaScript, on its own page without).
    await settled(page, js);
    await page.getByRole("link", { name: "Withdraw application" }).click();
    if (!js) await page.waitForURL(/\?confirm=withdraw$/);
    await page.getByRole("heading", { name: "Withdraw your application to Northwind?" }).waitFor();
    await page.getByRole("button", { name: "Yes, withdraw" }).click();
    await page.getByText("Your application is withdrawn.").waitFor();
    await page.getByText("You withdrew this application").waitFor();
    await expect(page.getByRole("link", { name: "Withdraw application" }).count()).resolves.toBe(0);
    await page
      .getByRole("list", { name: "Timeline, oldest first" })
      .getByText("You withdrew your application")
      .waitFor();

    // The library says where the resume went.
    await page.goto("/candidate/resumes");
    await page
      .getByRole("article", { name: "Lena Platform.pdf" })
      .getByRole("link", { name: `Library Engineer ${tag}` })
      .waitFor();

    // The employer sees Withdrawn, with no decision to make; a decision posted anyway is refused.
    const boss = await newPage();
    await signIn(boss, js, emails.employer);
    await boss.goto(`/employer/jobs/${jobId}`);
    await boss.getByRole("list", { name: "Applications" }).getByText("Withdrawn", { exact: true }).waitFor();
    await expect(boss.getByRole("button", { name: "Shortlist Lena Library" }).count()).resolves.toBe(0);
    const employerHttp = await signInOverHttp(journey.baseUrl, emails.employer, PASSWORD);
    const decided = await employerHttp.post(`/employer/jobs/${jobId}/applications/${applicationUrl.split("/").pop()}`, {
      intent: "shortlist",
    });
    expect(decided.status).toBe(409);
    expect(await decided.text()).toContain("The candidate withdrew this application");
  }, 120_000);

  it("keeps other people out: another candidate, an employer and a signed-out visitor", async () => {
    expect(applicationUrl).not.toBe("");
    const other = await signInOverHttp(journey.baseUrl, emails.other, PASSWORD);
    expect((await other.get(applicationUrl)).status).toBe(404);
    expect((await other.post(applicationUrl, { intent: "withdraw" })).status).toBe(404);
    expect((await other.post("/candidate/resumes", { intent: "delete", resumeId })).status).toBe(404);
    expect((await other.post("/candidate/resumes", { intent: "rename", resumeId, name: "Mine" })).status).toBe(404);
    expect((await other.get(`/resumes/${resumeId}`)).status).toBe(404);
    const employer = await signInOverHttp(journey.baseUrl, emails.employer, PASSWORD);
    const signedOut = httpClient(journey.baseUrl);
    for (const client of [employer, signedOut]) {
      for (const path of ["/candidate/resumes", applicationUrl, `${applicationUrl}?confirm=withdraw`]) {
        const answer = await client.get(path);
        expect(answer.status).toBe(302);
      }
      expect((await client.post(applicationUrl, { intent: "withdraw" })).status).toBe(302);
    }
    // A post from another site is refused at the edge.
    const me = await signInOverHttp(journey.baseUrl, emails.candidate, PASSWORD);
    const foreign = await fetch(journey.baseUrl + "/candidate/resumes", {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "https://evil.example",
        Cookie: me.cookie!,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "delete", resumeId }).toString(),
    });
    expect(foreign.status).toBe(403);
  });

  it("tells a trial candidate at the limit on the job page, and Apply Now leads to the plan page", async () => {
    const page = await newPage();
    await signIn(page, js, emails.trial);
    await page.goto(`/candidate/jobs/${jobId}`);
    await page.getByText("Your Free Trial includes 3 applications. Upgrade your plan to apply to more jobs.").waitFor();
    await page.getByRole("link", { name: "Apply Now" }).click();
    await page.waitForURL("**/pricing?audience=job-seekers&limit=applications");
    await page.getByText("You have used every application your plan includes.").waitFor();
    // The wizard refuses too, before any question.
    await page.goto(`/candidate/jobs/${jobId}/apply`);
    await page.waitForURL("**/pricing?audience=job-seekers&limit=applications");
  });

  it("prepares an application to an imported listing and continues to the company's site", async () => {
    const page = await newPage();
    await signIn(page, js, emails.other);
    await page
      .context()
      .route("https://careers.example.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Globex careers</title><h1>Globex careers</h1>" }),
      );
    await page.goto(`/candidate/jobs/${importedId}`);
    // Said plainly on the job page and on the application's first step, not only at its end.
    await page
      .getByRole("note")
      .filter({ hasText: "You apply on Globex's site; we help you prepare. This listing comes from Sample listings" })
      .waitFor();
    await page.getByRole("link", { name: "Apply Now" }).click();
    await page.getByText(/Please answer the following 12 questions/).waitFor({ timeout: 30_000 });
    await page.getByRole("note").filter({ hasText: "You apply on Globex's site; we help you prepare." }).waitFor();
    for (const box of await page.locator("textarea").all()) await box.fill("I built this in SQL for two years.");
    const radios = await page
      .locator('input[type="radio"]')
      .evaluateAll((inputs) => [...new Set(inputs.map((i) => (i as HTMLInputElement).name))]);
    for (const name of radios) await page.locator(`input[name="${name}"]`).last().check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: /Upload Resume/ }).waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByText("Globex takes applications on their own site, not on Hirewise.").waitFor();
    const toSite = page.getByRole("button", { name: "Save and continue to Globex's site (opens in a new tab)" });
    if (js) {
      const [tab] = await Promise.all([page.context().waitForEvent("page"), toSite.click()]);
      await tab.waitForURL(COMPANY_SITE);
      await page.waitForURL(/\/candidate\/applications\/[0-9a-f-]{36}\?continued=1$/);
    } else {
      // Without JavaScript the saved application offers the company's link, a plain link.
      await toSite.click();
      await page.waitForURL(/\/candidate\/applications\/[0-9a-f-]{36}\?continued=1$/);
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        page.getByRole("link", { name: /^Continue to Globex's site/ }).click(),
      ]);
      await tab.waitForURL(COMPANY_SITE);
      await tab.getByRole("heading", { name: "Globex careers" }).waitFor();
    }
    await page.goto("/candidate/applications");
    const card = page.getByRole("article", { name: `Analyst ${tag}` });
    await card.getByText("Applied on company site", { exact: true }).first().waitFor();
    expect(await card.getByRole("link", { name: /Globex's site/ }).getAttribute("href")).toBe(COMPANY_SITE);
    await expect(card.getByText("Application submitted successfully").count()).resolves.toBe(0);
  }, 120_000);
});
