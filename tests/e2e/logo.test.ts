// The company logo end to end: an employer uploads one on /account and sees it, bad files get a
// message beside the field, and a candidate can neither see the form nor post to it; each with
// JavaScript on and off.
import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { journeys, settled } from "../support/browser.ts";

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

async function signUp(page: Page, js: boolean, fields: { role: "candidate" | "employer"; email: string; company?: string }) {
  await open(page, `/auth?mode=signup&role=${fields.role}`, js);
  await page.getByLabel(fields.role === "employer" ? /Hire talent/ : /Find a job/).check();
  await page.getByLabel("Full name").fill("Logo Tester");
  if (fields.company !== undefined) await page.getByLabel("Company name").fill(fields.company);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("heading", { name: fields.role === "employer" ? "Welcome, Logo Tester" : "Find Your Next Opportunity" }).waitFor();
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
    const { rows } = await client.query<{ company_logo: string | null }>("select company_logo from users where email = $1", [email]);
    return rows[0]!.company_logo;
  } finally {
    await client.end();
  }
}

/** axe-core's violations on the page, as in tests/e2e/accessibility.test.ts. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag: the page's CSP admits only its own scripts.
  await page.evaluate(await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    }),
  )) as { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
  return result.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

journeys("company logo", (journey) => {
  // `server` is read inside each test: it exists only once the journey's beforeAll has run.
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";

  it("an employer uploads a logo, sees it, replaces it and removes it", async () => {
    const page = await newPage();
    const email = `logo-${tag}@example.com`;
    await signUp(page, js, { role: "employer", email, company: "Acme Robotics" });
    await open(page, "/account", js);
    await page.getByRole("heading", { name: "Company logo" }).waitFor();
    await expect(page.getByRole("img", { name: "Acme Robotics logo" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Remove logo" }).count()).resolves.toBe(0);

    await upload(page, "logo.png");
    await page.getByRole("status").filter({ hasText: "Your company logo is updated" }).waitFor();
    expect(new URL(page.url()).search).toBe("?logo=updated");
    const img = page.getByRole("img", { name: "Acme Robotics logo" });
    const src = (await img.getAttribute("src"))!;
    expect(src).toMatch(/^\/files\/logos\/[0-9a-f-]+-[0-9a-f]{16}\.webp$/);
    await expect(storedLogo(journey.server.databaseUrl, email)).resolves.toBe(src);
    // The browser decoded it: a 256 x 192 WebP made from the 640 x 480 PNG.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => [el.complete, el.naturalWidth, el.naturalHeight])).toEqual([true, 256, 192]);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    // Only logos are public; other prefixes and odd keys are not found.
    for (const other of ["/files/resumes/cv.pdf", "/files/logos/..%2F..%2Fpackage.json", "/files/.meta/" + src.slice("/files/".length)]) {
      expect((await page.request.get(other)).status(), other).toBe(404);
    }
    expect(served.headers()).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });

    await upload(page, "other-logo.png");
    await page.waitForFunction((old) => document.querySelector(`img[src^="/files/"]`)?.getAttribute("src") !== old, src);
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

  it("puts a clear message beside the field for a file that is not an image, or too big, and changes nothing", async () => {
    const page = await newPage();
    const email = `badlogo-${tag}@example.com`;
    await signUp(page, js, { role: "employer", email, company: "Bad Files Ltd" });
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
  });

  it.runIf(js)("passes axe with a logo, a message and an error, in the light and the dark theme", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await newPage({ colorScheme });
      await signUp(page, js, { role: "employer", email: `axe-${colorScheme}@example.com`, company: "Axe Co" });
      await open(page, "/account", js);
      await upload(page, "logo.png");
      await page.getByRole("status").waitFor();
      expect(await axeViolations(page), colorScheme).toEqual([]);
      await upload(page, "notes.png");
      await page.locator("#logo-error").waitFor();
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
  });

  it.runIf(!js)("cuts off an upload without a Content-Length instead of reading it all", async () => {
    const page = await newPage();
    await signUp(page, js, { role: "employer", email: "chunked@example.com", company: "Streams Inc" });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    // A streamed (chunked) body: the client offers 200 MB, counting what the server pulls.
    const boundary = "logo-boundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const chunk = new Uint8Array(64 * 1024);
    let offered = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(head),
      pull(controller) {
        if (offered >= 200 * 1024 * 1024) return controller.close();
        offered += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${journey.baseUrl}/account`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { Cookie: cookie, Origin: journey.baseUrl, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(response.status).toBe(413);
    // The rest is dropped up to 25 MB, then no longer read: nowhere near 200 MB is taken.
    await response.text().catch(() => undefined);
    expect(offered).toBeLessThan(64 * 1024 * 1024);
    await expect(storedLogo(journey.server.databaseUrl, "chunked@example.com")).resolves.toBeNull();
  });

  it("gives a candidate no logo form, and a forged upload as a candidate changes nothing", async () => {
    const page = await newPage();
    const email = `candlogo-${tag}@example.com`;
    await signUp(page, js, { role: "candidate", email });
    await open(page, "/account", js);
    await page.getByRole("heading", { name: "Your plan", exact: true }).waitFor();
    await expect(page.getByRole("heading", { name: "Company logo" }).count()).resolves.toBe(0);
    await expect(page.locator('input[name="logo"]').count()).resolves.toBe(0);

    // The candidate's own session cookie, posting what the employer's form would.
    const forged = await page.request.post("/account", {
      headers: { Origin: journey.baseUrl },
      multipart: { intent: "upload", logo: { name: "logo.png", mimeType: "image/png", buffer: await sharp(fixture("logo.png")).toBuffer() } },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(404);
    await expect(storedLogo(journey.server.databaseUrl, email)).resolves.toBeNull();
    await open(page, "/account", js);
    await expect(page.getByRole("heading", { name: "Company logo" }).count()).resolves.toBe(0);
  });
});
