// Export my data and Delete my account in the browser, with JavaScript on and off: the export page
// downloads a zip of the account; deleting (after a wrong password, answered beside the field)
// lands on the home page with "Your account is deleted.", the old credentials no longer sign in,
// and the employer sees "Deleted candidate". A foreign-Origin post and a signed-out visit do nothing.
import { afterAll, beforeAll, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { emptyQuestion, jobToApply } from "../../modules/hiring/index.server.ts";
import { findAccount, type Account } from "../../modules/identity/index.server.ts";
import { saveAnswers, submitApplication } from "../../modules/applications/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { readZip } from "../support/zip.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, _js: boolean, email: string) => signInByEmail(page, email);

journeys("account data", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  let orm: MikroORM;
  let queue: QueueRuntime;
  let employer: Account;
  let candidate: Account;
  let jobId: string;
  let applicationId: string;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    employer = await signUpOnPlan({
      email: `boss-data-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: "Lindqvist Tools",
      full_name: "Erin Employer",
      plan: "business",
    });
    candidate = await signUpOnPlan({
      email: `leaving-${tag}@example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: `Leonie Leaving ${tag}`,
      plan: "essential",
    });
    jobId = await publishTestJob(employer.id, {
      title: `Toolsmith ${tag}`,
      company_name: "Lindqvist Tools",
      questions: [{ ...emptyQuestion(), question_text: "What do you build?", category: "practical-experience" }],
    });
    const question = (await jobToApply(jobId))!.questions[0]!;
    await saveAnswers(candidate.id, jobId, { [question.id]: "Hand planes and chisels" });
    ({ applicationId } = await submitApplication(candidate.id, jobId));
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("downloads the account's data as a zip from the export page", async () => {
    const page = await newPage();
    // Signed out, the download asks for a sign-in first.
    const anonymous = await page.request.post("/account/export.zip", {
      headers: { Origin: journey.baseUrl },
      maxRedirects: 0,
    });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers().location).toMatch(/^\/auth\?redirect=/);
    // So do the pages, and a signed-out delete post changes nothing for anyone.
    for (const path of ["/account/export", "/account/delete"]) {
      expect((await page.request.get(path, { maxRedirects: 0 })).headers().location).toBe(
        `/auth?redirect=${encodeURIComponent(path)}`,
      );
    }
    const signedOut = await page.request.post("/account/delete", {
      form: { password: PASSWORD, confirmation: "DELETE" },
      headers: { Origin: journey.baseUrl },
      maxRedirects: 0,
    });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers().location).toMatch(/^\/auth\?redirect=/);

    await signIn(page, js, candidate.email);
    await page.goto("/account");
    await settled(page, js);
    await page.getByRole("link", { name: "Export my data" }).click();
    await page.waitForURL("**/account/export");
    await page.getByRole("heading", { name: "Export your data" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^hirewise-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = readZip(await readFile((await download.path())!));
    expect(JSON.parse(zip.get("account.json")!.toString()).account.email).toBe(candidate.email);
    expect(JSON.parse(zip.get("applications.json")!.toString()).applications[0].answers[0].answer).toBe(
      "Hand planes and chisels",
    );

    // A GET of the zip's address exports nothing: it goes to the page with the button.
    const got = await page.request.get("/account/export.zip", { maxRedirects: 0 });
    expect([got.status(), got.headers().location, got.headers()["content-type"]]).toEqual([
      302,
      "/account/export",
      undefined,
    ]);
    const response = await page.request.post("/account/export.zip", { headers: { Origin: journey.baseUrl } });
    expect(response.headers()["content-type"]).toBe("application/zip");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["content-disposition"]).toMatch(
      /^attachment; filename="?hirewise-data-\d{4}-\d{2}-\d{2}\.zip"?$/,
    );
  });

  it("deletes the account with the password and DELETE, lands on the home page, and the employer sees Deleted candidate", async () => {
    const page = await newPage();
    await signIn(page, js, candidate.email);

    // Another site's form can't delete anyone.
    const forged = await page.request.post("/account/delete", {
      form: { password: PASSWORD, confirmation: "DELETE" },
      headers: { Origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
    expect(await findAccount(candidate.id)).not.toBeNull();

    await page.goto("/account/delete");
    await settled(page, js);
    await page.getByLabel("Your password").fill("not my password");
    await page.getByLabel(/to confirm/).fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByText("That password is not right.").waitFor();
    // The typed confirmation is kept; the password is not.
    expect(await page.getByLabel(/to confirm/).inputValue()).toBe("DELETE");
    expect(await page.getByLabel("Your password").inputValue()).toBe("");
    expect(await findAccount(candidate.id)).not.toBeNull();

    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/" && url.search === "?account=deleted");
    await page.getByText("Your account is deleted.").waitFor();
    expect(await findAccount(candidate.id)).toBeNull();
    // The session ended with it.
    expect((await page.request.get("/account", { maxRedirects: 0 })).status()).toBe(302);

    // The old credentials no longer sign in.
    await page.goto("/auth?mode=signin");
    await settled(page, js);
    await page.getByLabel("Email").fill(candidate.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("The email or password is incorrect.").waitFor();

    const boss = await newPage();
    await signIn(boss, js, employer.email);
    await boss.goto(`/employer/jobs/${jobId}`);
    await boss.getByText("Deleted candidate").first().waitFor();
    await boss.goto(`/employer/jobs/${jobId}/applications/${applicationId}`);
    await expect(boss.getByRole("heading", { name: "Deleted candidate" }).isVisible()).resolves.toBe(true);
    expect(await boss.content()).not.toContain(candidate.email);
    expect(await boss.content()).not.toContain("Hand planes and chisels");
  });
});
