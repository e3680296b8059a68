import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with the OWASP-recommended minimums.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this hash when the email is unknown keeps both failures equally slow.
let decoy: Promise<string> | undefined;
export async function spendVerifyTime(password: string): Promise<void> {
  decoy ??= hashPassword("decoy-password-for-timing");
  await verifyPassword(await decoy, password);
}
