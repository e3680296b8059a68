// Two-factor sign-in end to end, with JavaScript on and off: an employer turns it on from the
// dashboard's recommendation (the code is computed from the key the page writes out for typing
// in) after confirming with the password, saves the recovery codes, signs out and in with a code,
// then with a recovery code, and turns it off with the password and a code. The server's clock is real: codes are made for the current step, or
// the next one (which the server accepts too), so a step boundary never fails the test.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { generate } from "otplib";
import { journeys, settled } from "../support/browser.ts";

const PASSWORD = "correct horse battery";

const stepNow = () => Math.floor(Date.now() / 30_000);

/** A code for a step after `used` that the server accepts (the next step's at most): waits for the clock when there is none yet. */
async function codeAfter(secret: string, used: number): Promise<{ code: string; step: number }> {
  // The next step begins within 30 s.
  await expect.poll(stepNow, { timeout: 40_000, interval: 500 }).toBeGreaterThanOrEqual(used);
  const step = Math.max(stepNow(), used + 1);
  return { code: await generate({ secret, epoch: step * 30 }), step };
}

async function open(page: Page, to: string, js: boolean) {
  await page.goto(to);
  await settled(page, js);
}

async function signIn(page: Page, js: boolean, email: string) {
  await open(page, "/auth?mode=signin", js);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOut(page: Page) {
  await page.locator("#user-menu summary").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.getByRole("link", { name: "Start Free Trial" }).first().waitFor();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core on the page as it is, in the light and the dark theme (with JavaScript on only). */
async function expectAccessible(page: Page, js: boolean) {
  if (!js) return;
  await page.evaluate(axeSource);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      });
      return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    });
    expect([colorScheme, violations]).toEqual([colorScheme, []]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

journeys("two-factor sign-in", ({ js, newPage }) => {
  const email = `twofactor-${js ? "js" : "nojs"}@example.com`;

  it("an employer turns it on, signs in with a code, then with a recovery code, and turns it off", async () => {
    const page = await newPage();
    await open(page, "/auth?mode=signup&role=employer", js);
    await page.getByLabel(/Hire talent/).check();
    await page.getByLabel("Full name").fill("Tia Factor");
    await page.getByLabel("Company name").fill("Two Co");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Welcome, Tia Factor" }).waitFor();

    // The dashboard recommends it to employers.
    await expect(page.locator("main").textContent()).resolves.toContain("Recommended for employers");
    await page.getByRole("link", { name: "Turn on two-factor" }).click();
    await page.getByRole("heading", { name: "Two-factor sign-in is off" }).waitFor();
    await settled(page, js);
    // Starting asks for the password first: a stolen session cannot enrol its own authenticator.
    await page.getByLabel("Your password").fill("not my password");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await page.locator("#start-password-error").waitFor();
    await expect(page.locator("#start-password-error").textContent()).resolves.toBe("That password is not right.");
    expect(await page.getByLabel("Your password").inputValue()).toBe("");
    await expect(page.locator("#setup-key").count()).resolves.toBe(0);
    await expectAccessible(page, js);
    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await page.getByRole("heading", { name: "Set up two-factor sign-in" }).waitFor();
    // The heading is parsed before the QR code: count only once the whole page has arrived.
    await settled(page, js);
    await expect(
      page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg").count(),
    ).resolves.toBe(1);
    const key = (await page.locator("#setup-key").textContent())!.trim();
    expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = key.replace(/ /g, "");

    // A wrong code is answered beside the field.
    await settled(page, js);
    await page.getByLabel("Code from your authenticator app").fill("000000");
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await page.locator("#confirm-code-error").waitFor();
    await expect(page.locator("#confirm-code-error").textContent()).resolves.toContain("That code is not right");
    await expectAccessible(page, js);

    let used = stepNow();
    await page.getByLabel("Code from your authenticator app").fill(await generate({ secret, epoch: used * 30 }));
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await page.getByRole("heading", { name: "Save these recovery codes now" }).waitFor();
    await settled(page, js);
    const codes = (await page.getByRole("list", { name: "Recovery codes" }).locator("li").allTextContents()).map((c) =>
      c.trim(),
    );
    expect(codes).toHaveLength(10);
    await expect(page.getByRole("link", { name: "Download as text" }).getAttribute("download")).resolves.toBe(
      "hirewise-recovery-codes.txt",
    );
    await expectAccessible(page, js);
    await page.getByRole("link", { name: "I've saved them" }).click();
    await page.getByRole("heading", { name: "Two-factor sign-in is on" }).waitFor();
    await expect(page.content()).resolves.not.toContain(secret);
    await expect(page.content()).resolves.not.toContain(key);
    await expectAccessible(page, js);

    // Signing in now asks for a code after the password.
    await signOut(page);
    await signIn(page, js, email);
    await page.getByRole("heading", { name: "Two-factor sign-in", exact: true }).waitFor();
    expect(path(page)).toBe("/auth/two-factor");
    await settled(page, js);
    // A wrong code: the field has focus again, with its error (through autoFocus without JavaScript).
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.locator("#two-factor-code-error").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("two-factor-code");
    await settled(page, js);
    // The setup used a step's code: a later step's is the one that is still unused.
    const signInCode = await codeAfter(secret, used);
    used = signInCode.step;
    await page.getByLabel("Authentication code").fill(signInCode.code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Welcome, Tia Factor" }).waitFor();
    expect(path(page)).toBe("/employer/dashboard");
    await expect(page.locator("main").textContent()).resolves.not.toContain("Recommended for employers");

    // And with a recovery code instead.
    await signOut(page);
    await signIn(page, js, email);
    await page.getByRole("heading", { name: "Two-factor sign-in", exact: true }).waitFor();
    await settled(page, js);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").waitFor();
    await settled(page, js);
    await page.getByLabel("Recovery code").fill("wrong-codes");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.locator("#two-factor-recovery-error").waitFor();
    await expect(page.locator("#two-factor-recovery-error").textContent()).resolves.toContain("not right");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("two-factor-recovery");
    await expectAccessible(page, js);
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("You have 9 recovery codes left").waitFor();
    await page.getByRole("link", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Welcome, Tia Factor" }).waitFor();

    // Turning it off takes the password and a code.
    await open(page, "/account/two-factor", js);
    const turnOff = page.locator("form", { has: page.getByRole("button", { name: "Turn off two-factor" }) });
    const offCode = await codeAfter(secret, used);
    await turnOff.getByLabel("Your password").fill("not my password");
    await turnOff.getByLabel("Code from your authenticator app").fill(offCode.code);
    await page.getByRole("button", { name: "Turn off two-factor" }).click();
    await page.locator("#disable-password-error").waitFor();
    await expect(page.locator("#disable-password-error").textContent()).resolves.toBe("That password is not right.");
    // Neither the password nor the code is shown again.
    expect(await turnOff.getByLabel("Your password").inputValue()).toBe("");
    expect(await turnOff.getByLabel("Code from your authenticator app").inputValue()).toBe("");
    await expectAccessible(page, js);
    await turnOff.getByLabel("Your password").fill(PASSWORD);
    await turnOff.getByLabel("Code from your authenticator app").fill(offCode.code);
    await page.getByRole("button", { name: "Turn off two-factor" }).click();
    await page.getByText("Two-factor sign-in is off. Signing in now asks only for your password.").waitFor();

    await signOut(page);
    await signIn(page, js, email);
    await page.getByRole("heading", { name: "Welcome, Tia Factor" }).waitFor();
    // Two codes after the setup's may wait up to a 30-second step each for the clock.
  }, 150_000);
});
