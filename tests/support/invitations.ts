// A calendar invitation read back with an iCalendar parser (node-ical), as a mail client would:
// its METHOD, and the event's UID, SEQUENCE, start, end and attendees' addresses (lower-cased, sorted).
import ical, { type VEvent } from "node-ical";

export interface ReadInvitation {
  method: string;
  uid: string;
  sequence: number;
  start: string;
  end: string | null;
  attendees: string[];
}

export function readInvitation(content: string): ReadInvitation {
  const event = Object.values(ical.sync.parseICS(content)).find((c) => c?.type === "VEVENT") as VEvent;
  return {
    method: /^METHOD:(.+)$/m.exec(content)![1]!.trim(),
    uid: event.uid,
    sequence: Number(event.sequence),
    start: event.start.toISOString(),
    end: event.end ? event.end.toISOString() : null,
    attendees: [event.attendee]
      .flat()
      .map((a) => (typeof a === "string" ? a : a!.val).replace(/^mailto:/i, "").toLowerCase())
      .sort(),
  };
}
