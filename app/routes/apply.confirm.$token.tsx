// /apply/confirm/{token}: the link emailed for a visitor's held application (decision 080). The
// GET only looks (mail scanners open links) and offers one button, with a password to set if
// wanted; the POST confirms once: it makes the candidate account (or, for an address that has one,
// needs its owner signed in), signs them in and submits the application through the usual submit.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { readTextForm } from "#lib/forms.ts";
import {
  AccountError,
  OptionalPasswordSchema,
  PASSWORD_MIN_LENGTH,
  currentUser,
  hashNewPassword,
  signInResponse,
} from "#modules/identity/index.server.ts";
import { confirmHeldApplication, heldLink } from "#modules/applications/index.server.ts";
import { Field, SubmitButton } from "#app/components/forms.tsx";
import { AuthColumn, cardClass, linkClass } from "#app/components/auth-notices.tsx";
import { DeadLink } from "#app/components/dead-link.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: translator(rootLanguage(matches), "apply")("confirm.title") },
  { name: "robots", content: "noindex" },
];

const signInHere = (token: string) => `/auth?mode=signin&redirect=${encodeURIComponent(`/apply/confirm/${token}`)}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const link = await heldLink(params.token ?? "");
  if (!link) return { link: null, signedInAsOwner: false, signInHref: null, minLength: PASSWORD_MIN_LENGTH };
  const viewer = await currentUser(request);
  return {
    link: { jobTitle: link.jobTitle, companyName: link.companyName, email: link.email, hasAccount: !!link.accountId },
    signedInAsOwner: Boolean(link.accountId && viewer?.id === link.accountId),
    signInHref: signInHere(params.token ?? ""),
    minLength: PASSWORD_MIN_LENGTH,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const language = await pageLanguage(request, context);
  const { form } = await readTextForm(request);
  const parsed = OptionalPasswordSchema.safeParse({ password: form.get("password") ?? "" });
  if (!parsed.success) {
    const passwordError = translateMessage(language, parsed.error.issues[0]!.message);
    return data({ passwordError, dead: false }, { status: 400 });
  }
  const link = await heldLink(token);
  if (!link) return data({ passwordError: null, dead: true }, { status: 410 });
  let passwordHash: string | null;
  try {
    passwordHash = link.accountId
      ? null
      : await hashNewPassword(parsed.data.password, [link.email, link.fullName ?? ""]);
  } catch (error) {
    if (error instanceof AccountError)
      return data({ passwordError: translateMessage(language, error.message), dead: false }, { status: 400 });
    throw error;
  }
  const viewer = await currentUser(request);
  const done = await confirmHeldApplication(token, viewer, passwordHash);
  if (done.outcome === "gone") return data({ passwordError: null, dead: true }, { status: 410 });
  if (done.outcome === "sign-in") return redirect(signInHere(token));
  const to = done.applicationId ? "/candidate/applications?submitted=1" : `/candidate/jobs/${done.jobId}/apply?step=3`;
  // The owner is signed in already; a new account is signed in on this browser.
  if (!done.newAccount) return redirect(to);
  return signInResponse(done.account, to, { ip: context.clientIp, userAgent: request.headers.get("User-Agent") });
}

export default function ConfirmHeldApplication() {
  const { link, signedInAsOwner, signInHref, minLength } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useTranslation("apply");
  if (!link || posted?.dead)
    return (
      <DeadLink
        again={{ href: "/jobs", label: t("confirm.again") }}
        words={{ title: t("confirm.deadTitle"), body: t("confirm.deadBody") }}
      />
    );
  const intro = (
    <Trans
      t={t}
      i18nKey="confirm.intro"
      values={{ title: link.jobTitle, company: link.companyName }}
      components={{ strong: <strong /> }}
    />
  );
  if (link.hasAccount && !signedInAsOwner) {
    return (
      <AuthColumn title={t("confirm.signInHeading")} intro={intro}>
        <div className={cardClass}>
          <p className="text-soft wrap-anywhere">{t("confirm.hasAccount", { email: link.email })}</p>
          <ButtonLink to={signInHref!} size="lg" className="w-full">
            {t("confirm.signIn")}
          </ButtonLink>
          <Link to="/auth/forgot" className={`${linkClass} text-center text-sm`}>
            {t("confirm.forgot")}
          </Link>
        </div>
      </AuthColumn>
    );
  }
  return (
    <AuthColumn title={t("confirm.heading")} intro={intro}>
      <Form method="post" className={cardClass}>
        {link.hasAccount ? (
          <p className="text-soft">{t("confirm.fromAccount")}</p>
        ) : (
          <>
            <p className="text-soft wrap-anywhere">{t("confirm.makesAccount", { email: link.email })}</p>
            <input type="email" name="username" value={link.email} autoComplete="username" readOnly hidden />
            <Field
              label={t("confirm.password")}
              hint={t("confirm.passwordHint", { n: minLength })}
              errors={posted?.passwordError ? [posted.passwordError] : undefined}
              inputProps={{ id: "password", name: "password", type: "password", autoComplete: "new-password" }}
            />
          </>
        )}
        <SubmitButton pendingLabel={t("confirm.sending")} className="w-full">
          {t("confirm.button")}
        </SubmitButton>
      </Form>
    </AuthColumn>
  );
}
