// The notice after a write (POST, redirect, GET): the action redirects with it in a short-lived
// cookie signed with the server's secret, and the root loader reads it once and clears it, so the
// redirected page shows it (JavaScript or not) and a reload does not. Signed, so no link or other
// site can make a page say anything; the edge cache never shares a page for a request carrying it.
import { createCookie, redirect, type Cookie } from "@remix-run/node";
import { config } from "#lib/config.ts";
import { secretFor } from "#lib/secrets.ts";
import { NOTICE_KINDS, type PageNotice } from "#app/components/ui/notice.tsx";

export type { PageNotice };

/** The cookie's name (`__Host-` over https, as the session's: only this host can set it). */
export const FLASH_COOKIE = config().cookieSecure ? "__Host-flash" : "__flash";
const MAX_TEXT = 500;

let cookie: Cookie | undefined;
// Made on first use: the secret may be read from DATA_DIR, which is not known at import time in tests.
const flashCookie = () =>
  (cookie ??= createCookie(FLASH_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config().cookieSecure,
    // Long enough for the redirect to be followed, short enough not to greet a later visit.
    maxAge: 10 * 60,
    secrets: [secretFor("flash-notice").toString("base64url")],
  }));

/** Whether the request carries a flash cookie (signed or not): such a page is the reader's own. */
export const carriesFlash = (cookieHeader: string | null | undefined): boolean =>
  new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=`).test(cookieHeader ?? "");

const noticeOf = (notice: PageNotice | string): PageNotice =>
  typeof notice === "string" ? { kind: "success", text: notice } : notice;

/** A redirect to `url` that shows `notice` there (a plain string is a confirmation). */
export async function redirectWithNotice(
  url: string,
  notice: PageNotice | string,
  init: { status?: number; headers?: HeadersInit } = {},
): Promise<ReturnType<typeof redirect>> {
  return withNotice(redirect(url, { status: init.status ?? 302, headers: init.headers }), notice);
}

/** `response` (a redirect made elsewhere, e.g. a sign-in's) carrying `notice` for the page it goes to. */
export async function withNotice<R extends Response>(response: R, notice: PageNotice | string): Promise<R> {
  response.headers.append("Set-Cookie", await flashCookie().serialize(noticeOf(notice)));
  return response;
}

const isNotice = (value: unknown): value is PageNotice =>
  typeof value === "object" &&
  value !== null &&
  (NOTICE_KINDS as readonly unknown[]).includes((value as PageNotice).kind) &&
  typeof (value as PageNotice).text === "string" &&
  (value as PageNotice).text.length <= MAX_TEXT &&
  ((value as PageNotice).place === undefined || /^[\w-]{1,40}$/.test(String((value as PageNotice).place)));

/**
 * The request's notice, once: with the Set-Cookie that clears it whenever the request carried the
 * cookie (a tampered or stale one is cleared too, and shows nothing). No cookie: no header at all.
 */
export async function takeNotice(request: Request): Promise<{ notice: PageNotice | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!carriesFlash(header)) return { notice: null, setCookie: null };
  const value: unknown = await flashCookie().parse(header);
  const setCookie = await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) });
  const notice = isNotice(value)
    ? { kind: value.kind, text: value.text, ...(value.place ? { place: value.place } : {}) }
    : null;
  return { notice, setCookie };
}
