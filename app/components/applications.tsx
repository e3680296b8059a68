// Pieces the application pages share: a person's avatar or initial, and an application's status
// timeline. Bundled for the browser: plain props only.
import { useTranslation } from "react-i18next";
import { formatDate } from "#lib/dates.ts";
import { intlLocale } from "#locales/index.ts";
import { useStatusLabel } from "./job-bits.tsx";

/** A person's photo, or the initial of their name on a coloured circle. */
export function Avatar({ name, url, size = "size-10" }: { name: string; url: string | null; size?: string }) {
  if (url) return <img src={url} alt="" className={`${size} shrink-0 rounded-full object-cover`} />;
  return (
    <span
      aria-hidden
      className={`${size} grid shrink-0 place-items-center rounded-full bg-brand-wash font-bold text-brand-ink`}
    >
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}

export interface TimelineEntry {
  to: string;
  by: "candidate" | "employer" | null;
  at: string;
}

/** Every status the application has had, oldest first. */
export function StatusTimeline({ history, label }: { history: TimelineEntry[]; label?: string }) {
  const { t, i18n } = useTranslation("timeline");
  const statusLabel = useStatusLabel();
  return (
    <ol aria-label={label ?? t("label")} className="grid gap-2 border-l-2 border-line pl-4">
      {history.map((entry, i) => (
        <li key={`${entry.at}-${i}`} className="relative text-sm">
          <span aria-hidden className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-solid" />
          <span className="font-medium">{statusLabel(entry.to)}</span>
          <span className="text-muted">
            {" "}
            · {formatDate(entry.at, intlLocale(i18n.language))}
            {entry.by === "employer" ? t("byTeam") : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}
