// The server's secret key, and keys derived from it for each use (signed links, encrypted
// two-factor secrets). SECRET_KEY from the environment when set — every process of one deployment
// must share it. Without it, a random key is made once and kept in DATA_DIR/secret-key (mode 0600),
// which serves a single machine whose web and worker processes share DATA_DIR; losing that file
// invalidates signed links and two-factor secrets (recovery codes still work).
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "./config.ts";
import { logger } from "./logger.ts";

let master: Buffer | undefined;

function masterKey(): Buffer {
  if (master) return master;
  const fromEnv = process.env.SECRET_KEY;
  if (fromEnv) return (master = Buffer.from(fromEnv, "utf8"));
  const file = path.join(config().dataDir, "secret-key");
  try {
    master = readFileSync(file);
  } catch {
    mkdirSync(config().dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32), { flag: "wx", mode: 0o600 });
      if (config().production)
        logger.warn(
          { file },
          "SECRET_KEY is not set: made a random key in DATA_DIR; set SECRET_KEY when several machines serve the app",
        );
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    master = readFileSync(file);
  }
  return master;
}

/** A 32-byte key for one use, e.g. secretFor("alert-unsubscribe"); the same on every call. */
export function secretFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", masterKey(), "hirewise", purpose, 32));
}

/** A URL-safe HMAC-SHA256 signature of `value` under the key for `purpose`. */
export function sign(purpose: string, value: string): string {
  return createHmac("sha256", secretFor(purpose)).update(value).digest("base64url");
}

/** Whether `signature` is sign(purpose, value), compared in constant time. */
export function verifySignature(purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(sign(purpose, value));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Tests only: forget the cached key (after changing SECRET_KEY or DATA_DIR). */
export function resetSecretsForTests(): void {
  master = undefined;
}
