// A decision's why over HTTP, as a browser with JavaScript off posts it (decision 086): on the
// reject page the private note is the why, refused beside it (the reason chosen kept) when most
// scorecards recommend Yes; on the bulk page one why goes for every chosen applicant, and without
// it a move to Offer against most scorecards is refused beside the field, naming who needs it,
// with the message typed kept and nothing moved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { moveApplication, saveScorecard, submitApplication } from "../../modules/applications/index.server.ts";
import { jobScorecard, memberFor, type Member } from "../../modules/hiring/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";
import { publishTestJob } from "../support/jobs.ts";
import { signUpOnPlan } from "../support/accounts.ts";

const PASSWORD = "correct horse battery";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let owner: HttpClient;
let jobId = "";
const ids = { cara: "", dan: "", eve: "" };

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em().execute<T[]>(query, params);
const statusOf = async (id: string) =>
  (await sql<{ status: string }>(`select status from applications where id = ?`, [id]))[0]!.status;
const decisionsOf = (id: string) =>
  sql(`select to_status, why, scorecards, against from application_decisions where application_id = ?`, [id]);

async function submitCard(member: Member, applicationId: string, point: string) {
  const { attributes } = await jobScorecard(member, jobId);
  const ratings = Object.fromEntries(attributes.filter((a) => !a.retired).map((a) => [a.id, point]));
  await saveScorecard(
    member,
    applicationId,
    { ratings, takeaways: "Seen.", recommendation: point },
    { jobId, submit: true },
  );
}

function postPairs(path: string, pairs: [string, string][]): Promise<Response> {
  return fetch(server.baseUrl + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.baseUrl,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(owner.cookie ? { Cookie: owner.cookie } : {}),
    },
    body: new URLSearchParams(pairs).toString(),
  });
}

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  const account = (name: string, role: "employer" | "candidate") =>
    signUpOnPlan({
      email: `${name.toLowerCase()}@deciding.example.com`,
      password: PASSWORD,
      role,
      full_name: `${name} Person`,
      company_name: role === "employer" ? `${name} Co` : undefined,
      plan: role === "employer" ? "business" : "essential",
    });
  const olive = await account("Olive", "employer");
  jobId = await publishTestJob(olive.id, { title: "Why Engineer" });
  const member = await memberFor(olive.id);
  for (const name of ["Cara", "Dan", "Eve"] as const) {
    const candidate = await account(name, "candidate");
    const { applicationId } = await submitApplication(candidate.id, jobId);
    ids[name.toLowerCase() as keyof typeof ids] = applicationId;
    await moveApplication(member, applicationId, "interview", { jobId, notify: false });
  }
  await submitCard(member, ids.cara, "4");
  await submitCard(member, ids.dan, "1");
  owner = await signInOverHttp(server.baseUrl, olive.email, PASSWORD);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe("a decision's why over HTTP", () => {
  it("on the reject page, the note is the why: required against most scorecards, refused beside it", async () => {
    const path = `/employer/jobs/${jobId}/applications/${ids.cara}/reject`;
    const refused = await owner.post(path, { intent: "silent", reason: "another-candidate", reasonNote: "  " });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("1 of 1 scorecard recommends Yes or Strong yes: say why you decided otherwise.");
    expect(html).toMatch(/<option value="another-candidate" selected="">/);
    expect(await statusOf(ids.cara)).toBe("interview");
    expect(await decisionsOf(ids.cara)).toEqual([]);

    const done = await owner.post(path, {
      intent: "silent",
      reason: "another-candidate",
      reasonNote: "Dan fits better.",
    });
    expect(redirectedTo(done)).toBe(`/employer/jobs/${jobId}/applications/${ids.cara}`);
    expect(await decisionsOf(ids.cara)).toEqual([
      { to_status: "rejected", why: "Dan fits better.", scorecards: 1, against: 1 },
    ]);
    const page = await (await owner.follow(done)).text();
    expect(page).toContain("Why: Dan fits better.");
    expect(page).toContain("against 1 of 1 scorecard");
  });

  it("on the bulk page, one why for all: refused without it, naming who needs it, the message kept", async () => {
    const pairs: [string, string][] = [
      ["ids", ids.dan],
      ["ids", ids.eve],
      ["to", "offer"],
      ["confirm", "yes"],
      ["intent", "notify"],
      ["message", "We'd like to make you an offer."],
    ];
    const asked = await (await postPairs(`/employer/jobs/${jobId}/move`, pairs.slice(0, 3))).text();
    expect(asked).toContain("Why this decision");

    const refused = await postPairs(`/employer/jobs/${jobId}/move`, [...pairs, ["why", ""]]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Most scorecards recommend No or Strong no for Dan Person (1 of 1)");
    expect(html).toContain("We&#x27;d like to make you an offer.");
    expect(html).toContain('aria-invalid="true"');
    expect([await statusOf(ids.dan), await statusOf(ids.eve)]).toEqual(["interview", "interview"]);

    const done = await postPairs(`/employer/jobs/${jobId}/move`, [...pairs, ["why", "The take-home settles it."]]);
    expect(redirectedTo(done)).toMatch(new RegExp(`^/employer/jobs/${jobId}`));
    expect(await decisionsOf(ids.dan)).toEqual([
      { to_status: "offer", why: "The take-home settles it.", scorecards: 1, against: 1 },
    ]);
    expect(await decisionsOf(ids.eve)).toEqual([
      { to_status: "offer", why: "The take-home settles it.", scorecards: 0, against: 0 },
    ]);
  });
});
