// The interview emails, in the shared layout: times offered (to the candidate), booked or moved
// and cancelled (to the candidate and each interviewer, with the calendar invitation), reminders.
// Pure functions: data in, { subject, html, text } out; queues.ts sends them.
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";

export interface InterviewDetails {
  jobTitle: string;
  companyName: string;
  candidateName: string;
  /** "Thu, Dec 3, 2026, 10:00 AM CST". */
  when: string;
  lengthMinutes: number;
  location: string | null;
  videoUrl: string | null;
  interviewers: string[];
}

/** The interview's facts, one line each, for every email and the invitation's description. */
export function detailLines(d: InterviewDetails): string[] {
  return [
    `When: ${d.when} (${d.lengthMinutes} minutes)`,
    ...(d.location ? [`Where: ${oneLine(d.location)}`] : []),
    ...(d.videoUrl ? [`Video link: ${d.videoUrl}`] : []),
    ...(d.interviewers.length ? [`Interviewers: ${d.interviewers.map(oneLine).join(", ")}`] : []),
  ];
}

const settingsFooter = (url: string) => ({ text: "Don't want emails about applications?", url });

export function offerEmail(data: {
  candidateName: string | null;
  companyName: string;
  jobTitle: string;
  times: string[];
  zone: string;
  /** The time already booked, when these are new times to move to. */
  bookedWhen: string | null;
  pickUrl: string;
  settingsUrl: string;
}): Promise<RenderedEmail> {
  const company = oneLine(data.companyName);
  const job = oneLine(data.jobTitle);
  return renderEmail({
    subject: data.bookedWhen
      ? `${company} offered new times for your interview`
      : `${company} invites you to an interview for ${job}`,
    preview: `Pick one of ${data.times.length} times for your interview about ${job}.`,
    greeting: greet(data.candidateName),
    heading: data.bookedWhen ? "New interview times" : "Pick a time for your interview",
    body: [
      data.bookedWhen
        ? `${company} offered new times for your interview for ${job}. You're booked for ${data.bookedWhen}: pick a new time to move it, or keep it.`
        : `${company} would like to interview you for ${job}. Pick one of these times (${data.zone} time):`,
      ...data.times.map((t) => `• ${t}`),
      "If none of them work, say so on the same page and the team will hear from you.",
    ],
    action: { label: "Pick a time", url: data.pickUrl },
    settings: settingsFooter(data.settingsUrl),
  });
}

export function withdrawnEmail(data: {
  candidateName: string | null;
  companyName: string;
  jobTitle: string;
  applicationUrl: string;
  settingsUrl: string;
}): Promise<RenderedEmail> {
  const company = oneLine(data.companyName);
  const job = oneLine(data.jobTitle);
  return renderEmail({
    subject: `${company} withdrew the interview times for ${job}`,
    preview: `The times offered for your interview about ${job} are no longer on offer.`,
    greeting: greet(data.candidateName),
    heading: "Interview times withdrawn",
    body: [`${company} withdrew the times they offered for your interview for ${job}. Your application stays open.`],
    action: { label: "See your application", url: data.applicationUrl },
    settings: settingsFooter(data.settingsUrl),
  });
}

type Audience = { kind: "candidate"; name: string | null } | { kind: "interviewer"; name: string | null };

export function invitationEmail(
  d: InterviewDetails & { audience: Audience; moved: boolean; pageUrl: string },
): Promise<RenderedEmail> {
  const job = oneLine(d.jobTitle);
  const company = oneLine(d.companyName);
  const candidate = oneLine(d.candidateName);
  const forCandidate = d.audience.kind === "candidate";
  const what = forCandidate ? `your interview for ${job} at ${company}` : `the interview with ${candidate} for ${job}`;
  return renderEmail({
    subject: `${d.moved ? "Interview moved" : "Interview booked"}: ${forCandidate ? `${job} at ${company}` : `${candidate}, ${job}`}, ${d.when}`,
    preview: `${d.moved ? "Moved to" : "Booked for"} ${d.when}.`,
    greeting: greet(d.audience.name),
    heading: d.moved ? "Your interview has a new time" : "Your interview is booked",
    body: [
      d.moved ? `${what[0]!.toUpperCase()}${what.slice(1)} moved to a new time.` : `This is ${what}.`,
      ...detailLines(d),
      "The calendar invitation is attached: open it to add the interview to your calendar.",
    ],
    action: { label: forCandidate ? "See your interview" : "Open the application", url: d.pageUrl },
    reason: "You get this because you're part of this interview.",
  });
}

export function cancellationEmail(
  d: InterviewDetails & { audience: Audience; cancelledBy: "company" | "candidate"; pageUrl: string },
): Promise<RenderedEmail> {
  const job = oneLine(d.jobTitle);
  const by = d.cancelledBy === "company" ? oneLine(d.companyName) : oneLine(d.candidateName);
  return renderEmail({
    subject: `Interview cancelled: ${job}, ${d.when}`,
    preview: `${by} cancelled the interview on ${d.when}.`,
    greeting: greet(d.audience.name),
    heading: "Interview cancelled",
    body: [`${by} cancelled the interview for ${job} on ${d.when}. The attached update removes it from your calendar.`],
    action: {
      label: d.audience.kind === "candidate" ? "See your application" : "Open the application",
      url: d.pageUrl,
    },
    reason: "You get this because you were part of this interview.",
  });
}

export function reminderEmail(d: InterviewDetails & { audience: Audience; pageUrl: string }): Promise<RenderedEmail> {
  const job = oneLine(d.jobTitle);
  const forCandidate = d.audience.kind === "candidate";
  return renderEmail({
    subject: `Reminder: interview ${forCandidate ? `for ${job}` : `with ${oneLine(d.candidateName)}`} on ${d.when}`,
    preview: `Your interview is on ${d.when}.`,
    greeting: greet(d.audience.name),
    heading: "Your interview is coming up",
    body: [
      forCandidate
        ? `A reminder of your interview for ${job} at ${oneLine(d.companyName)}.`
        : `A reminder of the interview with ${oneLine(d.candidateName)} for ${job}.`,
      ...detailLines(d),
    ],
    action: { label: forCandidate ? "See your interview" : "Open the application", url: d.pageUrl },
    reason: "We send one reminder a day before each interview.",
  });
}
