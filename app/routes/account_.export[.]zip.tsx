// /account/export.zip: the signed-in account's data as a zip, streamed as it is written (the page
// that explains it is /account/export). Never cached: it is one person's data.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { create as contentDisposition } from "content-disposition";
import { exportAccount, requireUser } from "#modules/identity/index.server.ts";
import { now } from "#lib/clock.ts";
import { orQuotaPage } from "#app/quotas.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Past the account's exports for the hour: the refusal page, with a way back.
  const zip = await orQuotaPage(exportAccount(user.id, request.signal), { href: "/account/export", label: "Back to Export your data" });
  if (!zip) throw new Response("Not found", { status: 404 });
  const filename = `hirewise-data-${now().toISOString().slice(0, 10)}.zip`;
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(filename),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
