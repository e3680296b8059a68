// Job alerts' send time, with JavaScript on and off: a candidate's first alert takes the browser's
// zone (JavaScript on) or UTC (off), and the settings select moves every alert to 07:00 in the zone chosen.
import { expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { journeys, settled } from "../support/browser.ts";
import { useModulesOn } from "../support/app-server.ts";
import { signInByEmail } from "../support/sessions.ts";

journeys("job alerts' time zone", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  useModulesOn(() => journey.server);

  it("saves an alert in the browser's zone and moves it to the zone chosen in settings", async () => {
    const email = `zone-alerts-${tag}@example.com`;
    const me = await signUpOnPlan({
      email,
      password: "correct horse battery",
      role: "candidate",
      plan: "essential",
      full_name: "Zia Zone",
    });
    const page = await newPage();
    await signInByEmail(page, email);
    await page.goto("/candidate/alerts?new=1&q=zone+engineer&location=");
    await settled(page, js);
    await page.getByRole("button", { name: "Email me jobs like these" }).click();
    await page.getByText("Your job alert is saved.").waitFor();
    const zoneOf = async () =>
      (
        await em().execute<{ time_zone: string }[]>(`select time_zone from job_alerts where candidate_id = ?`, [me.id])
      ).map((r) => r.time_zone);
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await zoneOf()).toEqual([js ? browserZone : "UTC"]);

    await page.getByLabel("Send my alerts at 07:00 in").selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await page.getByText("Your alerts now go out at 07:00 in the time zone you chose.").waitFor();
    // Without JavaScript the notice arrives before the rest of the page: read the select once it has loaded.
    await settled(page, js);
    await expect(page.getByLabel("Send my alerts at 07:00 in").inputValue()).resolves.toBe("Europe/Berlin");
    expect(await zoneOf()).toEqual(["Europe/Berlin"]);
  });
});
