// A company always keeps an owner: when its last owner deletes their account, a recruiter is made
// owner before any interviewer, and whoever is made owner is told by email, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { em } from "../../lib/db.ts";
import { setMailer, type MailMessage } from "../../lib/mail.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { deleteAccount, signUp, type Account } from "../identity/index.server.ts";
import {
  acceptInvitation,
  assignJobs,
  invitationPath,
  inviteMember,
  memberFor,
  type MemberRole,
} from "./index.server.ts";

useTestRuntime({ workers: true });

const sent: MailMessage[] = [];
beforeAll(() => setMailer({ send: async (message) => (sent.push(message), { messageId: `<${sent.length}@test>` }) }));
afterAll(() => setMailer(undefined));

let n = 0;
const employer = () =>
  signUp(
    {
      email: `promo${++n}@example.com`,
      password: "correct horse",
      role: "employer",
      company_name: `Promo ${n}`,
      full_name: `Person ${n}`,
    },
    undefined,
    { emailVerified: true },
  );

async function join(owner: Account, role: MemberRole): Promise<Account> {
  const person = await employer();
  const invitation = await inviteMember(await memberFor(owner.id), { email: person.email, role });
  await acceptInvitation((await invitationPath(invitation.id)).split("/").pop()!, person);
  return person;
}

const roleOf = async (userId: string) =>
  (await em().execute<{ role: string }[]>(`select role from company_members where user_id = ?`, [userId]))[0]?.role ??
  null;
const deleteIt = (account: Account) =>
  deleteAccount(
    account.id,
    { password: "correct horse", confirmation: "DELETE" },
    { sessionToken: null, ip: "127.0.0.1" },
  );
const subject = (company: string) => `You're now an owner of ${company} on Hirewise`;

describe("the last owner deleting their account", () => {
  it("makes the longest-standing recruiter owner, even when an interviewer joined earlier, and tells them", async () => {
    const owner = await employer();
    const interviewer = await join(owner, "interviewer");
    const recruiter = await join(owner, "recruiter");
    const company = (await memberFor(owner.id)).companyName;
    expect(await deleteIt(owner)).toBe("deleted");
    expect(await roleOf(recruiter.id)).toBe("owner");
    expect(await roleOf(interviewer.id)).toBe("interviewer");
    const mail = () => sent.find((m) => m.to === recruiter.email && m.subject === subject(company));
    await expect.poll(mail).toBeDefined();
    expect(mail()!.text).toContain("longest-standing recruiter");
    expect(sent.filter((m) => m.to === interviewer.email && m.subject === subject(company))).toHaveLength(0);
  });

  it("with only interviewers left, makes the longest-standing one owner, drops their assignments and emails them", async () => {
    const owner = await employer();
    const first = await join(owner, "interviewer");
    const second = await join(owner, "interviewer");
    const jobId = await publishTestJob(owner.id);
    await assignJobs(await memberFor(owner.id), first.id, [jobId]);
    const company = (await memberFor(owner.id)).companyName;
    expect(await deleteIt(owner)).toBe("deleted");
    expect([await roleOf(first.id), await roleOf(second.id)]).toEqual(["owner", "interviewer"]);
    expect(
      (
        await em().execute<{ n: number }[]>(`select count(*)::int as n from job_assignments where user_id = ?`, [
          first.id,
        ])
      )[0]!.n,
    ).toBe(0);
    const mail = () => sent.find((m) => m.to === first.email && m.subject === subject(company));
    await expect.poll(mail).toBeDefined();
    expect(mail()!.text).toContain("longest-standing interviewer");
    expect(mail()!.text).toContain("/employer/team");
    // Told once (their invitation's own email may arrive at any time; it is not counted).
    expect(sent.filter((m) => m.to === first.email && m.subject === subject(company))).toHaveLength(1);
  });
});
