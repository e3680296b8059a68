// The "I want to" choice a new account makes, candidate or employer, as two radio cards. Sign-up at
// /auth and onboarding after a provider both use it; the company field beside it follows the choice by CSS.
import { useTranslation } from "react-i18next";
import { FieldErrors } from "./forms.tsx";

export type AccountRole = "candidate" | "employer";

// Labels are catalogue keys (auth namespace).
const ROLES = [
  ["candidate", "findJob"],
  ["employer", "hireTalent"],
] as const;

export function RolePicker({
  checked,
  errorId,
  errors,
}: {
  checked?: AccountRole;
  errorId: string;
  errors?: string[];
}) {
  const { t } = useTranslation("auth");
  return (
    <fieldset>
      <legend className="text-sm font-medium text-label">{t("iWantTo")}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {ROLES.map(([value, label]) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-field px-3 py-2 text-sm has-[:checked]:border-brand-solid has-[:checked]:bg-brand-tint"
          >
            <input
              type="radio"
              name="role"
              value={value}
              defaultChecked={checked === value}
              className="accent-brand-600"
            />
            {t(label)}
            <span className="sr-only">{t(`roles.${value}`)}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
