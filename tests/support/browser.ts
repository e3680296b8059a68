// End-to-end support: Debian's Chromium driven by playwright-core, and a `journeys` helper that
// registers every journey twice, with JavaScript on and with it off.
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";

// Chromium's headless shell (Debian's chromium-headless-shell: the same Blink and V8 without the
// browser's window layer) costs a quarter of the browser's CPU per page (decision 082).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export interface Journey {
  js: boolean;
  baseUrl: string;
  server: AppServer;
  /** A fresh browser context (own cookies) with JavaScript on or off as the journey runs. */
  newPage(options?: { colorScheme?: "light" | "dark" }): Promise<Page>;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * One app server and browser per file; `body` runs once with JavaScript on and once off. `env` adds
 * to the server's environment (e.g. REQUIRE_EMAIL_VERIFICATION, off for tests by default); a function
 * is called when the server starts (after earlier beforeAll hooks, e.g. one that starts an IdP).
 */
export function journeys(
  title: string,
  body: (journey: Journey) => void,
  options: { env?: Record<string, string> | (() => Record<string, string>) } = {},
): void {
  let browser: Browser;
  let server: AppServer;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const env = typeof options.env === "function" ? options.env() : options.env;
    [browser, server] = await Promise.all([launchChromium(), startAppServer(inject("adminDatabaseUrl"), env)]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    const code = await server?.stop();
    if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`);
  });

  for (const js of [true, false]) {
    describe(`${title} (JavaScript ${js ? "on" : "off"})`, () => {
      body({
        js,
        get baseUrl() {
          return server.baseUrl;
        },
        get server() {
          return server;
        },
        async newPage(options = {}) {
          const context = await browser.newContext({
            javaScriptEnabled: js,
            baseURL: server.baseUrl,
            colorScheme: options.colorScheme ?? "light",
            // The result cards' fade-in (up to 2 s) is not under test: without it a click doesn't
            // wait for a card to stop moving. The stylesheet honours the setting for people too.
            reducedMotion: "reduce",
          });
          contexts.push(context);
          const page = await context.newPage();
          page.setDefaultTimeout(10_000);
          return page;
        },
      });
    });
  }
}

/**
 * With JavaScript on, waits until React has hydrated, so clicks reach its handlers, and has put on
 * screen the page at the current address (a client navigation changes the URL before it renders).
 */
export async function settled(page: Page, js: boolean): Promise<void> {
  await page.waitForLoadState("load");
  if (!js) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const { pathname, search } = new URL(page.url());
  await page.waitForFunction((shown) => document.documentElement.dataset.location === shown, pathname + search);
}

/** The text of what has focus ("" while nothing does: the page itself). */
export function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return !active || active === document.body ? "" : (active.textContent ?? "").trim();
  });
}
