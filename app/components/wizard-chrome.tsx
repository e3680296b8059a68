// What both wizards (posting a job, applying) share: the step bar, the buttons under a step, and
// waiting for the server while it works in the background: with JavaScript the page asks again every
// few seconds; without it a <noscript> refresh reloads the page until the work is done.
import { useRevalidator } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { IntentButton } from "./forms.tsx";

/** Where a three-step wizard is: done, current and to-do steps. */
export function StepIndicator({ step, steps }: { step: number; steps: readonly string[] }) {
  const { t } = useTranslation("wizard");
  return (
    // On a phone only the current step shows its name; the others show their number (names stay for screen readers).
    <ol className="mt-4 flex gap-2 text-sm sm:grid sm:grid-cols-3" aria-label={t("steps")}>
      {steps.map((name, index) => {
        const n = index + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li
            key={name}
            aria-current={state === "current" ? "step" : undefined}
            className={`flex items-center gap-2 rounded-lg border px-3 py-2 ${state === "current" ? "min-w-0 flex-1" : "shrink-0"} ${
              state === "current"
                ? "border-brand-solid bg-brand-tint font-semibold text-brand-bold"
                : state === "done"
                  ? "border-line text-soft"
                  : "border-subtle text-faint"
            }`}
          >
            <span
              aria-hidden
              className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${
                state === "todo" ? "bg-line text-label" : "bg-brand-600 text-white"
              }`}
            >
              {state === "done" ? "✓" : n}
            </span>
            <span className={state === "current" ? "min-w-0 truncate" : "max-sm:sr-only"}>
              <span className="sr-only">{`${t("stepOf", { n, total: steps.length })} `}</span>
              {name}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The first submit button of a step's form, hidden: Enter in a field presses it, so Enter means Next,
 * or the finishing intent on the last step.
 */
export function EnterSubmits({
  step,
  steps,
  finish,
}: {
  step: number;
  steps: number;
  finish: [intent: string, label: string];
}) {
  const { t } = useTranslation("wizard");
  const [intent, label] = step === steps ? finish : ["next", t("next")];
  return (
    <button type="submit" name="intent" value={intent} tabIndex={-1} aria-hidden className="sr-only">
      {label}
    </button>
  );
}

/** The bar under a step: a quiet way out on the left, then Previous and Next, or `finish` on the last step. */
export function WizardNav({
  step,
  steps,
  leave,
  finish,
}: {
  step: number;
  steps: number;
  leave: ReactNode;
  finish: ReactNode;
}) {
  const { t } = useTranslation("wizard");
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-subtle pt-6">
      {leave}
      <div className="flex-1" />
      {step > 1 ? (
        <IntentButton intent="previous" pendingLabel={t("saving")}>
          {t("previous")}
        </IntentButton>
      ) : null}
      {step < steps ? (
        <IntentButton intent="next" variant="primary" pendingLabel={t("saving")}>
          {t("next")}
        </IntentButton>
      ) : (
        finish
      )}
    </div>
  );
}

/** While the server is still working on something the page waits for, asks it again every `everyMs` (JavaScript on). */
export function useRevalidateWhile(waiting: boolean, everyMs = 2000) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [waiting, everyMs, state, revalidate]);
}

/** Without JavaScript, reloads `url` (default: this page) after `seconds` while something is being made. */
export function RefreshWhileWaiting({ url, seconds = 2 }: { url?: string | null; seconds?: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={url ? `${seconds};url=${url}` : String(seconds)} />
    </noscript>
  );
}
