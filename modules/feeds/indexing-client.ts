// Google's Indexing API over HTTP, without Google's libraries: a service account's JWT signed with
// jose (RS256, `kid` = the key's id) exchanged for an access token at the token endpoint, kept
// until a minute before it expires; then up to 100 urlNotifications:publish calls in one
// multipart/mixed POST to /batch, each answered in its own part (stack notes §4, decision 079).
import { randomUUID } from "node:crypto";
import { importPKCS8, SignJWT } from "jose";
import type { IndexingSettings } from "../../lib/indexing-settings.ts";

export const INDEXING_SCOPE = "https://www.googleapis.com/auth/indexing";
/** Google takes at most this many calls in one batch. */
export const BATCH_MAX = 100;

export type NotificationType = "URL_UPDATED" | "URL_DELETED";

export interface Notification {
  url: string;
  type: NotificationType;
}

/** One notification's answer: done, or Google's status and message for it. */
export type NotificationResult = { ok: true } | { ok: false; status: number; message: string };

/** A request Google refused as a whole (the token exchange, or the batch itself). */
export class IndexingHttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "IndexingHttpError";
    this.status = status;
  }
}

// Token lifetimes follow the real clock: Google's servers check them against theirs.
let cached: { key: string; token: string; expiresAt: number } | null = null;

/** Tests only: the next call asks for a new token. */
export function forgetIndexingToken(): void {
  cached = null;
}

export async function accessToken(settings: IndexingSettings, signal?: AbortSignal): Promise<string> {
  const { account } = settings;
  const key = `${account.clientEmail} ${settings.tokenUrl}`;
  if (cached && cached.key === key && cached.expiresAt - 60_000 > Date.now()) return cached.token;
  const assertion = await new SignJWT({ scope: INDEXING_SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) })
    .setIssuer(account.clientEmail)
    .setAudience(account.tokenUri)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(await importPKCS8(account.privateKey, "RS256"));
  const response = await fetch(settings.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    signal,
  });
  const json = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    expires_in?: number;
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !json.access_token) {
    throw new IndexingHttpError(
      response.status,
      `Google's token endpoint refused the service account: ${json.error ?? response.status} ${json.error_description ?? ""}`.trim(),
    );
  }
  cached = { key, token: json.access_token, expiresAt: Date.now() + (json.expires_in ?? 3600) * 1000 };
  return cached.token;
}

/** Sends up to BATCH_MAX notifications in one batch; the answers are in the same order. */
export async function publishBatch(
  settings: IndexingSettings,
  notifications: Notification[],
  signal?: AbortSignal,
): Promise<NotificationResult[]> {
  if (notifications.length > BATCH_MAX) throw new RangeError(`at most ${BATCH_MAX} notifications in a batch`);
  const token = await accessToken(settings, signal);
  const boundary = `batch_${randomUUID().replace(/-/g, "")}`;
  const body =
    notifications
      .map((n, i) => {
        const json = JSON.stringify({ url: n.url, type: n.type });
        return (
          `--${boundary}\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <item${i + 1}>\r\n\r\n` +
          `POST /v3/urlNotifications:publish\r\nContent-Type: application/json\r\naccept: application/json\r\n` +
          `content-length: ${Buffer.byteLength(json)}\r\n\r\n${json}\r\n`
        );
      })
      .join("") + `--${boundary}--\r\n`;
  const response = await fetch(`${settings.apiUrl}/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/mixed; boundary=${boundary}` },
    body,
    signal,
  });
  const text = await response.text();
  if (response.status === 401) forgetIndexingToken();
  if (!response.ok)
    throw new IndexingHttpError(response.status, `Indexing API batch: ${response.status} ${text.slice(0, 300)}`);
  return readBatchAnswer(response.headers.get("content-type") ?? "", text, notifications.length);
}

/** The parts of a multipart/mixed batch answer, by their Content-ID (<response-itemN>). */
export function readBatchAnswer(contentType: string, text: string, count: number): NotificationResult[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const results: NotificationResult[] = Array.from({ length: count }, () => ({
    ok: false,
    status: 0,
    message: "the batch's answer had no part for this notification",
  }));
  if (!boundary) return results;
  for (const part of text.split(`--${boundary}`).slice(1)) {
    const index = Number(/Content-ID:\s*<response-item(\d+)>/i.exec(part)?.[1]) - 1;
    if (!(index >= 0 && index < count)) continue;
    const status = Number(/HTTP\/1\.1 (\d{3})/.exec(part)?.[1] ?? 0);
    const json = part.slice(part.indexOf("{"), part.lastIndexOf("}") + 1);
    let message = "";
    try {
      message = (JSON.parse(json) as { error?: { message?: string } }).error?.message ?? "";
    } catch {
      message = json.slice(0, 200);
    }
    results[index] = status >= 200 && status < 300 ? { ok: true } : { ok: false, status, message };
  }
  return results;
}
