// The iCalendar invitation of an interview, built by ical-generator (never by hand): a stable UID
// per interview, the SEQUENCE of the change, times in UTC (no VTIMEZONE to go stale; the email's
// text names the company's zone), the organizer, the candidate and each interviewer as attendees.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { now } from "../../lib/clock.ts";

export interface Invitation {
  interviewId: string;
  /** The host part of the UID (the site's host name), so UIDs are unique across sites. */
  host: string;
  method: "REQUEST" | "CANCEL";
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  url: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
}

export const invitationUid = (interviewId: string, host: string) => `interview-${interviewId}@${host}`;

export function invitationIcs(invitation: Invitation): string {
  const cancel = invitation.method === "CANCEL";
  const calendar = ical({
    prodId: { company: "Hirewise", product: "interviews", language: "EN" },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invitationUid(invitation.interviewId, invitation.host),
    sequence: invitation.sequence,
    stamp: now(),
    start: invitation.start,
    end: invitation.end,
    summary: invitation.summary,
    description: invitation.description,
    location: invitation.location,
    url: invitation.url,
    organizer: invitation.organizer,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    attendees: invitation.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      rsvp: true,
      status: ICalAttendeeStatus.NEEDSACTION,
      role: ICalAttendeeRole.REQ,
    })),
  });
  return calendar.toString();
}
