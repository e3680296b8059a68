// The team page's pointer to the company's default scorecard (/employer/scorecard).
import { Link } from "@remix-run/react";
import { Card } from "#app/components/ui/card.tsx";
import { textLink } from "#app/components/ui/styles.ts";

export function DefaultScorecardLink({ mayEdit }: { mayEdit: boolean }) {
  return (
    <Card as="section" aria-labelledby="default-scorecard-heading">
      <h2 id="default-scorecard-heading" className="text-lg font-semibold">
        Default scorecard
      </h2>
      <p className="mt-1 text-body">
        The attributes every new job&apos;s scorecard starts from.{" "}
        <Link to="/employer/scorecard" className={textLink}>
          {mayEdit ? "Edit the default scorecard" : "See the default scorecard"}
        </Link>
      </p>
    </Card>
  );
}
