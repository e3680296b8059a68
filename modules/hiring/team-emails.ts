// The team's emails: an invitation to join a company, and the notice to a member made owner. Pure: the words and the link in,
// { subject, html, text } out (lib/email-layout.ts gives the look).
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";

export function invitationEmail(input: {
  companyName: string;
  inviterName: string | null;
  roleLabel: string;
  url: string;
  validDays: number;
}): Promise<RenderedEmail> {
  const company = oneLine(input.companyName);
  const who = input.inviterName ? oneLine(input.inviterName) : "A colleague";
  return renderEmail({
    subject: `Join ${company} on Hirewise`,
    preview: `${who} invited you to hire with ${company} as ${input.roleLabel.toLowerCase()}.`,
    greeting: greet(null),
    heading: `Join ${company} on Hirewise`,
    body: [
      `${who} invited you to join ${company} on Hirewise as ${input.roleLabel.toLowerCase()}, to review applicants together.`,
      `The link works once, for ${input.validDays} days. With no Hirewise account yet, you'll create one with this address first.`,
      `If the button doesn't work, open this address: ${input.url}`,
      "If you didn't expect this, ignore this email.",
    ],
    action: { label: `Join ${company}`, url: input.url },
    reason: "You're receiving this email because someone invited this address to their team on Hirewise.",
  });
}

export function ownerPromotedEmail(input: {
  companyName: string;
  fromRole: string;
  teamUrl: string;
}): Promise<RenderedEmail> {
  const company = oneLine(input.companyName);
  return renderEmail({
    subject: `You're now an owner of ${company} on Hirewise`,
    preview: `${company}'s last owner deleted their account, so you're its owner now.`,
    greeting: greet(null),
    heading: `You're now an owner of ${company}`,
    body: [
      `${company}'s last owner deleted their account. A company on Hirewise always has an owner, so you, its longest-standing ${input.fromRole}, are its owner now.`,
      "Owners run the team (invitations, roles, removals), the company's settings and its plan, and see every job. Make someone else an owner from the team page, then change your own role, if this should be someone else.",
      `If the button doesn't work, open this address: ${input.teamUrl}`,
    ],
    action: { label: "Open the team page", url: input.teamUrl },
    reason: `You're receiving this email because you're a member of ${company} on Hirewise.`,
  });
}
