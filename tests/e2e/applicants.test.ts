// The employer's job page opens on its applicants (issue 18 items 3 and 7), with JavaScript on and
// off: the dashboard's "new" link, stage filters with counts, 60 applicants paged by 25 forwards
// and back, best match first, Previous/Next on the application page following the list, Shortlist
// keeping the page, the Details tab, the bulk-move form's fields, and rows that stack on phones
// without overlapping. Set LAYOUT_SCREENSHOTS=<dir> to keep screenshots at 320, 390 and 1280 px.
import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { openOrm } from "../../db/orm.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInAs } from "../support/sessions.ts";
import { seedApplicants } from "../support/applicants.ts";

const SHOTS = process.env.LAYOUT_SCREENSHOTS;
const FIRST = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances", "Alan", "Radia"];
const LAST = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Haddad", "Novak"];
const LONG_NAME = "Maximiliana Konstantinopoulou-Whittingham";
const STATUSES = ["submitted", "reviewed", "shortlisted", "rejected", "withdrawn"] as const;

journeys("applicants first", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const title = `Site Reliability Engineer ${tag}`;
  let orm: MikroORM;
  let queue: QueueRuntime;
  let employerId: string;
  let jobId: string;
  // Applicant i applied i minutes after the first; a tenth are not scored yet.
  const applicants = Array.from({ length: 60 }, (_, i) => ({
    name: i === 59 ? LONG_NAME : `${FIRST[i % 10]} ${LAST[Math.floor(i / 10)]}`,
    status: STATUSES[i % 5],
    score: i % 10 === 3 ? null : (i * 37) % 101,
    appliedAt: new Date(Date.UTC(2026, 10, 1, 9) + i * 60_000),
  }));
  const newestFirst = [...applicants].reverse().map((a) => a.name);
  const byMatch = [...applicants]
    .sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || b.appliedAt.getTime() - a.appliedAt.getTime())
    .map((a) => a.name);

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: `applicants-boss-${tag}@example.com`,
      password: "correct horse battery",
      role: "employer",
      company_name: "Northwind",
      full_name: "Nora Boss",
      plan: "business",
    });
    employerId = employer.id;
    jobId = await publishTestJob(employer.id, {
      title,
      company_name: "Northwind",
      description: "Keep our platform up and our pagers quiet.",
    });
    await seedApplicants(jobId, (await memberFor(employer.id)).companyId, applicants);
  });
  afterAll(async () => {
    await queue?.stop();
    setOrm(undefined);
    await orm?.close();
  });

  async function employerPage(): Promise<Page> {
    const page = await newPage();
    await signInAs(page, journey.baseUrl, { id: employerId });
    return page;
  }
  const rows = (page: Page) => page.getByRole("list", { name: "Applications" }).locator(":scope > li");
  const names = (page: Page) =>
    rows(page).locator('a[href*="/applications/"]:not([href*="/reject"])').allTextContents();
  async function follow(page: Page, name: string | RegExp) {
    const before = page.url();
    await page.getByRole("link", { name }).first().click();
    await page.waitForURL((url) => url.toString() !== before);
    await settled(page, js);
  }

  it("links the new applications from the dashboard, filters by stage and pages through all 60 forwards and back", async () => {
    const page = await employerPage();
    await page.goto("/employer/dashboard");
    await settled(page, js);
    await follow(page, `12 new applications to ${title}`);
    expect(new URL(page.url()).search).toBe("?show=submitted");
    await expect(page.getByRole("link", { name: "Submitted 12" }).getAttribute("aria-current")).resolves.toBe("page");
    await expect(names(page)).resolves.toEqual(
      newestFirst.filter((_, i) => applicants[59 - i]!.status === "submitted"),
    );
    // The page opens on the applicants: the description is on the Details tab.
    await expect(page.getByText("Keep our platform up").count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Applicants (60)" }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );

    await follow(page, "All 60");
    const pages: string[][] = [await names(page)];
    const urls = [page.url()];
    while (await page.getByRole("link", { name: "Next page →" }).count()) {
      await follow(page, "Next page →");
      pages.push(await names(page));
      urls.push(page.url());
    }
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(newestFirst);
    expect(new URL(urls[2]!).searchParams.get("cursor")).toMatch(/^a\./);
    // The URL reproduces the page.
    await page.goto(urls[1]!);
    await settled(page, js);
    await expect(names(page)).resolves.toEqual(pages[1]);
    await page.goto(urls[2]!);
    await settled(page, js);
    await follow(page, "← Previous page");
    await expect(names(page)).resolves.toEqual(pages[1]);
    await follow(page, "← Previous page");
    await expect(names(page)).resolves.toEqual(pages[0]);
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("link", { name: "← Previous page" }).count()).resolves.toBe(0);
  });

  it("sorts by best match in pages, and Previous/Next on the application page follow that order", async () => {
    const page = await employerPage();
    await page.goto(`/employer/jobs/${jobId}`);
    await settled(page, js);
    await follow(page, "Best match first");
    expect(new URL(page.url()).search).toBe("?sort=match");
    await expect(names(page)).resolves.toEqual(byMatch.slice(0, 25));
    await follow(page, "Next page →");
    await follow(page, "Next page →");
    await expect(names(page)).resolves.toEqual(byMatch.slice(50));

    await page.goto(`/employer/jobs/${jobId}?sort=match`);
    await settled(page, js);
    await follow(page, byMatch[0]!);
    await page.getByRole("heading", { name: byMatch[0] }).waitFor();
    expect(new URL(page.url()).searchParams.get("sort")).toBe("match");
    await expect(page.getByRole("link", { name: "← Previous applicant" }).count()).resolves.toBe(0);
    for (const name of byMatch.slice(1, 4)) {
      await follow(page, "Next applicant →");
      await page.getByRole("heading", { name, exact: true }).waitFor();
    }
    await follow(page, "← Previous applicant");
    await page.getByRole("heading", { name: byMatch[2], exact: true }).waitFor();
    // The last one has no Next.
    await page.goto(`/employer/jobs/${jobId}?sort=match`);
    await follow(page, "Next page →");
    await follow(page, "Next page →");
    await follow(page, byMatch[59]!);
    await page.getByRole("heading", { name: byMatch[59], exact: true }).waitFor();
    await expect(page.getByRole("link", { name: "Next applicant →" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "← Previous applicant" }).waitFor();
  });

  it("shortlists from a row and stays on that page; the Details tab holds the job as posted", async () => {
    const page = await employerPage();
    await page.goto(`/employer/jobs/${jobId}?show=rejected`);
    await settled(page, js);
    const name = (await names(page))[0]!;
    await page.getByRole("button", { name: `Shortlist ${name}` }).click();
    await page.getByText("The candidate is shortlisted. We'll let them know.").waitFor();
    expect(new URL(page.url()).searchParams.get("show")).toBe("rejected");
    await expect(names(page)).resolves.not.toContain(name);
    await page.getByRole("link", { name: "Not Selected 11" }).waitFor();

    await follow(page, "Details");
    expect(new URL(page.url()).pathname).toBe(`/employer/jobs/${jobId}/details`);
    await page.getByRole("heading", { name: "Description" }).waitFor();
    await page.getByText("Keep our platform up and our pagers quiet.").waitFor();
    await page.getByRole("heading", { name: "Job Information" }).waitFor();
    await page.getByRole("button", { name: "Close Job" }).waitFor();
    await follow(page, "Applicants (60)");
    expect(new URL(page.url()).pathname).toBe(`/employer/jobs/${jobId}`);
  });

  it("gives members who decide one form to move the selected rows: checkboxes, a stage, and the list's place", async () => {
    const page = await employerPage();
    await page.goto(`/employer/jobs/${jobId}?sort=match`);
    await settled(page, js);
    await follow(page, "Next page →");
    const form = page.locator("form#bulk-move");
    expect(await form.getAttribute("action")).toBe(`/employer/jobs/${jobId}/move`);
    expect(await form.getAttribute("method")).toBe("post");
    const boxes = page.locator('input[type="checkbox"][name="ids"]');
    await expect(boxes.count()).resolves.toBe(25);
    await expect(page.locator('input[name="ids"]:not([form="bulk-move"])').count()).resolves.toBe(0);
    const options = await page.getByLabel("Move selected to").locator("option").allTextContents();
    expect(options).toEqual(expect.arrayContaining(["Choose a stage", "Shortlisted", "Not Selected"]));
    expect(await form.locator('input[name="sort"]').inputValue()).toBe("match");
    expect(await form.locator('input[name="cursor"]').inputValue()).toBe(
      new URL(page.url()).searchParams.get("cursor"),
    );
    await page.getByRole("checkbox", { name: `Select ${byMatch[25]}` }).check();
    expect(
      await page.evaluate(
        () => new FormData(document.querySelector("form#bulk-move") as HTMLFormElement).getAll("ids").length,
      ),
    ).toBe(1);
  });

  it("stacks each row on phones (390 and 320 px) without overlaps or cut text, in both themes", async () => {
    const page = await employerPage();
    for (const theme of ["light", "dark"] as const) {
      await page
        .context()
        .addCookies([
          { name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: journey.baseUrl },
        ]);
      for (const width of [320, 390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/employer/jobs/${jobId}`);
        await settled(page, js);
        const first = rows(page).first();
        await first.getByRole("link", { name: LONG_NAME }).waitFor();
        const parts = [
          first.getByRole("link", { name: LONG_NAME }),
          first.getByText(/^Applied /),
          first.getByText(/% match$/),
          first
            .locator("span[class^=badge-]")
            .filter({ hasText: /Submitted|Under Review|Shortlisted|Not Selected|Withdrawn/ }),
          ...(await first.getByRole("button").all()),
        ];
        const boxes = await Promise.all(parts.map(async (p) => (await p.first().boundingBox())!));
        for (const [i, a] of boxes.entries()) {
          expect(a.x, `part ${i} at ${width}px`).toBeGreaterThanOrEqual(0);
          expect(a.x + a.width, `part ${i} at ${width}px`).toBeLessThanOrEqual(width);
          for (const b of boxes.slice(i + 1)) {
            const overlap =
              a.x < b.x + b.width - 0.5 &&
              b.x < a.x + a.width - 0.5 &&
              a.y < b.y + b.height - 0.5 &&
              b.y < a.y + a.height - 0.5;
            expect(overlap, `parts overlap at ${width}px (${theme})`).toBe(false);
          }
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        if (SHOTS) {
          await mkdir(SHOTS, { recursive: true });
          await page.screenshot({ path: path.join(SHOTS, `applicants-${tag}-${width}-${theme}.png`) });
          await first.scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(SHOTS, `applicants-rows-${tag}-${width}-${theme}.png`) });
          await page.goto(
            `/employer/jobs/${jobId}/applications/${await first
              .locator('a[href*="/applications/"]:not([href*="/reject"])')
              .getAttribute("href")
              .then((h) => h!.split("/").pop())}`,
          );
          await page.screenshot({ path: path.join(SHOTS, `application-${tag}-${width}-${theme}.png`) });
        }
      }
    }
  });

  it("passes axe on the applicants, Details and application pages in both themes", async () => {
    if (!js) return; // axe runs in the page: once, with JavaScript, is enough
    const axe = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    const page = await employerPage();
    const problems: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      await page
        .context()
        .addCookies([
          { name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: journey.baseUrl },
        ]);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const target of [
          `/employer/jobs/${jobId}?sort=match`,
          `/employer/jobs/${jobId}/details`,
          `/employer/jobs/${jobId}/applications/${await firstApplicationId(page)}?sort=match`,
        ]) {
          await page.goto(target);
          await settled(page, js);
          await page.evaluate(axe);
          const result = (await page.evaluate(() =>
            (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, {
              runOnly: {
                type: "tag",
                values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
              },
            }),
          )) as { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
          for (const v of result.violations)
            problems.push(
              `${target} ${theme} ${width}px: ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  async function firstApplicationId(page: Page): Promise<string> {
    await page.goto(`/employer/jobs/${jobId}?sort=match`);
    const href = await rows(page)
      .first()
      .locator('a[href*="/applications/"]:not([href*="/reject"])')
      .getAttribute("href");
    return href!.split("?")[0]!.split("/").pop()!;
  }
});
