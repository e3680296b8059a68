// A company's time zone starts from its first job's place (not UTC), until an owner saves one:
// the place→zone table for the places the board knows, and the default on publishing.
import { describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { memberFor, updateCompany } from "./index.server.ts";
import { zoneForLocation } from "./place-zones.ts";

useTestRuntime();

let seq = 0;
const employer = () =>
  signUpOnPlan({
    email: `zone-boss${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: `Zone Co ${seq}`,
    plan: "business",
    full_name: "Zed",
  });
const zoneOf = async (userId: string) => (await memberFor(userId))!.timeZone;

describe("the zone of a place", () => {
  it("reads a city's, a region's or a one-zone country's; none for remote, unknown places or the US alone", () => {
    expect(zoneForLocation("Austin, TX, United States")).toBe("America/Chicago");
    expect(zoneForLocation("San Francisco, CA")).toBe("America/Los_Angeles");
    expect(zoneForLocation("Boise, Idaho")).toBe("America/Denver");
    expect(zoneForLocation("Berlin, Germany")).toBe("Europe/Berlin");
    expect(zoneForLocation("London")).toBe("Europe/London");
    expect(zoneForLocation("Toronto, ON, Canada")).toBe("America/Toronto");
    expect(zoneForLocation("Bengaluru, India")).toBe("Asia/Kolkata");
    for (const none of ["Remote", "United States", "Canada", "Atlantis", ""])
      expect(zoneForLocation(none), none).toBeNull();
  });
});

describe("a company's default zone", () => {
  it("comes from its first job's place when published", async () => {
    const boss = await employer();
    expect(await zoneOf(boss.id)).toBe("UTC");
    await publishTestJob(boss.id, { location: "Berlin, Germany" });
    expect(await zoneOf(boss.id)).toBe("Europe/Berlin");
    // A later job elsewhere does not move it.
    await publishTestJob(boss.id, { location: "Tokyo, Japan" });
    expect(await zoneOf(boss.id)).toBe("Europe/Berlin");
  });

  it("waits for a job whose place is known: a remote first job leaves UTC, the next one in Bengaluru sets it", async () => {
    const boss = await employer();
    await publishTestJob(boss.id, { location: "Remote", location_type: "remote" });
    expect(await zoneOf(boss.id)).toBe("UTC");
    await publishTestJob(boss.id, { location: "Bengaluru, India" });
    expect(["Asia/Kolkata", "Asia/Calcutta"]).toContain(await zoneOf(boss.id));
  });

  it("never replaces a zone an owner chose, UTC included", async () => {
    const boss = await employer();
    await updateCompany((await memberFor(boss.id))!, { name: "Zone Co UTC", timeZone: "UTC" });
    await publishTestJob(boss.id, { location: "Austin, TX, United States" });
    expect(await zoneOf(boss.id)).toBe("UTC");

    const other = await employer();
    await updateCompany((await memberFor(other.id))!, { name: "Zone Co Paris", timeZone: "Europe/Paris" });
    await publishTestJob(other.id, { location: "London, United Kingdom" });
    expect(await zoneOf(other.id)).toBe("Europe/Paris");
    const [row] = await em().execute<{ time_zone_chosen: boolean }[]>(
      `select time_zone_chosen from companies c join company_members m on m.company_id = c.id where m.user_id = ?`,
      [other.id],
    );
    expect(row!.time_zone_chosen).toBe(true);
  });
});
