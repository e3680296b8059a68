// The "confirm it's you" part of every sensitive form: the current password, or for an account
// without one a "Confirm with …" provider sign-in in this session; and the code from the
// authenticator app when two-factor is on. `resetKey` changes with every answer, so what was typed
// in these fields is never shown again.
import { useTranslation } from "react-i18next";
import { Field } from "./forms.tsx";
import { CodeField } from "./two-factor.tsx";

/** What the form asks for (app/step-up.server.ts makes it). */
export interface IdentityCheckView {
  method: "password" | "provider";
  twoFactor: boolean;
  confirmed: boolean;
  minutes: number;
  /** "Confirm with …" links: a provider sign-in in this session that comes back to the page. */
  providers: { label: string; href: string }[];
}

export function ConfirmIdentity({
  check,
  idPrefix,
  errors,
  resetKey,
  passwordName = "password",
  passwordLabel,
}: {
  check: IdentityCheckView;
  idPrefix: string;
  errors: { password?: string[]; code?: string[] };
  resetKey: string;
  passwordName?: string;
  passwordLabel?: string;
}) {
  const { t } = useTranslation("accountPages");
  return (
    <>
      {check.method === "password" ? (
        <Field
          label={passwordLabel ?? t("identity.password")}
          errors={errors.password}
          inputProps={{
            id: `${idPrefix}-password`,
            name: passwordName,
            type: "password",
            autoComplete: "current-password",
            required: true,
            key: `p-${resetKey}`,
          }}
        />
      ) : (
        <ConfirmWithProvider check={check} id={`${idPrefix}-password`} errors={errors.password} />
      )}
      {check.twoFactor ? <CodeField key={`c-${resetKey}`} id={`${idPrefix}-code`} errors={errors.code} /> : null}
    </>
  );
}

function ConfirmWithProvider({ check, id, errors }: { check: IdentityCheckView; id: string; errors?: string[] }) {
  const { t } = useTranslation("accountPages");
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div
      id={id}
      tabIndex={-1}
      aria-describedby={errorId}
      className="grid gap-2 rounded-lg border border-line p-4 text-sm"
    >
      {check.confirmed ? (
        <p className="text-label">{t("identity.confirmed", { minutes: check.minutes })}</p>
      ) : (
        <>
          <p className="text-label">{t("identity.noPassword")}</p>
          <ul className="flex flex-wrap gap-2">
            {check.providers.map((p) => (
              <li key={p.href}>
                <a
                  href={p.href}
                  className="inline-flex rounded-lg border border-field px-3 py-2 font-semibold hover:bg-tint"
                >
                  {t("identity.confirmWith", { provider: p.label })}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {errorId ? (
        <p id={errorId} className="font-medium text-danger">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
