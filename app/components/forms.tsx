// Form primitives: a labelled field with its errors wired through aria-describedby, the red error
// box, and a submit button that shows a pending state and cannot be pressed twice.
import { useActionData, useNavigation } from "@remix-run/react";
import { forwardRef, useRef, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { useFocusOnChange } from "./focus.ts";

export function Field({
  label,
  hint,
  errors,
  inputProps,
  className = "",
  trailing,
  inputRef,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; key?: string };
  className?: string;
  trailing?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}) {
  // A key (conform uses one to reset a field) must be passed directly, not spread.
  const { key, ...attributes } = inputProps;
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputProps.id} className="block text-sm font-medium text-label">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          key={key}
          ref={inputRef}
          {...attributes}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          className={`block w-full rounded-lg border bg-surface px-3 py-2 text-fg shadow-sm placeholder:text-slate-400 ${
            errorId ? "border-red-600 dark:border-red-400" : "border-field"
          } ${trailing ? "pr-20" : ""}`}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** The red asterisk after a required field's label (the field itself carries aria-required). */
export const RequiredMark = () => (
  <span className="text-danger" aria-hidden>
    {" "}
    *
  </span>
);

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!id || !errors?.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm text-danger">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

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
  if (!message) return null;
  return (
    <div id={id}>
      <ErrorBox errors={[message]} />
      {upgradeUrl ? (
        <a href={upgradeUrl} className="mt-2 inline-block text-sm font-semibold text-brand hover:underline">
          Compare plans and upgrade
        </a>
      ) : null}
    </div>
  );
}

/**
 * The red box for errors that belong to the whole form. When it appears after a submission (new
 * action data), focus moves to it and it is scrolled into view, so a keyboard or screen-reader user
 * starts from the summary rather than from the button at the bottom of the form (without JavaScript,
 * through the autofocus attribute on the page the failed POST answers with).
 */
export function ErrorBox({ id, errors }: { id?: string; errors?: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const actionData = useActionData();
  const shown = Boolean(errors?.length);
  useFocusOnChange(ref, shown ? actionData : undefined, { onMount: true });
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

/** A submit button that shows `pendingLabel` and is locked while its form is submitting. */
export function SubmitButton({
  children,
  pendingLabel,
  className = "",
  ...props
}: { children: ReactNode; pendingLabel: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <button
      type="submit"
      {...props}
      disabled={pending || props.disabled}
      aria-disabled={pending || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70 ${className}`}
    >
      {pending ? (
        <>
          <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

type Described = { id: string; errors?: string[]; hint?: ReactNode };

/** aria wiring shared by every field: the error and hint ids the control is described by. */
function describedBy({ id, errors, hint }: Described) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { errorId, hintId, describedBy: [errorId, hintId].filter(Boolean).join(" ") || undefined };
}

const controlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-surface px-3 py-2 text-fg shadow-sm placeholder:text-slate-400 ${
    invalid ? "border-red-600 dark:border-red-400" : "border-field"
  }`;

function FieldFrame({
  label,
  id,
  errors,
  hint,
  className = "",
  children,
}: Described & { label: ReactNode; className?: string; children: ReactNode }) {
  const { errorId, hintId } = describedBy({ id, errors, hint });
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-label">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled select with its errors; `options` are [value, label] pairs. */
export function SelectField({
  label,
  id,
  name,
  defaultValue,
  options,
  placeholder,
  errors,
  hint,
  className,
}: Described & {
  label: ReactNode;
  name: string;
  defaultValue: string;
  options: readonly (readonly [string, string])[];
  placeholder?: string;
  className?: string;
}) {
  const { errorId, describedBy: ariaDescribedBy } = describedBy({ id, errors, hint });
  return (
    <FieldFrame label={label} id={id} errors={errors} hint={hint} className={className}>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={ariaDescribedBy}
        className={controlClass(Boolean(errorId))}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A labelled text area with its errors. */
export function TextAreaField({
  label,
  id,
  name,
  defaultValue,
  rows = 5,
  errors,
  hint,
  className,
  placeholder,
}: Described & {
  label: ReactNode;
  name: string;
  defaultValue: string;
  rows?: number;
  className?: string;
  placeholder?: string;
}) {
  const { errorId, describedBy: ariaDescribedBy } = describedBy({ id, errors, hint });
  return (
    <FieldFrame label={label} id={id} errors={errors} hint={hint} className={className}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        placeholder={placeholder}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={ariaDescribedBy}
        className={controlClass(Boolean(errorId))}
      />
    </FieldFrame>
  );
}

const intentButtonStyles = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary: "border border-field bg-surface text-slate-800 hover:bg-tint dark:text-slate-100",
  danger: "border border-danger-line bg-surface text-danger hover:bg-danger-tint",
  quiet: "text-label hover:bg-slate-100 dark:hover:bg-slate-800",
} as const;

/**
 * A submit button carrying `name="intent"`. While any form on the page is submitting every
 * IntentButton is locked, and the one pressed shows `pendingLabel`.
 */
export const IntentButton = forwardRef<
  HTMLButtonElement,
  {
    intent: string;
    children: ReactNode;
    pendingLabel?: ReactNode;
    variant?: keyof typeof intentButtonStyles;
  } & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value" | "type">
>(function IntentButton({ intent, children, pendingLabel, variant = "secondary", className = "", ...props }, ref) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const mine = submitting && navigation.formData?.get("intent") === intent;
  // Also while the answer's page loads: a press then would post the form as it was before the answer.
  const busy = navigation.state !== "idle";
  return (
    <button
      ref={ref}
      type="submit"
      name="intent"
      value={intent}
      {...props}
      disabled={busy || props.disabled}
      aria-disabled={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-wait disabled:opacity-70 ${intentButtonStyles[variant]} ${className}`}
    >
      {mine && pendingLabel ? (
        <>
          <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current/40 border-t-current" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
});
