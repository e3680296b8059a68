// Form primitives: a labelled field with its errors wired through aria-describedby, the red error
// box, and a submit button that shows a pending state and cannot be pressed twice.
import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";

export function Field({
  label,
  hint,
  errors,
  inputProps,
  className = "",
  trailing,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; key?: string };
  className?: string;
  trailing?: ReactNode;
}) {
  // A key (conform uses one to reset a field) must be passed directly, not spread.
  const { key, ...attributes } = inputProps;
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputProps.id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          key={key}
          {...attributes}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          className={`block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 dark:bg-slate-900 dark:text-slate-100 ${
            errorId ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"
          } ${trailing ? "pr-20" : ""}`}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!id || !errors?.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** The red box for errors that belong to the whole form. */
export function ErrorBox({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
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
