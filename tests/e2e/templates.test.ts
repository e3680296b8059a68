// Message templates end to end, with JavaScript on and off (decision 072): the owner goes from the
// team page to the templates, saves one (an unknown placeholder refused first, beside the text),
// uses it on an application's message form, previews the text filled in for the candidate, and
// sends it to the thread; on the job's bulk move, the template goes in with its placeholders, the
// preview shows the first applicant's text, and each candidate's email gets their own name.
import { expect, it } from "vitest";
import { shots } from "../support/shots.ts";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { signInByEmail } from "../support/sessions.ts";

journeys("message templates", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const jobTitle = `Template Engineer ${tag}`;
  const applied = useApplied(journey, {
    prefix: "t",
    job: { title: jobTitle },
    candidates: ["Cara Candidate", "Dev Doe"],
  });

  it("saves a template, uses it on an application, previews it and sends it", async () => {
    const page = await newPage();
    await signInByEmail(page, applied.owner.email);
    await page.goto("/employer/team");
    await settled(page, js);
    await page.getByRole("link", { name: "Message templates" }).click();
    await page.getByRole("heading", { name: "Message templates" }).waitFor();
    await settled(page, js);

    await page.getByLabel("Name").fill("Invite");
    await page.getByLabel("Text").fill("Hi {{first_name}}");
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByText("Unknown placeholder {{first_name}}.").waitFor();
    await settled(page, js);
    expect(await page.getByRole("textbox", { name: "Text" }).getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Text").fill("Hi {{ candidate_first_name }}, shall we talk about {{job_title}}?");
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByText("Template saved.").waitFor();
    await page.getByRole("heading", { name: "Invite" }).waitFor();
    expect(await page.getByLabel("Name").inputValue()).toBe("");

    await page.goto(applied.candidate.employerUrl);
    await settled(page, js);
    await page.getByRole("button", { name: "Use template" }).click();
    const filled = `Hi Cara, shall we talk about ${jobTitle}?`;
    const field = page.getByRole("textbox", { name: "Write a message" });
    await expect.poll(() => field.inputValue()).toBe(filled);
    await settled(page, js);

    await field.fill(`${filled} Your page: {{interview_link}}`);
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("message-preview");
    await preview.waitFor();
    await settled(page, js);
    expect(await preview.textContent()).toMatch(new RegExp(`^${filled.replace(/\?/g, "\\?")} Your page: http`));

    await page.getByRole("button", { name: "Send message" }).click();
    const thread = page.getByRole("list", { name: "Messages, oldest first" });
    await thread.getByText(filled, { exact: false }).waitFor();
    await settled(page, js);
    expect(await thread.textContent()).toContain("/candidate/applications/");
    expect(await thread.textContent()).not.toContain("{{");
    expect(await field.inputValue()).toBe("");
  });

  it("puts the template in the message, previews the first applicant's text and gives each their name", async () => {
    const page = await newPage();
    await signInByEmail(page, applied.owner.email);
    await page.goto("/employer/templates");
    await settled(page, js);
    await page.getByLabel("Name").fill("Next step");
    await page.getByLabel("Text").fill("Hi {{candidate_first_name}}, let's talk about {{job_title}}.");
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByText("Template saved.").waitFor();

    await page.goto(`/employer/jobs/${applied.jobId}`);
    await settled(page, js);
    for (const c of applied.candidates) await page.getByRole("checkbox", { name: `Select ${c.name}` }).check();
    await page.getByLabel("Move selected to").selectOption({ label: "Interview" });
    await page.getByRole("button", { name: "Move selected" }).click();
    await page.getByRole("heading", { name: "Move 2 applicants to Interview?" }).waitFor();
    await settled(page, js);
    await page.getByLabel("Template").selectOption({ label: "Next step" });
    await page.getByRole("button", { name: "Use template" }).click();
    const message = page.getByRole("textbox", { name: "Message to the candidates (optional)" });
    await expect.poll(() => message.inputValue()).toBe("Hi {{candidate_first_name}}, let's talk about {{job_title}}.");
    const preview = page.getByTestId("message-preview");
    await preview.waitFor();
    await settled(page, js);
    expect(await preview.textContent()).toMatch(/^Hi (Cara|Dev), let's talk about Template Engineer/);
    await shots(page, "bulk-move-template");

    await page.getByRole("button", { name: "Move 2 to Interview and email the candidates" }).click();
    await page
      .getByText(/moved to Interview/i)
      .first()
      .waitFor();
    const messages = await applied.orm.em.fork().execute<{ message: string }[]>(
      `select message from application_status_changes where to_status = 'interview' and application_id in (?, ?) order by message`,
      applied.candidates.map((c) => c.applicationId),
    );
    expect(messages.map((m) => m.message)).toEqual([
      `Hi Cara, let's talk about ${jobTitle}.`,
      `Hi Dev, let's talk about ${jobTitle}.`,
    ]);
  });
});
