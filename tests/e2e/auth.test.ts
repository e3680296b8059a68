// Accounts end to end: sign-up for both roles, sign-in, sign-out, bad input, the redirect
// parameter, each with JavaScript on and off. Accounts a test only signs in to are made directly.
// The guards' wrong-role and catch-all redirects are the same with or without JavaScript:
// tests/integration/redirects-http.test.ts.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signUp as createAccount } from "../../modules/identity/index.server.ts";
import { useModulesOn } from "../support/app-server.ts";
import { journeys, settled } from "../support/browser.ts";

const PASSWORD = "correct horse battery";

async function open(page: Page, path: string, js: boolean) {
  await page.goto(path);
  await settled(page, js);
}

async function signUp(
  page: Page,
  js: boolean,
  fields: { role: "candidate" | "employer"; name: string; email: string; company?: string },
) {
  await open(page, `/auth?mode=signup&role=${fields.role}`, js);
  await page.getByLabel(fields.role === "employer" ? /Hire talent/ : /Find a job/).check();
  await page.getByLabel("Full name").fill(fields.name);
  if (fields.company !== undefined) await page.getByLabel("Company name").fill(fields.company);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
}

async function signIn(page: Page, js: boolean, email: string, password = PASSWORD, path = "/auth?mode=signin") {
  if (path) await open(page, path, js);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOut(page: Page) {
  await page.locator("#user-menu summary").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  // The signed-out header proves the new page rendered (client navigation changes the URL first).
  await page.getByRole("link", { name: "Start Free Trial" }).first().waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
}

/** Waits for a signed-in home page to render (client navigation updates the URL first). */
async function landedOn(page: Page, expected: string) {
  // Employers land on "Welcome, {name}", candidates on the job search.
  await page.getByRole("heading", { name: /^(Welcome, |Find Your Next Opportunity$)/ }).waitFor();
  expect(path(page)).toBe(expected);
}

const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

journeys("accounts", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  useModulesOn(() => journey.server);
  const candidate = (name: string, email: string) =>
    createAccount({ email, password: PASSWORD, role: "candidate", full_name: name });

  it("a candidate signs up, signs out and signs in again", async () => {
    const page = await newPage();
    await signUp(page, js, { role: "candidate", name: "Cara Candidate", email: `cara-${tag}@example.com` });
    await page.getByRole("heading", { name: "Find Your Next Opportunity" }).waitFor();
    expect(path(page)).toBe("/candidate/jobs");
    await expect(page.locator("#user-menu summary").textContent()).resolves.toContain("Cara Candidate");
    await expect(page.getByRole("link", { name: "Browse Jobs" }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "My Applications" }).count()).resolves.toBe(1);

    await signOut(page);
    await expect(page.getByRole("link", { name: "Start Free Trial" }).first().isVisible()).resolves.toBe(true);
    // Signed out means the server forgot the session: guarded pages send us to sign in.
    await page.goto("/candidate/jobs");
    expect(path(page)).toBe("/auth?redirect=%2Fcandidate%2Fjobs");

    await signIn(page, js, `CARA-${tag}@example.com`, PASSWORD, "");
    await landedOn(page, "/candidate/jobs");
  });

  it("an employer signs up with a company and lands on the dashboard", async () => {
    const page = await newPage();
    await signUp(page, js, {
      role: "employer",
      name: "Erin Employer",
      email: `erin-${tag}@example.com`,
      company: "Acme Robotics",
    });
    await page.getByRole("heading", { name: "Welcome, Erin Employer" }).waitFor();
    expect(path(page)).toBe("/employer/dashboard");
    await expect(page.locator("main").textContent()).resolves.toContain("Hiring for Acme Robotics");
    await expect(page.getByRole("link", { name: "Post Job" }).count()).resolves.toBe(1);
  });

  it("shows bad input beside the field and keeps what was typed, except the password", async () => {
    const page = await newPage();
    await signUp(page, js, {
      role: "employer",
      name: "No Company",
      email: `nocompany-${tag}@example.com`,
      company: "",
    });
    await page.locator("#auth-signup-company_name-error").waitFor();
    await expect(page.locator("#auth-signup-company_name-error").textContent()).resolves.toBe(
      "Enter your company name",
    );
    await expect(page.getByLabel("Company name").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("No Company");
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(`nocompany-${tag}@example.com`);
    await expect(page.getByLabel("Password", { exact: true }).inputValue()).resolves.toBe("");
    await expect(page.getByLabel(/Hire talent/).isChecked()).resolves.toBe(true);

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Company name").fill("Acme");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.locator("#auth-signup-email-error").waitFor();
    await expect(page.locator("#auth-signup-email-error").textContent()).resolves.toContain("valid email");
    await expect(page.locator("#auth-signup-password-error").textContent()).resolves.toContain("at least 8");
  });

  it("names every missing field of an empty sign-up at once, each beside its field", async () => {
    const page = await newPage();
    await open(page, "/auth?mode=signup&role=employer", js);
    await page.getByLabel(/Hire talent/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    for (const [field, message] of [
      ["full_name", "Enter your full name"],
      ["company_name", "Enter your company name"],
      ["email", "Enter your email address"],
      ["password", "Enter a password"],
    ]) {
      await page.locator(`#auth-signup-${field}-error`).waitFor();
      await expect(page.locator(`#auth-signup-${field}-error`).textContent()).resolves.toBe(message);
    }
    await expect(page.getByText("Fields marked * are required.").count()).resolves.toBe(1);
  });

  it("never says a taken email has an account: it asks to check the email, signed out", async () => {
    await candidate("First", `taken-${tag}@example.com`);
    const other = await newPage();
    await signUp(other, js, { role: "candidate", name: "Second", email: `taken-${tag}@example.com` });
    await other.getByText("Check your email: we sent a message to the address you gave").waitFor();
    expect(path(other)).toBe("/auth?mode=signin");
    await expect(other.getByText("already exists").count()).resolves.toBe(0);
    await expect(other.getByRole("heading", { name: "Welcome back" }).count()).resolves.toBe(1);
  });

  it("gives one message in the red box for a wrong password or an unknown email", async () => {
    await candidate("Wrong Pass", `wrong-${tag}@example.com`);
    const other = await newPage();
    await signIn(other, js, `wrong-${tag}@example.com`, "not the password");
    const alert = other.getByRole("alert");
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe("The email or password is incorrect.");
    await expect(other.getByLabel("Email").inputValue()).resolves.toBe(`wrong-${tag}@example.com`);
    await expect(other.getByLabel("Password", { exact: true }).inputValue()).resolves.toBe("");
    await signIn(other, js, `nobody-${tag}@example.com`, "not the password");
    await other.getByRole("alert").waitFor();
    await expect(other.getByRole("alert").textContent()).resolves.toBe("The email or password is incorrect.");
    await expect(other.getByLabel("Email").inputValue()).resolves.toBe(`nobody-${tag}@example.com`);
  });

  it("signs in and goes back to the page a signed-out visitor asked for", async () => {
    await createAccount({
      email: `back-${tag}@example.com`,
      password: PASSWORD,
      role: "employer",
      full_name: "Back Again",
      company_name: "Acme",
    });
    const page = await newPage();
    // Where the guard sends a visitor who asked for /employer/dashboard?tab=jobs&sort=new
    // (tests/integration/redirects-http.test.ts follows that redirect).
    await signIn(
      page,
      js,
      `back-${tag}@example.com`,
      PASSWORD,
      "/auth?redirect=%2Femployer%2Fdashboard%3Ftab%3Djobs%26sort%3Dnew",
    );
    await landedOn(page, "/employer/dashboard?tab=jobs&sort=new");
  });

  it("never redirects off-site after sign-in", async () => {
    await candidate("Safe", `safe-${tag}@example.com`);
    const page = await newPage();
    await signIn(
      page,
      js,
      `safe-${tag}@example.com`,
      PASSWORD,
      "/auth?mode=signin&redirect=%2F%2Fevil.example%2Fphish",
    );
    await landedOn(page, "/candidate/jobs");
    expect(new URL(page.url()).host).toBe(new URL(page.url()).host.replace("evil.example", ""));
  });

  it("switches theme and remembers it across pages", async () => {
    const page = await newPage();
    await open(page, "/auth", js);
    // With JavaScript the choice is saved in the background: wait for it before leaving the page.
    const toggle = async (name: string) => {
      const saved = js ? page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/theme")) : undefined;
      await page.getByRole("button", { name }).click();
      await saved;
    };
    const html = page.locator("html");
    const isDark = async () => ((await html.getAttribute("class")) ?? "").includes("dark");
    await expect(isDark()).resolves.toBe(false);
    await toggle("Switch to dark theme");
    await page.locator("html.dark").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    await open(page, "/", js);
    await expect(isDark()).resolves.toBe(true);
    await toggle("Switch to light theme");
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    await open(page, "/auth", js);
    await expect(isDark()).resolves.toBe(false);
  });

  it("follows the system theme until the visitor chooses", async () => {
    const page = await newPage({ colorScheme: "dark" });
    await open(page, "/", js);
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(dark).not.toBe("rgb(255, 255, 255)");
  });
});
