// The confirmations /auth shows after a flow that ends signed out (a reset password, a confirmed
// address). The query names one of these; the words are ours, so a link can't make the page say
// anything else.
import { textLink } from "#app/components/ui/styles.ts";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Notice } from "./forms.tsx";

const AUTH_NOTICES = {
  "password-changed": "Your password is changed. Sign in with your new password.",
  "email-confirmed": "Your email address is confirmed. Sign in to continue.",
  // After sign-up, for a new address and for one that has an account alike.
  "check-email":
    "Check your email: we sent a message to the address you gave, saying what to do next. Then sign in here.",
} as const;

/** The notice `?notice=` names, or null. */
export function authNotice(key: string | null): string | null {
  return key && Object.hasOwn(AUTH_NOTICES, key) ? AUTH_NOTICES[key as keyof typeof AUTH_NOTICES] : null;
}

/** "Forgot password?" under the sign-in form's password. */
export function ForgotPasswordLink() {
  return (
    <p className="-mt-2 text-right text-sm">
      <Link to="/auth/forgot" className={textLink}>
        Forgot password?
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

export const cardClass = "grid gap-4 rounded-2xl border border-subtle bg-surface p-6 shadow-sm";
export const linkClass = "font-semibold text-brand hover:underline";

export { Notice };
