// Under the header of every signed-in page: until the account's address is confirmed, a banner that
// says so with Resend (a plain form post, so it works without JavaScript); once the emailed link is
// used, the confirmation. Shown only when REQUIRE_EMAIL_VERIFICATION is on (the root loader decides).
import { Form, useLocation, useNavigation, useSearchParams } from "@remix-run/react";

/** The query the confirmation link's POST adds to the signed-in person's home page. */
export const EMAIL_CONFIRMED_PARAM = "email=confirmed";

export function EmailVerificationBanner({ user }: { user: { email: string; needsVerification: boolean } | null }) {
  const location = useLocation();
  const [search] = useSearchParams();
  const navigation = useNavigation();
  if (!user) return null;
  if (search.get("email") === "confirmed") {
    return (
      <Banner tone="done">
        <p role="status">Your email address is confirmed. Thank you!</p>
      </Banner>
    );
  }
  // /auth/verify says it all itself.
  if (!user.needsVerification || location.pathname === "/auth/verify") return null;
  const sending = navigation.state === "submitting" && navigation.formAction === "/auth/verify";
  return (
    <Banner tone="todo">
      <p className="min-w-0 flex-1 break-words">
        <strong className="font-semibold">Confirm your email address.</strong> Open the link we sent to {user.email} to
        publish jobs and send applications.
      </p>
      <Form method="post" action="/auth/verify" className="shrink-0">
        <input type="hidden" name="redirect" value={location.pathname + location.search} />
        <button
          type="submit"
          disabled={sending}
          className="rounded-lg border border-amber-400 bg-surface px-3 py-1.5 text-sm font-semibold text-warn-fg hover:bg-amber-100 disabled:cursor-wait disabled:opacity-70 dark:border-amber-700 dark:hover:bg-slate-800"
        >
          {sending ? "Sending..." : "Resend"}
        </button>
      </Form>
    </Banner>
  );
}

function Banner({ tone, children }: { tone: "todo" | "done"; children: React.ReactNode }) {
  const colours =
    tone === "todo" ? "border-warn-line bg-warn-tint text-warn-fg" : "border-ok-line bg-ok-tint text-ok-fg";
  return (
    <div className={`border-b ${colours}`}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm sm:px-6">
        {children}
      </div>
    </div>
  );
}
