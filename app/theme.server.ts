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

/**
 * The theme when a request's only cookie is the theme (as themeCookie writes it: base64 JSON), or
 * null. Such a request is a visitor's, with nothing personal: it may get the shared page of its theme.
 */
export function themeOnlyCookie(cookieHeader: string): Theme | null {
  const match = /^\s*theme=([A-Za-z0-9+/=%]{1,40})\s*;?\s*$/.exec(cookieHeader);
  if (!match) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(decodeURIComponent(match[1]!), "base64").toString("utf8"));
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
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
