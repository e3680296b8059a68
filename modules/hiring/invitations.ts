// Owners invite colleagues by email (decision 049). The link carries the invitation's id signed with
// the server's secret, works for 7 days and once; it is for one address. A new person signs up
// with that address and then joins; an employer account with it joins at once; a candidate account
// can't. Joining moves an account only out of a company of its own that has no jobs and no other
// members: nobody's work is left behind.
import { z } from "zod";
import { em, lockForUpdate, transaction } from "../../lib/db.ts";
import { now } from "../../lib/clock.ts";
import { config } from "../../lib/config.ts";
import { enqueue } from "../../lib/queue.ts";
import { sendMailOnce } from "../../lib/mail.ts";
import { enforceQuota } from "../../lib/quotas.ts";
import type { QueueDefinition } from "../../lib/queue.ts";
import { signLink, verifyLink } from "../../lib/signed-links.ts";
import {
  checkEmailVerified,
  findAccount,
  findAccountByEmail,
  markEmailVerified,
  signUpInvited,
  type Account,
} from "../identity/index.server.ts";
import { Company, CompanyInvitation, CompanyMember, Job, MEMBER_ROLES, type MemberRole } from "./entities.ts";
import { HiringError, jobNotFound } from "./errors.ts";
import { invitationEmail } from "./team-emails.ts";
import { findMember, may, ROLE_LABELS, type Member } from "./team.ts";
import { isLanguage } from "../../locales/index.ts";

export const INVITATION_DAYS = 7;
/** Invitations waiting at once per company: enough for a hiring team, not a mailing list. */
export const MAX_PENDING_INVITATIONS = 50;
export const INVITATION_EMAIL_QUEUE = "hiring.invitation-email";
const LINK_PURPOSE = "company-invitation";

export const InvitationSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Please enter an email address.")
    .max(254, "That address is too long.")
    .email("Please enter a valid email address."),
  role: z.enum(MEMBER_ROLES, { message: "Please choose a role." }),
});

export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
  expired: boolean;
}

const refuse = (message: string) => new HiringError("invalid-transition", message);

/**
 * Why the member may not send invitations yet (an address nobody confirmed could be anyone's, and
 * invitations carry a company name of the inviter's choosing), or null when they may.
 */
export async function invitationsBlocked(member: Member): Promise<string | null> {
  const verdict = await checkEmailVerified(member.userId, "invite colleagues");
  return verdict.allowed ? null : verdict.reason;
}

/**
 * Invites `email` to the member's company with `role` (owners only, from a confirmed address).
 * Inviting an address again replaces its earlier invitation (a fresh link). Every invitation is
 * an email, so each counts against the company's and the address's quotas (QuotaExceededError
 * past them). Throws "invalid" with field messages, "email-unverified" for an unconfirmed inviter.
 */
export async function inviteMember(
  member: Member,
  input: { email: unknown; role: unknown },
): Promise<PendingInvitation> {
  if (!may(member, "manage-team")) throw jobNotFound();
  const parsed = InvitationSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= [issue.message];
    throw new HiringError("invalid", "Please check the invitation.", { fieldErrors });
  }
  const { email, role } = parsed.data;
  const blocked = await invitationsBlocked(member);
  if (blocked) throw new HiringError("email-unverified", blocked);
  return transaction(async (tx) => {
    // One invitation at a time per company, so the cap and "already a member" hold under races.
    await tx.execute("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`invitations:${member.companyId}`]);
    const existing = await findAccountByEmail(email);
    if (existing && (await tx.count(CompanyMember, { companyId: member.companyId, userId: existing.id }))) {
      throw new HiringError("invalid", "Please check the invitation.", {
        fieldErrors: { email: [`${email} is already a member of ${member.companyName}.`] },
      });
    }
    await tx.nativeDelete(CompanyInvitation, { companyId: member.companyId, email, acceptedAt: null });
    const pending = await tx.count(CompanyInvitation, {
      companyId: member.companyId,
      acceptedAt: null,
      expiresAt: { $gt: now() },
    });
    if (pending >= MAX_PENDING_INVITATIONS) {
      throw new HiringError("invalid", "Please check the invitation.", {
        fieldErrors: { email: [`At most ${MAX_PENDING_INVITATIONS} invitations can wait at once. Revoke some first.`] },
      });
    }
    // Counted in the transaction: a refused invitation rolls its counts back.
    await enforceQuota("invitations-to-address", email);
    await enforceQuota("team-invitations", member.companyId);
    const invitation = tx.create(CompanyInvitation, {
      companyId: member.companyId,
      email,
      role,
      invitedBy: member.userId,
      expiresAt: new Date(now().getTime() + INVITATION_DAYS * 86_400_000),
      createdAt: now(),
    });
    await tx.flush();
    await enqueue(INVITATION_EMAIL_QUEUE, { invitationId: invitation.id });
    return view(invitation);
  });
}

function view(invitation: CompanyInvitation): PendingInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    expired: invitation.expiresAt.getTime() <= now().getTime(),
  };
}

/** The company's invitations not yet accepted, newest first (owners only). */
export async function pendingInvitations(member: Member): Promise<PendingInvitation[]> {
  if (!may(member, "manage-team")) return [];
  const rows = await em().find(
    CompanyInvitation,
    { companyId: member.companyId, acceptedAt: null },
    { orderBy: { createdAt: "desc", id: "asc" }, limit: MAX_PENDING_INVITATIONS * 2 },
  );
  return rows.map(view);
}

/** Revokes an invitation of the member's company (owners only); anything else is not found. */
export async function revokeInvitation(member: Member, invitationId: string): Promise<void> {
  if (!may(member, "manage-team") || !/^[0-9a-f-]{36}$/i.test(invitationId)) throw jobNotFound();
  const deleted = await em().nativeDelete(CompanyInvitation, {
    id: invitationId,
    companyId: member.companyId,
    acceptedAt: null,
  });
  if (!deleted) throw new HiringError("not-found", "That invitation could not be found.");
}

/** The link an invitation's email carries. */
export async function invitationPath(invitationId: string): Promise<string> {
  return `/invitations/${await signLink(LINK_PURPOSE, invitationId)}`;
}

export type InvitationState =
  | {
      kind: "open";
      id: string;
      companyName: string;
      email: string;
      role: MemberRole;
      roleLabel: string;
      inviterName: string | null;
    }
  | { kind: "gone"; message: string };

const GONE = "This invitation link is not valid. Ask the person who invited you to send a new one.";

/** What an invitation link says, without using it (the GET: mail scanners open links). */
export async function readInvitation(token: string): Promise<InvitationState> {
  const id = await verifyLink(LINK_PURPOSE, token);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return { kind: "gone", message: GONE };
  const invitation = await em().findOne(CompanyInvitation, { id });
  if (!invitation) return { kind: "gone", message: GONE };
  if (invitation.acceptedAt)
    return { kind: "gone", message: "This invitation has already been used. Sign in to reach your team." };
  if (invitation.expiresAt.getTime() <= now().getTime()) {
    return {
      kind: "gone",
      message: `This invitation expired: invitations work for ${INVITATION_DAYS} days. Ask for a new one.`,
    };
  }
  const [company, inviter] = await Promise.all([
    em().findOne(Company, { id: invitation.companyId }),
    invitation.invitedBy ? findAccount(invitation.invitedBy) : null,
  ]);
  if (!company) return { kind: "gone", message: GONE };
  return {
    kind: "open",
    id,
    companyName: company.name,
    email: invitation.email,
    role: invitation.role,
    roleLabel: ROLE_LABELS[invitation.role],
    inviterName: inviter?.fullName ?? null,
  };
}

/**
 * Joins the invitation's company as `account`, once: the link is used up in the same transaction.
 * Refused with a sentence for another address, a candidate account, or an account whose own
 * company has jobs or colleagues. Reaching the link proves the address, so it counts as verified.
 */
export async function acceptInvitation(token: string, account: Account): Promise<{ companyName: string }> {
  const id = await verifyLink(LINK_PURPOSE, token);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw refuse(GONE);
  const joined = await transaction(async (tx) => {
    const invitation = await lockForUpdate(CompanyInvitation, { id });
    if (!invitation) throw refuse(GONE);
    if (invitation.acceptedAt) throw refuse("This invitation has already been used.");
    if (invitation.expiresAt.getTime() <= now().getTime())
      throw refuse(`This invitation expired: invitations work for ${INVITATION_DAYS} days. Ask for a new one.`);
    if (account.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw refuse(
        `This invitation is for ${invitation.email}, and you're signed in as ${account.email}. Sign out and use that address.`,
      );
    }
    if (account.role !== "employer") {
      throw refuse(
        "This is a candidate account, and teams are for employer accounts. Ask for the invitation at another address to join as an employer.",
      );
    }
    const company = await tx.findOne(Company, { id: invitation.companyId });
    if (!company) throw refuse(GONE);
    const current = await findMember(account.id);
    if (current?.companyId === company.id) throw refuse(`You're already a member of ${company.name}.`);
    if (current) {
      const [jobs, members] = await Promise.all([
        tx.count(Job, { companyId: current.companyId }),
        tx.count(CompanyMember, { companyId: current.companyId }),
      ]);
      if (jobs > 0 || members > 1) {
        throw refuse(
          `You're part of ${current.companyName}, which has jobs or colleagues. An account belongs to one company: ask for the invitation at another address.`,
        );
      }
      // Their own empty company goes; the membership goes with it.
      await tx.execute(`delete from companies where id = ?`, [current.companyId]);
    }
    await tx.execute(`insert into company_members (company_id, user_id, role, joined_at) values (?, ?, ?, ?)`, [
      company.id,
      account.id,
      invitation.role,
      now(),
    ]);
    invitation.acceptedAt = now();
    invitation.acceptedBy = account.id;
    await tx.flush();
    return { companyName: company.name };
  });
  if (!account.emailVerified) await markEmailVerified(account.email);
  return joined;
}

/** The invitation token of an invitation page's path ("/invitations/{token}"), or null for any other path. */
export function invitationTokenOf(path: string): string | null {
  return /^\/invitations\/([A-Za-z0-9._~-]{1,300})$/.exec(path)?.[1] ?? null;
}

/**
 * Sign-up from an invitation link: an employer account with the invited address (the link reached
 * it, so it counts as confirmed) and no company of its own, which joins the inviting team at once.
 * Refused like `acceptInvitation` for a link that is not good any more (HiringError), and like
 * identity's sign-up for a weak password or a taken address (AccountError).
 */
export async function signUpThroughInvitation(
  token: string,
  input: { full_name: unknown; password: unknown },
  address: string,
): Promise<{ account: Account; companyName: string }> {
  const invitation = await readInvitation(token);
  if (invitation.kind === "gone") throw refuse(invitation.message);
  const account = await signUpInvited({ email: invitation.email, ...input }, address);
  return { account, ...(await acceptInvitation(token, account)) };
}

const invitationEmailQueue: QueueDefinition<{ invitationId: string }> = {
  name: INVITATION_EMAIL_QUEUE,
  async handle({ invitationId }, run) {
    const invitation = await em().findOne(CompanyInvitation, { id: invitationId });
    // Revoked, replaced or used since: nothing to send.
    if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= now().getTime()) return;
    const [company, inviter] = await Promise.all([
      em().findOne(Company, { id: invitation.companyId }),
      invitation.invitedBy ? findAccount(invitation.invitedBy) : null,
    ]);
    if (!company) return;
    const message = await invitationEmail({
      companyName: company.name,
      inviterName: inviter?.fullName ?? null,
      role: invitation.role,
      language: isLanguage(inviter?.language) ? inviter?.language : undefined,
      url: new URL(await invitationPath(invitation.id), config().publicUrl).toString(),
      validDays: INVITATION_DAYS,
    });
    await sendMailOnce(`invitation:${invitation.id}`, { to: invitation.email, ...message }, run);
  },
};

export const invitationQueues: QueueDefinition[] = [invitationEmailQueue as QueueDefinition];
