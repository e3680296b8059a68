// Two-factor sign-in pieces: the setup steps (QR code and key), the code field, the recovery codes
// shown once, and the recommendation employers see until they turn it on.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorBox, Field, IntentButton } from "./forms.tsx";
import { ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { cardClass } from "#app/components/ui/card.tsx";

const card = `grid gap-4 ${cardClass}`;

/** The 6-digit code field: numeric keyboard, the phone's one-time-code autofill, errors beside it. */
export function CodeField({
  id,
  errors,
  label = "Code from your authenticator app",
}: {
  id: string;
  errors?: string[];
  label?: string;
}) {
  return (
    <Field
      label={label}
      errors={errors}
      inputProps={{
        id,
        name: "code",
        type: "text",
        inputMode: "numeric",
        autoComplete: "one-time-code",
        required: true,
        spellCheck: false,
      }}
    />
  );
}

export function SetupSteps({
  qrSvg,
  secretKey,
  errors,
}: {
  qrSvg: string;
  secretKey: string;
  errors: Record<string, string[]>;
}) {
  return (
    <section className={card} aria-labelledby="setup-heading">
      <h2 id="setup-heading" className="text-lg font-semibold">
        Set up two-factor sign-in
      </h2>
      <ol className="grid gap-6">
        <li className="grid gap-3">
          <p>
            <span className="font-semibold">1. Scan this QR code</span> with an authenticator app on your phone (such as
            Google Authenticator, Microsoft Authenticator or 1Password).
          </p>
          {/* Dark on white in both themes, with a quiet zone, so every app can read it. */}
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="w-56 max-w-full rounded-lg border border-line bg-white p-2 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
            // The SVG is made on the server by `qrcode` from our own otpauth:// address.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <div>
            <p className="text-sm text-muted">Can't scan it? Enter this key in the app instead:</p>
            <p id="setup-key" className="mt-1 break-words font-mono text-lg tracking-wider">
              {secretKey}
            </p>
          </div>
        </li>
        <li>
          <Form method="post" className="grid gap-3">
            <p>
              <span className="font-semibold">2. Enter the 6-digit code</span> the app shows for Hirewise.
            </p>
            <ErrorBox errors={errors.form} />
            <CodeField id="confirm-code" errors={errors.code} />
            <div className="flex flex-wrap gap-3">
              <IntentButton intent="confirm" variant="primary" pendingLabel="Checking...">
                Turn on two-factor
              </IntentButton>
              <IntentButton intent="cancel" formNoValidate>
                Cancel
              </IntentButton>
            </div>
          </Form>
        </li>
      </ol>
    </section>
  );
}

/** The recovery codes, shown once, right after they were made. */
export function RecoveryCodes({ codes, turnedOn }: { codes: string[]; turnedOn: boolean }) {
  const text = `Hirewise recovery codes\nEach code signs you in once if you can't use your authenticator app.\n\n${codes.join("\n")}\n`;
  return (
    <section className={card} aria-labelledby="codes-heading">
      {turnedOn ? (
        <p role="status" className="font-semibold text-ok">
          Two-factor sign-in is on.
        </p>
      ) : null}
      <h2 id="codes-heading" className="text-lg font-semibold">
        Save these recovery codes now
      </h2>
      <p className="text-label">
        If you lose your phone, each code signs you in once instead of a code from the app. We show them only this once:
        keep them somewhere safe, like a password manager.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg bg-tint p-4 font-mono text-lg min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="hirewise-recovery-codes.txt"
          className={buttonClass({ variant: "secondary" })}
        >
          Download as text
        </a>
        <ButtonLink to="/account/two-factor">I've saved them</ButtonLink>
      </div>
    </section>
  );
}

/** Employers hold candidates' data: until two-factor is on, a short nudge to turn it on. */
export function TwoFactorRecommendation({ linked = true }: { linked?: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <p className="rounded-lg border border-warn-line bg-warn-tint px-4 py-3 text-sm text-warn-fg">
      <span className="font-semibold">{t("twoFactorLead")}</span> {t("twoFactorBody")}{" "}
      {linked ? (
        <Link to="/account/two-factor" className="font-semibold underline">
          {t("twoFactorLink")}
        </Link>
      ) : null}
    </p>
  );
}

/** The account page's line: whether two-factor is on, the way to its page, and the nudge for employers. */
