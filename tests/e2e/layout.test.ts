// Phones and keyboards, with JavaScript on and off: no page is wider than the window at 320, 390
// and 1280 px in the light and the dark theme (public pages and the main signed-in ones), a long
// resume file name does not widen the apply wizard, the phone menu opens on the screen and closes
// on Escape, an outside click and navigation, the user menu shows a long email whole, and after a
// failed step the error summary is in view and focused.
// Set LAYOUT_SCREENSHOTS=<dir> to keep a full-page screenshot of every page, width and theme.
import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { emptyQuestion, emptyWizardForm, startDraft, memberFor } from "../../modules/hiring/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInAs } from "../support/sessions.ts";
import { seedApplicants } from "../support/applicants.ts";

const PASSWORD = "correct horse battery";
const WIDTHS = [320, 390, 1280];
const THEMES = ["light", "dark"] as const;
const PUBLIC = [
  "/",
  "/pricing",
  "/pricing?audience=employers&billing=annual",
  "/how-it-works",
  "/about",
  "/auth",
  "/auth?mode=signup&role=employer",
  "/jobs",
];
const LONG_EMAIL = "alexandra.konstantinopoulou-whittingham@a-very-long-company-domain.example.com";
const SHOTS = process.env.LAYOUT_SCREENSHOTS;

async function setTheme(page: Page, baseUrl: string, theme: "light" | "dark") {
  await page
    .context()
    .addCookies([{ name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: baseUrl }]);
}

/** What sticks out past the right edge: the widest few elements, to name in a failure. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const culprits = [...document.body.querySelectorAll("*")]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 0.5)
      .slice(-5)
      .map(
        ({ el, right }) =>
          `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ends at ${Math.round(right)}px: ${(el.textContent ?? "").trim().slice(0, 40)}`,
      );
    return [`document ${document.documentElement.scrollWidth}px wide in a ${width}px window`, ...culprits];
  });
}

/** With LAYOUT_SCREENSHOTS set, keeps what the window shows now. */
async function shot(page: Page, name: string, fullPage = false) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Visits each path in both themes and measures it at every width (the viewport is resized in place). */
async function expectNoOverflow(page: Page, baseUrl: string, paths: string[], label: string) {
  const problems: string[] = [];
  for (const theme of THEMES) {
    await setTheme(page, baseUrl, theme);
    for (const target of paths) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
      await page.goto(target);
      expect(await page.locator("html").getAttribute("data-theme")).toBe(theme);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const found = await overflow(page);
        if (found.length) problems.push(`${target} at ${width}px (${theme}): ${found.join("; ")}`);
        await shot(page, `${label}-${target.replace(/[^a-z0-9]+/gi, "_")}-${width}-${theme}`, true);
      }
    }
  }
  expect(problems).toEqual([]);
}

async function resumePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("Lee Longname - React, TypeScript", {
    x: 50,
    y: 700,
    size: 12,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

journeys("layout on phones and keyboards", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const ids = {} as { employer: string; candidate: string; longEmail: string; job: string; draft: string };
  let orm: MikroORM;
  let queue: QueueRuntime;

  beforeAll(async () => {
    // The accounts and jobs, written straight to the server's database (sign-up enqueues its email).
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: `layout-boss-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      company_name: "Quantum Widgets",
      full_name: "Erin Employer",
      plan: "business",
    });
    const candidate = await signUpOnPlan({
      email: `layout-cara-${tag}@example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: "Cara Candidate",
      plan: "essential",
    });
    const longEmail = await signUpOnPlan({
      email: `${tag}.${LONG_EMAIL}`,
      password: PASSWORD,
      role: "candidate",
      full_name: "Alexandra Konstantinopoulou-Whittingham",
      plan: "essential",
    });
    ids.employer = employer.id;
    ids.candidate = candidate.id;
    ids.longEmail = longEmail.id;
    ids.job = await publishTestJob(employer.id, {
      title: `Senior Frontend Engineer, Design Systems ${tag}`,
      company_name: "Quantum Widgets",
      salary_min: "120000",
      salary_max: "150000",
      questions: [
        {
          ...emptyQuestion(),
          question_text: "Describe a design system you maintained.",
          category: "practical-experience",
        },
      ],
    });
    // Applicants with a long name, a match and a stage, so the job page's rows are measured too.
    await seedApplicants(ids.job, (await memberFor(employer.id)).companyId, [
      { name: "Maximiliana Konstantinopoulou-Whittingham", status: "reviewed", score: 87, appliedAt: new Date() },
      { name: "Lee Long", score: null, appliedAt: new Date(Date.now() - 60_000) },
    ]);
    ids.draft = await startDraft(await memberFor(employer.id), {
      ...emptyWizardForm("Quantum Widgets"),
      title: "Staff Engineer",
      questions: [
        { ...emptyQuestion(), question_text: "What is the hardest bug you fixed?" },
        { ...emptyQuestion(), question_text: "How do you review code?" },
      ],
    });
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  it("fits every public page into the window at 320, 390 and 1280 px in both themes", async () => {
    const page = await newPage();
    await expectNoOverflow(page, journey.baseUrl, [...PUBLIC, `/jobs/${ids.job}`], `public-${tag}`);
  });

  it("fits the candidate's and the employer's main pages into the window", async () => {
    const candidate = await newPage();
    await signInAs(candidate, journey.baseUrl, { id: ids.candidate });
    await expectNoOverflow(
      candidate,
      journey.baseUrl,
      [
        "/candidate/jobs",
        `/candidate/jobs/${ids.job}`,
        `/candidate/jobs/${ids.job}/apply`,
        "/candidate/applications",
        "/account",
      ],
      `candidate-${tag}`,
    );
    const employer = await newPage();
    await signInAs(employer, journey.baseUrl, { id: ids.employer });
    await expectNoOverflow(
      employer,
      journey.baseUrl,
      [
        "/employer/dashboard",
        "/employer/jobs/new",
        `/employer/jobs/new?draft=${ids.draft}&step=2`,
        `/employer/jobs/${ids.job}`,
        `/employer/jobs/${ids.job}/details`,
        "/account",
      ],
      `employer-${tag}`,
    );
  });

  it("keeps the apply wizard in the window with a long resume file name", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 320, height: 800 });
    await signInAs(page, journey.baseUrl, { id: ids.longEmail });
    await page.goto(`/candidate/jobs/${ids.job}/apply`);
    await settled(page, js);
    await page.getByLabel("Answer to question 1").fill("The one behind our checkout.");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    const name = "Alexandra_Konstantinopoulou-Whittingham_Curriculum_Vitae_Senior_Frontend_Engineer_2026_final_v3.pdf";
    await page.locator("#resume").setInputFiles({ name, mimeType: "application/pdf", buffer: await resumePdf() });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByRole("link", { name }).waitFor();
    await shot(page, `apply-long-resume-name-${tag}`, true);
    expect(await overflow(page)).toEqual([]);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByText("1 of 1 questions completed").waitFor();
    expect(await overflow(page)).toEqual([]);
  });

  it("opens the phone menu on the screen; it closes on navigation (and with JavaScript on Escape and an outside click)", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/");
    await settled(page, js);
    const menu = page.locator("#main-menu");
    const open = async () => {
      await menu.locator("summary").click();
      await menu.getByRole("link", { name: "How It Works" }).waitFor();
    };
    await open();
    await shot(page, `phone-menu-${tag}`);
    for (const name of ["How It Works", "About", "Pricing", "Sign In"]) {
      const box = (await menu.getByRole("link", { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(320);
    }
    await menu.getByRole("link", { name: "About" }).click();
    await page.waitForURL(/\/about$/);
    // With JavaScript the menu closes once the new page has rendered (without it, the new page starts closed).
    await page.waitForFunction(() => !(document.querySelector("#main-menu") as HTMLDetailsElement | null)?.open);
    await expect(menu.getAttribute("open")).resolves.toBeNull();
    if (!js) return;

    await open();
    await page.keyboard.press("Escape");
    await expect(menu.getAttribute("open")).resolves.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.closest("#main-menu") !== null)).toBe(true);
    await open();
    await page.mouse.click(160, 690); // below the open menu, outside it

    await expect(menu.getAttribute("open")).resolves.toBeNull();
  });

  it("shows a long email whole in the user menu, on the screen", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 320, height: 700 });
    await signInAs(page, journey.baseUrl, { id: ids.longEmail });
    await page.goto("/candidate/jobs");
    await settled(page, js);
    const menu = page.locator("#user-menu");
    await menu.locator("summary").click();
    const email = menu.getByText(`${tag}.${LONG_EMAIL}`, { exact: true });
    await email.waitFor();
    await shot(page, `user-menu-${tag}`);
    const fits = await email.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return el.scrollWidth <= el.clientWidth && box.left >= 0 && box.right <= window.innerWidth;
    });
    expect(fits).toBe(true);
    expect(await overflow(page)).toEqual([]);
    if (!js) return;
    await page.keyboard.press("Escape");
    await expect(menu.getAttribute("open")).resolves.toBeNull();
  });

  it("puts the error summary in view after a failed step, with focus on the first field to fix (the summary without JavaScript)", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, journey.baseUrl, { id: ids.employer });
    await page.goto("/employer/jobs/new");
    await settled(page, js);
    const next = page.getByRole("button", { name: "Next", exact: true });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    const summary = page
      .getByRole("alert")
      .filter({ hasText: /highlighted|required|Please/ })
      .first();
    await summary.waitFor();
    await shot(page, `error-summary-${tag}`);
    const inView = await summary.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
    if (js) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("job-title");
    else expect(await summary.getAttribute("autofocus")).not.toBeNull();
  });
});
