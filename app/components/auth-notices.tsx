// The sign-in pages' shared parts, and the confirmations /auth shows after a flow that ends signed
// out (a reset password, a confirmed address, a sign-up), which those flows send as a flash notice.
import { useTranslation } from "react-i18next";
import { textLink } from "#app/components/ui/styles.ts";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Notice } from "./forms.tsx";
import { cardClass as panelClass } from "#app/components/ui/card.tsx";

export const PASSWORD_CHANGED_NOTICE = "Your password is changed. Sign in with your new password.";
export const EMAIL_CONFIRMED_NOTICE = "Your email address is confirmed. Sign in to continue.";
/** After sign-up, for a new address and for one that has an account alike. */
export const CHECK_EMAIL_NOTICE =
  "Check your email: we sent a message to the address you gave, saying what to do next. Then sign in here.";

/** "Forgot password?" under the sign-in form's password. */
export function ForgotPasswordLink() {
  const { t } = useTranslation("auth");
  return (
    <p className="-mt-2 text-right text-sm">
      <Link to="/auth/forgot" className={textLink}>
        {t("forgotPassword")}
      </Link>
    </p>
  );
}

/** The narrow centred column of the sign-in pages, with a heading and a line under it. */
export function AuthColumn({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A card laid out as a grid, for the auth pages' forms and messages. */
export const cardClass = `grid gap-4 ${panelClass}`;
export const linkClass = "font-semibold text-brand hover:underline";

export { Notice };
