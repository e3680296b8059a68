// The flash notice a redirect carries (app/flash.server.ts), read from its Set-Cookie. The payload is
// read without checking the signature (the server under test may sign with its own DATA_DIR's
// secret); app/flash.server.test.ts and tests/integration/flash-notice-http.test.ts check signing.
import { FLASH_COOKIE, type PageNotice } from "../../app/flash.server.ts";

export async function flashOf(response: Response): Promise<PageNotice | null> {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  const value = cookie ? decodeURIComponent(cookie.split(";")[0]!.slice(FLASH_COOKIE.length + 1)) : "";
  if (!value) return null;
  // Remix's signed cookie: base64 of the JSON, a dot, the signature.
  const payload = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(decodeURIComponent(escape(atob(payload)))) as PageNotice;
}
