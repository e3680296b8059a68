// Sign-in with an identity provider end to end, with JavaScript on and off, against a real
// oidc-provider on 127.0.0.1: sign up as a new candidate (onboarding), sign in again, link an
// existing account by a verified email, refuse an unverified one, unlink and connect again (each
// after the password), and delete an account without a password after confirming with the
// provider in the same browser.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { journeys, settled } from "../support/browser.ts";
import { startTestIdp, type TestIdp } from "../support/oidc-idp.ts";
import { linkFromMailbox } from "../support/mailbox.ts";

let idp: TestIdp;
// Registered before journeys(): the provider is up before the app server starts.
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(async () => {
  await idp?.close();
});

const PASSWORD = "correct horse battery";
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function open(page: Page, to: string, js: boolean) {
  await page.goto(to);
  await settled(page, js);
}

/** From /auth (or Sign-in methods), through the provider's login form as `login`. */
async function continueWithProvider(
  page: Page,
  js: boolean,
  login: string,
  from = "/auth",
  link = "Continue with Test ID",
) {
  // The provider's page imports a web font; there is no network here.
  await page.context().route("https://fonts.googleapis.com/**", (route) => route.abort());
  await open(page, from, js);
  await page.getByRole("link", { name: link }).click();
  await page.locator("input[name=login]").fill(login);
  await page.locator("input[name=password]").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

async function signUpWithPassword(page: Page, js: boolean, email: string) {
  await open(page, "/auth?mode=signup&role=candidate", js);
  await page.getByLabel("Full name").fill("Pat Password");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("heading", { name: "Find Your Next Opportunity" }).waitFor();
}

journeys(
  "sign-in with an identity provider",
  (journey) => {
    const { js, newPage } = journey;
    const tag = js ? "js" : "nojs";

    it("a new candidate signs up through the provider, then signs in again", async () => {
      const page = await newPage();
      await continueWithProvider(page, js, `nora-${tag}`, "/auth?mode=signup");
      await page.getByRole("heading", { name: "One more step" }).waitFor();
      expect(path(page)).toBe("/auth/onboarding");
      await expect(page.locator("main").textContent()).resolves.toContain(`nora-${tag}@example.test`);
      await settled(page, js);

      // Refused without a role and the box ticked; nothing typed is lost.
      await page.getByLabel("Full name").fill(`Nora ${tag}`);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("Choose candidate or employer").waitFor();
      await expect(page.getByLabel("Full name").inputValue()).resolves.toBe(`Nora ${tag}`);

      await page.getByLabel(/Find a job/).check();
      await page.getByLabel(/I accept that Hirewise keeps my name/).check();
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("heading", { name: "Find Your Next Opportunity" }).waitFor();
      expect(path(page)).toBe("/candidate/jobs");
      await expect(page.locator("#user-menu summary").textContent()).resolves.toContain(`Nora ${tag}`);

      // Another browser: the provider's login, and straight in.
      const again = await newPage();
      await continueWithProvider(again, js, `nora-${tag}`);
      await again.getByRole("heading", { name: "Find Your Next Opportunity" }).waitFor();
      expect(path(again)).toBe("/candidate/jobs");
    });

    it("an existing account with the same verified email is linked, then unlinked and connected again", async () => {
      const email = `lina-${tag}@example.com`;
      // The account proved its address (an unconfirmed one is taken over instead: provider-claims.test.ts).
      const first = await newPage();
      await signUpWithPassword(first, js, email);
      await open(
        first,
        await linkFromMailbox(
          journey.server.dataDir,
          email,
          "Confirm your email address for Hirewise",
          "/auth/verify/",
        ),
        js,
      );
      await first.getByRole("button", { name: "Confirm my email" }).click();
      await first.getByText("Your email address is confirmed. Thank you!").waitFor();

      const page = await newPage();
      await continueWithProvider(page, js, email);
      await page.getByRole("heading", { name: "Find Your Next Opportunity" }).waitFor();
      expect(path(page)).toBe("/candidate/jobs");

      await open(page, "/account", js);
      await page.getByRole("link", { name: "Sign-in methods" }).click();
      await page.getByRole("heading", { name: "Sign-in methods" }).waitFor();
      await settled(page, js);
      await expect(page.locator("main").textContent()).resolves.toContain(email);

      // Unlinking asks for the password: a wrong one is answered beside the field, nothing unlinked.
      await page.getByLabel("Your password").fill("not my password");
      await page.getByRole("button", { name: "Unlink Test ID" }).click();
      await page.locator("#methods-password-error").waitFor();
      await expect(page.locator("#methods-password-error").textContent()).resolves.toContain(
        "That password is not right.",
      );
      expect(await page.getByLabel("Your password").inputValue()).toBe("");
      await expect(page.getByRole("button", { name: "Unlink Test ID" }).count()).resolves.toBe(1);
      await page.getByLabel("Your password").fill(PASSWORD);
      await page.getByRole("button", { name: "Unlink Test ID" }).click();
      await page.getByText("Test ID is unlinked.").waitFor();
      await expect(page.getByRole("button", { name: "Unlink Test ID" }).count()).resolves.toBe(0);

      // Connect again, after the password: the provider still has its session in this browser, so no login form.
      await settled(page, js);
      await page.getByLabel("Your password").fill(PASSWORD);
      await page.getByRole("button", { name: "Connect Test ID" }).click();
      await page.getByText("Test ID is connected.").waitFor();
      expect(path(page)).toBe("/account/sign-in-methods");
      await expect(page.getByRole("button", { name: "Unlink Test ID" }).count()).resolves.toBe(1);
    });

    it("a candidate without a password confirms with the provider in this browser, then deletes the account", async () => {
      const page = await newPage();
      await continueWithProvider(page, js, `dana-${tag}`, "/auth?mode=signup");
      await page.getByRole("heading", { name: "One more step" }).waitFor();
      await settled(page, js);
      await page.getByLabel(/Find a job/).check();
      await page.getByLabel(/I accept that Hirewise keeps my name/).check();
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("heading", { name: "Find Your Next Opportunity" }).waitFor();

      await open(page, "/account/delete", js);
      await page.getByLabel(/to confirm/).fill("DELETE");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.locator("#delete-password-error").waitFor();
      await expect(page.locator("#delete-password-error").textContent()).resolves.toContain(
        "confirm it's you with your identity provider",
      );
      expect(await page.getByLabel(/to confirm/).inputValue()).toBe("DELETE");

      // "Confirm with Test ID": the provider knows this browser, and sends it back here.
      await page.getByRole("link", { name: "Confirm with Test ID" }).click();
      await page.getByText("You confirmed it's you with your identity provider.").waitFor();
      expect(path(page)).toBe("/account/delete");
      await settled(page, js);
      await page.getByLabel(/to confirm/).fill("DELETE");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL((url) => url.pathname === "/" && url.search === "?account=deleted");
      await page.getByText("Your account is deleted.").waitFor();
    });

    it("an unverified email at the provider is never linked to an existing account", async () => {
      const email = `ursa-${tag}@example.com`;
      await signUpWithPassword(await newPage(), js, email);

      const page = await newPage();
      await continueWithProvider(page, js, `unverified:${email}`);
      await page.getByRole("heading", { name: "Could not sign in with Test ID" }).waitFor();
      await expect(page.getByRole("alert").textContent()).resolves.toContain("has not verified that address");
      await page.getByRole("link", { name: "Back to sign in" }).click();
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      await expect(page.locator("#user-menu").count()).resolves.toBe(0);
    });
  },
  { env: () => idp.env("testidp", "Test ID") },
);
