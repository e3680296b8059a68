// The post wizard keeps what a fast typist enters, with JavaScript on and off: a benefit added,
// then (JavaScript on: without waiting for the answer) a second typed and added with Enter and the
// rest of the step filled in; Next reaches the questions; the review shows both benefits and the
// salary typed with thousands separators ("130,000", "165 000") as $130,000 - $165,000.
import type { Request } from "playwright-core";
import { expect, it } from "vitest";
import { signUp } from "../../modules/identity/index.server.ts";
import { journeys, settled } from "../support/browser.ts";
import { useModulesOn } from "../support/app-server.ts";
import { signInByEmail } from "../support/sessions.ts";

journeys("post a job while typing fast", (journey) => {
  const { js, newPage } = journey;
  const tag = js ? "js" : "nojs";
  useModulesOn(() => journey.server);
  /** A new employer of Quick Robotics, signed in, on an empty post wizard. */
  const newWizard = async (slug: string, name: string) => {
    const email = `${slug}-${tag}@example.com`;
    await signUp({
      email,
      password: "correct horse battery",
      role: "employer",
      full_name: name,
      company_name: "Quick Robotics",
    });
    const page = await newPage();
    await signInByEmail(page, email);
    await page.goto("/employer/jobs/new");
    await settled(page, js);
    return page;
  };

  it("keeps every field and benefit typed during the first save, and reads grouped salaries", async () => {
    const page = await newWizard("fast-typist", "Fay Fast");

    await page.getByLabel(/Job title/).fill("Fast Platform Engineer");
    await page.getByLabel("Add a benefit").fill("Health insurance");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    // Without JavaScript the page is replaced by the answer: there is nothing to type into meanwhile.
    if (!js) await page.getByRole("button", { name: "Remove Health insurance" }).waitFor();
    await page.getByLabel("Add a benefit").fill("Equity");
    if (js) await page.getByLabel("Add a benefit").press("Enter");
    else await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByLabel(/^Location\s*\*?$/).fill("Austin, TX, United States");
    await page.getByLabel(/Location type/).selectOption("hybrid");
    await page.getByLabel(/Employment type/).selectOption("FULLTIME");
    await page.getByLabel(/^Category/).selectOption("Software Engineering");
    await page.getByLabel(/^Requirements/).fill("Five years building distributed systems.");
    await page.getByLabel(/^Description/).fill("Own our robot fleet's control platform.");
    await page.getByLabel("Minimum").fill("130,000");
    await page.getByLabel("Maximum").fill("165 000");
    await page.getByRole("button", { name: "Next", exact: true }).click();

    await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
    await settled(page, js);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Review your job" }).waitFor();
    // Read once the review has rendered its rows (the heading can come a frame before them).
    await page.getByText("$130,000 - $165,000").waitFor();
    await expect(page.getByText("$130,000 - $165,000").count()).resolves.toBe(1);
    await expect(page.getByText("NaN").count()).resolves.toBe(0);
    for (const benefit of ["Health insurance", "Equity"]) await page.getByText(benefit, { exact: true }).waitFor();
    await expect(page.getByText("Fast Platform Engineer").count()).resolves.toBeGreaterThan(0);
  });

  it("sends one press at a time: a press made before the page disabled its buttons waits for the first answer", async () => {
    if (!js) return; // Two presses in one moment need a script; without one the browser sends one page at a time.
    const page = await newWizard("double-press", "Dot Double");
    await page.getByLabel(/Job title/).fill("Double Press Engineer");
    await page.getByLabel(/^Location\s*\*?$/).fill("Austin, TX, United States");
    await page.getByLabel(/Location type/).selectOption("onsite");
    await page.getByLabel(/Employment type/).selectOption("FULLTIME");
    await page.getByLabel(/^Category/).selectOption("Software Engineering");
    await page.getByLabel(/^Requirements/).fill("Builds things twice as carefully.");
    await page.getByLabel(/^Description/).fill("Keep the robots running.");
    await page.getByLabel("Minimum").fill("130000");
    await page.getByLabel("Add a benefit").fill("Equity");
    // Each post's press and answer, in order (a cancelled post never gets its answer's headers).
    const events: string[] = [];
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") events.push(`sent ${posts.push(request)}`);
    });
    page.on("response", (response) => {
      const n = posts.indexOf(response.request()) + 1;
      if (n) events.push(`answered ${n}`);
    });
    // Add, then the maximum typed and Next, in one task: before React re-renders the disabled buttons.
    await page.evaluate(() => {
      const press = (intent: string) =>
        document.querySelector<HTMLButtonElement>(`button[name="intent"][value="${intent}"]`)!.click();
      press("add-benefit");
      const max = document.querySelector<HTMLInputElement>('input[name="salary_max"]')!;
      max.value = "165000";
      max.dispatchEvent(new Event("input", { bubbles: true }));
      press("next");
    });
    await page.getByRole("heading", { name: "Screening Questions" }).waitFor();
    await settled(page, js);
    // Two posts, the second sent once the first was answered.
    expect(events).toEqual(["sent 1", "answered 1", "sent 2", "answered 2"]);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Review your job" }).waitFor();
    await page.getByText("$130,000 - $165,000").waitFor();
    await page.getByText("Equity", { exact: true }).waitFor();
  });

  it("keeps the focus in the field being typed in when an Add's answer comes in", async () => {
    if (!js) return; // Without JavaScript the answer is a new page, focused as it loads.
    const page = await newWizard("focus-typist", "Fox Focus");
    await page.getByLabel(/Job title/).fill("Focused Engineer");
    await page.getByLabel("Add a benefit").fill("Equity");
    // Add pressed, and the typist moves on to Location before its answer is in.
    await page.evaluate(() => {
      document.querySelector<HTMLButtonElement>('button[name="intent"][value="add-benefit"]')!.click();
      document.querySelector<HTMLInputElement>('input[name="location"]')!.focus();
    });
    await page.getByRole("button", { name: "Remove Equity" }).waitFor();
    await settled(page, js);
    await page.keyboard.type("Austin");
    await expect(page.getByLabel(/^Location\s*\*?$/).inputValue()).resolves.toBe("Austin");
    await expect(page.getByLabel("Add a benefit").inputValue()).resolves.toBe("");
  });

  it("refuses a salary that is not a number beside its field, keeping what was typed", async () => {
    const page = await newWizard("salary-typist", "Sal Ary");
    await page.getByLabel(/Job title/).fill("Salary Engineer");
    await page.getByLabel("Minimum").fill("lots");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.locator("#job-salary_min-error").waitFor();
    await expect(page.locator("#job-salary_min-error").textContent()).resolves.toContain("Enter a whole number");
    await expect(page.getByLabel("Minimum").inputValue()).resolves.toBe("lots");

    // The search's minimum salary: grouped is read, garbage is refused beside the field.
    await page.goto("/jobs?q=engineer&location=&min_salary=lots");
    await settled(page, js);
    await page.getByText("Enter the minimum salary as a whole number").waitFor();
    await expect(page.getByLabel("Minimum salary").inputValue()).resolves.toBe("lots");
  });
});
