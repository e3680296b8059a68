// Account settings end to end, with JavaScript on and off: change the name, change the password
// (another browser is signed out, this one stays), change the email address through the link in
// the server's dev mailbox, list the signed-in sessions and sign one out; and, over HTTP, a
// foreign-Origin post and a double-submitted password change.
import { expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { listMailbox } from "../../lib/mail.ts";
import { axeViolations } from "../support/axe.ts";
import { journeys, settled } from "../support/browser.ts";
import { httpClient, signInOverHttp, together } from "../support/http.ts";

const PASSWORD = "correct horse battery";

async function open(page: Page, to: string, js: boolean) {
  await page.goto(to);
  await settled(page, js);
}

async function signUp(
  page: Page,
  js: boolean,
  fields: { email: string; name: string; role?: "candidate" | "employer" },
) {
  const role = fields.role ?? "candidate";
  await open(page, `/auth?mode=signup&role=${role}`, js);
  await page.getByLabel(role === "employer" ? /Hire talent/ : /Find a job/).check();
  await page.getByLabel("Full name").fill(fields.name);
  if (role === "employer") await page.getByLabel("Company name").fill("Acme Robotics");
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page
    .getByRole("heading", { name: role === "employer" ? /^Welcome, / : "Find Your Next Opportunity" })
    .waitFor();
}

async function signIn(page: Page, js: boolean, email: string, password = PASSWORD) {
  await open(page, "/auth?mode=signin", js);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { name: /^(Welcome, |Find Your Next Opportunity$)/ }).waitFor();
}

/** The card of /account with this heading. */
const card = (page: Page, heading: string) => page.getByRole("region", { name: heading, exact: true });

/** The text of the newest message in the server's mailbox to `to` with `subject`, soft line breaks joined. */
async function mailTo(dataDir: string, to: string, subject: string): Promise<string> {
  let file: string | undefined;
  await expect
    .poll(
      async () =>
        (file = (await listMailbox(path.join(dataDir, "mail"))).find(
          (m) => m.to.includes(to) && m.subject === subject,
        )?.file),
      {
        timeout: 30_000,
        interval: 300,
      },
    )
    .toBeTruthy();
  return (await readFile(file!, "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

journeys("account settings", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";

  it("changes the name and shows it in the menu", async () => {
    const page = await newPage();
    await signUp(page, js, { email: `name-${tag}@example.com`, name: "Nora Name", role: "employer" });
    await open(page, "/account", js);
    const profile = card(page, "Profile");
    await profile.getByLabel("Full name").fill("Nora Newname");
    await profile.getByLabel("Company name").fill("Acme Robotics International");
    await profile.getByRole("button", { name: "Save" }).click();
    await profile.getByRole("status").filter({ hasText: "Your name and company name are updated" }).waitFor();
    await expect(page.locator("#user-menu summary").textContent()).resolves.toContain("Nora Newname");
    await expect(profile.getByLabel("Company name").inputValue()).resolves.toBe("Acme Robotics International");
  });

  it("changes the password: a wrong one gets a message beside it, then the other browser is signed out and this one stays", async () => {
    const email = `pw-${tag}@example.com`;
    const page = await newPage();
    await signUp(page, js, { email, name: "Paula Password" });
    const other = await newPage();
    await signIn(other, js, email);

    await open(page, "/account", js);
    const password = card(page, "Password");
    await password.getByLabel("Current password").fill("not my password");
    await password.getByLabel("New password").fill("a much better password");
    await password.getByRole("button", { name: "Change password" }).click();
    const error = page.locator("#password-form-current_password-error");
    await error.waitFor();
    await expect(error.textContent()).resolves.toBe("Your current password is incorrect.");
    // Passwords are never kept after a refused post.
    await expect(password.getByLabel("Current password").inputValue()).resolves.toBe("");
    await expect(password.getByLabel("New password").inputValue()).resolves.toBe("");

    await password.getByLabel("Current password").fill(PASSWORD);
    await password.getByLabel("New password").fill("a much better password");
    await password.getByRole("button", { name: "Change password" }).click();
    await password.getByRole("status").filter({ hasText: "Your password is changed" }).waitFor();
    await expect(password.getByLabel("Current password").inputValue()).resolves.toBe("");

    await open(page, "/account", js);
    await page.getByRole("heading", { name: "Account", exact: true }).waitFor();
    await other.goto("/account");
    await other.waitForURL(/\/auth\?redirect=%2Faccount/);
    await signIn(other, js, email, "a much better password");
    await mailTo(journey.server.dataDir, email, "Your Hirewise password was changed");
  });

  it("changes the email address through the link sent to the new address, and tells the old one", async () => {
    const oldEmail = `old-${tag}@example.com`;
    const newEmail = `new-${tag}@example.com`;
    const page = await newPage();
    await signUp(page, js, { email: oldEmail, name: "Ellie Email" });
    await open(page, "/account", js);
    const section = card(page, "Email address");
    await section.getByLabel("New email address").fill(oldEmail.toUpperCase());
    await section.getByLabel("Current password").fill(PASSWORD);
    await section.getByRole("button", { name: "Send confirmation link" }).click();
    await page
      .locator("#email-form-new_email-error")
      .filter({ hasText: "That is already your email address." })
      .waitFor();
    await expect(section.getByLabel("New email address").inputValue()).resolves.toBe(oldEmail.toUpperCase());

    await section.getByLabel("New email address").fill(newEmail);
    await section.getByLabel("Current password").fill(PASSWORD);
    await section.getByRole("button", { name: "Send confirmation link" }).click();
    await section.getByRole("status").filter({ hasText: "Link sent" }).waitFor();
    await expect(section.textContent()).resolves.toContain(`We sent a link to ${newEmail}`);

    const mail = await mailTo(journey.server.dataDir, newEmail, "Confirm your new Hirewise email address");
    const link = /https?:\/\/[^\s"<>]+\/account\/email\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    await open(page, new URL(link!).pathname, js);
    await page.getByRole("heading", { name: "Confirm your new email address" }).waitFor();
    // Opening the link changed nothing yet.
    await expect(page.getByText(`instead of ${oldEmail}`).count()).resolves.toBe(1);
    await page.getByRole("button", { name: "Confirm new address" }).click();
    await card(page, "Email address")
      .getByRole("status")
      .filter({ hasText: `Your email address is now ${newEmail}` })
      .waitFor();
    await expect(card(page, "Email address").textContent()).resolves.not.toContain("We sent a link");

    const notice = await mailTo(journey.server.dataDir, oldEmail, "Your Hirewise email address was changed");
    expect(notice).toContain(newEmail);
    // The link is used up.
    await open(page, new URL(link!).pathname, js);
    await page.getByRole("heading", { name: "This link can't be used" }).waitFor();
  });

  it("lists the signed-in sessions, signs another one out, then every other one", async () => {
    const email = `sessions-${tag}@example.com`;
    const page = await newPage();
    await signUp(page, js, { email, name: "Sam Sessions" });
    const phone = await newPage();
    await signIn(phone, js, email);
    const laptop = await newPage();
    await signIn(laptop, js, email);

    await open(page, "/account", js);
    const sessions = card(page, "Where you're signed in");
    const rows = sessions.getByRole("list", { name: "Signed-in sessions" }).getByRole("listitem");
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.first().textContent()).resolves.toContain("This device");
    await expect(rows.first().textContent()).resolves.toMatch(/Chrome.* on Linux/);
    const html = await page.content();
    const phoneCookie = (await phone.context().cookies()).find((c) => c.name === "__session")!.value;
    expect(html).not.toContain(phoneCookie);

    await rows
      .nth(1)
      .getByRole("button", { name: /^Sign out/ })
      .click();
    await sessions.getByRole("status").filter({ hasText: "That session is signed out." }).waitFor();
    await expect(rows.count()).resolves.toBe(2);

    await sessions.getByRole("button", { name: "Sign out everywhere else" }).click();
    await sessions.getByRole("status").filter({ hasText: "Every other session is signed out." }).waitFor();
    await expect(rows.count()).resolves.toBe(1);
    for (const signedOut of [phone, laptop]) {
      await signedOut.goto("/account");
      await signedOut.waitForURL(/\/auth\?redirect=/);
    }
    await open(page, "/account", js);
    await page.getByRole("heading", { name: "Account", exact: true }).waitFor();
  });

  it.runIf(js)(
    "passes axe with a pending change, an error and another session, in the light and the dark theme, and fits a 320 px screen",
    async () => {
      for (const colorScheme of ["light", "dark"] as const) {
        const email = `axe-${colorScheme}-with-a-rather-long-address@a-long-company-domain.example.com`;
        const page = await newPage({ colorScheme });
        await signUp(page, js, { email, name: "Axel Axe", role: "employer" });
        await signIn(await newPage(), js, email);
        await open(page, "/account", js);
        const section = card(page, "Email address");
        await section.getByLabel("New email address").fill(`next-${email}`);
        await section.getByLabel("Current password").fill(PASSWORD);
        await section.getByRole("button", { name: "Send confirmation link" }).click();
        await section.getByRole("status").waitFor();
        const password = card(page, "Password");
        await password.getByLabel("Current password").fill("wrong password");
        await password.getByLabel("New password").fill("a much better password");
        await password.getByRole("button", { name: "Change password" }).click();
        await page.locator("#password-form-current_password-error").waitFor();
        expect(await axeViolations(page), colorScheme).toEqual([]);
        await page.setViewportSize({ width: 320, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

        const mail = await mailTo(journey.server.dataDir, `next-${email}`, "Confirm your new Hirewise email address");
        await open(page, /\/account\/email\/[A-Za-z0-9_-]{43}/.exec(mail)![0], js);
        await page.getByRole("button", { name: "Confirm new address" }).waitFor();
        expect(await axeViolations(page), colorScheme).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      }
    },
  );

  it.runIf(!js)("refuses a settings post from another site, changing nothing", async () => {
    const email = "csrf-settings@example.com";
    await httpClient(journey.baseUrl).post("/auth?mode=signup", {
      mode: "signup",
      role: "candidate",
      full_name: "Cora",
      email,
      password: PASSWORD,
    });
    const me = await signInOverHttp(journey.baseUrl, email, PASSWORD);
    const other = await signInOverHttp(journey.baseUrl, email, PASSWORD);
    const forgeries: Record<string, string>[] = [
      { intent: "end-other-sessions" },
      { intent: "names", full_name: "Forged" },
      { intent: "change-password", current_password: PASSWORD, new_password: "forged password" },
    ];
    for (const fields of forgeries) {
      const forged = await fetch(`${journey.baseUrl}/account`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: "https://evil.example",
          Cookie: me.cookie!,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
      });
      expect(forged.status, fields.intent).toBe(403);
    }
    expect((await other.get("/account")).status).toBe(200);
    const page = await me.get("/account");
    expect(await page.text()).toContain('value="Cora"');
    await signInOverHttp(journey.baseUrl, email, PASSWORD);
  });

  it.runIf(!js)("applies one of two password changes sent at once, leaving one password that works", async () => {
    const email = "double-password@example.com";
    await httpClient(journey.baseUrl).post("/auth?mode=signup", {
      mode: "signup",
      role: "candidate",
      full_name: "Dora",
      email,
      password: PASSWORD,
    });
    const me = await signInOverHttp(journey.baseUrl, email, PASSWORD);
    const answers = await together(
      ["first new password", "second new password"].map(
        (new_password) => () =>
          me.post("/account", { intent: "change-password", current_password: PASSWORD, new_password }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toContain("Your current password is incorrect.");
    const winner = answers[0]!.status === 302 ? "first new password" : "second new password";
    expect((await me.get("/account")).status).toBe(200);
    await signInOverHttp(journey.baseUrl, email, winner);
    await expect(signInOverHttp(journey.baseUrl, email, PASSWORD)).rejects.toThrow();
  });
});
