// axe-core on every public page, in the light and the dark theme, on a phone and a desktop.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/browser.ts";
import { startAppServer, type AppServer } from "../support/app-server.ts";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const PAGES = [
  "/",
  "/pricing",
  "/pricing?audience=employers&billing=annual",
  "/how-it-works",
  "/about",
  "/auth",
  "/auth?mode=signup&role=employer",
];

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
}

let browser: Browser;
let server: AppServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startAppServer(inject("adminDatabaseUrl"))]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

for (const theme of ["light", "dark"] as const) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    describe(`axe, ${theme} theme, ${viewport.width}px`, () => {
      it.each(PAGES)("%s has no violations", async (path) => {
        // bypassCSP lets the test inject axe; the page itself runs under its normal policy.
        const context = await browser.newContext({ viewport, bypassCSP: true, baseURL: server.baseUrl });
        await context.addCookies([
          { name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64"), url: server.baseUrl },
        ]);
        const page = await context.newPage();
        await page.goto(path);
        expect(await page.locator("html").getAttribute("data-theme")).toBe(theme);
        await page.addScriptTag({ path: axePath });
        const result = (await page.evaluate(() =>
          (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
          }),
        )) as AxeResult;
        await context.close();
        const summary = result.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
        expect(summary).toEqual([]);
      });
    });
  }
}
