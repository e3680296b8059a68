// Generate with AI in the post wizard: the button (enabled once what it needs is filled in), the
// pending line while the text is written, and the notices of what came of it.
import { useEffect, useRef, useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import type { AiNotice } from "#app/job-wizard.ts";
import { IntentButton } from "../forms.tsx";

/**
 * Generate with AI. Disabled while a result is being written, or until what it needs is filled
 * in: `ready` as the server sees it, and with JavaScript the `watch`ed fields as typed. Without
 * JavaScript it stays enabled and the server answers with the spec's message.
 */
export function GenerateButton({
  intent,
  pending,
  ready = true,
  watch = [],
  hint,
  label,
}: {
  intent: string;
  pending: boolean;
  ready?: boolean;
  watch?: string[];
  hint: string;
  label?: string;
}) {
  const { t } = useTranslation("post");
  const { t: tw } = useTranslation("wizard");
  const button = useRef<HTMLButtonElement>(null);
  const [filled, setFilled] = useState(true);
  const watched = watch.join(",");
  useEffect(() => {
    const form = button.current?.form;
    if (!form || !watched) return;
    const check = () =>
      setFilled(
        watched.split(",").every((name) => {
          const field = form.elements.namedItem(name);
          return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
            ? field.value.trim() !== ""
            : true;
        }),
      );
    check();
    form.addEventListener("input", check);
    return () => form.removeEventListener("input", check);
  }, [watched]);
  const missing = !ready || !filled;
  const hintId = `${intent.replace(":", "-")}-hint`;
  return (
    <div className="flex flex-col items-end gap-1">
      <IntentButton
        ref={button}
        intent={intent}
        pendingLabel={tw("saving")}
        disabled={pending || missing}
        aria-describedby={missing ? hintId : undefined}
      >
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4 text-brand-mark">
          <path d="M10 1.5l1.9 4.6 4.6 1.9-4.6 1.9L10 14.5l-1.9-4.6L3.5 8l4.6-1.9L10 1.5zM16 13l.9 2.1 2.1.9-2.1.9L16 19l-.9-2.1-2.1-.9 2.1-.9L16 13z" />
        </svg>
        {label ?? t("ai.generate")}
      </IntentButton>
      {missing && !pending ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The pending line while AI text is written, then what came of it. */
export function AiStatus({
  pending,
  label,
  notices,
  noticeRef,
}: {
  pending: boolean;
  label: string;
  notices: AiNotice[];
  noticeRef?: Ref<HTMLDivElement>;
}) {
  return (
    <>
      <div role="status" className="empty:hidden">
        {pending ? (
          <p className="mt-3 flex items-center gap-2 rounded-lg border border-brand-edge bg-brand-tint px-4 py-3 text-sm text-brand-strong">
            <span
              aria-hidden
              className="size-4 shrink-0 animate-spin rounded-full border-2 border-current/40 border-t-current"
            />
            {label}
          </p>
        ) : null}
      </div>
      <AiNotices notices={notices} className="mt-3" noticeRef={noticeRef} />
    </>
  );
}

const NOTICE_STYLES = {
  success: "border-ok-line bg-ok-tint text-ok-fg",
  warning: "border-warn-line bg-warn-tint text-warn-fg",
  error: "border-danger-line bg-danger-tint text-danger-fg",
};

/** What came of Generate with AI; `noticeRef` is where the wizard moves focus when a result lands. */
export function AiNotices({
  notices,
  className = "",
  noticeRef,
}: {
  notices: AiNotice[];
  className?: string;
  noticeRef?: Ref<HTMLDivElement>;
}) {
  if (!notices.length) return null;
  return (
    <div ref={noticeRef} tabIndex={-1} className={`grid gap-2 ${className}`}>
      {notices.map((notice) => (
        <p
          key={notice.message}
          role={notice.tone === "error" ? "alert" : "status"}
          className={`ai-notice rounded-lg border px-4 py-3 text-sm ${NOTICE_STYLES[notice.tone]}`}
        >
          {notice.message}
        </p>
      ))}
    </div>
  );
}
