// The emails that carry a single-use link: a password reset and an email confirmation. Pure: the
// words and the link in, { subject, html, text } out (lib/email-layout.ts gives the look).
import { config } from "../../lib/config.ts";
import { greet, renderEmail, type RenderedEmail } from "../../lib/email-layout.ts";
import { DEFAULT_LANGUAGE, translator, type Language } from "../../locales/index.ts";

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

/** The sign-up's confirmation link, in the recipient's language (catalogue: email.verify). */
export function verificationEmail({
  name,
  token,
  validHours,
  language = DEFAULT_LANGUAGE,
}: {
  name: string | null;
  token: string;
  validHours: number;
  language?: Language;
}): Promise<RenderedEmail> {
  const url = siteLink(`/auth/verify/${token}`);
  const t = translator(language, "email");
  return renderEmail({
    lang: language,
    subject: t("verify.subject"),
    preview: t("verify.preview"),
    greeting: greet(name, language),
    heading: t("verify.heading"),
    body: [t("verify.body", { hours: validHours }), t("verify.fallback", { url }), t("verify.ignore")],
    action: { label: t("verify.action"), url },
    reason: t("verify.reason"),
  });
}
