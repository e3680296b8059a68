// The reminder the server's retention run sends, its talent-pool link, and the retention setting against the production server, as a browser with
// JavaScript off sends them (decision 089): the signed link's GET shows a button and changes
// nothing, its POST keeps the application for another period, a forged or foreign link is 404;
// only owners change the period, a wrong value answers beside the field.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listMailbox, readMailboxMessage } from "../../lib/mail.ts";
import { enqueue } from "../../lib/queue.ts";
import { WAIT } from "../support/wait.ts";
import { em } from "../../lib/db.ts";
import { signLink } from "../../lib/signed-links.ts";
import { changeJobStatus, memberFor } from "../../modules/hiring/index.server.ts";
import { RETENTION_QUEUE, submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { inviteAndJoin } from "../support/team.ts";
import { findAccount } from "../../modules/identity/index.server.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let applicationId = "";
let companyId = "";
let owner: HttpClient;
let recruiter: HttpClient;
let visitor: HttpClient;
let linkPath = "";

const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const keptUntil = async () =>
  (await sql<{ kept_until: Date | null }>(`select kept_until from applications where id = ?`, [applicationId]))[0]!
    .kept_until;
const months = async () =>
  (await sql<{ retention_months: number }>(`select retention_months from companies where id = ?`, [companyId]))[0]!
    .retention_months;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const olive = await signUpOnPlan({
    email: "olive@talent-pool.example.com",
    password: PASSWORD,
    role: "employer",
    full_name: "Olive Owner",
    company_name: "Poolside",
    plan: "business",
  });
  const cara = await signUpOnPlan({
    email: "cara@talent-pool.example.com",
    password: PASSWORD,
    role: "candidate",
    full_name: "Cara Candidate",
    plan: "essential",
  });
  const member = await memberFor(olive.id);
  companyId = member.companyId;
  const jobId = await publishTestJob(olive.id, { title: "Pool Engineer", company_name: "Poolside" });
  applicationId = (await submitApplication(cara.id, jobId)).applicationId;
  await changeJobStatus(member, jobId, "close");
  // Closed eleven months and a week ago (the server's clock is the real one): due within 30 days.
  await sql(`update jobs set closed_at = now() - interval '11 months 7 days' where id = ?`, [jobId]);
  const rami = await inviteAndJoin((await findAccount(olive.id))!, "rami@talent-pool.example.com", "recruiter");
  [owner, recruiter] = await Promise.all([
    signInOverHttp(server.baseUrl, olive.email, PASSWORD),
    signInOverHttp(server.baseUrl, rami.email, "correct horse"),
  ]);
  visitor = httpClient(server.baseUrl);
  // The server's daily run sends the reminder, with a link signed by the server's key.
  await enqueue(RETENTION_QUEUE, {});
  linkPath = await vi.waitFor(
    async () => {
      for (const entry of await listMailbox(path.join(server.dataDir, "mail"))) {
        if (entry.to !== cara.email || !entry.subject.startsWith("Poolside will remove your application on ")) continue;
        const link = (await readMailboxMessage(entry)).links.find((l) =>
          new URL(l).pathname.startsWith("/talent-pool/"),
        );
        if (link) return new URL(link).pathname;
      }
      throw new Error("no reminder yet");
    },
    { ...WAIT, timeout: 30_000 },
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("the talent-pool link, signed out and without JavaScript", () => {
  it("shows what would be kept and a plain form on GET, changing nothing", async () => {
    const response = await visitor.get(linkPath);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Stay in (<!-- -->)?Poolside(<!-- -->)?&#x27;s talent pool\?<\/h1>/);
    expect(html).toContain("Pool Engineer");
    expect(html).toMatch(/<form method="post"[^>]*>/);
    expect(await keptUntil()).toBeNull();
  });

  it("keeps the application for another period on POST", async () => {
    const response = await visitor.post(linkPath, {});
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("keeps your application");
    const kept = await keptUntil();
    expect(kept).not.toBeNull();
    // About a year from now: later than the month it had left.
    expect(new Date(kept!).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });

  it("answers 404 to a forged link, one signed for something else, and nonsense, on GET and POST", async () => {
    const signature = linkPath.slice(linkPath.lastIndexOf(".") + 1);
    for (const token of [
      `${applicationId}.forged`,
      // The right signature on another application's id.
      `${crypto.randomUUID()}.${signature}`,
      await signLink("waiting-digest-unsubscribe", applicationId),
      "x",
    ]) {
      expect((await visitor.get(`/talent-pool/${token}`)).status).toBe(404);
      expect((await visitor.post(`/talent-pool/${token}`, {})).status).toBe(404);
    }
  });
});

describe("the retention setting on the team page", () => {
  it("is the owner's: saved and shown, a wrong value refused beside the field, a recruiter refused as not found", async () => {
    expect(await (await owner.get("/employer/team")).text()).toContain('name="retention_months"');
    expect(await (await recruiter.get("/employer/team")).text()).not.toContain('name="retention_months"');

    const wrong = await owner.post("/employer/team", { intent: "retention", retention_months: "7" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Choose 6, 12 or 24 months.");
    expect(await months()).toBe(12);

    expect((await recruiter.post("/employer/team", { intent: "retention", retention_months: "6" })).status).toBe(404);
    expect(await months()).toBe(12);

    const saved = await owner.post("/employer/team", { intent: "retention", retention_months: "24" });
    expect(redirectedTo(saved)).toBe("/employer/team");
    expect(await months()).toBe(24);
    expect(await (await owner.get("/employer/team")).text()).toMatch(/<option value="24" selected="">/);
  });
});
