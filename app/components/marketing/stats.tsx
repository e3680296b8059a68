// The marketplace figures on the landing and how-it-works pages: real counts the loader read
// (app/site-figures.server.ts), and nothing at all until they are worth showing.
import { useTranslation } from "react-i18next";
import { Container } from "./ui.tsx";

const COLUMNS = ["", "grid-cols-1", "grid-cols-2", "grid-cols-3"] as const;

export function StatsStrip({ label, stats }: { label?: string; stats: readonly { value: string; label: string }[] }) {
  const { t } = useTranslation("home");
  if (!stats.length) return null;
  return (
    <section aria-label={label ?? t("stats.label")} className="border-y border-subtle bg-page">
      <Container className="py-10">
        <dl className={`mx-auto grid max-w-4xl gap-x-6 gap-y-8 text-center ${COLUMNS[Math.min(stats.length, 3)]}`}>
          {stats.map((s) => (
            <div key={s.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-medium text-muted">{s.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-brand sm:text-4xl">{s.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
