// "Members see others' scorecards only after submitting their own" (issue 34 item 3, decisions 083
// and 086): a company setting, on by default (companies.blind_scorecards). Owners change it on the
// team page, anyone else is not found; applications' scorecardPicture reads it for every member.
import { em } from "../../lib/db.ts";
import { Company } from "./entities.ts";
import { jobNotFound } from "./errors.ts";
import { may, type Member } from "./team.ts";

/** Owners only; with it off, every member who may review an application reads its submitted scorecards at once. */
export async function setBlindScorecards(member: Member, on: boolean): Promise<void> {
  if (!may(member, "manage-team")) throw jobNotFound();
  await em().nativeUpdate(Company, { id: member.companyId }, { blindScorecards: on });
}

/** Whether the company's members read the others' scorecards only once theirs is submitted (unknown: yes). */
export async function blindScorecards(companyId: string): Promise<boolean> {
  const company = await em().findOne(Company, { id: companyId }, { fields: ["blindScorecards"] });
  return company?.blindScorecards ?? true;
}
