// /account/export.zip: the signed-in account's data as a zip, streamed as it is written, in answer
// to the export page's POST (/account/export explains it). A GET changes nothing and gets no data:
// it goes to that page, so a link, a prefetch or an image tag elsewhere can't start an export.
// Never cached: it is one person's data.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { create as contentDisposition } from "content-disposition";
import { exportAccount, requireUser } from "#modules/identity/index.server.ts";
import { now } from "#lib/clock.ts";
import { orQuotaPage } from "#app/quotas.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/account/export");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // Past the account's exports for the hour: the refusal page, with a way back.
  const zip = await orQuotaPage(exportAccount(user.id, request.signal), {
    href: "/account/export",
    label: "Back to Export your data",
  });
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
