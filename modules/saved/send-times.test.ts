// Digests at 07:00 in the candidate's zone: the slot rule (daylight saving included), the run's
// claim computing the same next send per alert's zone, and the zone an alert starts with.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { createAlert, runAlerts, setAlertTimeZone, type AlertInput } from "./index.server.ts";
import { nextSlot, periodKey } from "./send-times.ts";

useTestRuntime();

let seq = 0;
const candidate = () =>
  signUpOnPlan({
    email: `zone-c${++seq}@example.com`,
    password: "correct horse",
    role: "candidate",
    plan: "essential",
    full_name: "Zoe",
  });
const input = (q: string, timeZone?: string): AlertInput => ({
  q,
  location: "",
  locationType: "",
  employmentType: "",
  category: "",
  minSalary: "",
  frequency: "daily",
  timeZone,
});
const alertRow = async (id: string) =>
  (
    await em().execute<{ time_zone: string; next_run_at: Date; claimed_period: string | null }[]>(
      `select time_zone, next_run_at, claimed_period from job_alerts where id = ?`,
      [id],
    )
  )[0]!;

describe("the send slot", () => {
  it("is 07:00 in the zone, daily or on Mondays, across daylight saving", () => {
    const at = new Date("2026-11-24T10:00:00Z"); // a Tuesday: 05:00 in New York, 11:00 in Berlin
    expect(nextSlot("daily", at).toISOString()).toBe("2026-11-25T07:00:00.000Z");
    expect(nextSlot("daily", at, "America/New_York").toISOString()).toBe("2026-11-24T12:00:00.000Z");
    expect(nextSlot("daily", at, "Europe/Berlin").toISOString()).toBe("2026-11-25T06:00:00.000Z");
    expect(nextSlot("weekly", at, "Asia/Tokyo").toISOString()).toBe("2026-11-29T22:00:00.000Z"); // Monday 07:00 JST
    expect(periodKey("daily", at, "America/New_York")).toBe("2026-11-23");
    expect(periodKey("weekly", at, "Europe/Berlin")).toBe("2026-11-23/week");
    // New York moves to EDT on 8 March 2026: 07:00 is 12:00 UTC the day before, 11:00 UTC that day.
    expect(nextSlot("daily", new Date("2026-03-07T13:00:00Z"), "America/New_York").toISOString()).toBe(
      "2026-03-08T11:00:00.000Z",
    );
  });
});

describe("alerts in the candidate's zone", () => {
  it("take the browser's zone at first, are run at 07:00 there, and follow the zone chosen in settings", async () => {
    const me = await candidate();
    const alert = await createAlert(me.id, input("zonewalker", "America/New_York"));
    const first = await alertRow(alert.id);
    expect(first.time_zone).toBe("America/New_York");
    const due = new Date(first.next_run_at);
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit" }).format(
        due,
      ),
    ).toBe("07:00");

    // A minute before 07:00 in New York the run leaves it; at 07:00 it takes it, and the claim
    // moves the next send to the next 07:00 there, as the JavaScript rule says.
    expect((await runAlerts("zone-run-early", new Date(due.getTime() - 60_000))).claimed).toBe(0);
    expect((await runAlerts("zone-run-due", due)).claimed).toBe(1);
    const after = await alertRow(alert.id);
    expect(new Date(after.next_run_at).toISOString()).toBe(nextSlot("daily", due, "America/New_York").toISOString());
    expect(after.claimed_period).toBe(periodKey("daily", due, "America/New_York"));

    // A second alert keeps the zone the candidate has, whatever the browser says.
    const second = await createAlert(me.id, input("zonewalker two", "Asia/Tokyo"));
    expect((await alertRow(second.id)).time_zone).toBe("America/New_York");

    // Settings: every alert moves to 07:00 in Berlin; a zone not on the list is refused.
    await setAlertTimeZone(me.id, "Europe/Berlin");
    for (const id of [alert.id, second.id]) {
      const row = await alertRow(id);
      expect(row.time_zone).toBe("Europe/Berlin");
      expect(
        new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(
          new Date(row.next_run_at),
        ),
      ).toBe("07:00");
    }
    await expect(setAlertTimeZone(me.id, "Mars/Olympus")).rejects.toMatchObject({ code: "invalid" });
  });

  it("start in UTC without a zone from the browser, or with one the server doesn't know", async () => {
    const me = await candidate();
    expect((await alertRow((await createAlert(me.id, input("nozone"))).id)).time_zone).toBe("UTC");
    const other = await candidate();
    expect((await alertRow((await createAlert(other.id, input("badzone", "Nowhere/Land"))).id)).time_zone).toBe("UTC");
  });
});
