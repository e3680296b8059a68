// Career pages: slug rules, slugs made at creation and on collision, owners' changes and who may
// make them, old slugs leading to the new one, and the open jobs the page lists.
import { describe, expect, it } from "vitest";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { signUpOnPlan } from "../../tests/support/accounts.ts";
import { publishTestJob } from "../../tests/support/jobs.ts";
import { em } from "../../lib/db.ts";
import { signUp } from "../identity/index.server.ts";
import {
  acceptInvitation,
  careerPage,
  careerSlugOfJob,
  changeJobStatus,
  companiesHiring,
  invitationPath,
  inviteMember,
  lookUpSlug,
  memberFor,
  slugFromName,
  slugProblem,
  updateCareerPage,
  type MemberRole,
} from "./index.server.ts";

useTestRuntime();

let seq = 0;
const employer = (company: string) =>
  signUpOnPlan({
    email: `career${++seq}@example.com`,
    password: "correct horse",
    role: "employer",
    company_name: company,
    full_name: `Owner ${seq}`,
    plan: "business",
  });

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => ({ code: "none", fieldErrors: {} as Record<string, string[]> }),
    (e: { code: string; fieldErrors: Record<string, string[]> }) => e,
  );

const settings = (slug: string, about = "", website = "") => ({ slug, about, website });

describe("slug rules", () => {
  it("makes an address from a name: accents dropped, words joined by hyphens, short and reserved ones lengthened", () => {
    expect(slugFromName("Crème Brûlée & Co.")).toBe("creme-brulee-and-co");
    expect(slugFromName("  ACME   Corp  ")).toBe("acme-corp");
    expect(slugFromName("X")).toBe("x-company");
    expect(slugFromName("東京")).toBe("our-company");
    expect(slugFromName("Jobs")).toBe("jobs-company");
    expect(slugFromName("a".repeat(80))).toHaveLength(60);
    for (const name of ["Crème Brûlée & Co.", "X", "東京", "Jobs", "a-".repeat(40)])
      expect(slugProblem(slugFromName(name))).toBeNull();
  });

  it("accepts 3 to 60 lowercase letters, digits and hyphens, and refuses reserved words", () => {
    expect(slugProblem("acme-2")).toBeNull();
    expect(slugProblem("ab")).toMatch(/3 to 60/);
    expect(slugProblem("a".repeat(61))).toMatch(/3 to 60/);
    expect(slugProblem("Acme")).toMatch(/lowercase/);
    expect(slugProblem("-acme")).toMatch(/lowercase/);
    expect(slugProblem("ac me")).toMatch(/lowercase/);
    expect(slugProblem("ac--me")).toMatch(/two hyphens/);
    expect(slugProblem("embed")).toMatch(/reserved/);
  });
});

describe("slugs of companies", () => {
  it("gives a new company its name's slug, and a suffix when another company has it", async () => {
    const first = await memberFor((await employer("Northwind Traders")).id);
    const second = await memberFor((await employer("Northwind  Traders!")).id);
    const third = await memberFor((await employer("northwind traders")).id);
    const slugs = await Promise.all(
      [first, second, third].map(async (m) => (await lookUpSlug(await slugOf(m.companyId)))!.slug),
    );
    expect(slugs).toEqual(["northwind-traders", "northwind-traders-2", "northwind-traders-3"]);
  });

  it("lets an owner change the address; the old one leads to the new one, and no other company may take it", async () => {
    const owner = await employer("Old Name Ltd");
    const member = await memberFor(owner.id);
    expect(await updateCareerPage(member, settings("  New-Name ", "We make things.", "https://new.example"))).toEqual({
      slug: "new-name",
    });
    expect(await lookUpSlug("new-name")).toMatchObject({ companyId: member.companyId, current: true });
    expect(await lookUpSlug("old-name-ltd")).toMatchObject({ slug: "new-name", current: false });
    expect(await careerPage("old-name-ltd")).toEqual({ movedTo: "new-name" });
    // A second change: both earlier addresses lead to the newest.
    await updateCareerPage(member, settings("newest-name"));
    expect(await careerPage("old-name-ltd")).toEqual({ movedTo: "newest-name" });
    expect(await careerPage("new-name")).toEqual({ movedTo: "newest-name" });
    // Letter case leads to the address as it is written.
    expect(await careerPage("NEWEST-name")).toEqual({ movedTo: "newest-name" });

    const other = await memberFor((await employer("Someone Else")).id);
    for (const taken of ["newest-name", "old-name-ltd"]) {
      const refused = await refusal(updateCareerPage(other, settings(taken)));
      expect(refused.fieldErrors.slug).toEqual(["That address is taken. Please choose another."]);
    }
    // A new company named like the old one doesn't get the retired address.
    const lookalike = await memberFor((await employer("Old Name Ltd")).id);
    expect(await slugOf(lookalike.companyId)).toBe("old-name-ltd-2");
    // The company may go back to an address it had.
    await updateCareerPage(member, settings("old-name-ltd"));
    expect(await careerPage("newest-name")).toEqual({ movedTo: "old-name-ltd" });
    expect(await lookUpSlug("old-name-ltd")).toMatchObject({ companyId: member.companyId, current: true });
  });

  it("refuses a bad address, about text and website beside their fields, changing nothing", async () => {
    const member = await memberFor((await employer("Careful Co")).id);
    const refused = await refusal(
      updateCareerPage(member, { slug: "no", about: "x".repeat(1001), website: "javascript:alert(1)" }),
    );
    expect(refused.code).toBe("invalid");
    expect(Object.keys(refused.fieldErrors).sort()).toEqual(["about", "slug", "website"]);
    expect((await refusal(updateCareerPage(member, settings("jobs")))).fieldErrors.slug?.[0]).toMatch(/reserved/);
    expect((await refusal(updateCareerPage(member, { slug: 5, about: null, website: [] }))).code).toBe("invalid");
    expect(await careerPage("careful-co")).toMatchObject({ page: { about: null, website: null } });
  });

  it("lets only owners change the career page: recruiters and interviewers are answered as not found", async () => {
    const owner = await employer("Guarded Inc");
    for (const role of ["recruiter", "interviewer"] as MemberRole[]) {
      const colleague = await signUp({
        email: `career-colleague${++seq}@example.com`,
        password: "correct horse",
        role: "employer",
        company_name: "Mine",
        full_name: `Colleague ${seq}`,
      });
      const invitation = await inviteMember(await memberFor(owner.id), { email: colleague.email, role });
      await acceptInvitation((await invitationPath(invitation.id)).split("/").pop()!, colleague);
      const refused = await refusal(updateCareerPage(await memberFor(colleague.id), settings("taken-over", "Hi")));
      expect(refused.code).toBe("not-found");
    }
    expect(await careerPage("guarded-inc")).toMatchObject({ page: { slug: "guarded-inc", about: null } });
  });
});

describe("the career page's jobs", () => {
  it("lists the company's open jobs, newest first, and the sitemap lists companies that have one", async () => {
    const owner = await employer("Listing Labs");
    const first = await publishTestJob(owner.id, { title: "First role" });
    const second = await publishTestJob(owner.id, { title: "Second role" });
    const closed = await publishTestJob(owner.id, { title: "Closed role" });
    const member = await memberFor(owner.id);
    await changeJobStatus(member, closed, "close");
    const answer = await careerPage("listing-labs");
    expect(answer && "page" in answer ? answer.page.jobs.map((j) => j.title) : null).toEqual([
      "Second role",
      "First role",
    ]);
    expect(await careerSlugOfJob(first)).toBe("listing-labs");
    await employer("Quiet Company");
    const hiring = (await companiesHiring(1000)).map((c) => c.slug);
    expect(hiring).toContain("listing-labs");
    expect(hiring).not.toContain("quiet-company");
    expect(second).toBeTruthy();
  });

  it("answers nothing for an unknown or malformed address", async () => {
    expect(await careerPage("nobody-has-this")).toBeNull();
    expect(await careerPage("../etc")).toBeNull();
    expect(await careerPage("x".repeat(500))).toBeNull();
  });
});

async function slugOf(companyId: string): Promise<string> {
  const [row] = await em().execute<{ slug: string }[]>(`select slug from companies where id = ?`, [companyId]);
  return row!.slug;
}
