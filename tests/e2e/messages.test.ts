// Messages on an application end to end, with JavaScript on and off (decision 071): the employer
// writes (a message too long first: refused beside the field, the text kept; with JavaScript the
// text stays in the field while the post is in flight), the candidate follows
// the email's link from the dev mailbox, reads it with its link clickable and replies, and the
// employer follows their own email back and reads the reply.
import { expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { signInByEmail } from "../support/sessions.ts";
import { linkFromMailbox } from "../support/mailbox.ts";

/** The employer's thread; the candidate reads the messages in their application's timeline. */
const THREAD = "Messages, oldest first";
const TIMELINE = "Timeline, oldest first";

/**
 * Writes a message and waits for it in the thread, the field emptied. With JavaScript and `holdPost`,
 * the post is held in flight first: the button says so and the text stays in the field meanwhile.
 */
async function send(page: Page, js: boolean, text: string, list: string, holdPost = false) {
  await page.getByLabel("Write a message").fill(text);
  if (js && holdPost) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let passed: Promise<void> = Promise.resolve();
    const hold = (route: Route) => {
      const through = (route.request().method() === "POST" ? held : Promise.resolve()).then(() => route.continue());
      passed = passed.then(() => through);
      return through;
    };
    await page.route("**/*", hold);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("button", { name: "Sending..." }).waitFor();
    expect(await page.getByLabel("Write a message").inputValue()).toBe(text);
    release();
    await passed;
    await page.unroute("**/*", hold);
  } else {
    await page.getByRole("button", { name: "Send message" }).click();
  }
  await page.getByRole("list", { name: list }).getByText(text).waitFor();
  await settled(page, js);
  expect(new URL(page.url()).hash).toBe("#messages");
  expect(await page.getByLabel("Write a message").inputValue()).toBe("");
}

journeys("messages on an application", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const jobTitle = `Thread Engineer ${tag}`;
  const applied = useApplied(journey, { prefix: "m", job: { title: jobTitle } });

  it("the employer writes, the candidate reads it from the email and replies, the employer reads the reply", async () => {
    const emails = { owner: applied.owner.email, candidate: applied.candidate.email };
    const applicationUrl = applied.candidate.employerUrl;
    const olive = await newPage();
    await signInByEmail(olive, emails.owner);
    await olive.goto(applicationUrl);
    await settled(olive, js);
    await olive.getByText("No messages yet.").waitFor();

    // Too long: refused beside the field, with what was typed still there.
    const long = `${"x".repeat(5000)}!`;
    await olive.getByLabel("Write a message").fill(long);
    await olive.getByRole("button", { name: "Send message" }).click();
    await olive.getByText("A message can be up to 5,000 characters.").waitFor();
    await settled(olive, js);
    const field = olive.getByRole("textbox", { name: "Write a message" });
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.inputValue()).toBe(long);

    const hello = `Hello Cara (${tag}), the brief is at https://example.com/brief. Free on Tuesday?`;
    await send(olive, js, hello, THREAD, true);

    // The candidate follows the email's link from the mailbox to her application's thread.
    const cara = await newPage();
    await signInByEmail(cara, emails.candidate);
    const link = await linkFromMailbox(
      journey.server.dataDir,
      emails.candidate,
      `A message from Northwind about ${jobTitle}`,
      "/candidate/applications/",
    );
    await cara.goto(link);
    await settled(cara, js);
    const thread = cara.getByRole("list", { name: TIMELINE });
    await thread.getByText("Olive Owner · Northwind").waitFor();
    const brief = thread.getByRole("link", { name: "https://example.com/brief" });
    expect(await brief.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    expect(await brief.getAttribute("target")).toBe("_blank");
    const reply = `Yes (${tag}), any time after 2pm.`;
    await send(cara, js, reply, TIMELINE);

    // The employer's email links back to the thread, where the reply sits after her message.
    const back = await linkFromMailbox(
      journey.server.dataDir,
      emails.owner,
      `Cara Candidate wrote about ${jobTitle}`,
      "/employer/jobs/",
    );
    expect(back).toBe(applicationUrl);
    await olive.goto(back);
    await settled(olive, js);
    const items = await olive.getByRole("list", { name: THREAD }).locator("li").allTextContents();
    expect(items).toHaveLength(2);
    expect(items[0]).toContain("Olive Owner (you)");
    expect(items[1]).toContain("Cara Candidate");
    expect(items[1]).toContain(reply);
  });
});
