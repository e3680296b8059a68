// Notes and ratings end to end, with JavaScript on and off (issue 18 item 4): two members of one
// company each leave a note and a rating on the same application; the page shows both ratings and
// the average; the first edits and then deletes their note; the candidate's pages show none of it.
import { beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { em } from "../../lib/db.ts";
import { emptyQuestion, jobToApply, memberFor } from "../../modules/hiring/index.server.ts";
import { saveAnswers } from "../../modules/applications/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { PASSWORD, useApplied } from "../support/applied.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";

/** Signed in without the form (sign-in has its own journeys): a session written as the server writes one. */
const signIn = (page: Page, _js: boolean, email: string) => signInByEmail(page, email);

/** Adds a note through the form and waits for the page to say so. */
async function addNote(page: Page, js: boolean, text: string) {
  await page.getByLabel("Add a note").fill(text);
  await page.getByRole("button", { name: "Add note" }).click();
  await page.getByText("Your note is added.").waitFor();
  await settled(page, js);
}

async function rate(page: Page, js: boolean, stars: number, reason: string) {
  await page.getByRole("radio", { name: String(stars), exact: true }).check({ force: true });
  await page.getByLabel("Why? (optional)").fill(reason);
  await page.getByRole("button", { name: "Save rating" }).click();
  await page.getByText("Your rating is saved.").waitFor();
  await settled(page, js);
}

journeys("notes and ratings", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const applied = useApplied(journey, {
    prefix: "n",
    job: { title: `Query Engineer ${tag}`, questions: [{ ...emptyQuestion(), question_text: "What did you build?" }] },
    beforeApply: async (candidateId, jobId) => {
      await saveAnswers(candidateId, jobId, { [(await jobToApply(jobId))!.questions[0]!.id]: "A query planner." });
    },
  });
  const recruiterEmail = `n-rex-${tag}@example.com`;
  beforeAll(async () => {
    const recruiter = await signUpOnPlan({
      email: recruiterEmail,
      password: PASSWORD,
      role: "employer",
      company_name: "Northwind",
      full_name: "Rex Recruiter",
      plan: "business",
    });
    // The recruiter joins the owner's company (the team page's invitation does this for real).
    await em().execute(
      `insert into company_members (company_id, user_id, role, joined_at) values (?, ?, 'recruiter', now())`,
      [(await memberFor(applied.owner.id)).companyId, recruiter.id],
    );
  });

  it("two members note and rate one application; the first edits and deletes their note; the candidate sees none of it", async () => {
    const emails = { owner: applied.owner.email, recruiter: recruiterEmail, candidate: applied.candidate.email };
    const { applicationId, employerUrl: applicationUrl } = applied.candidate;
    const olive = await newPage();
    await signIn(olive, js, emails.owner);
    await olive.goto(applicationUrl);
    await settled(olive, js);
    await olive.getByText("No ratings yet").waitFor();
    // Spaces only: refused beside the field (here with JavaScript; on the note's own page without).
    await olive.getByLabel("Add a note").fill("   ");
    await olive.getByRole("button", { name: "Add note" }).click();
    await olive.getByText("Please write the note.").waitFor();
    expect(await olive.getByRole("textbox", { name: "Add a note" }).getAttribute("aria-invalid")).toBe("true");
    expect(new URL(olive.url()).pathname).toBe(js ? applicationUrl : `${applicationUrl}/notes`);
    if (!js) {
      await olive.getByRole("link", { name: "← Back to the application" }).click();
      await settled(olive, js);
    }
    await addNote(olive, js, `Olive's note ${tag}: strong planner work.`);
    await rate(olive, js, 4, "Clear, concrete answers");
    await expect.poll(() => olive.getByTestId("rating-average").textContent()).toBe("Average 4 from 1 rating");

    const rex = await newPage();
    await signIn(rex, js, emails.recruiter);
    await rex.goto(applicationUrl);
    await settled(rex, js);
    const notes = rex.getByRole("list", { name: "Notes, newest first" });
    await notes.getByText(`Olive's note ${tag}: strong planner work.`).waitFor();
    // Olive's note is hers: Rex gets no Edit or Delete for it.
    expect(await notes.getByRole("link", { name: "Edit your note" }).count()).toBe(0);
    await addNote(rex, js, `Rex's note ${tag}: ask about on-call.`);
    await rate(rex, js, 3, "Good, needs depth on ops");
    await expect.poll(() => rex.getByTestId("rating-average").textContent()).toBe("Average 3.5 from 2 ratings");
    await rex.getByText("4 of 5").waitFor();
    await rex.getByText("3 of 5").waitFor();
    await rex.getByText("Clear, concrete answers").waitFor();
    // Newest first.
    const order = await notes.locator("li").allTextContents();
    expect(order.map((text) => (text.includes("Rex's note") ? "rex" : "olive"))).toEqual(["rex", "olive"]);

    // Olive edits her note, then deletes it.
    await olive.goto(applicationUrl);
    await settled(olive, js);
    await olive.getByRole("link", { name: "Edit your note" }).click();
    const editor = olive.getByRole("textbox", { name: "Edit your note" });
    expect(await editor.inputValue()).toBe(`Olive's note ${tag}: strong planner work.`);
    await settled(olive, js);
    await editor.fill(`Olive's note ${tag}: strong planner work, weak on ops.`);
    await olive.getByRole("button", { name: "Save note" }).click();
    await olive.getByText("Your note is saved.").waitFor();
    await olive.getByText(`Olive's note ${tag}: strong planner work, weak on ops.`).waitFor();
    await settled(olive, js);
    await olive.getByRole("button", { name: "Delete your note" }).click();
    await olive.getByText("Your note is deleted.").waitFor();
    expect(await olive.getByText(`Olive's note ${tag}`).count()).toBe(0);
    await olive.getByText(`Rex's note ${tag}: ask about on-call.`).waitFor();
    await expect.poll(() => olive.getByTestId("rating-average").textContent()).toBe("Average 3.5 from 2 ratings");

    // The candidate: her application and My Applications hold none of it.
    const cara = await newPage();
    await signIn(cara, js, emails.candidate);
    for (const path of ["/candidate/applications", `/candidate/applications/${applicationId}`]) {
      await cara.goto(path);
      await settled(cara, js);
      await cara.getByText(`Query Engineer ${tag}`).first().waitFor();
      const html = await cara.content();
      for (const secret of [
        "Rex's note",
        "Rex&#x27;s note",
        "ask about on-call",
        "of 5",
        "Average 3.5",
        "Clear, concrete answers",
        "Team notes",
      ])
        expect(html).not.toContain(secret);
    }
  });
});
