// Signing a browser in without the sign-in form: a session written the way the server writes one,
// its cookie put in the browser context. For end-to-end tests whose subject is not signing in
// (sign-in itself has its own journeys in tests/e2e/auth.test.ts). The test's runtime must be on
// the server's database (as the e2e files are: they create their accounts there).
import type { Page } from "playwright-core";
import { findAccountByEmail, homeFor, signInResponse, type Account } from "../../modules/identity/index.server.ts";

/** Signs `page`'s browser context in as `account` on `baseUrl`; the next navigation is signed in. */
export async function signInAs(page: Page, baseUrl: string, account: Pick<Account, "id">): Promise<void> {
  const response = await signInResponse(account as Account, "/", { userAgent: "end-to-end test" });
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const [pair] = cookie.split(";");
  const at = pair?.indexOf("=") ?? -1;
  if (!pair || at < 1) throw new Error(`signing in gave no session cookie (${response.status})`);
  const name = pair.slice(0, at);
  // A server on https names it __Host-session, which browsers only keep Secure.
  await page.context().addCookies([
    {
      name,
      value: pair.slice(at + 1),
      url: baseUrl,
      httpOnly: true,
      sameSite: "Lax",
      secure: name.startsWith("__Host-"),
    },
  ]);
}

/**
 * Signs `page` in as the account with `email` (as signInAs does) and opens its home page, where a
 * sign-in through the form would land.
 */
export async function signInByEmail(page: Page, email: string): Promise<void> {
  const account = await findAccountByEmail(email);
  if (!account) throw new Error(`no account for ${email}`);
  // The context's base address, read from a first page load (the cookie is set for it).
  if (page.url() === "about:blank") await page.goto("/robots.txt");
  await signInAs(page, new URL(page.url()).origin, account);
  await page.goto(homeFor(account.role));
}
