// /account/email/{token}: the link sent to a new email address. The GET only looks the link up
// (mail scanners fetch links) and shows a Confirm button; the POST uses the link up and changes the
// address. Only the account that asked may use it: signed out, the visitor signs in first and
// comes back; any other account sees the same answer as for an unknown link.
import { textLink } from "#app/components/ui/styles.ts";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { rootLanguage, translator } from "#locales/index.ts";
import { confirmEmailChange, peekEmailChange, requireUser } from "#modules/identity/index.server.ts";
import { readForm } from "#lib/forms.ts";
import { SubmitButton } from "#app/components/forms.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { cardClass } from "#app/components/ui/card.tsx";
import { accountRedirect } from "./account/account-settings.server.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "accountPages")("emailLink.title")} · Hirewise` },
  { name: "robots", content: "noindex" },
];

type View =
  { state: "ready"; current: string; email: string } | { state: "invalid" } | { state: "taken"; email: string };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const link = await peekEmailChange(params.token ?? "", user.id);
  if (!link) return data<View>({ state: "invalid" }, { status: 404 });
  return data<View>({ state: "ready", current: user.email, email: link.email });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await readForm(request);
  const result = await confirmEmailChange(params.token ?? "", user.id);
  if (result.status === "changed")
    return accountRedirect({
      place: "email",
      text: `Your email address is now ${result.email}. We told your previous address about the change.`,
    });
  if (result.status === "taken") return data<View>({ state: "taken", email: result.email }, { status: 409 });
  return data<View>({ state: "invalid" }, { status: 404 });
}

export default function ConfirmEmailChange() {
  const { t } = useTranslation("accountPages");
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const view = (posted ?? loaded) as View;
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">
        {view.state === "ready" ? t("emailLink.title") : t("emailLink.unusable")}
      </h1>
      <div className={`grid gap-4 ${cardClass}`}>
        {view.state === "ready" ? (
          <>
            <p className="break-words text-label">
              <Trans
                t={t}
                i18nKey="emailLink.ready"
                values={{ email: view.email, current: view.current }}
                components={{
                  strong: <strong className="[overflow-wrap:anywhere]" />,
                  span: <span className="[overflow-wrap:anywhere]" />,
                }}
              />
            </p>
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <SubmitButton pendingLabel={t("emailLink.confirming")}>{t("emailLink.confirm")}</SubmitButton>
              <Link to="/account" className={textLink}>
                {t("emailLink.notNow")}
              </Link>
            </Form>
          </>
        ) : (
          <>
            <p role="alert" className="break-words text-label">
              {view.state === "taken" ? (
                <Trans
                  t={t}
                  i18nKey="emailLink.taken"
                  values={{ email: view.email }}
                  components={{ strong: <strong className="[overflow-wrap:anywhere]" /> }}
                />
              ) : (
                t("emailLink.invalid")
              )}
            </p>
            <ButtonLink to="/account#email" size="lg" className="w-fit">
              {t("emailLink.toAccount")}
            </ButtonLink>
          </>
        )}
      </div>
    </section>
  );
}
