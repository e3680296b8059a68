import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { em, getOrm } from "../../lib/db.ts";
import { setClock } from "../../lib/clock.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { AccountToken } from "./entities.ts";
import {
  consumeAccountToken,
  issueAccountToken,
  peekAccountToken,
  revokeAccountTokens,
  signUp,
} from "./index.server.ts";

useTestRuntime();

const account = (email: string) =>
  signUp({ email, password: "correct horse", full_name: "Tess Token", role: "candidate" });

describe("account tokens", () => {
  it("stores only the SHA-256 and is good once, for its purpose only", async () => {
    const { id } = await account("tokens-once@example.com");
    const token = (await issueAccountToken(id, "password-reset", "tokens-once@example.com", { validMinutes: 30 }))!;
    const rows = await em().fork().find(AccountToken, { user: id });
    expect(rows.map((row) => row.id)).toEqual([createHash("sha256").update(token).digest("hex")]);

    expect(await consumeAccountToken(token, "email-verification")).toBeNull();
    expect(await peekAccountToken(token, "password-reset")).toEqual({
      userId: id,
      email: "tokens-once@example.com",
      returnTo: null,
    });
    expect(await peekAccountToken(token, "password-reset")).not.toBeNull();
    expect(await consumeAccountToken(token, "password-reset")).toEqual({
      userId: id,
      email: "tokens-once@example.com",
      returnTo: null,
    });
    expect(await consumeAccountToken(token, "password-reset")).toBeNull();
    expect(await peekAccountToken(token, "password-reset")).toBeNull();
  });

  it("refuses tampered and malformed tokens", async () => {
    const { id } = await account("tokens-tamper@example.com");
    const token = (await issueAccountToken(id, "password-reset", "tokens-tamper@example.com", { validMinutes: 30 }))!;
    const flipped = (token[0] === "A" ? "B" : "A") + token.slice(1);
    for (const bad of [flipped, token.slice(1), `${token}x`, "", "x".repeat(5000), `${token.slice(0, 42)}\u0000`]) {
      expect(await peekAccountToken(bad, "password-reset")).toBeNull();
      expect(await consumeAccountToken(bad, "password-reset")).toBeNull();
    }
    expect(await consumeAccountToken(token, "password-reset")).not.toBeNull();
  });

  it("expires on the test clock", async () => {
    const { id } = await account("tokens-expiry@example.com");
    const start = new Date("2026-11-24T10:00:00Z");
    setClock(start);
    try {
      const token = (await issueAccountToken(id, "email-verification", "tokens-expiry@example.com", {
        validMinutes: 30,
      }))!;
      setClock(new Date(start.getTime() + 29 * 60_000));
      expect(await peekAccountToken(token, "email-verification")).not.toBeNull();
      setClock(new Date(start.getTime() + 30 * 60_000));
      expect(await peekAccountToken(token, "email-verification")).toBeNull();
      expect(await consumeAccountToken(token, "email-verification")).toBeNull();
    } finally {
      setClock(undefined);
    }
  });

  it("issues at most maxPerHour in an hour, and revokes", async () => {
    const { id } = await account("tokens-limit@example.com");
    const issue = () =>
      issueAccountToken(id, "password-reset", "tokens-limit@example.com", { validMinutes: 30, maxPerHour: 3 });
    const issued = [await issue(), await issue(), await issue(), await issue()];
    expect(issued.map(Boolean)).toEqual([true, true, true, false]);
    await revokeAccountTokens(id, "password-reset");
    expect(await peekAccountToken(issued[0]!, "password-reset")).toBeNull();
  });

  it("lets exactly one of 20 concurrent uses win", async () => {
    const { id } = await account("tokens-race@example.com");
    const token = (await issueAccountToken(id, "password-reset", "tokens-race@example.com", { validMinutes: 30 }))!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeAccountToken(token, "password-reset", getOrm().em.fork())),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
