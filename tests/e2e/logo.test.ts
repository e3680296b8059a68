// The company logo end to end: an employer uploads one on /account and sees it, and a candidate
// has no form for it, each with JavaScript on and off; bad files get a message beside the field
// (with JavaScript on here: the same posts without it, the streamed upload that is cut off and a
// candidate's forged upload are tests/integration/logo-http.test.ts).
import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { signUp } from "../../modules/identity/index.server.ts";
import { useModulesOn } from "../support/app-server.ts";
import { axeViolations } from "../support/axe.ts";
import { journeys, settled } from "../support/browser.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";
const NOT_AN_IMAGE = "That file is not an image we can read. Upload a PNG, JPEG or WebP image.";
const TOO_BIG = "The logo must be 2 MB or smaller. Choose a smaller image.";

let dir: string;
const fixture = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-logo-e2e-"));
  const logo = (color: string) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
      .png()
      .toBuffer();
  await writeFile(fixture("logo.png"), await logo("#1d4ed8"));
  await writeFile(fixture("other-logo.png"), await logo("#be123c"));
  await writeFile(fixture("notes.png"), "These are meeting notes, not a picture.\n");
  // Over the 2 MB cap by one byte: refused by the streaming cap while the upload is read.
  await writeFile(fixture("just-over.png"), randomBytes(2 * 1024 * 1024 + 1));
  // Far over: refused on its Content-Length. The server drops the rest as it arrives, so the
  // browser finishes sending and shows the message at once.
  await writeFile(fixture("huge.png"), randomBytes(20 * 1024 * 1024));
  // Over what the server will read even to drop it: left unread, and the message still arrives.
  await writeFile(fixture("giant.png"), randomBytes(40 * 1024 * 1024));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function open(page: Page, to: string, js: boolean) {
  await page.goto(to);
  await settled(page, js);
}

/** An account made directly and `page` signed in to it (signing up is auth.test.ts's subject). */
async function signUpAndIn(page: Page, fields: { role: "candidate" | "employer"; email: string; company?: string }) {
  await signUp({
    email: fields.email,
    password: PASSWORD,
    role: fields.role,
    full_name: "Logo Tester",
    company_name: fields.company,
  });
  await signInByEmail(page, fields.email);
}

async function upload(page: Page, file: string) {
  await page.getByLabel(/^(New logo|Logo)$/).setInputFiles(fixture(file));
  await page.getByRole("button", { name: "Upload logo" }).click();
}

/** The company_logo column, straight from the server's database. */
async function storedLogo(databaseUrl: string, email: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ company_logo: string | null }>(
      "select company_logo from users where email = $1",
      [email],
    );
    return rows[0]!.company_logo;
  } finally {
    await client.end();
  }
}

journeys("company logo", (journey) => {
  // `server` is read inside each test: it exists only once the journey's beforeAll has run.
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  useModulesOn(() => journey.server);

  it("an employer uploads a logo, sees it, replaces it and removes it", async () => {
    const page = await newPage();
    const email = `logo-${tag}@example.com`;
    await signUpAndIn(page, { role: "employer", email, company: "Acme Robotics" });
    await open(page, "/account", js);
    await page.getByRole("heading", { name: "Company logo" }).waitFor();
    await expect(page.getByRole("img", { name: "Acme Robotics logo" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Remove logo" }).count()).resolves.toBe(0);

    await upload(page, "logo.png");
    await page.getByRole("status").filter({ hasText: "Your company logo is updated" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    const img = page.getByRole("img", { name: "Acme Robotics logo" });
    const src = (await img.getAttribute("src"))!;
    expect(src).toMatch(/^\/files\/logos\/[0-9a-f-]+-[0-9a-f]{16}\.webp$/);
    await expect(storedLogo(journey.server.databaseUrl, email)).resolves.toBe(src);
    // The browser decoded it: a 256 x 192 WebP made from the 640 x 480 PNG.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => [el.complete, el.naturalWidth, el.naturalHeight]))
      .toEqual([true, 256, 192]);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    // Only logos are public; other prefixes and odd keys are not found.
    for (const other of [
      "/files/resumes/cv.pdf",
      "/files/logos/..%2F..%2Fpackage.json",
      "/files/.meta/" + src.slice("/files/".length),
    ]) {
      expect((await page.request.get(other)).status(), other).toBe(404);
    }
    expect(served.headers()).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });

    await upload(page, "other-logo.png");
    await page.waitForFunction(
      (old) => document.querySelector(`img[src^="/files/"]`)?.getAttribute("src") !== old,
      src,
    );
    const replaced = (await img.getAttribute("src"))!;
    expect(replaced).not.toBe(src);
    // The replaced file is gone; its address answers 404.
    expect((await page.request.get(src)).status()).toBe(404);

    await page.getByRole("button", { name: "Remove logo" }).click();
    await page.getByRole("status").filter({ hasText: "Your company logo is removed" }).waitFor();
    await expect(img.count()).resolves.toBe(0);
    await expect(storedLogo(journey.server.databaseUrl, email)).resolves.toBeNull();
    expect((await page.request.get(replaced)).status()).toBe(404);
  });

  // Without JavaScript the page reloads with the same message: tests/integration/logo-http.test.ts.
  it.runIf(js)(
    "puts a clear message beside the field for a file that is not an image, or too big, and changes nothing",
    async () => {
      const page = await newPage();
      const email = `badlogo-${tag}@example.com`;
      await signUpAndIn(page, { role: "employer", email, company: "Bad Files Ltd" });
      await open(page, "/account", js);
      await upload(page, "logo.png");
      await page.getByRole("status").waitFor();
      const logo = await storedLogo(journey.server.databaseUrl, email);
      expect(logo).toMatch(/^\/files\/logos\//);

      await upload(page, "notes.png");
      const error = page.locator("#logo-error");
      await error.waitFor();
      await expect(error.textContent()).resolves.toBe(NOT_AN_IMAGE);
      const field = page.getByLabel("New logo");
      await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(field.getAttribute("aria-describedby")).resolves.toContain("logo-error");
      await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await expect(page.getByRole("img", { name: "Bad Files Ltd logo" }).getAttribute("src")).resolves.toBe(logo);
      await expect(storedLogo(journey.server.databaseUrl, email)).resolves.toBe(logo);

      for (const file of ["just-over.png", "huge.png", "giant.png"]) {
        // Clear the previous message first, so the next one is known to be this file's.
        await open(page, "/account", js);
        await upload(page, file);
        await page.locator("#logo-error").waitFor();
        await expect(error.textContent()).resolves.toBe(TOO_BIG);
        await expect(storedLogo(journey.server.databaseUrl, email)).resolves.toBe(logo);
      }
    },
  );

  it.runIf(js)("passes axe with a logo, a message and an error, in the light and the dark theme", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await newPage({ colorScheme });
      await signUpAndIn(page, { role: "employer", email: `axe-${colorScheme}@example.com`, company: "Axe Co" });
      await open(page, "/account", js);
      await upload(page, "logo.png");
      await page.getByRole("status").waitFor();
      expect(await axeViolations(page), colorScheme).toEqual([]);
      await upload(page, "notes.png");
      await page.locator("#logo-error").waitFor();
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
  });

  it("gives a candidate no logo form", async () => {
    const page = await newPage();
    const email = `candlogo-${tag}@example.com`;
    await signUpAndIn(page, { role: "candidate", email });
    await open(page, "/account", js);
    await page.getByRole("heading", { name: "Your plan", exact: true }).waitFor();
    await expect(page.getByRole("heading", { name: "Company logo" }).count()).resolves.toBe(0);
    await expect(page.locator('input[name="logo"]').count()).resolves.toBe(0);
  });
});
