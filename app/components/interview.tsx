// An interview as both sides see it: the booked time in the company's zone (named), and with
// JavaScript the same time in the reader's own zone when it differs; the length, place or video
// link, and who interviews.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "#locales/index.ts";

/** "(9:00 AM your time, Europe/Berlin)" once the browser says its zone, when it isn't the company's. */
export function YourTime({ iso, zone }: { iso: string; zone: string }) {
  const [local, setLocal] = useState<string | null>(null);
  const { t, i18n } = useTranslation("review");
  const locale = intlLocale(i18n.language);
  useEffect(() => {
    const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!mine) return;
    const at = new Date(iso);
    const format = (timeZone: string) =>
      new Intl.DateTimeFormat(locale, { timeZone, dateStyle: "medium", timeStyle: "short" }).format(at);
    if (format(mine) !== format(zone)) setLocal(t("interview.yourTime", { time: format(mine), zone: mine }));
  }, [iso, zone, locale, t]);
  return local ? <span className="block text-sm text-muted">{local}</span> : null;
}

export interface InterviewFacts {
  lengthMinutes: number;
  location: string | null;
  videoUrl: string | null;
  interviewers: { name: string }[];
}

export function InterviewFactsList({ interview }: { interview: InterviewFacts }) {
  const { t } = useTranslation("review");
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-label">{t("interview.length")}</dt>
      <dd>{t("interview.minutes", { count: interview.lengthMinutes })}</dd>
      {interview.location ? (
        <>
          <dt className="font-medium text-label">{t("interview.where")}</dt>
          <dd className="break-words">{interview.location}</dd>
        </>
      ) : null}
      {interview.videoUrl ? (
        <>
          <dt className="font-medium text-label">{t("interview.videoLink")}</dt>
          <dd className="break-all">
            <a href={interview.videoUrl} className="text-brand underline" rel="noopener noreferrer nofollow">
              {interview.videoUrl}
            </a>
          </dd>
        </>
      ) : null}
      {interview.interviewers.length ? (
        <>
          <dt className="font-medium text-label">{t("interview.interviewers")}</dt>
          <dd>{interview.interviewers.map((i) => i.name).join(", ")}</dd>
        </>
      ) : null}
    </dl>
  );
}
