// A company's career page, end to end with JavaScript on and off: the owner sets the page's about
// text, website and address on the team page (a taken address is refused beside the field, what
// was typed kept); a visitor opens the career page from a job's page and sees the company's jobs
// as cards; the old address leads to the new one; the embed lists the same jobs.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { journeys, settled } from "../support/browser.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signInAs } from "../support/sessions.ts";
import { setOrm } from "../../lib/db.ts";
import { openOrm } from "../../db/orm.ts";
import { logger } from "../../lib/logger.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import type { Account } from "../../modules/identity/index.server.ts";

const PASSWORD = "correct horse battery";

journeys("career page", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const company = `Fernhill Bakery ${tag}`;
  let orm: MikroORM;
  let queue: QueueRuntime;
  let owner: Account;
  let jobId: string;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    // What signing up queues (the welcome email) is run by the server's workers.
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    owner = await signUpOnPlan({
      email: `baker-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: company,
      full_name: "Bea Baker",
      plan: "business",
    });
    await memberFor(owner.id);
    jobId = await publishTestJob(owner.id, { title: `Head Baker ${tag}`, company_name: company });
    await publishTestJob(owner.id, { title: `Pastry Chef ${tag}`, company_name: company });
    // Another company holds the address the owner tries first.
    const rival = await signUpOnPlan({
      email: `rival-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: `Rival Loaves ${tag}`,
      full_name: "Rex Rival",
      plan: "business",
    });
    await memberFor(rival.id);
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("the owner edits the page; a visitor finds it from a job and sees the jobs; the old address redirects", async () => {
    const oldSlug = `fernhill-bakery-${tag}`;
    const newSlug = `fernhill-${tag}`;
    const ownerPage = await newPage();
    await signInAs(ownerPage, journey.baseUrl, owner);
    await ownerPage.goto("/employer/team");
    await settled(ownerPage, js);
    const address = ownerPage.getByLabel("Page address");
    expect(await address.inputValue()).toBe(oldSlug);

    await address.fill(`rival-loaves-${tag}`);
    await ownerPage.getByLabel("About the company").fill("Sourdough, baked before dawn.");
    await ownerPage.getByLabel("Website").fill("https://fernhill.example");
    await ownerPage.getByRole("button", { name: "Save career page" }).click();
    await ownerPage.getByText("That address is taken. Please choose another.").waitFor();
    expect(await ownerPage.getByLabel("About the company").inputValue()).toBe("Sourdough, baked before dawn.");

    await ownerPage.getByLabel("Page address").fill(newSlug);
    await ownerPage.getByRole("button", { name: "Save career page" }).click();
    await ownerPage.getByText(`Career page saved: it is at /companies/${newSlug}.`).waitFor();
    const snippet = await ownerPage.getByLabel(/A framed list/).inputValue();
    expect(snippet).toContain(`${journey.baseUrl}/companies/${newSlug}/embed`);

    // A visitor on a job's page follows the link to the company's page.
    const visitor = await newPage();
    await visitor.goto(`/jobs/${jobId}`);
    await settled(visitor, js);
    await visitor.getByRole("link", { name: `All jobs at ${company}` }).click();
    await visitor.waitForURL(`**/companies/${newSlug}`);
    await settled(visitor, js);
    await visitor.getByRole("heading", { level: 1, name: company }).waitFor();
    await visitor.getByText("Sourdough, baked before dawn.").waitFor();
    expect(await visitor.getByRole("link", { name: "fernhill.example" }).getAttribute("href")).toBe(
      "https://fernhill.example",
    );
    const jobs = visitor.getByRole("list", { name: "Jobs found" }).getByRole("heading", { level: 2 });
    await expect.poll(() => jobs.allTextContents()).toEqual([`Pastry Chef ${tag}`, `Head Baker ${tag}`]);
    await visitor.getByRole("link", { name: `View details of Head Baker ${tag}` }).click();
    await visitor.waitForURL(`**/jobs/${jobId}`);

    // The old address leads to the new one.
    await visitor.goto(`/companies/${oldSlug}`);
    await visitor.waitForURL(`**/companies/${newSlug}`);
    await visitor.getByRole("heading", { level: 1, name: company }).waitFor();

    // The embed lists the same jobs, and opens them in a new tab.
    await visitor.goto(`/companies/${newSlug}/embed`);
    const embedded = visitor.getByRole("link", { name: `Head Baker ${tag}` });
    expect(await embedded.getAttribute("href")).toBe(`${journey.baseUrl}/jobs/${jobId}`);
    expect(await visitor.locator("base").getAttribute("target")).toBe("_blank");
  });

  it("another site frames the list, and its script writes the jobs into the page as text", async () => {
    const slug = `fernhill-${tag}`;
    const page = await newPage();
    // A page on another origin (another port: Chromium keeps pages on the internet from loopback
    // addresses), with both snippets as the team page gives them.
    const host = createServer((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<!DOCTYPE html><title>Bakery</title><h1>Work with us</h1>
        <iframe src="${journey.baseUrl}/companies/${slug}/embed" title="Open jobs"></iframe>
        <div id="hirewise-jobs"></div>
        <script src="${journey.baseUrl}/hirewise-jobs.js" data-company="${slug}" async></script>`);
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => host.close(() => resolve())));
    await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('iframe[title="Open jobs"]');
    await frame.getByRole("link", { name: `Head Baker ${tag}` }).waitFor();
    if (!js) return;
    const written = page.locator("#hirewise-jobs a");
    await expect.poll(() => written.allTextContents()).toEqual([`Pastry Chef ${tag}`, `Head Baker ${tag}`]);
    expect(await written.nth(1).getAttribute("href")).toBe(`${journey.baseUrl}/jobs/${jobId}`);
    expect(await written.nth(1).getAttribute("target")).toBe("_blank");
  });
});
