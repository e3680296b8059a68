// /language?to=de&back=/jobs: the footer's language switch, a plain link (works without
// JavaScript). Remembers the language in a cookie and goes back to `back`, a path on this site
// only. An account that chose a language on /account has it changed too (it would win over the
// cookie), unless the link was followed from another site.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { currentUser, safeRedirect, setLanguage } from "#modules/identity/index.server.ts";
import { isLanguage } from "#locales/index.ts";
import { languageCookieHeader } from "#app/i18n.server.ts";
import { withoutLanguageParam } from "#app/components/language-links.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const back = withoutLanguageParam(safeRedirect(url.searchParams.get("back"), "/"));
  const to = url.searchParams.get("to");
  if (!isLanguage(to)) return redirect(back);
  const user = await currentUser(request);
  const site = request.headers.get("Sec-Fetch-Site");
  if (user?.language && user.language !== to && (site === null || site === "same-origin" || site === "none"))
    await setLanguage(user.id, to);
  return redirect(back, { headers: { "Set-Cookie": await languageCookieHeader(to), "Cache-Control": "no-store" } });
}
