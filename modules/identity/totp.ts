// The pieces of two-factor sign-in that touch no database: sealing the authenticator secret,
// checking a 6-digit code (otplib, RFC 6238: SHA-1, 6 digits, 30 s, the steps either side allowed
// for clock drift), the QR code, and recovery codes. Decision 036.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { now } from "../../lib/clock.ts";
import { secretFor } from "../../lib/secrets.ts";

export const ISSUER = "Hirewise";
export const STEP_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

const key = () => secretFor("two-factor");

/**
 * The secret encrypted with AES-256-GCM under the key derived from SECRET_KEY, with the user id as
 * associated data: a sealed secret copied to another account's row does not open.
 */
export function seal(plaintext: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(
    ".",
  );
}

/** Opens a sealed secret; throws when the key, the user id or the text is not the one it was sealed with. */
export function open(sealed: string, userId: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) throw new Error("unknown sealing version");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** A new 160-bit secret, base32 (32 characters). */
export const newSecret = (): string => generateSecret();

/** The secret in groups of four, for typing into an authenticator app by hand. */
export const groupedSecret = (secret: string): string => secret.match(/.{1,4}/g)!.join(" ");

/** The otpauth:// address an authenticator app reads, and the same as an SVG QR code. */
export async function enrolment(secret: string, label: string): Promise<{ uri: string; svg: string }> {
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const svg = await QRCode.toString(uri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
  return { uri, svg };
}

/** A typed code without spaces, or null when it is not 6 digits ("123 456" is fine). */
export function normalizeCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 100) return null;
  const code = input.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * The time step `code` belongs to when it is right for `secret` now (or one step either side) and
 * later than `afterStep` (a code, once used, is refused); null otherwise. Never throws on input.
 */
export async function checkCode(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: STEP_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
      epoch: Math.floor(now().getTime() / 1000),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

// Recovery codes: 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i), about 50
// bits each, shown as "abcde-fghij". Only their SHA-256 is stored.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code as stored (lower case, without spaces or dashes), or null when it can't be one. */
export function normalizeRecoveryCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 100) return null;
  const code = input.toLowerCase().replace(/[\s-]/g, "");
  return /^[a-z0-9]{10}$/.test(code) ? code : null;
}

export const recoveryCodeHash = (code: string): string =>
  createHash("sha256")
    .update(normalizeRecoveryCode(code) ?? code)
    .digest("hex");
