// The team's routes over HTTP against the real server, tried as every kind of person who should not
// get through: another company's owner, a removed member, an interviewer not assigned to the job,
// a recruiter on the owner's settings, a candidate and a visitor. Each is turned away (404 or a
// redirect) and the database is checked to be unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { signUpOnPlan } from "../support/accounts.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { publishTestJob } from "../support/jobs.ts";
import { em } from "../../lib/db.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import {
  acceptInvitation,
  invitationPath,
  inviteMember,
  memberFor,
  removeMember,
  type MemberRole,
} from "../../modules/hiring/index.server.ts";
import type { Account } from "../../modules/identity/index.server.ts";

const PASSWORD = "correct horse battery";
let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let jobId: string;
let applicationId: string;
const as: Record<string, HttpClient> = {};
const people: Record<string, Account> = {};

const employer = (name: string) =>
  signUpOnPlan({
    email: `${name}@example.com`,
    password: PASSWORD,
    role: "employer",
    company_name: `${name} Co`,
    full_name: name,
    plan: "business",
  });

async function join(owner: Account, person: Account, role: MemberRole) {
  const invitation = await inviteMember(await memberFor(owner.id), { email: person.email, role });
  await acceptInvitation((await invitationPath(invitation.id)).split("/").pop()!, person);
}

const statusOf = async (id: string) =>
  (await em().execute<{ status: string }[]>(`select status from applications where id = ?`, [id]))[0]!.status;
const roleOf = async (userId: string) =>
  (await em().execute<{ role: string }[]>(`select role from company_members where user_id = ?`, [userId]))[0]?.role ??
  null;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  for (const name of ["owner", "recruiter", "interviewer", "removed", "stranger"]) people[name] = await employer(name);
  people.candidate = await signUpOnPlan({
    email: "candidate@example.com",
    password: PASSWORD,
    role: "candidate",
    full_name: "Cand",
    plan: "professional",
  });
  await join(people.owner!, people.recruiter!, "recruiter");
  await join(people.owner!, people.interviewer!, "interviewer");
  await join(people.owner!, people.removed!, "recruiter");
  await removeMember(await memberFor(people.owner!.id), people.removed!.id);
  jobId = await publishTestJob(people.owner!.id);
  ({ applicationId } = await submitApplication(people.candidate.id, jobId));
  for (const [name, account] of Object.entries(people))
    as[name] = await signInOverHttp(server.baseUrl, account.email, PASSWORD);
  as.visitor = httpClient(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await running?.stop();
});

describe("a job's pages and actions", () => {
  it("open to the owner and recruiter; not found for an unassigned interviewer, another company and a removed member", async () => {
    for (const who of ["owner", "recruiter"]) expect((await as[who]!.get(`/employer/jobs/${jobId}`)).status).toBe(200);
    for (const who of ["interviewer", "stranger", "removed"]) {
      expect((await as[who]!.get(`/employer/jobs/${jobId}`)).status).toBe(404);
      expect((await as[who]!.get(`/employer/jobs/${jobId}/applications/${applicationId}`)).status).toBe(404);
      expect((await as[who]!.get(`/employer/jobs/${jobId}/applications.csv`)).status).toBe(404);
      expect((await as[who]!.post(`/employer/jobs/${jobId}`, { intent: `shortlist:${applicationId}` })).status).toBe(
        404,
      );
      expect((await as[who]!.post(`/employer/jobs/${jobId}`, { intent: "close" })).status).toBe(404);
    }
    expect(await statusOf(applicationId)).toBe("submitted");
    expect((await em().execute<{ status: string }[]>(`select status from jobs where id = ?`, [jobId]))[0]!.status).toBe(
      "active",
    );
    // A candidate and a visitor never reach an employer's page.
    expect(redirectedTo(await as.candidate!.get(`/employer/jobs/${jobId}`))).not.toBeNull();
    expect(redirectedTo(await as.visitor!.get(`/employer/jobs/${jobId}`))).toMatch(/^\/auth/);
  });
});

describe("the team page", () => {
  it("lets only owners manage the team, and only their own company's members", async () => {
    const attempts: [string, Record<string, string>][] = [
      ["stranger", { intent: "role", member: people.recruiter!.id, role: "owner" }],
      ["stranger", { intent: "remove", member: people.interviewer!.id }],
      ["recruiter", { intent: "role", member: people.recruiter!.id, role: "owner" }],
      ["recruiter", { intent: "invite", email: "friend@example.com", role: "owner" }],
      ["interviewer", { intent: "remove", member: people.owner!.id }],
      ["interviewer", { intent: "company", name: "Taken over", timeZone: "UTC" }],
      // Removed, they run a company of their own now: the old one's members are not theirs.
      ["removed", { intent: "role", member: people.recruiter!.id, role: "interviewer" }],
    ];
    for (const [who, fields] of attempts)
      expect({ who, fields, status: (await as[who]!.post("/employer/team", fields)).status }).toMatchObject({
        status: 404,
      });
    expect(await roleOf(people.recruiter!.id)).toBe("recruiter");
    expect(await roleOf(people.interviewer!.id)).toBe("interviewer");
    expect(
      (
        await em().execute<{ n: string }[]>(
          `select count(*) as n from company_invitations where email = 'friend@example.com'`,
        )
      )[0]!.n,
    ).toBe("0");
    expect(redirectedTo(await as.candidate!.get("/employer/team"))).not.toBeNull();
    expect(
      redirectedTo(
        await as.visitor!.post("/employer/team", { intent: "invite", email: "x@example.com", role: "owner" }),
      ),
    ).toMatch(/^\/auth/);
  });

  it("keeps the last owner, refuses bad input beside the field, and refuses other sites", async () => {
    const last = await as.owner!.post("/employer/team", { intent: "remove", member: people.owner!.id });
    expect(last.status).toBe(409);
    expect(await last.text()).toContain("A company needs at least one owner.");
    expect(await roleOf(people.owner!.id)).toBe("owner");
    const bad = await as.owner!.post("/employer/team", {
      intent: "invite",
      email: "someone@example.com\0",
      role: "recruiter",
    });
    expect(bad.status).toBe(400);
    const huge = await as.owner!.post("/employer/team", {
      intent: "invite",
      email: `${"a".repeat(50_000)}@example.com`,
      role: "recruiter",
    });
    expect(huge.status).toBe(400);
    expect(await huge.text()).toContain("That address is too long.");
    const foreign = await fetch(`${server.baseUrl}/employer/team`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
        Cookie: as.owner!.cookie ?? "",
      },
      body: new URLSearchParams({ intent: "invite", email: "evil@example.com", role: "owner" }),
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
    expect(
      (
        await em().execute<{ n: string }[]>(
          `select count(*) as n from company_invitations where email in ('evil@example.com', 'someone@example.com')`,
        )
      )[0]!.n,
    ).toBe("0");
  });
});

describe("invitation links", () => {
  it("refuses a candidate account, with a message, and leaves the link usable", async () => {
    await inviteMember(await memberFor(people.owner!.id), { email: "candidate@example.com", role: "recruiter" });
    // The link as the server signs it (its own secret), from the email its worker sent.
    const path = await linkFromMailbox(
      server.dataDir,
      "candidate@example.com",
      "Join owner Co on Hirewise",
      "/invitations/",
    );
    expect((await as.candidate!.get(path)).status).toBe(200);
    const refused = await as.candidate!.post(path, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This is a candidate account");
    expect(await roleOf(people.candidate!.id)).toBeNull();
    expect((await as.visitor!.get(`${path.slice(0, -3)}abc`)).status).toBe(410);
  });
});
