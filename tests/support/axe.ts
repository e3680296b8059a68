// axe-core's WCAG 2.2 AA (and best-practice) violations on the page, one line each, and a walk
// through the page with Tab. Both run in the page, so only where JavaScript is on. Evaluated rather
// than added as a script tag: the page's CSP admits only its own scripts.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let source: Promise<string> | undefined;

export async function axeViolations(page: Page): Promise<string[]> {
  source ??= readFile(AXE, "utf8");
  await page.evaluate(await source);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    }),
  )) as { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
  return result.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Both themes' violations, each line prefixed with its theme; the page is left light. */
export async function axeInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await axeViolations(page)).map((v) => `${colorScheme}: ${v}`));
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

/**
 * Tabs through the page from the top and returns each control that took focus without a visible
 * focus indicator (no outline and no box-shadow), and how many controls were reached.
 */
export async function tabThrough(page: Page, max = 200): Promise<{ reached: number; unmarked: string[] }> {
  // Tab goes on from a focused start at the top of the page, not from where focus last was.
  await page.evaluate(() => {
    const start = document.createElement("span");
    start.tabIndex = -1;
    start.id = "tab-start";
    document.body.prepend(start);
    start.focus();
    window.scrollTo(0, 0);
  });
  const unmarked: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const marked =
        (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      const path = [
        el.tagName.toLowerCase(),
        el.id && `#${el.id}`,
        el.getAttribute("name") && `[name=${el.getAttribute("name")}]`,
      ]
        .filter(Boolean)
        .join("");
      const label = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
      return {
        key: `${path} ${label}|${Math.round(el.getBoundingClientRect().top + window.scrollY)}`,
        marked,
        path,
        label,
      };
    });
    if (!focused || seen.has(focused.key)) break;
    seen.add(focused.key);
    if (!focused.marked) unmarked.push(`${focused.path} "${focused.label}"`);
  }
  await page.evaluate(() => document.getElementById("tab-start")?.remove());
  return { reached: seen.size, unmarked };
}
