// /account's signed-in sessions (with Sign out for each, and for all the others at once), and the
// links to the account's security and data pages.
import { textLink } from "#app/components/ui/styles.ts";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { IntentButton } from "#app/components/forms.tsx";
import { AccountCard } from "#app/components/account-card.tsx";

export interface SessionView {
  id: string;
  device: string;
  ip: string | null;
  signedIn: string;
  lastActive: string;
  current: boolean;
}

export function SessionsCard({ sessions, done }: { sessions: SessionView[]; done: string | null }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <AccountCard
      id="sessions"
      title="Where you're signed in"
      description="Sign out of any browser you don't recognise, or no longer use."
      done={done}
    >
      <ul className="grid divide-y divide-hairline" aria-label="Signed-in sessions">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
          >
            <div className="min-w-0 flex-1 basis-56">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <span className="break-words">{session.device}</span>
                {session.current ? (
                  <span className="rounded-full bg-ok-wash px-2 py-0.5 text-xs font-semibold text-ok-fg">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-sm break-words text-muted">
                {session.ip ? <>Address {session.ip} · </> : null}Signed in {session.signedIn} · Last active{" "}
                {session.lastActive}
              </p>
            </div>
            {session.current ? (
              // This browser signs out the usual way, which also clears its cookie.
              <Form method="post" action="/signout">
                <IntentButton intent="sign-out" pendingLabel="Signing out...">
                  Sign out
                </IntentButton>
              </Form>
            ) : (
              <Form method="post">
                <input type="hidden" name="session" value={session.id} />
                <IntentButton
                  intent="end-session"
                  pendingLabel="Signing out..."
                  aria-label={`Sign out ${session.device}, last active ${session.lastActive}`}
                >
                  Sign out
                </IntentButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <IntentButton intent="end-other-sessions" variant="danger" pendingLabel="Signing out...">
            Sign out everywhere else
          </IntentButton>
        </Form>
      ) : (
        <p className="text-sm text-muted">You're not signed in anywhere else.</p>
      )}
    </AccountCard>
  );
}

function LinkRow({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <Link to={to} className={textLink}>
        {title}
      </Link>
      <p className="text-sm text-muted">{children}</p>
    </li>
  );
}

export function SecurityCard({ employer, twoFactorOn }: { employer: boolean; twoFactorOn: boolean }) {
  return (
    <AccountCard id="security" title="Security">
      <ul className="grid divide-y divide-hairline">
        <LinkRow to="/account/two-factor" title={`Two-factor sign-in: ${twoFactorOn ? "on" : "off"}`}>
          {twoFactorOn
            ? "Signing in asks for a code from your authenticator app."
            : `Ask for a code from an authenticator app when you sign in.${employer ? " Recommended: you hold candidates' data." : ""}`}
        </LinkRow>
        <LinkRow to="/account/sign-in-methods" title="Sign-in methods">
          Your password and the identity providers you can sign in with.
        </LinkRow>
      </ul>
    </AccountCard>
  );
}

export function DataCard() {
  return (
    <AccountCard id="data" title="Your data">
      <ul className="grid divide-y divide-hairline">
        <LinkRow to="/account/export" title="Export my data">
          Download everything your account holds, as a zip file.
        </LinkRow>
        <LinkRow to="/account/delete" title="Delete my account">
          Erase your account and your data for good.
        </LinkRow>
      </ul>
    </AccountCard>
  );
}
