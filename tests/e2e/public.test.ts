// The public pages end to end, with JavaScript on and off: every page complete, the pricing
// toggles (shareable URLs), plan buttons through sign-up to the recorded plan on /account.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { journeys, settled } from "../support/browser.ts";
import { runCli } from "../support/cli.ts";
import { countInMailbox } from "../support/mailbox.ts";

/** Where plan requests and Enterprise enquiries go on this server. */
const SALES = "sales-team@example.com";

const PAGES = [
  { path: "/", h1: "Hire on skills, not keywords", title: /Hirewise/ },
  { path: "/pricing", h1: "Simple pricing for employers and job seekers", title: /^Pricing · Hirewise$/ },
  { path: "/how-it-works", h1: /./, title: /^How it works · Hirewise$/i },
  { path: "/about", h1: /./, title: /^About · Hirewise$/ },
];

async function open(page: Page, path: string, js: boolean) {
  await page.goto(path);
  await settled(page, js);
}

const planCard = (page: Page, name: string) => page.getByRole("article", { name });

journeys(
  "public pages",
  (journey) => {
    const { js, newPage } = journey;
    const tag = js ? "js" : "nojs";

    it("renders every public page in full, with a title, description and sharing tags", async () => {
      const page = await newPage();
      for (const { path, h1, title } of PAGES) {
        await open(page, path, js);
        expect(await page.title()).toMatch(title);
        const heading = await page.getByRole("heading", { level: 1 }).textContent();
        expect(heading).toMatch(h1);
        expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
        const description = await page.locator('meta[name="description"]').getAttribute("content");
        expect(description?.length).toBeGreaterThan(50);
        expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBeTruthy();
        expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(`${journey.baseUrl}${path}`);
        // Content is in the server's HTML, not drawn by scripts.
        expect((await page.locator("main").innerText()).length).toBeGreaterThan(500);
      }
      // A fresh install has no jobs: no figures at all, and never a success rate nobody measures.
      for (const path of ["/", "/how-it-works"]) {
        await open(page, path, js);
        const main = await page.locator("main").innerText();
        expect(main).not.toMatch(/10K\+|500\+|50K\+|success rate/i);
        expect(await page.getByRole("region", { name: /Hirewise (in|by the) numbers/ }).count()).toBe(0);
      }
      await open(page, "/", js);
      expect(await page.locator("main").innerText()).toContain(
        "create a job seeker account: 3 applications free for 14 days.",
      );
      const hrefs = await page.locator("main a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs).toContain("/auth?mode=signup&role=employer");
      expect(hrefs).toContain("/pricing");
    });

    it("switches audience and billing, and a shared link opens the same view", async () => {
      const page = await newPage();
      await open(page, "/pricing", js);
      await planCard(page, "Essential").waitFor();
      expect(await planCard(page, "Essential").innerText()).toContain("$9.99");

      await page.getByRole("link", { name: "Employers" }).click();
      await planCard(page, "Startup").waitFor();
      expect(new URL(page.url()).search).toBe("?audience=employers&billing=monthly");
      expect(await planCard(page, "Essential").count()).toBe(0);
      expect(await planCard(page, "Startup").innerText()).toContain("$59.99");

      await page.getByRole("link", { name: /Annual/ }).click();
      await page.getByText("$599.99").waitFor();
      expect(new URL(page.url()).search).toBe("?audience=employers&billing=annual");
      expect(await planCard(page, "Startup").innerText()).toMatch(/Save 17%/);
      expect(await planCard(page, "Business").innerText()).toContain("$1,499.99");
      expect(await page.getByRole("link", { name: /Annual/ }).getAttribute("aria-current")).toBe("true");

      const shared = await newPage();
      await open(shared, "/pricing?audience=employers&billing=annual", js);
      expect(await planCard(shared, "Startup").innerText()).toContain("$599.99");
      await open(shared, "/pricing?audience=nonsense&billing=weekly", js);
      expect(await planCard(shared, "Essential").innerText()).toContain("$9.99");
    });

    it("links each plan to sign-up for its role, and Enterprise to sales", async () => {
      const page = await newPage();
      await open(page, "/pricing?audience=employers", js);
      expect(await planCard(page, "Startup").getByRole("link").getAttribute("href")).toBe(
        "/auth?mode=signup&role=employer&plan=startup",
      );
      expect(await planCard(page, "Free Trial").getByRole("link").getAttribute("href")).toBe(
        "/auth?mode=signup&role=employer&plan=free%20trial",
      );
      expect(await planCard(page, "Enterprise").getByRole("link").getAttribute("href")).toMatch(
        /^mailto:sales-team@example\.com\?subject=/,
      );
      await open(page, "/pricing", js);
      expect(await planCard(page, "Professional").getByRole("link").getAttribute("href")).toBe(
        "/auth?mode=signup&role=candidate&plan=professional",
      );
    });

    it("a plan button leads to a sign-up on the Free Trial that remembers the plan to upgrade to", async () => {
      const page = await newPage();
      await open(page, "/pricing?audience=employers&billing=annual", js);
      await planCard(page, "Startup").getByRole("link").click();
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      await settled(page, js);
      expect(await page.getByLabel(/Hire talent/).isChecked()).toBe(true);
      await page.getByLabel("Full name").fill("Paula Plan");
      await page.getByLabel("Company name").fill("Plan Co");
      await page.getByLabel("Email").fill(`plan-${tag}@example.com`);
      await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("heading", { name: "Welcome, Paula Plan" }).waitFor();

      await open(page, "/account", js);
      const plan = page.getByRole("region", { name: "Your plan", exact: true });
      expect(await plan.innerText()).toContain(
        "You picked Startup when you signed up. You're on the Free Trial until your plan is upgraded.",
      );
      expect(await page.getByRole("region", { name: "Usage", exact: true }).innerText()).toMatch(
        /Active jobs\s*0 of 1/,
      );
      // This server takes no payments (no STRIPE_SECRET_KEY): the customer requests the plan; no operator's command shows.
      const change = page.getByRole("region", { name: "Change your plan" });
      expect(await change.innerText()).toMatch(
        /Payment isn't taken online here\. Request a plan and we will contact you to arrange payment/,
      );
      expect(await page.locator("main").innerText()).not.toMatch(/plans:set|npm run/);
      await change.getByRole("button", { name: "Request Startup" }).click();
      await page
        .getByText(
          /^You requested Startup \(monthly\) on .+\. We will contact you to arrange payment; your plan changes as soon as it is set up\.$/,
        )
        .waitFor();
      await settled(page, js);
      expect(await change.getByRole("button", { name: "Request Startup" }).count()).toBe(0);

      await open(page, "/pricing?audience=employers", js);
      expect(await page.locator("main").innerText()).not.toMatch(/plans:set|npm run|Start free trial/i);
      expect(await planCard(page, "Startup").innerText()).toMatch(/You requested Startup \(monthly\)/);
      expect(await planCard(page, "Startup").getByRole("button").count()).toBe(0);
      expect(await planCard(page, "Free Trial").innerText()).toContain("Your current plan.");
      expect(await planCard(page, "Free Trial").getByRole("link").count()).toBe(0);
      expect(await page.locator("#faq-title ~ dl").innerText()).not.toMatch(/enter payment details/);
      // Signed in, the public pages send them to their dashboard, not to a trial.
      for (const path of ["/", "/how-it-works"]) {
        await open(page, path, js);
        expect(await page.locator("main").innerText()).not.toMatch(/Start (your )?free trial/i);
        expect(
          await page
            .locator("main")
            .getByRole("link", { name: /dashboard/i })
            .first()
            .getAttribute("href"),
        ).toBe("/employer/dashboard");
      }

      // Five presses at once of Request this plan on Business: one request, one email to the sales address.
      await open(page, "/pricing?audience=employers", js);
      expect(await planCard(page, "Business").getByRole("button", { name: "Request this plan" }).count()).toBe(1);
      const presses = await Promise.all(
        Array.from({ length: 5 }, () =>
          page.context().request.post("/billing/request", {
            form: { plan: "business", billing: "monthly" },
            headers: { Origin: journey.baseUrl },
            maxRedirects: 0,
          }),
        ),
      );
      expect(presses.map((r) => [r.status(), r.headers().location])).toEqual(
        Array(5).fill([303, "/account?plan=requested#plan"]),
      );
      const listed = await runCli({ DATABASE_URL: journey.server.databaseUrl }, "plans:requests", "--json");
      const mine = (JSON.parse(listed.stdout) as { account: string; plan: string }[]).filter(
        (r) => r.account === `plan-${tag}@example.com`,
      );
      expect(mine.map((r) => r.plan).sort()).toEqual(["Business", "Startup"]);
      const subject = `Plan request: Business (monthly) from plan-${tag}@example.com`;
      await expect
        .poll(() => countInMailbox(journey.server.dataDir, SALES, subject), { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect(await countInMailbox(journey.server.dataDir, SALES, subject)).toBe(1);
    });

    it("a candidate starting from the free trial gets the trial, with its days left", async () => {
      const page = await newPage();
      await open(page, "/pricing", js);
      await planCard(page, "Free Trial").getByRole("link").click();
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      await settled(page, js);
      await page.getByLabel("Full name").fill("Tia Trial");
      await page.getByLabel("Email").fill(`trial-${tag}@example.com`);
      await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("heading", { name: "Find Your Next Opportunity" }).waitFor();
      await open(page, "/account", js);
      const plan = await page.getByRole("region", { name: "Your plan", exact: true }).innerText();
      expect(plan).toContain("Free Trial");
      expect(plan).toMatch(/14 days left/);
      expect(await page.getByRole("region", { name: "Usage", exact: true }).innerText()).toMatch(
        /Applications sent\s*0 of 3/,
      );
    });

    it("serves robots.txt and a sitemap of the public pages, and keeps /account private", async () => {
      const robots = await (await fetch(`${journey.baseUrl}/robots.txt`)).text();
      expect(robots).toMatch(/Disallow: \/account/);
      expect(robots).toContain(`Sitemap: ${journey.baseUrl}/sitemap.xml`);
      const sitemap = await (await fetch(`${journey.baseUrl}/sitemap.xml`)).text();
      for (const path of ["/", "/pricing", "/how-it-works", "/about"])
        expect(sitemap).toContain(`<loc>${journey.baseUrl}${path}</loc>`);
      const page = await newPage();
      await page.goto("/account");
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/auth?redirect=%2Faccount");
    });
  },
  { env: { SALES_EMAIL: SALES } },
);
