// Times as a company reads them: in the company's IANA time zone (UTC unless the team set one). An
// unknown zone (a setting written before a zone was renamed) falls back to UTC rather than failing.
const cache = new Map<string, { csv: Intl.DateTimeFormat; page: Intl.DateTimeFormat; zone: string }>();

function formatsFor(timeZone: string) {
  let formats = cache.get(timeZone);
  if (!formats) {
    let zone = timeZone;
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
    } catch {
      zone = "UTC";
    }
    formats = {
      zone,
      csv: new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
      page: new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }),
    };
    cache.set(timeZone, formats);
  }
  return formats;
}

/** "2026-11-24 14:05 Europe/Berlin": sortable in a spreadsheet, and says which zone it is in. */
export function csvDateTime(value: Date | string, timeZone: string): string {
  const { csv, zone } = formatsFor(timeZone);
  const parts = Object.fromEntries(csv.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${zone}`;
}

/** "Nov 24, 2026, 2:05 PM GMT+1": a note's or rating's time on the page. */
export function pageDateTime(value: Date | string, timeZone: string): string {
  return formatsFor(timeZone).page.format(new Date(value));
}
