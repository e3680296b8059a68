// Google's Indexing API settings from the environment (read by lib/config.ts at start-up): the
// service account's JSON key, given as its text or as the path of the file Google hands out. A key
// that can't be read or lacks its fields stops the start, rather than failing on the first publish.
import { readFileSync } from "node:fs";

/** The parts of a service account's key the token exchange needs. */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | undefined;
  /** The key's `token_uri`: the JWT's audience, which Google checks. */
  tokenUri: string;
}

export interface IndexingSettings {
  account: ServiceAccount;
  /** Where the token request goes: the key's token_uri unless GOOGLE_INDEXING_TOKEN_URL says otherwise. */
  tokenUrl: string;
  /** https://indexing.googleapis.com, or a fake server's address. */
  apiUrl: string;
  /** Publish requests allowed a day (Google's default quota: 200). */
  dailyLimit: number;
}

export const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";

function invalid(message: string): never {
  throw new Error(`Invalid environment: GOOGLE_INDEXING_CREDENTIALS ${message}`);
}

/** A service account's key (JSON text) as its parts; throws with the field that is missing. */
export function parseServiceAccount(text: string): ServiceAccount {
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(text) as Record<string, unknown>;
  } catch {
    invalid("is not a service account's JSON key (the text, or the path of the file)");
  }
  const field = (name: string) => (typeof key[name] === "string" && key[name] ? (key[name] as string) : undefined);
  if (key.type !== undefined && key.type !== "service_account") invalid(`has type "${String(key.type)}"`);
  const clientEmail = field("client_email") ?? invalid("lacks client_email");
  const privateKey = field("private_key") ?? invalid("lacks private_key");
  if (!privateKey.includes("BEGIN PRIVATE KEY")) invalid("has a private_key that is not a PKCS#8 PEM key");
  return {
    clientEmail,
    privateKey,
    privateKeyId: field("private_key_id"),
    tokenUri: field("token_uri") ?? GOOGLE_TOKEN_URI,
  };
}

export function indexingSettings(input: {
  credentials: string | undefined;
  tokenUrl: string | undefined;
  apiUrl: string;
  dailyLimit: number;
}): IndexingSettings | undefined {
  if (!input.credentials) return undefined;
  const raw = input.credentials.trim();
  let text = raw;
  if (!raw.startsWith("{")) {
    try {
      text = readFileSync(raw, "utf8");
    } catch {
      invalid(`names a file that can't be read: ${raw}`);
    }
  }
  const account = parseServiceAccount(text);
  return {
    account,
    tokenUrl: input.tokenUrl ?? account.tokenUri,
    apiUrl: input.apiUrl.replace(/\/+$/, ""),
    dailyLimit: input.dailyLimit,
  };
}
