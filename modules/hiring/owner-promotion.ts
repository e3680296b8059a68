// A company always keeps an owner (decision 049): when its last owner deletes their account, the
// longest-standing recruiter (else interviewer) becomes owner (team.ts#promoteIfOwnerless), and this
// job tells them, once, by email. Its quota is the deletion's: an account is deleted once, under
// the "account-deletions" quota, and each deletion promotes at most one member.
import { config } from "../../lib/config.ts";
import { em } from "../../lib/db.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { findAccount } from "../identity/index.server.ts";
import { Company, CompanyMember, type MemberRole } from "./entities.ts";
import { ownerPromotedEmail } from "./team-emails.ts";
import { isLanguage } from "../../locales/index.ts";

export const OWNER_PROMOTED_QUEUE = "hiring.owner-promoted";

export const ownerPromotedQueue: QueueDefinition<{ companyId: string; userId: string; from: MemberRole }> = {
  name: OWNER_PROMOTED_QUEUE,
  async handle({ companyId, userId, from }, run) {
    const [company, member, account] = await Promise.all([
      em().findOne(Company, { id: companyId }),
      em().findOne(CompanyMember, { companyId, userId }),
      findAccount(userId),
    ]);
    // Left, deleted or no longer an owner since: nothing to tell.
    if (!company || member?.role !== "owner" || !account) return;
    const message = await ownerPromotedEmail({
      companyName: company.name,
      fromRole: from,
      language: isLanguage(account.language) ? account.language : undefined,
      teamUrl: new URL("/employer/team", config().publicUrl).toString(),
    });
    await sendMailOnce(
      `owner-promoted:${companyId}:${userId}:${member.joinedAt.getTime()}`,
      { to: account.email, ...message },
      run,
    );
  },
};
