// Screenshots for people to look at: the page at 320, 390 and 1280 px, light and dark, into
// SHOTS_DIR (nothing without it). The page is left at 1280 px in the light theme.
import path from "node:path";
import type { Page } from "playwright-core";

export async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(dir, `${name}-${width}-${colorScheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });
}
