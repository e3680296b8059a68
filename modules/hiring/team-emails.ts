// The team's emails: an invitation to join a company. Pure: the words and the link in,
// { subject, html, text } out (lib/email-layout.ts gives the look).
import { greet, oneLine, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";

export function invitationEmail(input: { companyName: string; inviterName: string | null; roleLabel: string; url: string; validDays: number }): Promise<RenderedEmail> {
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
