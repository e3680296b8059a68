// A deleted candidate's application, replayed against the production build: the demo employer's
// moves on it (the page's move buttons, Reject's confirmation, the bulk move), sent at once, are
// each refused with the reason and leave the application and its history as they were.
import { randomUUID } from "node:crypto";
import { query, type Probe } from "./probe.ts";
import { signInOverHttp, together } from "../../tests/support/http.ts";

const EMPLOYER = "employer@demo.hirewise.app";
const REASON = "deleted their account";

const movesOnDeletedCandidate: Probe = {
  check:
    "moves on a deleted candidate's application (page, reject, bulk; at once) answer 409 with the reason and change nothing",
  tries: 6,
  async run(ctx) {
    const [job] = await query<{ id: string; company_id: string }>(
      ctx,
      `select j.id, j.company_id from jobs j join users u on u.id = j.employer_id where u.email = $1 and j.status = 'active' order by j.created_at limit 1`,
      [EMPLOYER],
    );
    if (!job) throw new Error("the demo employer has no active job");
    // What a candidate's deletion leaves: the row, its stage, no candidate.
    const id = randomUUID();
    await query(
      ctx,
      `insert into applications (id, job_id, company_id, candidate_id, status, created_at, updated_at) values ($1, $2, $3, null, 'interview', now(), now())`,
      [id, job.id, job.company_id],
    );
    const employer = await signInOverHttp(ctx.base, EMPLOYER, "hirewise-demo");
    const page = `/employer/jobs/${job.id}/applications/${id}`;
    const answers = await together([
      () => employer.post(page, { intent: "move:offer" }),
      () => employer.post(page, { intent: "move:hired" }),
      () => employer.post(page, { intent: "shortlist" }),
      () => employer.post(`${page}/reject`, { intent: "silent", message: "" }),
      () => employer.post(`${page}/reject`, { intent: "notify", message: "Sorry" }),
      () => employer.post(`/employer/jobs/${job.id}/move`, { ids: id, to: "offer", confirm: "yes", intent: "silent" }),
    ]);
    const [row] = await query<{ status: string }>(ctx, `select status from applications where id = $1`, [id]);
    const [{ n }] = (await query<{ n: string }>(
      ctx,
      `select count(*) as n from application_status_changes where application_id = $1`,
      [id],
    )) as [{ n: string }];
    const unchanged = row?.status === "interview" && n === "0";
    const passed = unchanged ? answers.filter((a) => a.status === 409 && a.body.includes(REASON)).length : 0;
    return { passed, detail: `${answers.map((a) => a.status).join(" ")}; status ${row?.status}, ${n} changes` };
  },
};

export const probes: Probe[] = [movesOnDeletedCandidate];
