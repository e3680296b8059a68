// AI feedback on answers, as the apply wizard's review step serves it: advice per written answer
// for a Professional candidate, the offer for an Essential one, with JavaScript off (plain GETs).
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { signInOverHttp } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { publishTestJob } from "../support/jobs.ts";
import { emptyQuestion, jobToApply } from "../../modules/hiring/index.server.ts";
import { saveAnswers } from "../../modules/applications/index.server.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let jobId: string;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const employer = await signUpOnPlan({
    email: "fb-boss@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Feedback Co",
    plan: "business",
  });
  jobId = await publishTestJob(employer.id, {
    skills: "Go, PostgreSQL",
    questions: [
      { ...emptyQuestion(), question_text: "Tell us about a service you scaled.", category: "practical-experience" },
    ],
  });
}, 60_000);
afterAll(async () => {
  await running?.stop();
});

async function reviewPage(email: string, plan: string): Promise<string> {
  const candidate = await signUpOnPlan({ email, password: PASSWORD, role: "candidate", full_name: "Fay", plan });
  const [question] = (await jobToApply(jobId))!.questions;
  await saveAnswers(candidate.id, jobId, { [question!.id]: "Go, PostgreSQL, Go, PostgreSQL." });
  const client = await signInOverHttp(server.baseUrl, email, PASSWORD);
  const response = await client.get(`/candidate/jobs/${jobId}/apply?step=3`);
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
}

it("gives a Professional candidate advice on each written answer before sending", async () => {
  const page = await reviewPage("fay-pro@example.com", "professional");
  expect(page).toContain("AI feedback on your answers");
  expect(page).toContain("This reads as a list of skills.");
  expect(page).not.toContain("comes with the");
});

it("offers it to an Essential candidate, with where to get it", async () => {
  const page = await reviewPage("fay-essential@example.com", "essential");
  expect(page).toContain("AI feedback on your answers comes with the");
  expect(page).not.toContain("This reads as a list of skills.");
});
