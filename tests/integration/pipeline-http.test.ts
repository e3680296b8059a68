// The pipeline's pages over HTTP, against the real server (decision 050): a move not in the table
// answers 409 with its sentence; Reject's confirmation page (with or without email, a message
// checked beside its field and kept); the bulk move's confirmation and its move, all or nothing;
// and everyone who may not decide (signed out, a candidate, an interviewer assigned to the job,
// another company's owner) refused with nothing changed in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { memberFor } from "../../modules/hiring/index.server.ts";
import { submitApplication } from "../../modules/applications/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
const ids = {} as {
  job: string;
  otherJob: string;
  rivalJob: string;
  applicants: string[];
  other: string;
  rivals: string[];
};
const as = {} as {
  signedOut: HttpClient;
  owner: HttpClient;
  interviewer: HttpClient;
  rival: HttpClient;
  candidate: HttpClient;
};

const sql = <T>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
/** Every application's status and how many changes it has had, so "nothing changed" is one comparison. */
const snapshot = () =>
  sql<{ id: string; status: string; changes: number }>(
    `select a.id, a.status, (select count(*)::int from application_status_changes h where h.application_id = a.id) as changes from applications a order by a.id`,
  );
const statusOf = async (id: string) =>
  (await sql<{ status: string }>(`select status from applications where id = ?`, [id]))[0]!.status;

/** A urlencoded post with repeated fields (the list's checkboxes), as the browser sends it. */
function postPairs(client: HttpClient, path: string, pairs: [string, string][]): Promise<Response> {
  return fetch(server.baseUrl + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.baseUrl,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(client.cookie ? { Cookie: client.cookie } : {}),
    },
    body: new URLSearchParams(pairs).toString(),
  });
}
const bulk = (
  client: HttpClient,
  jobId: string,
  applicationIds: string[],
  to: string,
  extra: [string, string][] = [],
) =>
  postPairs(client, `/employer/jobs/${jobId}/move`, [
    ...applicationIds.map((id) => ["ids", id] as [string, string]),
    ["to", to],
    ...extra,
  ]);

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const owner = await signUpOnPlan({
    email: "olga@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Quantum Widgets",
    full_name: "Olga",
    plan: "business",
  });
  const interviewer = await signUpOnPlan({
    email: "ivan@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Quantum Widgets",
    full_name: "Ivan",
    plan: "business",
  });
  const rival = await signUpOnPlan({
    email: "rita@example.com",
    password: PASSWORD,
    role: "employer",
    company_name: "Rival Co",
    full_name: "Rita",
    plan: "business",
  });
  ids.job = await publishTestJob(owner.id, { title: "Platform Engineer" });
  ids.otherJob = await publishTestJob(owner.id, { title: "Data Engineer" });
  ids.rivalJob = await publishTestJob(rival.id, { title: "Rival Engineer" });
  const company = (await memberFor(owner.id)).companyId;
  await sql(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, 'interviewer', now())`, [
    company,
    interviewer.id,
  ]);
  await sql(`insert into job_assignments (job_id, user_id, assigned_at) values (?, ?, now())`, [
    ids.job,
    interviewer.id,
  ]);
  const people = await Promise.all(
    ["Ada Adams", "Ben Brown", "Cleo Clark", "Dan Dunn"].map((name, i) =>
      signUpOnPlan({
        email: `person${i}@example.com`,
        password: PASSWORD,
        role: "candidate",
        full_name: name,
        plan: "essential",
      }),
    ),
  );
  ids.applicants = [];
  for (const person of people) ids.applicants.push((await submitApplication(person.id, ids.job)).applicationId);
  ids.other = (await submitApplication(people[0]!.id, ids.otherJob)).applicationId;
  ids.rivals = [(await submitApplication(people[1]!.id, ids.rivalJob)).applicationId];
  as.signedOut = httpClient(server.baseUrl);
  [as.owner, as.interviewer, as.rival, as.candidate] = await Promise.all(
    ["olga@example.com", "ivan@example.com", "rita@example.com", "person0@example.com"].map((email) =>
      signInOverHttp(server.baseUrl, email, PASSWORD),
    ),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("one applicant", () => {
  const page = (i = 0) => `/employer/jobs/${ids.job}/applications/${ids.applicants[i]}`;

  it("a move the table does not have answers 409 with the sentence, and changes nothing", async () => {
    expect((await as.owner.get(page(0))).status).toBe(200);
    expect(await statusOf(ids.applicants[0]!)).toBe("submitted"); // reading changes nothing
    expect((await as.owner.post(page(0), { intent: "move:reviewed" })).status).toBe(302);
    const before = await snapshot();
    const refused = await as.owner.post(page(0), { intent: "move:hired" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("An application that is Under Review can&#x27;t be moved to Hired.");
    expect(await snapshot()).toEqual(before);
  });

  it("the application page offers a button per allowed move, and each moves it", async () => {
    const html = await (await as.owner.get(page(0))).text();
    for (const label of ["Shortlist", "Move to Interview", "Reject"]) expect(html).toContain(`>${label}<`);
    expect(html).not.toContain(">Make an offer<");
    const moved = await as.owner.post(page(0), { intent: "move:interview" });
    expect(redirectedTo(moved)).toBe(page(0));
    const after = await (await as.owner.follow(moved)).text();
    expect(after).toContain("The candidate moved to Interview. We&#x27;ll let them know.");
    expect(after).toContain(">Make an offer<");
  });

  it("Reject's page: a message over 1,000 characters is refused beside the field and kept; Reject without email then moves it, with no email job", async () => {
    const reject = `${page(1)}/reject?from=list&show=all&sort=match`;
    const shown = await as.owner.get(reject);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    for (const text of ["Reject Ben Brown?", "Reject and email the candidate", "Reject without email", "Cancel"])
      expect(html).toContain(text);
    expect(html).toContain(`href="/employer/jobs/${ids.job}?sort=match#applications"`);

    const before = await snapshot();
    const long = `Thanks. ${"x".repeat(1000)}`;
    const tooLong = await as.owner.post(reject, { intent: "notify", message: long, from: "list", sort: "match" });
    expect(tooLong.status).toBe(400);
    const body = await tooLong.text();
    expect(body).toContain("A message can be up to 1,000 characters.");
    expect(body).toMatch(/aria-invalid="true"[^>]*aria-describedby="move-message-error/);
    expect(body).toContain(long);
    expect(await snapshot()).toEqual(before);

    const done = await as.owner.post(reject, { intent: "silent", message: "", from: "list", sort: "match" });
    expect(redirectedTo(done)).toBe(`/employer/jobs/${ids.job}?sort=match#applications`);
    expect(await statusOf(ids.applicants[1]!)).toBe("rejected");
    const jobs = await sql<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'applications.status-email' and data->>'applicationId' = ?`,
      [ids.applicants[1]],
    );
    expect(jobs).toEqual([{ n: 0 }]);
    expect(await (await as.owner.follow(done)).text()).toContain(
      "The candidate is marked Not Selected. No email was sent.",
    );
  });

  it("the job page's Reject (intent reject:<id>) leads to the confirmation, changing nothing", async () => {
    const before = await snapshot();
    const asked = await as.owner.post(`/employer/jobs/${ids.job}`, {
      intent: `reject:${ids.applicants[2]}`,
      show: "submitted",
    });
    expect(redirectedTo(asked)).toBe(
      `/employer/jobs/${ids.job}/applications/${ids.applicants[2]}/reject?from=list&show=submitted`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("signed out, a candidate, an interviewer and another company's owner: refused (404 for members), nothing changed", async () => {
    const before = await snapshot();
    const reject = `${page(2)}/reject`;
    expect(redirectedTo(await as.signedOut.post(reject, { intent: "notify" }))).toBe(
      `/auth?redirect=${encodeURIComponent(reject)}`,
    );
    expect(redirectedTo(await as.candidate.post(reject, { intent: "notify" }))).toBe("/candidate/jobs");
    for (const who of [as.interviewer, as.rival]) {
      expect((await who.get(reject)).status).toBe(404);
      expect((await who.post(reject, { intent: "silent" })).status).toBe(404);
      expect((await who.post(page(2), { intent: "move:interview" })).status).toBe(404);
      expect((await who.post(page(2), { intent: "reject" })).status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("several applicants (/employer/jobs/{id}/move)", () => {
  it("the first post names them and the stage; the confirmed post moves them and goes back to the list with a notice", async () => {
    const chosen = [ids.applicants[2]!, ids.applicants[3]!];
    const before = await snapshot();
    const asked = await bulk(as.owner, ids.job, chosen, "rejected", [
      ["show", "submitted"],
      ["cursor", "abc123"],
    ]);
    expect(asked.status).toBe(200);
    const html = await asked.text();
    for (const text of [
      "Reject 2 applicants?",
      "Cleo Clark",
      "Dan Dunn",
      "Reject and email the candidates",
      "Reject without email",
      "Message to the candidates (optional)",
      "Reason (only your team sees it)",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Ada Adams");
    expect(await snapshot()).toEqual(before);

    const done = await bulk(as.owner, ids.job, chosen, "rejected", [
      ["show", "submitted"],
      ["cursor", "abc123"],
      ["confirm", "yes"],
      ["intent", "notify"],
      ["message", "Thank you both."],
      ["reason", "nonsense"],
    ]);
    // A reason off the list is refused beside its field, nothing moved.
    expect(done.status).toBe(400);
    expect(await done.text()).toContain("Choose a reason from the list.");
    expect(await snapshot()).toEqual(before);

    const moved = await bulk(as.owner, ids.job, chosen, "rejected", [
      ["show", "submitted"],
      ["cursor", "abc123"],
      ["confirm", "yes"],
      ["intent", "notify"],
      ["message", "Thank you both."],
      ["reason", "position-filled"],
      ["reasonNote", "Hired internally."],
      ["emailTiming", "now"],
    ]);
    expect(redirectedTo(moved)).toBe(`/employer/jobs/${ids.job}?show=submitted&cursor=abc123#applications`);
    expect([await statusOf(chosen[0]!), await statusOf(chosen[1]!)]).toEqual(["rejected", "rejected"]);
    const messages = await sql<{ message: string; rejection_reason: string; rejection_note: string }>(
      `select message, rejection_reason, rejection_note from application_status_changes where application_id = any(?::uuid[]) and to_status = 'rejected'`,
      [`{${chosen.join(",")}}`],
    );
    const told = {
      message: "Thank you both.",
      rejection_reason: "position-filled",
      rejection_note: "Hired internally.",
    };
    expect(messages).toEqual([told, told]);
    expect(await (await as.owner.follow(moved)).text()).toContain(
      "2 applicants moved to Not Selected. We&#x27;ll let them know.",
    );
  });

  it("one who can't move: 409 naming how many, nothing changed, before and after confirming", async () => {
    // Ada is at Interview, Cleo and Dan are Not Selected: Interview → Offer is allowed, the others not.
    const chosen = [ids.applicants[0]!, ids.applicants[2]!, ids.applicants[3]!];
    const before = await snapshot();
    for (const extra of [[], [["confirm", "yes"]]] as [string, string][][]) {
      const refused = await bulk(as.owner, ids.job, chosen, "offer", extra);
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(
        "2 of the chosen applicants can&#x27;t move to Offer from where they are now.",
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it("ids of another job or company, a made-up id, 101 ids, no ids: refused, nothing changed", async () => {
    const before = await snapshot();
    for (const stranger of [ids.other, ids.rivals[0]!, crypto.randomUUID(), "not-a-uuid"]) {
      const refused = await bulk(as.owner, ids.job, [ids.applicants[0]!, stranger], "offer", [["confirm", "yes"]]);
      expect(refused.status).toBe(404);
    }
    const tooMany = await bulk(
      as.owner,
      ids.job,
      [ids.applicants[0]!, ...Array.from({ length: 100 }, () => crypto.randomUUID())],
      "offer",
      [["confirm", "yes"]],
    );
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("You can move up to 100 applicants at once: you chose 101.");
    const none = await bulk(as.owner, ids.job, [], "offer", [["confirm", "yes"]]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose at least one applicant to move.");
    const badStage = await bulk(as.owner, ids.job, [ids.applicants[0]!], "promoted", [["confirm", "yes"]]);
    expect(badStage.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("signed out, a candidate, an interviewer and another company's owner: refused (404 for members), nothing changed", async () => {
    const before = await snapshot();
    const path = `/employer/jobs/${ids.job}/move`;
    expect(redirectedTo(await bulk(as.signedOut, ids.job, [ids.applicants[0]!], "offer", [["confirm", "yes"]]))).toBe(
      `/auth?redirect=${encodeURIComponent(path)}`,
    );
    expect(redirectedTo(await bulk(as.candidate, ids.job, [ids.applicants[0]!], "offer", [["confirm", "yes"]]))).toBe(
      "/candidate/jobs",
    );
    for (const who of [as.interviewer, as.rival]) {
      expect((await bulk(who, ids.job, [ids.applicants[0]!], "offer")).status).toBe(404);
      expect((await bulk(who, ids.job, [ids.applicants[0]!], "offer", [["confirm", "yes"]])).status).toBe(404);
      expect((await who.get(path)).status).toBe(404);
    }
    // The rival through their own job, naming the owner's applicant.
    expect(
      (await bulk(as.rival, ids.rivalJob, [ids.rivals[0]!, ids.applicants[0]!], "shortlisted", [["confirm", "yes"]]))
        .status,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
    // The owner's GET has nothing to confirm: a way back to the list.
    const get = await as.owner.get(`${path}?show=interview`);
    expect(get.status).toBe(200);
    expect(await get.text()).toContain(`href="/employer/jobs/${ids.job}?show=interview#applications"`);
  });
});
