// Interviews end to end, with JavaScript on and off (decision 074): the owner offers times (one
// time alone is refused beside the field, what was typed kept; "Add a time" adds a row), the
// candidate follows the email's link and books one, both invitations are parsed with an iCalendar
// parser, the candidate moves it (same UID, SEQUENCE 1), and the owner cancels it (METHOD:CANCEL).
import path from "node:path";
import { expect, it, vi } from "vitest";
import { listMailbox, readMailboxMessage, type MailboxMessage } from "../../lib/mail.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { moveApplication } from "../../modules/applications/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { useApplied } from "../support/applied.ts";
import { signInByEmail } from "../support/sessions.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { WAIT } from "../support/wait.ts";
import { readInvitation } from "../support/invitations.ts";
import { parseWallTime, zonedWallTimeToUtc } from "../../lib/zoned-time.ts";

/** A date `days` from now, as a date input takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Waits for the email to `to` whose subject starts with `prefix` and which carries an invitation. */
function invitationTo(dataDir: string, to: string, prefix: string): Promise<MailboxMessage> {
  return vi.waitFor(
    async () => {
      const entry = (await listMailbox(path.join(dataDir, "mail"))).find(
        (e) => e.to === to && e.subject.startsWith(prefix),
      );
      expect(entry, `"${prefix}…" to ${to}`).toBeTruthy();
      const message = await readMailboxMessage(entry!);
      expect(message.calendar).toBeTruthy();
      return message;
    },
    { ...WAIT, timeout: 30_000 },
  );
}

const parsed = (message: MailboxMessage) => {
  const { end: _end, ...invitation } = readInvitation(message.calendar!);
  return invitation;
};

journeys("interviews booked by the candidate", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  const jobTitle = `Interview Engineer ${tag}`;
  const applied = useApplied(journey, { prefix: "iv", job: { title: jobTitle } });
  const [first, second] = [inDays(10), inDays(11)];

  it("the owner offers times, the candidate books one from the email, moves it, and the owner cancels it", async () => {
    const owner = await memberFor(applied.owner.id);
    await moveApplication(owner, applied.candidate.applicationId, "interview", { jobId: applied.jobId });
    const emails = { owner: applied.owner.email, candidate: applied.candidate.email };
    // The times are typed in the company's zone; the invitations carry them in UTC.
    const utc = (date: string, time: string) =>
      zonedWallTimeToUtc(parseWallTime(date, time)!, owner.timeZone).toISOString();

    const olive = await newPage();
    await signInByEmail(olive, emails.owner);
    await olive.goto(applied.candidate.employerUrl);
    await settled(olive, js);
    await olive.getByRole("link", { name: "Offer interview times" }).click();
    await olive.getByRole("heading", { name: "Offer interview times" }).waitFor();
    await settled(olive, js);

    // One time alone is refused, with what was typed kept; "Add a time" adds a row and keeps it too.
    await olive.getByLabel("Time 1: date").fill(first);
    await olive.getByLabel("Time 1: start").fill("10:00");
    await olive.getByRole("button", { name: "Add a time" }).click();
    await olive.getByLabel("Time 4: date").waitFor();
    await settled(olive, js);
    expect(await olive.getByLabel("Time 1: date").inputValue()).toBe(first);
    await olive.getByRole("button", { name: "Send times to the candidate" }).click();
    await olive.getByText("Offer at least 2 times, so the candidate can choose.").waitFor();
    await settled(olive, js);
    expect(await olive.getByLabel("Time 1: start").inputValue()).toBe("10:00");
    await olive.getByLabel("Time 2: date").fill(second);
    await olive.getByLabel("Time 2: start").fill("14:30");
    await olive.getByLabel("Video link").fill("https://meet.example.com/northwind");
    await olive.getByRole("button", { name: "Send times to the candidate" }).click();
    await olive.getByText("Interview times sent. The candidate picks one from the email.").waitFor();
    await settled(olive, js);
    await olive.getByText("Waiting for the candidate").waitFor();

    // The candidate follows the email's link and books the second time.
    const cara = await newPage();
    await signInByEmail(cara, emails.candidate);
    const link = await linkFromMailbox(
      journey.server.dataDir,
      emails.candidate,
      `Northwind invites you to an interview for ${jobTitle}`,
      "/candidate/applications/",
    );
    expect(link).toBe(`${applied.candidate.candidateUrl}/interview`);
    await cara.goto(link);
    await cara.getByRole("heading", { name: "Pick a time" }).waitFor();
    await settled(cara, js);
    await cara.getByLabel(new RegExp(` ${Number(second.slice(8))}, \\d{4}, 2:30 PM`)).check();
    await cara.getByRole("button", { name: "Book this time" }).click();
    await cara.getByText("Your interview is booked. The invitation is in your email.").waitFor();
    await settled(cara, js);
    await cara.getByRole("heading", { name: "Booked" }).waitFor();

    const toCara = parsed(await invitationTo(journey.server.dataDir, emails.candidate, "Interview booked:"));
    const toOlive = parsed(await invitationTo(journey.server.dataDir, emails.owner, "Interview booked:"));
    expect(toCara).toMatchObject({ method: "REQUEST", sequence: 0, start: utc(second, "14:30") });
    expect(toCara.uid).toMatch(/^interview-[0-9a-f-]{36}@/);
    expect(toOlive).toEqual(toCara);
    expect(toCara.attendees).toEqual([emails.candidate, emails.owner].map((e) => e.toLowerCase()).sort());
    const download = await cara.request.get(`${journey.baseUrl}${applied.candidate.candidateUrl}/interview.ics`);
    expect(download.headers()["content-type"]).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(await download.text()).toContain(`UID:${toCara.uid}`);

    // Moving keeps the UID and raises SEQUENCE.
    await cara.getByRole("button", { name: "Move to this time" }).click();
    await cara.getByText("Your interview is moved. The updated invitation is in your email.").waitFor();
    await settled(cara, js);
    const moved = parsed(await invitationTo(journey.server.dataDir, emails.candidate, "Interview moved:"));
    expect(moved).toMatchObject({ method: "REQUEST", uid: toCara.uid, sequence: 1, start: utc(first, "10:00") });

    // The owner cancels it from the application page: METHOD:CANCEL with the same UID.
    await olive.goto(applied.candidate.employerUrl);
    await settled(olive, js);
    await olive.getByRole("button", { name: "Cancel interview" }).click();
    await olive.getByText("Interview cancelled. The candidate and interviewers are told.").waitFor();
    await settled(olive, js);
    const cancelled = parsed(await invitationTo(journey.server.dataDir, emails.candidate, "Interview cancelled:"));
    expect(cancelled).toMatchObject({ method: "CANCEL", uid: toCara.uid, sequence: 2 });

    // The candidate's timeline says so.
    await cara.goto(applied.candidate.candidateUrl);
    await settled(cara, js);
    await cara.getByRole("list", { name: "Timeline, oldest first" }).getByText("Cancelled by Northwind").waitFor();
  });
});
