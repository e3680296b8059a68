// The marketplace figures shown on the landing and how-it-works pages (display text only).
import { Container } from "./ui.tsx";

export const SITE_STATS = [
  { value: "10K+", label: "Active jobs" },
  { value: "500+", label: "Companies hiring" },
  { value: "50K+", label: "Candidates" },
  { value: "94%", label: "Hiring success rate" },
] as const;

export function StatsStrip({ label = "Hirewise in numbers", stats = SITE_STATS }: { label?: string; stats?: readonly { value: string; label: string }[] }) {
  return (
    <section aria-label={label} className="border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <Container className="py-10">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 text-center lg:grid-cols-4">
          {stats.map((s) => (
            <div key={s.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{s.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-brand-700 sm:text-4xl dark:text-brand-300">{s.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
