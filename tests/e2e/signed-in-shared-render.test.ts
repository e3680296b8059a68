// A candidate's search page served from the shared render (decision 059), in the browser with
// JavaScript on and off: the page shows their own name, Saved and Applied; with JavaScript it
// hydrates without a mismatch (React reports one as a console error) and Save still works.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { saveJob } from "../../modules/saved/index.server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";

journeys("a candidate's search page from the shared render", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const word = js ? "Theremin" : "Ocarina";
  const name = `Zoë <O'Brien> & "李"`;
  let orm: MikroORM;
  let queue: QueueRuntime;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: `shared-boss-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: "Sound Co",
      full_name: "Sam Sound",
      plan: "business",
    });
    const candidate = await signUpOnPlan({
      email: `shared-zoe-${tag}@example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: name,
      plan: "essential",
    });
    const jobs = [];
    for (const level of ["Junior", "Senior", "Lead"])
      jobs.push(await publishTestJob(employer.id, { title: `${level} ${word} Player` }));
    await saveJob(candidate.id, `board:${jobs[0]}`);
    await submitApplication(candidate.id, jobs[1]!);
  });
  afterAll(async () => {
    await queue?.stop();
    await orm?.close();
    setOrm(undefined);
  });

  it("shows the candidate's own name and marks, hydrates without a mismatch, and saves", async () => {
    const page = await newPage({ colorScheme: "dark" });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/auth?mode=signin");
    await settled(page, js);
    await page.getByLabel("Email").fill(`shared-zoe-${tag}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));

    // Twice: the first may render the shared copy, the second is filled from it.
    await page.goto(`/candidate/jobs?q=${word}&location=`);
    const response = await page.goto(`/candidate/jobs?q=${word}&location=`);
    expect(response?.headers()["server-timing"] ?? "").toMatch(/shared-render/);
    await settled(page, js);
    await expect(page.locator("#user-menu summary").textContent()).resolves.toContain(name);
    const card = (title: string) =>
      page.getByRole("list", { name: "Jobs found" }).getByRole("listitem").filter({ hasText: title });
    expect(
      await card(`Junior ${word} Player`)
        .getByRole("button", { name: `Saved: Junior ${word} Player` })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    await card(`Senior ${word} Player`)
      .getByRole("link", { name: `Applied to Senior ${word} Player: see My Applications` })
      .waitFor();
    await card(`Lead ${word} Player`)
      .getByRole("link", { name: `Apply now to Lead ${word} Player` })
      .waitFor();

    await card(`Lead ${word} Player`)
      .getByRole("button", { name: `Save: Lead ${word} Player` })
      .click();
    const saved = card(`Lead ${word} Player`).getByRole("button", {
      name: `Saved: Lead ${word} Player`,
      disabled: false,
    });
    await saved.waitFor();
    // With JavaScript the save revalidates the page's data: the header is still the candidate's own.
    await expect(page.locator("#user-menu summary").textContent()).resolves.toContain(name);
    expect(errors).toEqual([]);
  });
});
