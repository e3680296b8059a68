// /auth/verify/{token}: the emailed confirmation link. The GET only checks it and shows a button
// (mail scanners open links, and must not confirm anything); the POST confirms the address and
// leads back to the page the sign-up started from, if any. Nobody is signed in or out.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { confirmEmail, currentUser, homeFor, verificationLinkAccount } from "#modules/identity/index.server.ts";
import { readForm } from "#lib/forms.ts";
import { SubmitButton } from "#app/components/forms.tsx";
import { AuthColumn, cardClass, EMAIL_CONFIRMED_NOTICE } from "#app/components/auth-notices.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { DeadLink } from "#app/components/dead-link.tsx";
import { EMAIL_CONFIRMED_PARAM } from "#app/components/email-verification-banner.tsx";
import { Trans, useTranslation } from "react-i18next";
import { rootLanguage, translator } from "#locales/index.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "access")("verify.title")} · Hirewise` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [account, user] = await Promise.all([verificationLinkAccount(params.token ?? ""), currentUser(request)]);
  return { email: account?.email ?? null, signedIn: Boolean(user) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await readForm(request);
  const confirmed = await confirmEmail(params.token ?? "");
  if (!confirmed) return data({ dead: true }, { status: 410 });
  const user = await currentUser(request);
  // Back to where they signed up (Apply on a job), through sign-in when this browser is signed out.
  const back = confirmed.returnTo;
  if (user) {
    const to = back && user.id === confirmed.id ? back : homeFor(user.role);
    return redirect(`${to}${to.includes("?") ? "&" : "?"}${EMAIL_CONFIRMED_PARAM}`, 303);
  }
  const query = back ? `?${new URLSearchParams({ redirect: back })}` : "";
  return redirectWithNotice(`/auth${query}`, EMAIL_CONFIRMED_NOTICE, { status: 303 });
}

export default function ConfirmEmail() {
  const { t } = useTranslation("access");
  const { email, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!email || actionData?.dead) {
    // A new link is sent from the banner, which needs the account: signed-out people sign in first.
    return (
      <DeadLink
        again={
          signedIn
            ? { href: "/auth/verify", label: t("deadLink.newLink") }
            : { href: "/auth?redirect=%2Fauth%2Fverify", label: t("deadLink.signInForLink") }
        }
      />
    );
  }
  return (
    <AuthColumn title={t("verify.title")}>
      <Form method="post" className={cardClass}>
        <p className="break-words text-soft">
          <Trans
            t={t}
            i18nKey="verify.confirmThat"
            values={{ email }}
            components={{ strong: <strong className="font-semibold text-strong" /> }}
          />
        </p>
        <SubmitButton pendingLabel={t("verify.confirming")} className="w-full">
          {t("verify.confirm")}
        </SubmitButton>
      </Form>
    </AuthColumn>
  );
}
