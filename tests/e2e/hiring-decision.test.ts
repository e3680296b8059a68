// A decision recorded end to end, with JavaScript on and off (issue 34 item 5, decision 086): two
// members' scorecards recommend No; the owner's "Make an offer" is refused without a reason, beside
// the field; with one it moves, and the application's history shows who decided, why and against
// how many scorecards, which the candidate's page never shows. Then the owner turns blind
// scorecards off on the team page, and an interviewer who has not submitted reads them at once.
import { beforeAll, expect, it } from "vitest";
import { assignJobs, jobScorecard, memberFor, type Member } from "../../modules/hiring/index.server.ts";
import { moveApplication, saveScorecard } from "../../modules/applications/index.server.ts";
import type { Account } from "../../modules/identity/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { inviteAndJoin } from "../support/team.ts";
import { signInByEmail } from "../support/sessions.ts";

async function submitNo(member: Member, jobId: string, applicationId: string, takeaways: string) {
  const { attributes } = await jobScorecard(member, jobId);
  const ratings = Object.fromEntries(attributes.filter((a) => !a.retired).map((a) => [a.id, "2"]));
  await saveScorecard(member, applicationId, { ratings, takeaways, recommendation: "2" }, { jobId, submit: true });
}

journeys("hiring decision", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const applied = useApplied(journey, { prefix: "hd", job: { title: `Decision Engineer ${tag}` } });
  const emails = {
    rex: `hd-rex-${tag}@example.com`,
    ina: `hd-ina-${tag}@example.com`,
    ivy: `hd-ivy-${tag}@example.com`,
  };

  beforeAll(async () => {
    const owner = { id: applied.owner.id } as Account;
    const olive = await memberFor(applied.owner.id);
    const rex = await inviteAndJoin(owner, emails.rex, "recruiter");
    const ina = await inviteAndJoin(owner, emails.ina, "interviewer");
    const ivy = await inviteAndJoin(owner, emails.ivy, "interviewer");
    await assignJobs(olive, ina.id, [applied.jobId]);
    await assignJobs(olive, ivy.id, [applied.jobId]);
    const { jobId, candidate } = applied;
    await moveApplication(olive, candidate.applicationId, "interview", { jobId, notify: false });
    await submitNo(await memberFor(rex.id), jobId, candidate.applicationId, `Rex ${tag}: vague on the details.`);
    await submitNo(await memberFor(ina.id), jobId, candidate.applicationId, `Ina ${tag}: thin on operations.`);
  });

  it("an offer against most scorecards needs a reason; the history keeps it, the candidate never sees it", async () => {
    const olive = await newPage();
    await signInByEmail(olive, applied.owner.email);
    await olive.goto(applied.candidate.employerUrl);
    await settled(olive, js);

    await olive.getByRole("button", { name: "Make an offer" }).click();
    await olive.getByText("2 of 2 scorecards recommend No or Strong no: say why you decided otherwise.").waitFor();
    await settled(olive, js);
    const why = olive.getByLabel("Why this decision");
    expect(await why.getAttribute("aria-invalid")).toBe("true");
    expect(await olive.getByRole("list", { name: "Decisions" }).count()).toBe(0);

    const reason = `Olive ${tag}: the reference calls settle the doubts on operations.`;
    await why.fill(reason);
    await olive.getByRole("button", { name: "Make an offer" }).click();
    await olive.getByText(/The candidate moved to Offer\./).waitFor();
    await settled(olive, js);
    const decisions = olive.getByRole("list", { name: "Decisions" });
    await decisions.getByText(`Why: ${reason}`).waitFor();
    await expect.poll(() => decisions.textContent()).toMatch(/Offer.*Olive Owner.*against 2 of 2 scorecards/);

    const cara = await newPage();
    await signInByEmail(cara, applied.candidate.email);
    await cara.goto(applied.candidate.candidateUrl);
    await settled(cara, js);
    await cara.getByText(`Decision Engineer ${tag}`).first().waitFor();
    expect(await cara.getByText("reference calls").count()).toBe(0);
    expect(await cara.getByText("against 2 of 2").count()).toBe(0);
  });

  it("with blind scorecards off, an interviewer who has not submitted reads the others' at once", async () => {
    const ivy = await newPage();
    await signInByEmail(ivy, emails.ivy);
    await ivy.goto(applied.candidate.employerUrl);
    await settled(ivy, js);
    await ivy.getByText("2 colleagues have submitted a scorecard.").waitFor();
    expect(await ivy.getByText(`Ina ${tag}: thin on operations.`).count()).toBe(0);
    // The tally of the decision is hidden with the scorecards.
    await ivy.getByRole("list", { name: "Decisions" }).waitFor();
    expect(await ivy.getByText("against 2 of 2 scorecards").count()).toBe(0);

    const olive = await newPage();
    await signInByEmail(olive, applied.owner.email);
    await olive.goto("/employer/team");
    await settled(olive, js);
    const blind = olive.getByLabel("Members see others' scorecards only after submitting their own");
    expect(await blind.isChecked()).toBe(true);
    await blind.uncheck();
    await olive.getByRole("button", { name: "Save scorecard setting" }).click();
    await olive.getByText("Saved: members see the submitted scorecards at once.").waitFor();
    await settled(olive, js);
    expect(await olive.getByLabel("Members see others' scorecards only after submitting their own").isChecked()).toBe(
      false,
    );

    await ivy.goto(applied.candidate.employerUrl);
    await settled(ivy, js);
    await ivy.getByText(`Ina ${tag}: thin on operations.`).waitFor();
    await ivy.getByText(`Rex ${tag}: vague on the details.`).waitFor();
    await ivy.getByText("against 2 of 2 scorecards").waitFor();
  });
});
