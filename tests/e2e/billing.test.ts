// Paying for a plan end to end, with JavaScript on and off, against the fake Stripe server: the
// plan button on /pricing hands off to Stripe Checkout (a 303 whose Location is the fake's checkout
// page), Stripe's signed webhook reaches the real server through its edge, and the success page and
// /account show the plan Stripe confirmed; Checkout's cancel page says nothing changed.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { openOrm } from "../../db/orm.ts";
import { em, setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { setStripeSettings, syncCatalog } from "../../modules/billing-plans/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  setStripeSettings(fake.settings);
  await syncCatalog();
});
afterAll(async () => {
  setStripeSettings(undefined);
  await fake?.close();
});

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, _js: boolean, email: string) => signInByEmail(page, email);

journeys(
  "paying for a plan",
  (journey) => {
    const { js, newPage } = journey;
    const tag = js ? "js" : "nojs";
    const email = `payer-${tag}@example.com`;
    let orm: MikroORM;
    let queue: QueueRuntime;

    beforeAll(async () => {
      orm = await openOrm(journey.server.databaseUrl);
      setOrm(orm);
      queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
      await signUp(
        { email, password: PASSWORD, role: "employer", company_name: `Payer ${tag}`, full_name: "Pat Payer" },
        undefined,
        { emailVerified: true },
      );
    });
    afterAll(async () => {
      await queue?.stop();
      setOrm(undefined);
      await orm?.close();
    });

    it("hands off to Checkout from /pricing, and the plan changes when Stripe's webhook confirms it", async () => {
      const page = await newPage();
      await signIn(page, js, email);
      await page.goto("/pricing?audience=employers&billing=annual");
      await settled(page, js);
      const handOff = page.waitForResponse(
        (r) => r.url().endsWith("/billing/checkout") && r.request().method() === "POST",
      );
      await page.getByRole("article", { name: "Startup" }).getByRole("button", { name: "Choose Startup" }).click();
      const answer = await handOff;
      expect(answer.status()).toBe(303);
      const location = answer.headers()["location"]!;
      expect(location).toMatch(new RegExp(`^${fake.url}/checkout/pay/cs_test_`));
      await page.waitForURL(`${fake.url}/checkout/pay/**`);
      const sessionId = location.split("/").pop()!;
      const session = fake.sessions.get(sessionId)!;
      expect(fake.prices.get(session.line_items_price)).toMatchObject({ lookup_key: "employer_startup_annual" });

      // Before Stripe confirms, the success page says so and the plan is unchanged.
      await page.goto(`/billing/success?session_id=${sessionId}`);
      expect(await page.getByRole("status").innerText()).toMatch(/Your plan changes as soon as Stripe confirms/);

      // Stripe's part: the customer pays; its signed event reaches the server through the edge.
      const done = fake.completeCheckout(sessionId);
      const event = fake.event("checkout.session.completed", done.session);
      const delivered = await fetch(`${journey.baseUrl}/billing/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": event.signature,
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: event.body,
      });
      expect(delivered.status).toBe(200);
      const forged = await fetch(`${journey.baseUrl}/billing/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
        body: event.body,
      });
      expect(forged.status).toBe(400);

      await page.goto(`/billing/success?session_id=${sessionId}`);
      await settled(page, js);
      expect(await page.getByRole("status").innerText()).toBe("Payment confirmed. You're on Startup, billed yearly.");
      await page.getByRole("link", { name: "Your account" }).click();
      await page.waitForURL("**/account#plan");
      const plan = await page.getByRole("region", { name: "Your plan", exact: true }).innerText();
      expect(plan).toMatch(/Startup/);
      expect(plan).toMatch(/Visa ending 4242/);
      expect(plan).toMatch(/First charge on .+ \(\$599\.99\)/);
      expect(await page.getByRole("button", { name: "Cancel plan" }).count()).toBe(1);
    });

    it("shows a failed payment's banner with Update card, and the paid plan area passes axe in both themes", async () => {
      await em().execute(
        `update subscriptions set payment_failed_at = now() where stripe_customer_id is not null and user_id in (select id from users where email = ?)`,
        [email],
      );
      const axe = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
      for (const scheme of ["light", "dark"] as const) {
        const page = await newPage({ colorScheme: scheme });
        await signIn(page, js, email);
        await page.goto("/account#plan");
        await settled(page, js);
        const banner = page.getByRole("alert").filter({ hasText: "Your last payment failed" });
        expect(await banner.getByRole("button", { name: "Update card" }).count()).toBe(1);
        if (!js) continue; // axe runs as a script
        await page.evaluate(axe);
        const violations = await page.evaluate(async () => {
          const result = await (
            window as unknown as {
              axe: { run(ctx: unknown, opts: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
            }
          ).axe.run(
            { include: [["#plan"]] },
            { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } },
          );
          return result.violations.map((v) => v.id);
        });
        expect(violations, scheme).toEqual([]);
      }
    });

    it("says nothing changed when Checkout is cancelled", async () => {
      const page = await newPage();
      await signIn(page, js, email);
      await page.goto("/billing/cancelled");
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Checkout cancelled");
      expect(await page.locator("main").innerText()).toContain("Nothing was charged and your plan is unchanged.");
    });
  },
  { env: () => fake.env },
);
