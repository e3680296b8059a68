// The team's emails: an invitation to join a company, and the notice to a member made owner. Pure: the words and the link in,
// { subject, html, text } out in `language` (catalogue: mail.team; lib/email-layout.ts gives the look).
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";
import { DEFAULT_LANGUAGE, translator, type Language } from "../../locales/index.ts";
import type { MemberRole } from "./entities.ts";

export function invitationEmail(input: {
  companyName: string;
  inviterName: string | null;
  role: MemberRole;
  url: string;
  validDays: number;
  /** The inviter's language: the invited address has no account to ask. */
  language?: Language;
}): Promise<RenderedEmail> {
  const lang = input.language ?? DEFAULT_LANGUAGE;
  const t = translator(lang, "mail");
  const company = oneLine(input.companyName);
  const who = input.inviterName ? oneLine(input.inviterName) : t("team.someColleague");
  const role = t(`team.roles.${input.role}`);
  return renderEmail({
    lang,
    subject: t("team.invite.subject", { company }),
    preview: t("team.invite.preview", { who, company, role }),
    greeting: greet(null, lang),
    heading: t("team.invite.subject", { company }),
    body: [
      t("team.invite.body", { who, company, role }),
      t("team.invite.works", { days: input.validDays }),
      t("team.invite.fallback", { url: input.url }),
      t("team.invite.ignore"),
    ],
    action: { label: t("team.invite.action", { company }), url: input.url },
    reason: t("team.invite.reason"),
  });
}

export function ownerPromotedEmail(input: {
  companyName: string;
  fromRole: MemberRole;
  teamUrl: string;
  language?: Language;
}): Promise<RenderedEmail> {
  const lang = input.language ?? DEFAULT_LANGUAGE;
  const t = translator(lang, "mail");
  const company = oneLine(input.companyName);
  return renderEmail({
    lang,
    subject: t("team.promoted.subject", { company }),
    preview: t("team.promoted.preview", { company }),
    greeting: greet(null, lang),
    heading: t("team.promoted.heading", { company }),
    body: [
      t("team.promoted.body", { company, role: t(`team.roles.${input.fromRole}`) }),
      t("team.promoted.owners"),
      t("team.invite.fallback", { url: input.teamUrl }),
    ],
    action: { label: t("team.promoted.action"), url: input.teamUrl },
    reason: t("team.promoted.reason", { company }),
  });
}
