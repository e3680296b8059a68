// /auth/two-factor: the second step of signing in to an account with two-factor on. The browser
// holds a pending sign-in (its own cookie, 10 minutes); a code from the authenticator app or a
// recovery code starts the session. Works without JavaScript: the link switches between the two
// kinds of code, and each form is a plain POST.
import { textLink } from "#app/components/ui/styles.ts";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  answerSecondStep,
  clearSecondStepCookie,
  currentUser,
  hasPendingSignIn,
  homeFor,
  MAX_WRONG_SECOND_STEPS,
  sessionResponse,
} from "#modules/identity/index.server.ts";
import { readTextForm } from "#lib/forms.ts";
import { Field, SubmitButton } from "#app/components/forms.tsx";
import { useFocusOnChange } from "#app/components/focus.ts";
import { useRef } from "react";
import { restartSignIn, TWO_FACTOR_PATH } from "#app/two-factor.server.ts";
import { cardClass } from "#app/components/ui/card.tsx";
import { useTranslation } from "react-i18next";
import { pageLanguage } from "#app/i18n.server.ts";
import { rootLanguage, translateMessage, translator } from "#locales/index.ts";

type Method = "code" | "recovery";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${translator(rootLanguage(matches), "access")("twoFactor.title")} · Hirewise` },
];

const methodOf = (value: unknown): Method => (value === "recovery" ? "recovery" : "code");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request);
  if (user) throw redirect(homeFor(user.role));
  if (!(await hasPendingSignIn(request))) throw await restartSignIn("expired");
  return { method: methodOf(new URL(request.url).searchParams.get("method")), maxWrong: MAX_WRONG_SECOND_STEPS };
}

// A 429 (too many wrong codes for the account) carries Retry-After.
export { headers } from "#app/quotas.server.ts";

export async function action({ request, context }: ActionFunctionArgs) {
  const { form, unstorable } = await readTextForm(request);
  const language = await pageLanguage(request, context);
  const say = (message: string) => translateMessage(language, message);
  const method = methodOf(form.get("method"));
  const answer = unstorable.length
    ? ({ outcome: "refused", message: "Enter the code with digits and letters only.", wrongCodesLeft: null } as const)
    : await answerSecondStep(request, method, form.get("code"), context.clientIp);

  if (answer.outcome === "restart") return restartSignIn(answer.reason);
  if (answer.outcome === "locked") {
    return data(
      { method, error: say(answer.message) },
      { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } },
    );
  }
  if (answer.outcome === "refused") {
    const left = answer.wrongCodesLeft;
    const warning =
      left !== null && left <= 2 ? ` ${translator(language, "access")("twoFactor.triesLeft", { count: left })}` : "";
    return data({ method, error: say(answer.message) + warning }, { status: 400 });
  }
  const headers = new Headers({ "Set-Cookie": await clearSecondStepCookie() });
  // After a recovery code the account page says how many are left, then goes on to `to`.
  const to =
    answer.recoveryCodesLeft === null
      ? answer.to
      : `${TWO_FACTOR_PATH}?recovery-used=1&next=${encodeURIComponent(answer.to)}`;
  return sessionResponse(answer.sessionToken, to, headers);
}

export default function TwoFactorSignIn() {
  const { t } = useTranslation("access");
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const method = actionData?.method ?? loaded.method;
  const recovery = method === "recovery";
  const error = actionData?.method === method ? actionData.error : undefined;
  // A wrong code: back to the field, the code selected so the next one replaces it (without
  // JavaScript the answered page focuses the field through autoFocus).
  const codeField = useRef<HTMLInputElement>(null);
  useFocusOnChange(codeField, error ? actionData : undefined, { select: true });
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-12 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t("twoFactor.title")}</h1>
        <p className="mt-2 text-muted">{recovery ? t("twoFactor.recoveryIntro") : t("twoFactor.codeIntro")}</p>
      </div>

      <Form
        method="post"
        action={recovery ? "?method=recovery" : "?method=code"}
        // A new form per method, so the typed code does not carry over.
        key={method}
        className={`grid gap-4 ${cardClass}`}
      >
        <input type="hidden" name="method" value={method} />
        <Field
          label={recovery ? t("twoFactor.recoveryLabel") : t("twoFactor.codeLabel")}
          hint={recovery ? t("twoFactor.recoveryHint") : undefined}
          errors={error ? [error] : undefined}
          inputRef={codeField}
          inputProps={{
            id: `two-factor-${method}`,
            name: "code",
            type: "text",
            required: true,
            autoFocus: true,
            autoComplete: recovery ? "off" : "one-time-code",
            inputMode: recovery ? "text" : "numeric",
            spellCheck: false,
            autoCapitalize: "none",
          }}
        />
        <SubmitButton pendingLabel={t("twoFactor.checking")} className="w-full">
          {t("twoFactor.verify")}
        </SubmitButton>
      </Form>

      <div className="grid gap-2 text-center text-sm">
        <Link to={recovery ? "?method=code" : "?method=recovery"} replace className={textLink}>
          {recovery ? t("twoFactor.useApp") : t("twoFactor.useRecovery")}
        </Link>
        <Link to="/auth?mode=signin" className="text-muted hover:underline">
          {t("twoFactor.cancel")}
        </Link>
      </div>
    </section>
  );
}
