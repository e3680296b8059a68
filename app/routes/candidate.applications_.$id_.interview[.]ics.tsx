// /candidate/applications/{id}/interview.ics: the booked interview's calendar file (the same
// invitation the email carried, at its current SEQUENCE). None booked, or someone else's: not found.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "#modules/identity/index.server.ts";
import { candidateCalendarFile } from "#modules/interviews/index.server.ts";
import { withModuleErrors } from "#app/module-errors.server.ts";

const NOT_FOUND = "There is no booked interview on this application.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const ics = await withModuleErrors(() => candidateCalendarFile(user.id, params.id ?? ""), { notFound: NOT_FOUND });
  if (!ics) throw data({ message: NOT_FOUND }, { status: 404 });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8; method=REQUEST",
      "Content-Disposition": 'attachment; filename="interview.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
