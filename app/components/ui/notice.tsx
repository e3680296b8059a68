// The notice a write leaves for the page it redirects to (app/flash.server.ts keeps it in a signed
// cookie for one read). The root loader reads it; each page places <FlashNotice /> where its
// confirmation belongs, so the server renders it and it shows with JavaScript off.
import { useRouteLoaderData } from "@remix-run/react";
import { Notice } from "../forms.tsx";

export const NOTICE_KINDS = ["success", "error"] as const;

/** One notice: a confirmation or a failure, its words, and the part of the page it belongs to (a card's id). */
export interface PageNotice {
  kind: (typeof NOTICE_KINDS)[number];
  text: string;
  place?: string;
}

/** The notice the root loader read for this page, if any. */
export function usePageNotice(): PageNotice | null {
  return useRouteLoaderData<{ notice?: PageNotice | null }>("root")?.notice ?? null;
}

/** This page's notice: the green confirmation (role="status"), or the red box for a failure (role="alert"). */
export function FlashNotice() {
  const notice = usePageNotice();
  if (!notice || notice.place) return null;
  if (notice.kind === "success") return <Notice>{notice.text}</Notice>;
  return (
    <p role="alert" className="rounded-lg border border-danger-line bg-danger-tint px-4 py-3 text-sm text-danger-fg">
      {notice.text}
    </p>
  );
}
