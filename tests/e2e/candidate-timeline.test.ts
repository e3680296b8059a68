// The candidate's application as one timeline, end to end with JavaScript on and off (decision
// 076): the employer writes, the candidate reads it in the timeline and replies from the box at its
// end, the employer moves the application to Interview with a word and rejects it (its email at
// once, a private reason); the candidate reads each in order with who and when, never the reason,
// and someone else's application is not found.
import { expect, it } from "vitest";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { moveApplication, postCompanyMessage } from "../../modules/applications/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { PASSWORD, useApplied } from "../support/applied.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { signInByEmail } from "../support/sessions.ts";

const TIMELINE = "Timeline, oldest first";

journeys("the candidate's timeline", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const applied = useApplied(journey, { prefix: "tl", job: { title: `Timeline Engineer ${tag}` } });

  it("reads submitted, the employer's message, the reply, Interview and the rejection in order", async () => {
    const { candidate } = applied;
    const member = await memberFor(applied.owner.id);
    await postCompanyMessage(member, candidate.applicationId, `Hello Cara (${tag}), free on Tuesday?`);

    const cara = await newPage();
    await signInByEmail(cara, candidate.email);
    await cara.goto(candidate.candidateUrl);
    await settled(cara, js);
    const timeline = cara.getByRole("list", { name: TIMELINE });
    await timeline.getByText(`Hello Cara (${tag}), free on Tuesday?`).waitFor();

    // The reply box closes the timeline; the reply lands above it, the box emptied.
    const reply = `Yes (${tag}), after 2pm.`;
    await cara.getByLabel("Write a message").fill(reply);
    await cara.getByRole("button", { name: "Send message" }).click();
    await timeline.getByText(reply).waitFor();
    await settled(cara, js);
    expect(new URL(cara.url()).hash).toBe("#messages");
    expect(await cara.getByLabel("Write a message").inputValue()).toBe("");

    await moveApplication(member, candidate.applicationId, "interview", { message: "See you on Tuesday at 2pm." });
    await moveApplication(member, candidate.applicationId, "rejected", {
      message: "Thank you for your time.",
      rejection: { reason: "another-candidate", note: "Went with an internal move.", emailTiming: "now" },
    });
    await cara.reload();
    await settled(cara, js);
    await timeline.getByText("Not selected").waitFor();
    const entries = timeline.locator(":scope > li");
    const headings = await entries.locator("h3").allTextContents();
    expect(headings).toEqual([
      "You applied",
      "Message from Northwind",
      "Your message",
      "Moved to Interview",
      "Not selected",
    ]);
    const texts = await entries.allTextContents();
    expect(texts[0]).toContain("You · ");
    expect(texts[1]).toContain("Olive Owner · Northwind · ");
    expect(texts[2]).toContain(reply);
    expect(texts[3]).toContain("Submitted → Interview");
    expect(texts[3]).toContain("See you on Tuesday at 2pm.");
    expect(texts[4]).toContain("Northwind · ");
    expect(texts[4]).toContain("Thank you for your time.");
    for (const text of texts) expect(text).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    // Each time is machine-readable too, oldest first.
    const times = await entries.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime")!));
    expect([...times].sort()).toEqual(times);
    const html = await cara.content();
    expect(html).not.toContain("internal move");
    expect(html).not.toContain("Another candidate chosen");
    await cara.getByText("Not selected for this role").waitFor();

    // Someone else's application: not found.
    const sam = await signUpOnPlan({
      email: `tl-sam-${tag}@example.com`,
      password: PASSWORD,
      role: "candidate",
      full_name: "Sam Stranger",
      plan: "essential",
    });
    const stranger = await newPage();
    await signInByEmail(stranger, sam.email);
    const response = await stranger.goto(candidate.candidateUrl);
    expect(response?.status()).toBe(404);
    await stranger.getByRole("heading", { name: "Application Not Found" }).waitFor();
  });
});
