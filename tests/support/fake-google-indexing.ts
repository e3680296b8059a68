// Tests only: Google's OAuth token endpoint and Indexing API on 127.0.0.1, checking what Google
// checks. The token endpoint takes a service-account JWT (RS256, verified with the key pair's
// public key; audience Google's token URL, issuer the account, the indexing scope, at most an hour
// long) and issues a bearer token; /batch takes multipart/mixed parts of urlNotifications:publish
// and answers each in its own part; /v3/urlNotifications:publish takes one. Every notification
// received is recorded in order.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createLocalJWKSet, exportJWK, jwtVerify } from "jose";
import { GOOGLE_TOKEN_URI, type IndexingSettings } from "../../lib/indexing-settings.ts";

const SCOPE = "https://www.googleapis.com/auth/indexing";

export interface FakeGoogleIndexing {
  url: string;
  /** Settings pointing the adapter here, with a daily limit of `dailyLimit`. */
  settings(dailyLimit?: number): IndexingSettings;
  /** The service account's JSON key, as Google hands it out. */
  keyFile: Record<string, string>;
  notifications: { url: string; type: string }[];
  /** Token requests answered (a cached token asks none). */
  tokensIssued: number;
  /** Batch requests received. */
  batches: number;
  /** Refusals of the token endpoint, with their reason. */
  tokenRefusals: string[];
  /** Seconds the next tokens are valid for. */
  expiresIn: number;
  /** The status to answer a notification of this URL with (403: not the site's owner); none: accepted. */
  refuse: (url: string) => number | undefined;
  close(): Promise<void>;
}

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

export async function startFakeGoogleIndexing(): Promise<FakeGoogleIndexing> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keyFile = {
    type: "service_account",
    project_id: "hirewise-test",
    private_key_id: "test-key-1",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: "indexer@hirewise-test.iam.gserviceaccount.com",
    token_uri: GOOGLE_TOKEN_URI,
  };
  const jwks = createLocalJWKSet({
    keys: [{ ...(await exportJWK(publicKey)), kid: keyFile.private_key_id, alg: "RS256" }],
  });
  const issued = new Set<string>();

  const notify = (json: { url?: string; type?: string }): { status: number; body: unknown } => {
    if (!json.url || !["URL_UPDATED", "URL_DELETED"].includes(String(json.type))) {
      return { status: 400, body: { error: { code: 400, message: "Invalid value", status: "INVALID_ARGUMENT" } } };
    }
    const refused = fake.refuse(json.url);
    if (refused) {
      return {
        status: refused,
        body: {
          error: {
            code: refused,
            message: "Permission denied. Failed to verify the URL ownership.",
            status: "PERMISSION_DENIED",
          },
        },
      };
    }
    fake.notifications.push({ url: json.url, type: json.type! });
    const latest = { url: json.url, type: json.type, notifyTime: new Date().toISOString() };
    return {
      status: 200,
      body: {
        urlNotificationMetadata: {
          url: json.url,
          [json.type === "URL_UPDATED" ? "latestUpdate" : "latestRemove"]: latest,
        },
      },
    };
  };

  const fake: FakeGoogleIndexing = {
    url: "",
    keyFile,
    notifications: [],
    tokensIssued: 0,
    batches: 0,
    tokenRefusals: [],
    expiresIn: 3599,
    refuse: () => undefined,
    settings: (dailyLimit = 200) => ({
      account: {
        clientEmail: keyFile.client_email,
        privateKey: keyFile.private_key,
        privateKeyId: keyFile.private_key_id,
        tokenUri: keyFile.token_uri,
      },
      tokenUrl: `${fake.url}/token`,
      apiUrl: fake.url,
      dailyLimit,
    }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (req, res) => {
    const text = await body(req);
    const send = (status: number, answer: unknown, type = "application/json; charset=UTF-8") => {
      res.writeHead(status, { "content-type": type });
      res.end(typeof answer === "string" ? answer : JSON.stringify(answer));
    };
    if (req.method === "POST" && req.url === "/token") {
      const form = new URLSearchParams(text);
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
        return send(400, { error: "unsupported_grant_type" });
      try {
        const { payload } = await jwtVerify(form.get("assertion") ?? "", jwks, {
          algorithms: ["RS256"],
          audience: GOOGLE_TOKEN_URI,
          issuer: keyFile.client_email,
          maxTokenAge: "1h",
        });
        if (payload.scope !== SCOPE) throw new Error(`scope ${String(payload.scope)}`);
        if (!payload.exp || !payload.iat || payload.exp - payload.iat > 3600) throw new Error("lifetime over an hour");
      } catch (error) {
        fake.tokenRefusals.push((error as Error).message);
        return send(400, { error: "invalid_grant", error_description: (error as Error).message });
      }
      const token = `ya29.fake-${randomUUID()}`;
      issued.add(token);
      fake.tokensIssued++;
      return send(200, { access_token: token, expires_in: fake.expiresIn, token_type: "Bearer" });
    }
    const token = req.headers.authorization?.replace(/^Bearer /, "");
    if (!token || !issued.has(token)) {
      return send(401, {
        error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" },
      });
    }
    if (req.method === "POST" && req.url === "/v3/urlNotifications:publish") {
      if (!String(req.headers["content-type"]).startsWith("application/json"))
        return send(400, { error: { code: 400 } });
      const answer = notify(JSON.parse(text) as { url?: string; type?: string });
      return send(answer.status, answer.body);
    }
    if (req.method === "POST" && req.url === "/batch") {
      const boundary = /boundary="?([^";]+)"?/.exec(String(req.headers["content-type"]))?.[1];
      if (!boundary) return send(400, { error: { code: 400, message: "multipart/mixed with a boundary" } });
      fake.batches++;
      const parts = text.split(`--${boundary}`).slice(1, -1);
      if (parts.length > 100) return send(400, { error: { code: 400, message: "at most 100 calls in a batch" } });
      const out = `batch_${randomUUID().slice(0, 8)}`;
      const answers = parts.map((part) => {
        const id = /Content-ID: <([^>]+)>/i.exec(part)?.[1] ?? "";
        const [head = "", json = ""] = part.split(/\r\n\r\n/).slice(1);
        const ok =
          /^POST \/v3\/urlNotifications:publish\r\n/.test(head) && /content-type: application\/json/i.test(head);
        const answer = ok
          ? notify(JSON.parse(json) as { url?: string; type?: string })
          : { status: 400, body: { error: { code: 400 } } };
        return (
          `--${out}\r\nContent-Type: application/http\r\nContent-ID: <response-${id}>\r\n\r\n` +
          `HTTP/1.1 ${answer.status} ${answer.status === 200 ? "OK" : "Error"}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n` +
          `${JSON.stringify(answer.body)}\r\n`
        );
      });
      return send(200, answers.join("") + `--${out}--\r\n`, `multipart/mixed; boundary=${out}`);
    }
    send(404, { error: { code: 404 } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
