// /candidate/profile/cv.pdf?template=classic|compact: the candidate's CV as a PDF, rendered now from
// their profile (in the render pool, never on this process's event loop). ?download=1 saves it.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { create as contentDisposition } from "content-disposition";
import { requireRole } from "#modules/identity/index.server.ts";
import { CvBusyError, isCvTemplate, renderCv } from "#modules/profiles/index.server.ts";
import { orQuotaPage } from "#app/quotas.server.ts";
import { pageLanguage } from "#app/i18n.server.ts";
import { translateMessage, translator } from "#locales/index.ts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "candidate");
  const language = await pageLanguage(request, context);
  const t = translator(language, "cv");
  const url = new URL(request.url);
  const template = url.searchParams.get("template") ?? "classic";
  if (!isCvTemplate(template)) throw data({ message: t("noTemplate") }, { status: 404 });
  const download = url.searchParams.get("download") === "1";
  let cv;
  try {
    cv = await orQuotaPage(renderCv(user.id, template, language), {
      href: `/candidate/profile/cv?template=${template}`,
      label: t("backToCv"),
    });
  } catch (error) {
    if (!(error instanceof CvBusyError)) throw error;
    throw new Response(translateMessage(language, error.message), {
      status: 503,
      headers: {
        "Retry-After": String(error.retryAfterSeconds),
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  return new Response(new Uint8Array(cv.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(cv.pdf.byteLength),
      // The name in UTF-8 (filename*), with a plain ASCII stand-in for old clients.
      "Content-Disposition": contentDisposition(cv.filename, {
        type: download ? "attachment" : "inline",
        fallback: `CV (${template}).pdf`,
      }),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
