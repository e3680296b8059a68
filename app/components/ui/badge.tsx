// Status pills. Each tone is a class in app.css (.badge-*), light and dark defined there once; the
// search's result cards use the same classes on plain spans.
import type { ReactNode } from "react";

export type BadgeTone = "slate" | "green" | "brand" | "red" | "blue" | "yellow" | "violet" | "teal" | "hired";

export function Badge({ tone = "slate", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge-${tone}`}>{children}</span>;
}
