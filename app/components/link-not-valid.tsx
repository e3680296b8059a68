// The page an emailed one-click link answers with when its token is forged, used up or expired
// (unsubscribe from alerts or the digest, the talent-pool link).
import { Link } from "@remix-run/react";
import { Card } from "#app/components/ui/card.tsx";

export function LinkNotValid({ message }: { message: string }) {
  return (
    <section className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">Link not valid</h1>
        <p className="mt-3 text-soft">{message}</p>
        <Link to="/" className="mt-5 inline-block text-sm font-semibold text-brand hover:underline">
          Back to Hirewise
        </Link>
      </Card>
    </section>
  );
}
