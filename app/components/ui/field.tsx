// Labelled form fields with their errors and hints wired through aria-describedby: a text input,
// a select and a text area, plus the error list and the required mark they share.
import type { InputHTMLAttributes, ReactNode, Ref } from "react";

type Described = { id: string; errors?: string[]; hint?: ReactNode };

/** aria wiring shared by every field: the error and hint ids the control is described by. */
function describedBy({ id, errors, hint }: Described) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { errorId, hintId, describedBy: [errorId, hintId].filter(Boolean).join(" ") || undefined };
}

/** A text control's look, red-bordered when invalid; for controls these fields don't render. */
export const controlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-surface px-3 py-2 text-fg shadow-sm placeholder:text-slate-400 ${
    invalid ? "border-invalid" : "border-field"
  }`;

/** A field's label, for controls the fields here don't cover (a file input, a checkbox list). */
export const labelClass = "block text-sm font-medium text-label";

function FieldHint({ id, hint }: { id?: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-1 text-xs text-muted">
      {hint}
    </p>
  );
}

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
  const { errorId, hintId, describedBy: ariaDescribedBy } = describedBy({ id: inputProps.id, errors, hint });
  return (
    <div className={className}>
      <label htmlFor={inputProps.id} className={labelClass}>
        {label}
      </label>
      <div className="relative mt-1">
        <input
          key={key}
          ref={inputRef}
          {...attributes}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={ariaDescribedBy}
          className={`${controlClass(Boolean(errorId))} ${trailing ? "pr-20" : ""}`}
        />
        {trailing}
      </div>
      <FieldHint id={hintId} hint={hint} />
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
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1">{children}</div>
      <FieldHint id={hintId} hint={hint} />
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
