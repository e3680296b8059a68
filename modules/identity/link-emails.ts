// The emails that carry a single-use link: a password reset and an email confirmation. Pure: the
// words and the link in, { subject, html, text } out (lib/email-layout.ts gives the look).
import { config } from "../../lib/config.ts";
import { greet, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";

/** An absolute address on this site (PUBLIC_URL), for links in emails. */
export const siteLink = (path: string): string => new URL(path, config().publicUrl).toString();

export function passwordResetEmail({
  name,
  token,
  validMinutes,
}: {
  name: string | null;
  token: string;
  validMinutes: number;
}): Promise<RenderedEmail> {
  const url = siteLink(`/auth/reset/${token}`);
  return renderEmail({
    subject: "Reset your Hirewise password",
    preview: `Choose a new password. The link works once, for ${validMinutes} minutes.`,
    greeting: greet(name),
    heading: "Reset your password",
    body: [
      `Someone (we hope you) asked to reset the password of your Hirewise account. Choose a new one with the button below. The link works once, for ${validMinutes} minutes.`,
      `If the button doesn't work, open this address: ${url}`,
      "If you didn't ask for this, ignore this email: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url },
    reason: "You're receiving this email because a password reset was asked for this address on Hirewise.",
  });
}

export function verificationEmail({
  name,
  token,
  validHours,
}: {
  name: string | null;
  token: string;
  validHours: number;
}): Promise<RenderedEmail> {
  const url = siteLink(`/auth/verify/${token}`);
  return renderEmail({
    subject: "Confirm your email address for Hirewise",
    preview: "One click confirms your address, so you can publish jobs and send applications.",
    greeting: greet(name),
    heading: "Confirm your email address",
    body: [
      `Confirm that this is your address, so you can publish jobs and send applications on Hirewise. The link works for ${validHours} hours.`,
      `If the button doesn't work, open this address: ${url}`,
      "If you didn't create a Hirewise account, ignore this email.",
    ],
    action: { label: "Confirm my email", url },
    reason: "You're receiving this email because this address was used to create a Hirewise account.",
  });
}
