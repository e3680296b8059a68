// Mail nobody can aim and passwords nobody guesses, end to end with JavaScript on and off and
// REQUIRE_EMAIL_VERIFICATION on: a well-known password is refused beside the field; sign-up
// answers "check your email" alike for a new address and one that has an account; Apply → the
// wizard's "create an account" → sign up → confirm → sign in lands on the application; an
// unconfirmed employer is told on the team page to confirm before inviting; an unconfirmed
// candidate's alerts page says alerts wait.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { journeys, settled } from "../support/browser.ts";
import { useModulesOn } from "../support/app-server.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { signInAs } from "../support/sessions.ts";
import { em } from "../../lib/db.ts";
import { signUp as createAccount } from "../../modules/identity/index.server.ts";

const PASSWORD = "plinth mosaic ferret";

async function fillSignUp(
  page: Page,
  js: boolean,
  start: string,
  fields: { name: string; email: string; password: string },
) {
  if (start) {
    await page.goto(start);
    await settled(page, js);
  }
  await page.getByLabel(/Find a job/).check();
  await page.getByLabel("Full name").fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

const CHECK_EMAIL = "Check your email: we sent a message to the address you gave";
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

journeys(
  "mail and passwords",
  (journey) => {
    const { js, newPage } = journey;
    const tag = js ? "js" : "nojs";
    useModulesOn(() => journey.server);

    it("refuses a well-known password at sign-up beside the field, keeping the rest but the password", async () => {
      const page = await newPage();
      await fillSignUp(page, js, "/auth?mode=signup&role=candidate", {
        name: "Pat Weak",
        email: `weak-${tag}@example.com`,
        password: "password1234",
      });
      await page.locator("#auth-signup-password-error").getByText("This password is too easy to guess").waitFor();
      await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Pat Weak");
      await expect(page.getByLabel("Email").inputValue()).resolves.toBe(`weak-${tag}@example.com`);
      await expect(page.getByLabel("Password", { exact: true }).inputValue()).resolves.toBe("");
      expect(await em().execute(`select 1 from users where email = ?`, [`weak-${tag}@example.com`])).toHaveLength(0);
    });

    it("answers a sign-up with an address that has an account exactly as one with a new address", async () => {
      await createAccount({
        email: `taken-${tag}@example.com`,
        password: "correct horse battery",
        role: "candidate",
        full_name: "First Owner",
      });
      const seen: string[] = [];
      for (const email of [`newcomer-${tag}@example.com`, `taken-${tag}@example.com`]) {
        const page = await newPage();
        await fillSignUp(page, js, "/auth?mode=signup&role=candidate", { name: "Second", email, password: PASSWORD });
        await page.getByText(CHECK_EMAIL).waitFor();
        await settled(page, js);
        seen.push(`${path(page)} ${(await page.locator("main").innerText()).replace(/\s+/g, " ")}`);
        // Signed out either way: the candidate pages send you to sign in.
        await page.goto("/candidate/applications");
        await page.waitForURL(/\/auth\?/);
      }
      expect(seen[1]).toBe(seen[0]);
      expect(seen[0]).not.toContain("already exists");
    });

    it("signs up from Apply, confirms the address by email, signs in and lands on the application", async () => {
      const employer = await signUpOnPlan({
        email: `boss-${tag}@example.com`,
        password: PASSWORD,
        role: "employer",
        company_name: "Quokka Labs",
        full_name: "Bo",
        plan: "business",
      });
      const title = `Quokka Wrangler ${tag}`;
      const jobId = await publishTestJob(employer.id, { title, company_name: "Quokka Labs" });
      const page = await newPage();
      await page.goto(`/jobs/${jobId}`);
      await settled(page, js);
      // Apply leads a visitor to the wizard without an account; it offers making one first.
      await page.locator(`main a[href="/jobs/${jobId}/apply"]`).first().click();
      await page.getByRole("heading", { name: `Apply: ${title}` }).waitFor();
      await settled(page, js);
      await page.getByRole("link", { name: "create an account" }).click();
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      await settled(page, js);
      const email = `applicant-${tag}@example.com`;
      await fillSignUp(page, js, "", { name: "Ada Applicant", email, password: PASSWORD });
      await page.getByText(CHECK_EMAIL).waitFor();
      expect(path(page)).toBe(`/auth?mode=signin&redirect=${encodeURIComponent(`/candidate/jobs/${jobId}/apply`)}`);
      // The link, opened in another tab of the same browser.
      const tab = await page.context().newPage();
      await tab.goto(
        await linkFromMailbox(
          journey.server.dataDir,
          email,
          "Confirm your email address for Hirewise",
          "/auth/verify/",
        ),
      );
      await settled(tab, js);
      await tab.getByRole("button", { name: "Confirm my email" }).click();
      await tab.getByText("Your email address is confirmed. Sign in to continue.").waitFor();
      // Back in the first tab, signing in goes on to the application.
      await settled(page, js);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByRole("heading", { name: `Apply: ${title}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/candidate/jobs/${jobId}/apply`);
    });

    it("signs up from Apply, confirms in another browser, and signing in there lands on the application", async () => {
      const employer = await signUpOnPlan({
        email: `boss-two-${tag}@example.com`,
        password: PASSWORD,
        role: "employer",
        company_name: "Wombat Labs",
        full_name: "Bea",
        plan: "business",
      });
      const title = `Wombat Groomer ${tag}`;
      const jobId = await publishTestJob(employer.id, { title, company_name: "Wombat Labs" });
      const page = await newPage();
      await page.goto(`/jobs/${jobId}`);
      await settled(page, js);
      // Apply leads a visitor to the wizard without an account; it offers making one first.
      await page.locator(`main a[href="/jobs/${jobId}/apply"]`).first().click();
      await page.getByRole("heading", { name: `Apply: ${title}` }).waitFor();
      await settled(page, js);
      await page.getByRole("link", { name: "create an account" }).click();
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      await settled(page, js);
      const email = `elsewhere-${tag}@example.com`;
      await fillSignUp(page, js, "", { name: "Eli Elsewhere", email, password: PASSWORD });
      await page.getByText(CHECK_EMAIL).waitFor();
      // The link opened on another device: a browser that never saw the sign-up.
      const other = await newPage();
      await other.goto(
        await linkFromMailbox(
          journey.server.dataDir,
          email,
          "Confirm your email address for Hirewise",
          "/auth/verify/",
        ),
      );
      await settled(other, js);
      await other.getByRole("button", { name: "Confirm my email" }).click();
      await other.getByText("Your email address is confirmed. Sign in to continue.").waitFor();
      await settled(other, js);
      await other.getByLabel("Email").fill(email);
      await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await other.getByRole("button", { name: "Sign In", exact: true }).click();
      await other.getByRole("heading", { name: `Apply: ${title}` }).waitFor();
      expect(new URL(other.url()).pathname).toBe(`/candidate/jobs/${jobId}/apply`);
    });

    it("tells an unconfirmed employer on the team page to confirm first, and sends no invitation", async () => {
      const owner = await createAccount({
        email: `unconfirmed-boss-${tag}@example.com`,
        password: PASSWORD,
        role: "employer",
        company_name: "Spam Ltd",
        full_name: "Sam",
      });
      const page = await newPage();
      await signInAs(page, journey.baseUrl, owner);
      await page.goto("/employer/team");
      await settled(page, js);
      await page
        .locator("#invite-blocked")
        .getByText("Confirm your email address before you invite colleagues.")
        .waitFor();
      await page.getByLabel("Email address").fill(`victim-${tag}@example.com`);
      await page.getByRole("button", { name: "Send invitation" }).click();
      await page.getByRole("alert").getByText("Confirm your email address before you invite colleagues.").waitFor();
      expect(
        await em().execute(`select 1 from company_invitations where email = ?`, [`victim-${tag}@example.com`]),
      ).toHaveLength(0);
    });

    it("says on an unconfirmed candidate's alerts page that alerts are kept but not mailed until confirmed", async () => {
      const candidate = await createAccount({
        email: `unconfirmed-alerts-${tag}@example.com`,
        password: PASSWORD,
        role: "candidate",
        full_name: "Una",
      });
      const page = await newPage();
      await signInAs(page, journey.baseUrl, candidate);
      await page.goto("/candidate/alerts");
      await settled(page, js);
      await page
        .locator("#alerts-unconfirmed")
        .getByText("Your alerts are saved, but we email them only to a confirmed address.")
        .waitFor();
      await page.locator("#alerts-unconfirmed").getByRole("link", { name: "get a new link" }).click();
      await page.getByRole("heading", { name: "Confirm your email address" }).waitFor();
    });
  },
  { env: { REQUIRE_EMAIL_VERIFICATION: "true" } },
);
