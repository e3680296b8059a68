// What the post wizard keeps when people type as they do, through the route's own loader and
// action (as a browser without JavaScript posts them): a benefit typed but not added, and Next on
// an empty form.
import { beforeAll, describe, expect, it } from "vitest";
import { em } from "#lib/db.ts";
import { signInResponse, signUp, type Account } from "#modules/identity/index.server.ts";
import type { WizardView } from "#app/job-wizard.ts";
import { useTestRuntime } from "../support/runtime.ts";
import { action, loader } from "../../app/routes/employer.jobs.new.tsx";

const args = (request: Request) => ({
  request,
  params: {},
  context: { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" },
});
const pageUrl = (jobId: string | null, step = 1) =>
  `http://localhost/employer/jobs/new${jobId ? `?draft=${jobId}&step=${step}` : ""}`;

async function post(cookie: string, jobId: string | null, fields: Record<string, string>): Promise<Response> {
  const request = new Request(pageUrl(jobId, Number(fields.step ?? 1)), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    const result = await action(args(request) as never);
    if (result instanceof Response) return result;
    const { data, init } = result as unknown as { data: unknown; init?: { status?: number } };
    return Response.json(data, { status: init?.status ?? 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const page = async (cookie: string, jobId: string): Promise<WizardView> =>
  (await loader(args(new Request(pageUrl(jobId), { headers: { Cookie: cookie } })) as never)).view;

const DETAILS = {
  step: "1",
  title: "Backend Engineer",
  company_name: "Acme",
  location: "Berlin, Germany",
  location_type: "hybrid",
  employment_type: "FULLTIME",
  category: "Software Engineering",
  salary_currency: "EUR",
  requirements: "Four years of Go.",
  description: "Build the payments platform.",
};

const draftIdOf = (response: Response) =>
  new URL(response.headers.get("location")!, "http://localhost").searchParams.get("draft")!;

useTestRuntime();

describe("the post wizard keeps what was typed", () => {
  let employer: Account;
  let cookie: string;
  const jobCount = async () =>
    Number(
      (await em().execute<{ n: string }[]>("select count(*) as n from jobs where employer_id = ?", [employer.id]))[0]!
        .n,
    );

  beforeAll(async () => {
    employer = await signUp({
      email: "wizard-input@example.com",
      password: "correct horse",
      full_name: "Erin",
      role: "employer",
      company_name: "Acme",
    });
    cookie = (await signInResponse(employer, "/", {})).headers.get("Set-Cookie")!.split(";")[0]!;
  });

  it("names every missing field when Next is pressed on the empty form, and starts no draft", async () => {
    for (let press = 0; press < 3; press++) {
      const response = await post(cookie, null, { step: "1", company_name: "Acme", intent: "next" });
      expect(response.status).toBe(400);
      const view = (await response.json()) as WizardView;
      expect(view.formError).toBeTruthy();
      expect(Object.keys(view.errors)).toEqual(
        expect.arrayContaining(["title", "location", "requirements", "description"]),
      );
    }
    expect(await jobCount()).toBe(0);
  });

  it("adds a benefit typed but not added when the step's Next is pressed (Enter without JavaScript)", async () => {
    const first = await post(cookie, null, {
      ...DETAILS,
      "benefits[0]": "Health insurance",
      benefit: "  Four-day   week ",
      intent: "next",
    });
    expect(first.status).toBe(302);
    const jobId = draftIdOf(first);
    expect(new URL(first.headers.get("location")!, "http://localhost").searchParams.get("step")).toBe("2");
    expect((await page(cookie, jobId)).form.benefits).toEqual(["Health insurance", "Four-day week"]);

    // One already listed: the step stays, says so, and keeps the rest saved.
    const again = await post(cookie, jobId, {
      ...DETAILS,
      title: "Senior Backend Engineer",
      "benefits[0]": "Health insurance",
      benefit: "health insurance",
      intent: "next",
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as WizardView).errors.benefit).toEqual(['"health insurance" is already listed']);
    expect((await page(cookie, jobId)).form.title).toBe("Senior Backend Engineer");
    expect(await jobCount()).toBe(1);
  });
});
