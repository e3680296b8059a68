// Closing a job with applicants still waiting, end to end with JavaScript on and off (decision 073):
// the owner sees "Tell the 2 undecided applicants" ticked, closes the job, and each undecided
// applicant gets one email from the dev mailbox whose link leads to My Applications, which says
// "Job closed on {date}"; the one already rejected gets none.
import { beforeAll, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { formatDate } from "../../lib/dates.ts";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { signInByEmail } from "../support/sessions.ts";
import { countInMailbox, linkFromMailbox } from "../support/mailbox.ts";
import { settledJob } from "../support/runtime.ts";

const QUEUE = "applications.job-closed-email";

journeys("closing a job with undecided applicants", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const jobTitle = `Closing Engineer ${tag}`;
  const applied = useApplied(journey, {
    prefix: "c",
    job: { title: jobTitle },
    candidates: ["Cara Candidate", "Dan Candidate", "Eve Candidate"],
  });
  // Eve is decided already: closing tells only the undecided.
  beforeAll(() =>
    em().execute(`update applications set status = 'rejected' where id = ?`, [applied.candidates[2]!.applicationId]),
  );

  it("the owner closes the job, each undecided applicant is emailed once, My Applications says it closed", async () => {
    const { jobId } = applied;
    const applications = applied.candidates.map((c) => c.applicationId);
    const [cara, dan, eve] = applied.candidates;
    const emails = { owner: applied.owner.email, cara: cara!.email, dan: dan!.email, eve: eve!.email };
    const olive = await newPage();
    await signInByEmail(olive, emails.owner);
    await olive.goto(`/employer/jobs/${jobId}`);
    await settled(olive, js);
    const tell = olive.getByLabel("Tell the 2 undecided applicants");
    expect(await tell.isChecked()).toBe(true);
    await olive.getByRole("button", { name: "Close Job" }).click();
    await olive.getByText("The job is closed: it no longer takes applications.").waitFor();

    for (const id of applications.slice(0, 2)) expect(await settledJob(QUEUE, { applicationId: id })).toBe("completed");
    const subject = `${jobTitle} is closed`;
    expect(await countInMailbox(journey.server.dataDir, emails.cara, subject)).toBe(1);
    expect(await countInMailbox(journey.server.dataDir, emails.dan, subject)).toBe(1);
    expect(await countInMailbox(journey.server.dataDir, emails.eve, subject)).toBe(0);

    const caraPage = await newPage();
    await signInByEmail(caraPage, emails.cara);
    await caraPage.goto(await linkFromMailbox(journey.server.dataDir, emails.cara, subject, "/candidate/applications"));
    await settled(caraPage, js);
    await caraPage
      .getByRole("article", { name: jobTitle })
      .getByText(`Job closed on ${formatDate(new Date())}`)
      .waitFor();
  });
});
