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
  language = DEFAULT_LANGUAGE,
}: {
  name: string | null;
  token: string;
  validMinutes: number;
  language?: Language;
}): Promise<RenderedEmail> {
  const url = siteLink(`/auth/reset/${token}`);
  const t = translator(language, "mail");
  return renderEmail({
    lang: language,
    subject: t("reset.subject"),
    preview: t("reset.preview", { minutes: validMinutes }),
    greeting: greet(name, language),
    heading: t("reset.heading"),
    body: [t("reset.body", { minutes: validMinutes }), t("reset.fallback", { url }), t("reset.ignore")],
    action: { label: t("reset.action"), url },
    reason: t("reset.reason"),
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
