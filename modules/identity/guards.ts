// Route guards: every employer and candidate loader and action starts with one of these. They
// throw redirects, so a route never runs for the wrong visitor.
import { createCookie, redirect } from "@remix-run/node";
import { config } from "../../lib/config.ts";
import type { Role } from "./entities.ts";
import type { Account } from "./accounts.ts";
import { accountForSession, endSession, SESSION_DAYS, startSession } from "./sessions.ts";
import { twoFactorEnabled } from "./two-factor.ts";
import { secondStepResponse } from "./two-factor-sign-in.ts";

/**
 * The session cookie's name. Over https it carries the __Host- prefix, so browsers only take it
 * Secure, for Path=/ and without Domain, from this host: a sibling subdomain can't plant one.
 */
export const SESSION_COOKIE = config().cookieSecure ? "__Host-session" : "__session";

// SameSite=Lax plus POST-only state changes is the CSRF defence; revisit if sameSite changes.
// The __Host- prefix needs exactly this: Secure, Path=/ and no Domain.
const sessionCookie = createCookie(SESSION_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config().cookieSecure,
  maxAge: SESSION_DAYS * 86_400,
});

/** The session token this browser's cookie holds, or null (to keep or mark this browser's session). */
export async function sessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

const accountsByRequest = new WeakMap<Request, Promise<Account | null>>();

/** The signed-in account, or null. Looked up once per request. */
export function currentUser(request: Request): Promise<Account | null> {
  let found = accountsByRequest.get(request);
  if (!found) {
    found = sessionToken(request).then((token) => (token ? accountForSession(token) : null));
    accountsByRequest.set(request, found);
  }
  return found;
}

export function homeFor(role: Role): string {
  return role === "employer" ? "/employer/dashboard" : "/candidate/jobs";
}

/** The signed-in account; anyone else goes to /auth and comes back here after signing in. */
export async function requireUser(request: Request): Promise<Account> {
  const user = await currentUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** The signed-in account with this role; another role goes to its own home page. */
export async function requireRole(request: Request, role: Role): Promise<Account> {
  const user = await requireUser(request);
  if (user.role !== role) throw redirect(homeFor(user.role));
  return user;
}

export { safeRedirect } from "./local-paths.ts";

/**
 * Signs the account in on this browser and redirects to `to`. With two-factor on, no session yet:
 * a pending sign-in and /auth/two-factor, which ends in sessionResponse (two-factor-sign-in.ts).
 */
export async function signInResponse(
  account: Account,
  to: string,
  meta: { ip?: string; userAgent?: string | null; viaProvider?: boolean },
): Promise<Response> {
  if (await twoFactorEnabled(account.id)) return secondStepResponse(account.id, to, meta);
  const { token } = await startSession(account.id, meta);
  return sessionResponse(token, to);
}

/** Sets the cookie of the session `token` and redirects to `to`; `headers` may add more cookies. */
export async function sessionResponse(token: string, to: string, headers = new Headers()): Promise<Response> {
  headers.append("Set-Cookie", await sessionCookie.serialize(token));
  return redirect(to, { headers });
}

/**
 * Revokes this browser's session on the server, then clears the cookie and goes to `to`. Without
 * the cookie there is no session to revoke, and the answer leaves cookies alone: a cookie is never
 * cleared while its session stays valid.
 */
export async function signOutResponse(request: Request, to = "/"): Promise<Response> {
  const token = await sessionToken(request);
  if (!token) return redirect(to);
  await endSession(token);
  return redirect(to, { headers: { "Set-Cookie": await sessionCookie.serialize("", { maxAge: 0 }) } });
}
