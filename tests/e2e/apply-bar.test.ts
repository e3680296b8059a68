// The phone's Apply bar on a job page, with JavaScript on and off: at 390 px the salary and Apply
// Now stay at the bottom of the screen and lead to the application; at 1280 px the Apply card is
// beside the description and there is no bar. A screenshot of the phone page with its bar, both
// themes, when APPLY_BAR_SHOTS=<dir>.
import { afterAll, beforeAll, expect, it } from "vitest";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/postgresql";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const LONG = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} about the work, the team and the road map.`).join(
  "\n\n",
);

journeys("the Apply bar on phones", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  let orm: MikroORM;
  let queue: QueueRuntime;
  let jobId: string;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: `bar-boss-${tag}@example.com`,
      password: "correct horse battery",
      role: "employer",
      company_name: "Quantum Widgets",
      full_name: "Erin Employer",
      plan: "startup",
    });
    jobId = await publishTestJob(employer.id, {
      title: `Robotics Engineer ${tag}`,
      company_name: "Quantum Widgets",
      salary_min: "120000",
      salary_max: "150000",
      description: LONG,
    });
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("keeps the salary and Apply Now at the bottom of a phone, leading to the application", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/jobs/${jobId}`);
    await settled(page, js);
    const bar = page.getByRole("region", { name: "Apply for this job" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    expect(await bar.isVisible()).toBe(true);
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(844, 0);
    expect(await bar.innerText()).toMatch(/120,000/);
    const shots = process.env.APPLY_BAR_SHOTS;
    if (shots) {
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: path.join(shots, `job-page-390-${scheme}-${tag}.png`) });
      }
      await page.emulateMedia({ colorScheme: "light" });
    }
    // The footer's last line can be scrolled clear of the bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = (await page.locator("footer").boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(box.y + 1);
    await bar.getByRole("link", { name: "Apply Now" }).click();
    // A visitor answers the questions before making an account (decision 080).
    await page.waitForURL(new RegExp(`/jobs/${jobId}/apply`));
    await page.getByRole("heading", { name: `Apply: Robotics Engineer ${tag}` }).waitFor();
  });

  it("shows no bar at 1280 px, where Apply is beside the description", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/jobs/${jobId}`);
    await settled(page, js);
    expect(await page.getByRole("region", { name: "Apply for this job" }).isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "Apply Now" }).isVisible()).toBe(true);
  });
});
