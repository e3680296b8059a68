// The page a refused plan action answers with (checkout or a plan request): why, and the way back.
import { textLink } from "#app/components/ui/styles.ts";
import { Link } from "@remix-run/react";
import { Card } from "#app/components/job-bits.tsx";

export function PlanRefusal({
  title,
  refused,
}: {
  title: string;
  refused: { message?: string; back?: string } | undefined;
}) {
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p role="alert" className="mt-3 text-label">
          {refused?.message ?? "Choose a plan on the pricing page."}
        </p>
        <p className="mt-6">
          <Link to={refused?.back ?? "/pricing"} className={textLink}>
            Back to plans
          </Link>
        </p>
      </Card>
    </section>
  );
}
