// The visitor's theme: a cookie when they chose one; otherwise the system preference, read from
// the Sec-CH-Prefers-Color-Scheme client hint where the browser sends it (no flash), and from the
// CSS media query where it does not.
import { createCookie } from "@remix-run/node";

export type Theme = "light" | "dark";

const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 86_400 });

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** The chosen theme, or null when the visitor has not chosen one. */
export async function chosenTheme(request: Request): Promise<Theme | null> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : null;
}

export function systemTheme(request: Request): Theme | null {
  const hint = request.headers.get("Sec-CH-Prefers-Color-Scheme");
  return isTheme(hint) ? hint : null;
}

export function themeCookieHeader(theme: Theme): Promise<string> {
  return themeCookie.serialize(theme);
}

/** Asks Chromium-family browsers to send the colour-scheme hint with every request. */
export const themeHintHeaders = {
  "Accept-CH": "Sec-CH-Prefers-Color-Scheme",
  Vary: "Sec-CH-Prefers-Color-Scheme",
  "Critical-CH": "Sec-CH-Prefers-Color-Scheme",
};
