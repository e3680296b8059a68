// Buttons: one look for a <button>, a Remix <Link> styled as one, and the form buttons that show a
// pending state. Colours come from the semantic tokens in app.css.
import { Link, useNavigation } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes, type ComponentProps, type ReactNode } from "react";

const variants = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary: "border border-field bg-surface text-ink hover:bg-tint",
  danger: "border border-danger-line bg-surface text-danger hover:bg-danger-tint",
  /** Deleting for good: the solid red of the account deletion. */
  destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  quiet: "text-label hover:bg-shade",
  link: "text-brand hover:underline",
} as const;

const sizes = {
  sm: "px-3 py-2 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-4 py-2.5",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;
type Look = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The class string of a button's look, for an element that stays a plain tag. */
export const buttonClass = ({ variant = "primary", size = "md", className = "" }: Look = {}) =>
  `inline-flex items-center justify-center gap-2 rounded-lg font-semibold disabled:cursor-wait disabled:opacity-70 ${variants[variant]} ${sizes[size]} ${className}`;

export const Button = forwardRef<HTMLButtonElement, Look & ButtonHTMLAttributes<HTMLButtonElement>>(function Button(
  { variant, size, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} {...props} className={buttonClass({ variant, size, className })} />;
});

/** A Remix <Link> that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: Look & ComponentProps<typeof Link>) {
  return <Link {...props} className={buttonClass({ variant, size, className })} />;
}

const Spinner = () => (
  <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current/40 border-t-current" />
);

/** A submit button that shows `pendingLabel` and is locked while its form is submitting. */
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  size = "lg",
  className,
  ...props
}: { children: ReactNode; pendingLabel: ReactNode } & Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <button
      type="submit"
      {...props}
      disabled={pending || props.disabled}
      aria-disabled={pending || undefined}
      className={buttonClass({ variant, size, className })}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

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
  } & Look &
    Omit<ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value" | "type">
>(function IntentButton({ intent, children, pendingLabel, variant = "secondary", size, className, ...props }, ref) {
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
      className={buttonClass({ variant, size, className })}
    >
      {mine && pendingLabel ? (
        <>
          <Spinner />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
});
