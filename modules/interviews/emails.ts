// The interview emails, in the shared layout: times offered (to the candidate), booked or moved
// and cancelled (to the candidate and each interviewer, with the calendar invitation), reminders.
// Pure functions: data in, { subject, html, text } out, in the recipient's `language` (catalogue:
// mail.interview); queues.ts sends them.
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";
import { DEFAULT_LANGUAGE, translator, type Language } from "../../locales/index.ts";

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
export function detailLines(d: InterviewDetails, language: Language = DEFAULT_LANGUAGE): string[] {
  const t = translator(language, "mail");
  return [
    t("interview.when", { when: d.when, minutes: d.lengthMinutes }),
    ...(d.location ? [t("interview.where", { place: oneLine(d.location) })] : []),
    ...(d.videoUrl ? [t("interview.video", { url: d.videoUrl })] : []),
    ...(d.interviewers.length ? [t("interview.interviewers", { names: d.interviewers.map(oneLine).join(", ") })] : []),
  ];
}

const words = (language: Language | undefined) => {
  const lang = language ?? DEFAULT_LANGUAGE;
  const t = translator(lang, "mail");
  return { lang, t, settings: (url: string) => ({ text: t("interview.settings"), url }) };
};

export function offerEmail(data: {
  language?: Language;
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
  const { lang, t, settings } = words(data.language);
  const company = oneLine(data.companyName);
  const job = oneLine(data.jobTitle);
  return renderEmail({
    lang,
    subject: data.bookedWhen
      ? t("interview.offer.subjectNew", { company })
      : t("interview.offer.subject", { company, job }),
    preview: t("interview.offer.preview", { count: data.times.length, job }),
    greeting: greet(data.candidateName, lang),
    heading: t(data.bookedWhen ? "interview.offer.headingNew" : "interview.offer.heading"),
    body: [
      data.bookedWhen
        ? t("interview.offer.bodyNew", { company, job, booked: data.bookedWhen })
        : t("interview.offer.body", { company, job, zone: data.zone }),
      ...data.times.map((time) => `• ${time}`),
      t("interview.offer.none"),
    ],
    action: { label: t("interview.offer.action"), url: data.pickUrl },
    settings: settings(data.settingsUrl),
  });
}

export function withdrawnEmail(data: {
  language?: Language;
  candidateName: string | null;
  companyName: string;
  jobTitle: string;
  applicationUrl: string;
  settingsUrl: string;
}): Promise<RenderedEmail> {
  const { lang, t, settings } = words(data.language);
  const company = oneLine(data.companyName);
  const job = oneLine(data.jobTitle);
  return renderEmail({
    lang,
    subject: t("interview.withdrawn.subject", { company, job }),
    preview: t("interview.withdrawn.preview", { job }),
    greeting: greet(data.candidateName, lang),
    heading: t("interview.withdrawn.heading"),
    body: [t("interview.withdrawn.body", { company, job })],
    action: { label: t("interview.seeApplication"), url: data.applicationUrl },
    settings: settings(data.settingsUrl),
  });
}

type Audience = { kind: "candidate"; name: string | null } | { kind: "interviewer"; name: string | null };

export function invitationEmail(
  d: InterviewDetails & { language?: Language; audience: Audience; moved: boolean; pageUrl: string },
): Promise<RenderedEmail> {
  const { lang, t } = words(d.language);
  const names = { job: oneLine(d.jobTitle), company: oneLine(d.companyName), candidate: oneLine(d.candidateName) };
  const forCandidate = d.audience.kind === "candidate";
  const what = t(forCandidate ? "interview.invitation.whatCandidate" : "interview.invitation.whatMember", names);
  const side = forCandidate ? "Candidate" : "Member";
  return renderEmail({
    lang,
    subject: t(d.moved ? "interview.invitation.subjectMoved" : "interview.invitation.subjectBooked", {
      what,
      when: d.when,
    }),
    preview: t(d.moved ? "interview.invitation.previewMoved" : "interview.invitation.previewBooked", { when: d.when }),
    greeting: greet(d.audience.name, lang),
    heading: t(d.moved ? "interview.invitation.headingMoved" : "interview.invitation.headingBooked"),
    body: [
      t(d.moved ? `interview.invitation.moved${side}` : `interview.invitation.thisIs${side}`, names),
      ...detailLines(d, lang),
      t("interview.invitation.attached"),
    ],
    action: { label: t(forCandidate ? "interview.seeInterview" : "interview.openApplication"), url: d.pageUrl },
    reason: t("interview.invitation.reason"),
  });
}

export function cancellationEmail(
  d: InterviewDetails & {
    language?: Language;
    audience: Audience;
    cancelledBy: "company" | "candidate";
    pageUrl: string;
  },
): Promise<RenderedEmail> {
  const { lang, t } = words(d.language);
  const job = oneLine(d.jobTitle);
  const by = d.cancelledBy === "company" ? oneLine(d.companyName) : oneLine(d.candidateName);
  return renderEmail({
    lang,
    subject: t("interview.cancelled.subject", { job, when: d.when }),
    preview: t("interview.cancelled.preview", { by, when: d.when }),
    greeting: greet(d.audience.name, lang),
    heading: t("interview.cancelled.heading"),
    body: [t("interview.cancelled.body", { by, job, when: d.when })],
    action: {
      label: t(d.audience.kind === "candidate" ? "interview.seeApplication" : "interview.openApplication"),
      url: d.pageUrl,
    },
    reason: t("interview.cancelled.reason"),
  });
}

export function reminderEmail(
  d: InterviewDetails & { language?: Language; audience: Audience; pageUrl: string },
): Promise<RenderedEmail> {
  const { lang, t } = words(d.language);
  const names = { job: oneLine(d.jobTitle), company: oneLine(d.companyName), candidate: oneLine(d.candidateName) };
  const forCandidate = d.audience.kind === "candidate";
  return renderEmail({
    lang,
    subject: t(forCandidate ? "interview.reminder.subjectCandidate" : "interview.reminder.subjectMember", {
      ...names,
      when: d.when,
    }),
    preview: t("interview.reminder.preview", { when: d.when }),
    greeting: greet(d.audience.name, lang),
    heading: t("interview.reminder.heading"),
    body: [
      t(forCandidate ? "interview.reminder.bodyCandidate" : "interview.reminder.bodyMember", names),
      ...detailLines(d, lang),
    ],
    action: { label: t(forCandidate ? "interview.seeInterview" : "interview.openApplication"), url: d.pageUrl },
    reason: t("interview.reminder.reason"),
  });
}
