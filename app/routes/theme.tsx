import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "#modules/identity/index.server.ts";
import { isTheme, themeCookieHeader } from "#app/theme.server.ts";
import { readForm } from "#lib/forms.ts";

// Stores the chosen theme. The no-JavaScript form names the page to come back to; the script
// version saves in the background and gets a plain answer.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme");
  if (!isTheme(theme)) return data({ ok: false }, { status: 400 });
  const headers = { "Set-Cookie": await themeCookieHeader(theme) };
  const back = form.get("redirectTo");
  return back === null ? data({ ok: true }, { headers }) : redirect(safeRedirect(back, "/"), { headers });
}

export function loader() {
  return redirect("/");
}
