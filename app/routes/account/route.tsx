// /account: the hub of the account. Profile and image, email address, password, notifications,
// signed-in sessions, links to security and data pages, plan and usage. Loader and action live in
// account.server.ts beside it; every form works without JavaScript (a POST with an intent, then a
// redirect with a confirmation).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { accountAction, accountLoader } from "./account.server.ts";
import { CompanyLogo, EmailSettings, Photo } from "./account-settings.tsx";
import { EmailCard, NamesCard, PasswordCard, type FormAnswer } from "./account-profile.tsx";
import { DataCard, SecurityCard, SessionsCard } from "#app/components/account-sessions.tsx";
import { PlanAndUsage } from "./account-plan.tsx";
import { LanguageSetting } from "./account-language.tsx";
import { usePageNotice } from "#app/components/ui/notice.tsx";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Account · Hirewise" }];
export { headers } from "#app/quotas.server.ts";

export const loader = (args: LoaderFunctionArgs) => accountLoader(args);
export const action = (args: ActionFunctionArgs) => accountAction(args);

const CONTENTS = ["profile", "email", "password", "sessions", "language", "security", "plan", "data"] as const;

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("accountPage");
  const posted = useActionData<typeof action>();
  const answerFor = (form: string): FormAnswer =>
    posted && "form" in posted && posted.form === form && "result" in posted
      ? { lastResult: posted.result, submissionId: posted.submissionId }
      : {};
  const pendingError =
    posted && "form" in posted && posted.form === "pending-email" && "message" in posted ? posted.message : null;
  const imageErrors = posted && "imageErrors" in posted ? posted.imageErrors : undefined;
  // A refused form shows its own messages instead of an earlier confirmation.
  const notice = usePageNotice();
  const done = (card: string) => (!posted && notice?.kind === "success" && notice.place === card ? notice.text : null);

  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
        <p className="mt-2 break-words text-muted">
          <Trans
            t={t}
            i18nKey={data.role === "employer" ? "signedInEmployer" : "signedInCandidate"}
            values={{ email: data.email }}
            components={{ addr: <span className="[overflow-wrap:anywhere]" /> }}
          />
        </p>
        <nav aria-label={t("contents")} className="mt-4">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {CONTENTS.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className="font-medium text-brand hover:underline">
                  {t(`toc.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <NamesCard
        role={data.role}
        fullName={data.profile.fullName}
        companyName={data.profile.companyName}
        constraint={data.constraints.names}
        answer={answerFor("names")}
        done={done("profile")}
      />
      {data.company ? <CompanyLogo {...data.company} message={done("logo")} errors={imageErrors} /> : null}
      {data.photo ? <Photo {...data.photo} message={done("photo")} errors={imageErrors} /> : null}
      <EmailCard
        {...data.emailAddress}
        confirm={data.confirmEmail}
        constraint={data.constraints.email}
        answer={answerFor("email")}
        pendingError={pendingError}
        done={done("email")}
      />
      <PasswordCard
        hasPassword={data.hasPassword}
        constraint={data.constraints.password}
        answer={answerFor("password")}
        done={done("password")}
      />
      <EmailSettings {...data.emails} message={done("emails")} />
      <LanguageSetting
        {...data.language}
        message={done("language")}
        errors={posted && "languageErrors" in posted ? posted.languageErrors : undefined}
      />
      <SessionsCard sessions={data.sessions} done={done("sessions")} />
      <SecurityCard employer={data.role === "employer"} twoFactorOn={data.twoFactorOn} />
      <PlanAndUsage data={data} />
      <DataCard />
    </section>
  );
}
