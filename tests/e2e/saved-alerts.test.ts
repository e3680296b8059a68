// Saved jobs and job alerts end to end, with JavaScript on and off: save and unsave from the search
// and from the job page, see it on /candidate/saved; create an alert from a search, run the alert
// schedule's handler for the next send slot, find the digest in the server's dev mailbox, and
// unsubscribe from its link signed out (and by a mail client's one-click POST from another origin).
// A visitor's Save leads to sign-in (the guards' redirects are tests/integration/redirects-http.test.ts).
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { WAIT } from "../support/wait.ts";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/postgresql";
import type { Page } from "playwright-core";
import { openOrm } from "../../db/orm.ts";
import { startQueue, type QueueRuntime } from "../../jobs/boss.ts";
import { setOrm } from "../../lib/db.ts";
import { logger } from "../../lib/logger.ts";
import { listMailbox } from "../../lib/mail.ts";
import { runAlerts } from "../../modules/saved/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";

const PASSWORD = "correct horse battery";

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, _js: boolean, email: string) => signInByEmail(page, email);

journeys("saved jobs and alerts", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const emails = { employer: `saved-boss-${tag}@example.com`, candidate: `saved-cara-${tag}@example.com` };
  const word = js ? "Xylophonist" : "Zitherist";
  let jobId: string;
  let employerId: string;
  let orm: MikroORM;
  let queue: QueueRuntime;

  beforeAll(async () => {
    orm = await openOrm(journey.server.databaseUrl);
    setOrm(orm);
    queue = await startQueue(journey.server.databaseUrl, logger, { workers: false });
    const employer = await signUpOnPlan({
      email: emails.employer,
      password: PASSWORD,
      role: "employer",
      company_name: "Quantum Widgets",
      full_name: "Erin Employer",
      plan: "business",
    });
    employerId = employer.id;
    await signUpOnPlan({
      email: emails.candidate,
      password: PASSWORD,
      role: "candidate",
      full_name: "Cara Candidate",
      plan: "essential",
    });
    jobId = await publishTestJob(employer.id, { title: `${word} Lead` });
  });
  afterAll(async () => {
    await queue?.stop();
    await orm?.close();
    setOrm(undefined);
  });

  it("saves and unsaves a job from the search and from the job page, and lists it on /candidate/saved", async () => {
    const page = await newPage();
    await signIn(page, js, emails.candidate);
    await page.goto(`/candidate/jobs?q=${word}&location=`);
    await settled(page, js);
    const card = page
      .getByRole("list", { name: "Jobs found" })
      .getByRole("listitem")
      .filter({ hasText: `${word} Lead` });
    await card.getByRole("button", { name: `Save: ${word} Lead` }).click();
    // Enabled again once the server has answered (the fetcher disables it while it posts).
    const saved = card.getByRole("button", { name: `Saved: ${word} Lead`, disabled: false });
    await saved.waitFor();
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
    // Back on the same search (no JavaScript: redirected to it, at the card).
    expect(new URL(page.url()).pathname).toBe("/candidate/jobs");

    await page.goto("/candidate/saved");
    await settled(page, js);
    await page.getByRole("heading", { name: `${word} Lead` }).waitFor();
    // Unsave on the saved list.
    await page.getByRole("button", { name: `Unsave ${word} Lead` }).click();
    await page.getByText("No saved jobs yet").waitFor();

    // From the job page: save, then unsave.
    await page.goto(`/candidate/jobs/${jobId}`);
    await settled(page, js);
    await page.getByRole("button", { name: `Save: ${word} Lead` }).click();
    await page.getByRole("button", { name: `Saved: ${word} Lead`, disabled: false }).waitFor();
    await page.goto("/candidate/saved");
    await page.getByRole("heading", { name: `${word} Lead` }).waitFor();
    await page.goto(`/candidate/jobs/${jobId}`);
    await settled(page, js);
    await page.getByRole("button", { name: `Saved: ${word} Lead` }).click();
    await page.getByRole("button", { name: `Save: ${word} Lead`, disabled: false }).waitFor();
    await page.goto("/candidate/saved");
    await page.getByText("No saved jobs yet").waitFor();
  });

  it("creates an alert from a search, emails the digest after the run, and unsubscribes signed out", async () => {
    const page = await newPage();
    await signIn(page, js, emails.candidate);
    await page.goto(`/candidate/jobs?q=${word}&location=`);
    await settled(page, js);
    await page.getByLabel("How often").selectOption("daily");
    await page.getByRole("button", { name: "Email me jobs like these" }).click();
    await page.getByText("Your job alert is saved.").waitFor();
    await page.getByRole("heading", { name: `“${word}”` }).waitFor();

    // A job posted after the alert, then the run at the next send slot (tomorrow 07:10 UTC).
    const fresh = await publishTestJob(employerId, { title: `${word} Principal` });
    const slot = new Date(Date.now() + 86_400_000);
    slot.setUTCHours(7, 10, 0, 0);
    const summary = await runAlerts(`e2e-${tag}`, slot);
    expect(summary.digests).toBeGreaterThanOrEqual(1);
    const mailDir = path.join(journey.server.dataDir, "mail");
    const digest = await vi.waitFor(
      async () => {
        const found = (await listMailbox(mailDir)).find((m) => m.to === emails.candidate && m.subject.includes(word));
        expect(found, "the digest email").toBeDefined();
        return found!;
      },
      { ...WAIT, timeout: 30_000 },
    );
    const raw = await readFile(digest.file, "utf8");
    // Headers unfolded; the body's quoted-printable soft line breaks joined.
    const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const body = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(body).toContain(`/candidate/jobs/${fresh}`);
    const link = /List-Unsubscribe: <([^>]+)>/.exec(headers)![1]!;

    // Signed out: the link shows a confirmation (a GET changes nothing), the button unsubscribes.
    const visitor = await newPage();
    await visitor.goto(link);
    await settled(visitor, js);
    await visitor.getByRole("heading", { name: "Unsubscribe from this job alert?" }).waitFor();
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await visitor.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    await page.goto("/candidate/alerts");
    await page.getByText(/^Paused/).waitFor();

    // A mail client's one-click POST, from another origin and without a cookie, is let through.
    const oneClick = await fetch(link, {
      method: "POST",
      headers: { Origin: "https://mail.example.net", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status).toBe(200);
    // A tampered link is refused.
    expect(
      (
        await fetch(`${link.slice(0, -3)}abc`, {
          method: "POST",
          body: "List-Unsubscribe=One-Click",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(404);
  });

  // Visitors and employers sent away from /candidate/saved and /candidate/alerts, and a save posted
  // from another origin: tests/integration/redirects-http.test.ts.
  it("leads a visitor's Save on the public job page to sign-in, which leads back to the job", async () => {
    const page = await newPage();
    await page.goto(`/jobs/${jobId}`);
    await settled(page, js);
    await page.getByRole("link", { name: `Save ${word} Lead (sign in first)` }).click();
    await page.waitForURL(/\/auth/);
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/jobs/${jobId}`);
  });
});
