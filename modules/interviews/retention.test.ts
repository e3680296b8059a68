// Retention (decision 089) reaches the interviews: an anonymised application's interview stays, as
// the company's record that one took place, without the candidate.
import { afterEach, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { changeJobStatus, memberFor } from "../hiring/index.server.ts";
import { anonymiseDueApplications, moveApplication, submitApplication } from "../applications/index.server.ts";
import { offerInterview } from "./index.server.ts";

useTestRuntime();
afterEach(() => setClock(undefined));

it("clears the candidate from an anonymised application's interview, and only from that one", async () => {
  setClock(new Date("2027-01-01T12:00:00Z"));
  const owner = await signUpOnPlan({
    email: "retention-interviews-owner@example.com",
    password: "correct horse battery",
    role: "employer",
    company_name: "Interviewers",
    plan: "business",
    full_name: "Olive",
  });
  const olivia = await memberFor(owner.id);
  const interviewed: { jobId: string; applicationId: string; candidateId: string }[] = [];
  for (const name of ["gone", "kept"]) {
    const candidate = await signUpOnPlan({
      email: `retention-interviews-${name}@example.com`,
      password: "correct horse battery",
      role: "candidate",
      plan: "essential",
      full_name: name,
    });
    const jobId = await publishTestJob(owner.id, { title: `Interviewed ${name}` });
    const { applicationId } = await submitApplication(candidate.id, jobId);
    await moveApplication(olivia, applicationId, "interview", { jobId });
    await offerInterview(olivia, applicationId, jobId, {
      times: [
        { date: "2027-01-05", time: "10:00" },
        { date: "2027-01-06", time: "10:00" },
      ],
      length: "45",
      location: "",
      videoUrl: "https://meet.example.com/interviewers",
      interviewers: [olivia.userId],
    });
    interviewed.push({ jobId, applicationId, candidateId: candidate.id });
  }
  setClock(new Date("2027-01-10T12:00:00Z"));
  await changeJobStatus(olivia, interviewed[0]!.jobId, "close");

  const after = new Date("2028-01-11T12:00:00Z");
  setClock(after);
  expect((await anonymiseDueApplications(after)).anonymised).toBe(1);
  const rows = await em().execute<{ application_id: string; candidate_id: string | null }[]>(
    `select application_id, candidate_id from interviews where application_id in (?, ?)`,
    interviewed.map((i) => i.applicationId),
  );
  expect(Object.fromEntries(rows.map((r) => [r.application_id, r.candidate_id]))).toEqual({
    [interviewed[0]!.applicationId]: null,
    [interviewed[1]!.applicationId]: interviewed[1]!.candidateId,
  });
});
