// The candidate's interviews in their application's timeline (applications' hook): one entry per
// interview at the time it was offered, saying where it stands now, with its calendar file while booked.
import { em } from "../../lib/db.ts";
import { formatZoned } from "../../lib/zoned-time.ts";
import { timelineStamp, type TimelineEntry, type TimelineSource } from "../applications/index.server.ts";
import { Interview, InterviewSlot } from "./entities.ts";

export const interviewTimeline: TimelineSource = async ({ id, company }) => {
  const interviews = await em().find(Interview, { applicationId: id }, { orderBy: { createdAt: "asc" } });
  if (!interviews.length) return [];
  const booked = await em().find(InterviewSlot, {
    id: { $in: interviews.map((i) => i.bookedSlotId).filter((s): s is string => Boolean(s)) },
  });
  const page = `/candidate/applications/${id}/interview`;
  return interviews.map((interview): TimelineEntry => {
    const slot = booked.find((s) => s.id === interview.bookedSlotId);
    const stamp = timelineStamp(`interview-${interview.id}`, interview.createdAt, company);
    if (interview.status === "cancelled")
      return {
        ...stamp,
        kind: "interview",
        state: "cancelled",
        summary: `Cancelled by ${interview.cancelledBy === "candidate" ? "you" : company}${slot ? ` (it was booked for ${formatZoned(slot.startsAt, interview.timeZone)})` : ""}.`,
        pageHref: page,
        calendarHref: null,
      };
    if (interview.status === "booked" && slot)
      return {
        ...stamp,
        kind: "interview",
        state: "booked",
        summary: `Booked for ${formatZoned(slot.startsAt, interview.timeZone)}, ${interview.lengthMinutes} minutes.`,
        pageHref: page,
        calendarHref: `${page}.ics`,
      };
    return {
      ...stamp,
      kind: "interview",
      state: "offered",
      summary: `${company} offered interview times: pick the one that suits you.`,
      pageHref: page,
      calendarHref: null,
    };
  });
};
