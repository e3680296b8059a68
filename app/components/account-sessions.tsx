// /account's signed-in sessions (with Sign out for each, and for all the others at once), and the
// links to the account's security and data pages.
import { textLink } from "#app/components/ui/styles.ts";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("accountPage");
  return (
    <AccountCard id="sessions" title={t("sessions.title")} description={t("sessions.description")} done={done}>
      <ul className="grid divide-y divide-hairline" aria-label={t("sessions.list")}>
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
                    {t("sessions.thisDevice")}
                  </span>
                ) : null}
              </p>
              <p className="text-sm break-words text-muted">
                {session.ip ? t("sessions.address", { ip: session.ip }) : null}
                {t("sessions.line", { signedIn: session.signedIn, lastActive: session.lastActive })}
              </p>
            </div>
            {session.current ? (
              // This browser signs out the usual way, which also clears its cookie.
              <Form method="post" action="/signout">
                <IntentButton intent="sign-out" pendingLabel={t("sessions.signingOut")}>
                  {t("sessions.signOut")}
                </IntentButton>
              </Form>
            ) : (
              <Form method="post">
                <input type="hidden" name="session" value={session.id} />
                <IntentButton
                  intent="end-session"
                  pendingLabel={t("sessions.signingOut")}
                  aria-label={t("sessions.signOutLabel", { device: session.device, lastActive: session.lastActive })}
                >
                  {t("sessions.signOut")}
                </IntentButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <IntentButton intent="end-other-sessions" variant="danger" pendingLabel={t("sessions.signingOut")}>
            {t("sessions.signOutOthers")}
          </IntentButton>
        </Form>
      ) : (
        <p className="text-sm text-muted">{t("sessions.noOthers")}</p>
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
  const { t } = useTranslation("accountPage");
  return (
    <AccountCard id="security" title={t("security.title")}>
      <ul className="grid divide-y divide-hairline">
        <LinkRow to="/account/two-factor" title={t(twoFactorOn ? "security.twoFactorOn" : "security.twoFactorOff")}>
          {twoFactorOn ? t("security.onHint") : `${t("security.offHint")}${employer ? t("security.recommended") : ""}`}
        </LinkRow>
        <LinkRow to="/account/sign-in-methods" title={t("security.methods")}>
          {t("security.methodsHint")}
        </LinkRow>
      </ul>
    </AccountCard>
  );
}

export function DataCard() {
  const { t } = useTranslation("accountPage");
  return (
    <AccountCard id="data" title={t("data.title")}>
      <ul className="grid divide-y divide-hairline">
        <LinkRow to="/account/export" title={t("data.export")}>
          {t("data.exportHint")}
        </LinkRow>
        <LinkRow to="/account/delete" title={t("data.delete")}>
          {t("data.deleteHint")}
        </LinkRow>
      </ul>
    </AccountCard>
  );
}
