// Links in emails that act without a session (a job alert's unsubscribe): the link carries an id
// and an HMAC-SHA256 of it under the server's secret for that purpose (lib/secrets.ts), checked in
// constant time. Each purpose has its own key, so a link made for one purpose never works for another.
import { sign, verifySignature } from "./secrets.ts";

const purposeOf = (purpose: string) => `link:${purpose}`;

/** "{id}.{signature}" for a link that does `purpose` to `id` (an id without dots). */
export async function signLink(purpose: string, id: string): Promise<string> {
  return `${id}.${sign(purposeOf(purpose), id)}`;
}

/** The id a link names when its signature is right for `purpose`; null for anything else. */
export async function verifyLink(purpose: string, token: string): Promise<string | null> {
  if (token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  return verifySignature(purposeOf(purpose), id, token.slice(dot + 1)) ? id : null;
}
