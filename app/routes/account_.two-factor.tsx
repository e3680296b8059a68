// /account/two-factor: turn two-factor sign-in on (scan a QR code, confirm with a code), see the
// recovery codes once, make new ones, turn it off. Every button is a POST with an intent; the
// recovery codes are the answer to the POST that made them and are never stored readable. Starting,
// new codes and turning off ask again who you are (the shared ConfirmIdentity part).
import { smallTextLink } from "#app/components/ui/styles.ts";
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  AccountError,
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  requireUser,
  safeRedirect,
  startTwoFactorSetup,
  twoFactorSetup,
  twoFactorStatus,
  TooManySignIns,
} from "#modules/identity/index.server.ts";
import { formatDate } from "#lib/dates.ts";
import { readTextForm } from "#lib/forms.ts";
import { ErrorBox, IntentButton } from "#app/components/forms.tsx";
import { FlashNotice } from "#app/components/ui/notice.tsx";
import { redirectWithNotice } from "#app/flash.server.ts";
import { RecoveryCodes, SetupSteps, TwoFactorRecommendation } from "#app/components/two-factor.tsx";
import { TWO_FACTOR_PATH } from "#app/two-factor.server.ts";
import { confirmationFrom, identityCheckView } from "#app/step-up.server.ts";
import { ConfirmIdentity } from "#app/components/confirm-identity.tsx";
import { cardClass } from "#app/components/ui/card.tsx";

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Hirewise" }];
export { headers } from "#app/quotas.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const status = await twoFactorStatus(user.id);
  const params = new URL(request.url).searchParams;
  return {
    role: user.role,
    enabled: status.enabled,
    enabledOn: status.enabledAt ? formatDate(new Date(status.enabledAt)) : null,
    recoveryCodesLeft: status.recoveryCodesLeft,
    setup: status.settingUp ? await twoFactorSetup(user.id) : null,
    confirm: await identityCheckView(request, user, TWO_FACTOR_PATH),
    // Just signed in with a recovery code: say how many are left, then go on.
    recoveryUsed:
      params.get("recovery-used") === "1" && status.enabled
        ? { next: safeRedirect(params.get("next"), "/account") }
        : null,
  };
}

// `submission` differs on every refusal, so the password and code inputs are remounted empty.
type Errors = { intent: string; errors: Record<string, string[]>; submission: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { form, unstorable } = await readTextForm(request);
  const intent = String(form.get("intent") ?? "");
  if (unstorable.length) {
    const field = unstorable.includes("password") ? "password" : "code";
    return data<Errors>(
      {
        intent,
        errors: { [field]: ["Enter it again: it contained characters we can't read."] },
        submission: randomUUID(),
      },
      { status: 400 },
    );
  }
  const proof = await confirmationFrom(request, form, context.clientIp);
  try {
    switch (intent) {
      case "start":
        await startTwoFactorSetup(user.id, proof);
        return redirect(TWO_FACTOR_PATH);
      case "cancel":
        await cancelTwoFactorSetup(user.id);
        return redirectWithNotice(TWO_FACTOR_PATH, "Setup cancelled. Two-factor sign-in is still off.");
      case "confirm":
        return { recoveryCodes: await confirmTwoFactorSetup(user.id, form.get("code")), turnedOn: true };
      case "regenerate":
        return { recoveryCodes: await regenerateRecoveryCodes(user.id, proof), turnedOn: false };
      case "disable":
        await disableTwoFactor(user.id, proof);
        return redirectWithNotice(
          TWO_FACTOR_PATH,
          "Two-factor sign-in is off. Signing in now asks only for your password.",
        );
    }
  } catch (error) {
    if (error instanceof TooManySignIns) {
      return data<Errors>(
        { intent, errors: { form: [error.message] }, submission: randomUUID() },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    if (error instanceof AccountError)
      return data<Errors>(
        { intent, errors: { [error.field ?? "form"]: [error.message] }, submission: randomUUID() },
        { status: 400 },
      );
    throw error;
  }
  throw new Response("Not found", { status: 404 });
}

export default function TwoFactorPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && "errors" in actionData ? actionData : null;
  const errorsFor = (intent: string) => (failed?.intent === intent ? failed.errors : {});
  const resetKey = failed?.submission ?? "first";

  if (actionData && "recoveryCodes" in actionData) {
    return (
      <Page>
        <RecoveryCodes codes={actionData.recoveryCodes} turnedOn={actionData.turnedOn} />
      </Page>
    );
  }

  return (
    <Page>
      <FlashNotice />
      {page.recoveryUsed ? <RecoveryUsed left={page.recoveryCodesLeft} next={page.recoveryUsed.next} /> : null}

      {page.enabled ? (
        <>
          <section className={card}>
            <h2 className="text-lg font-semibold">Two-factor sign-in is on</h2>
            <p className="text-label">
              {`Since ${page.enabledOn}. Signing in asks for a code from your authenticator app after your password.`}
            </p>
            <p className={page.recoveryCodesLeft <= 3 ? "font-semibold text-warn" : "text-label"}>
              {`${page.recoveryCodesLeft} of 10 recovery codes left.`}
            </p>
          </section>

          <Form method="post" className={card}>
            <h2 className="text-lg font-semibold">New recovery codes</h2>
            <p className="text-sm text-muted">Makes 10 new codes; the ones you have stop working.</p>
            <ErrorBox errors={errorsFor("regenerate").form} />
            <ConfirmIdentity
              check={page.confirm}
              idPrefix="regenerate"
              errors={errorsFor("regenerate")}
              resetKey={resetKey}
            />
            <IntentButton intent="regenerate" pendingLabel="Making codes..." className="w-fit">
              Make new recovery codes
            </IntentButton>
          </Form>

          <Form method="post" className={card}>
            <h2 className="text-lg font-semibold">Turn off two-factor sign-in</h2>
            <p className="text-sm text-muted">Confirm it's you to turn it off.</p>
            <ErrorBox errors={errorsFor("disable").form} />
            <ConfirmIdentity
              check={page.confirm}
              idPrefix="disable"
              errors={errorsFor("disable")}
              resetKey={resetKey}
            />
            <IntentButton intent="disable" variant="danger" pendingLabel="Turning off..." className="w-fit">
              Turn off two-factor
            </IntentButton>
          </Form>
        </>
      ) : page.setup ? (
        <SetupSteps qrSvg={page.setup.qrSvg} secretKey={page.setup.key} errors={errorsFor("confirm")} />
      ) : (
        <section className={card}>
          <h2 className="text-lg font-semibold">Two-factor sign-in is off</h2>
          <p className="text-label">
            With two-factor sign-in, signing in also asks for a 6-digit code from an authenticator app on your phone
            (such as Google Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone is not
            enough.
          </p>
          {page.role === "employer" ? <TwoFactorRecommendation linked={false} /> : null}
          {/* A setup cancelled in another tab answers its confirmation here. */}
          <ErrorBox errors={errorsFor("start").form ?? errorsFor("confirm").form} />
          <Form method="post" className="grid gap-4">
            <ConfirmIdentity check={page.confirm} idPrefix="start" errors={errorsFor("start")} resetKey={resetKey} />
            <IntentButton intent="start" variant="primary" pendingLabel="Starting...">
              Set up two-factor sign-in
            </IntentButton>
          </Form>
        </section>
      )}
    </Page>
  );
}

const card = `grid gap-4 ${cardClass}`;

function Page({ children }: { children: React.ReactNode }) {
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <div>
        <Link to="/account" className={smallTextLink}>
          ← Account
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Two-factor sign-in</h1>
      </div>
      {children}
    </section>
  );
}

function RecoveryUsed({ left, next }: { left: number; next: string }) {
  const few = left <= 3;
  return (
    <div
      role="status"
      className={`grid gap-2 rounded-lg border px-4 py-3 ${
        few ? "border-warn-line bg-warn-tint text-warn-fg" : "border-ok-line bg-ok-tint text-ok-fg"
      }`}
    >
      <p>
        {`You signed in with a recovery code. It can't be used again. You have ${left} recovery ${left === 1 ? "code" : "codes"} left.`}
      </p>
      {few ? <p className="font-semibold">Make new recovery codes below so you don't get locked out.</p> : null}
      <Link to={next} className="w-fit font-semibold underline">
        Continue
      </Link>
    </div>
  );
}
