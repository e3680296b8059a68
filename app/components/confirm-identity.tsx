// The "confirm it's you" part of every sensitive form: the current password, or for an account
// without one a "Confirm with …" provider sign-in in this session; and the code from the
// authenticator app when two-factor is on. `resetKey` changes with every answer, so what was typed
// in these fields is never shown again.
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
  passwordLabel = "Your password",
}: {
  check: IdentityCheckView;
  idPrefix: string;
  errors: { password?: string[]; code?: string[] };
  resetKey: string;
  passwordName?: string;
  passwordLabel?: string;
}) {
  return (
    <>
      {check.method === "password" ? (
        <Field
          label={passwordLabel}
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
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div
      id={id}
      tabIndex={-1}
      aria-describedby={errorId}
      className="grid gap-2 rounded-lg border border-line p-4 text-sm"
    >
      {check.confirmed ? (
        <p className="text-label">{`You confirmed it's you with your identity provider. Go ahead within ${check.minutes} minutes of that.`}</p>
      ) : (
        <>
          <p className="text-label">
            Your account has no password. Confirm it's you by signing in again with your identity provider.
          </p>
          <ul className="flex flex-wrap gap-2">
            {check.providers.map((p) => (
              <li key={p.href}>
                <a
                  href={p.href}
                  className="inline-flex rounded-lg border border-field px-3 py-2 font-semibold hover:bg-tint"
                >
                  Confirm with {p.label}
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
