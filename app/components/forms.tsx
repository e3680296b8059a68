// Form messages: the confirmation notice, the red error box and a form's error. The fields and
// buttons live in ui/ and are re-exported here for the pages that import them from this file.
import { useActionData } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFocusFirstInvalid } from "./focus.ts";

export { Field, FieldErrors, RequiredMark, SelectField, TextAreaField } from "./ui/field.tsx";
export { SubmitButton, IntentButton } from "./ui/button.tsx";

/** The green line that confirms what just happened ("Your changes are saved."). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-ok-line bg-ok-tint px-4 py-3 text-ok-fg">
      {children}
    </p>
  );
}

/** A form's error, with where to upgrade when a plan's limit was the reason. */
export function FormError({
  id,
  message,
  upgradeUrl,
}: {
  id?: string;
  message: string | null;
  upgradeUrl?: string | null;
}) {
  const { t } = useTranslation("wizard");
  if (!message) return null;
  return (
    <div id={id}>
      <ErrorBox errors={[message]} />
      {upgradeUrl ? (
        <a href={upgradeUrl} className="mt-2 inline-block text-sm font-semibold text-brand hover:underline">
          {t("compareAndUpgrade")}
        </a>
      ) : null}
    </div>
  );
}

/**
 * The red box for a form's errors, announced (role="alert") when it appears. After a refused
 * submission with JavaScript, focus goes to the first field to fix (the box scrolled into view
 * with it), or to the box when no field is marked; without JavaScript the page the failed POST
 * answers with has the box autofocused, so it is read first.
 */
export function ErrorBox({ id, errors }: { id?: string; errors?: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const actionData = useActionData();
  const shown = Boolean(errors?.length);
  useFocusFirstInvalid(ref, shown ? actionData : undefined);
  if (!errors?.length) return null;
  return (
    <div
      ref={ref}
      id={id}
      role="alert"
      tabIndex={-1}
      // Without JavaScript the page after a failed POST is rendered with its action data: the browser focuses the box.
      autoFocus={actionData !== undefined}
      className="rounded-lg border border-danger-line bg-danger-tint px-4 py-3 text-sm text-danger-fg"
    >
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
