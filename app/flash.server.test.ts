import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSecretsForTests } from "#lib/secrets.ts";
import { carriesFlash, FLASH_COOKIE, redirectWithNotice, takeNotice } from "./flash.server.ts";

beforeAll(() => {
  process.env.SECRET_KEY = "a-test-secret-key-for-flash-notices-0";
  resetSecretsForTests();
});
afterAll(() => {
  delete process.env.SECRET_KEY;
  resetSecretsForTests();
});

/** The `name=value` pair a response's Set-Cookie gives the flash cookie. */
const flashPair = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${FLASH_COOKIE}=`))!
    .split(";")[0]!;

const requestWith = (cookie?: string) => new Request("http://localhost/page", cookie ? { headers: { cookie } } : {});

describe("the flash notice", () => {
  it("redirects with the notice in a signed, http-only cookie", async () => {
    const response = await redirectWithNotice("/employer/team", "Role changed.");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/employer/team");
    const [setCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(new RegExp(`^${FLASH_COOKIE}=[^;]+;`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    // Signed: the value ends in its signature.
    expect(flashPair(response)).toMatch(/\.[A-Za-z0-9+/%]+$/);
  });

  it("keeps other headers and a given status", async () => {
    const response = await redirectWithNotice(
      "/auth",
      { kind: "error", text: "Sign in again." },
      { status: 303, headers: { "Set-Cookie": "other=1; Path=/" } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(response.headers.getSetCookie()[0]).toBe("other=1; Path=/");
  });

  it("is read once: the read returns it and clears the cookie", async () => {
    const pair = flashPair(await redirectWithNotice("/x", { kind: "error", text: "Too many wrong codes." }));
    const read = await takeNotice(requestWith(`__session=abc; ${pair}; theme=x`));
    expect(read.notice).toEqual({ kind: "error", text: "Too many wrong codes." });
    expect(read.setCookie).toMatch(new RegExp(`^${FLASH_COOKIE}=;.*Max-Age=0`, "i"));
    // What the browser holds after the clearing answer: nothing left to show.
    const cleared = read.setCookie!.split(";")[0]!;
    expect((await takeNotice(requestWith(cleared))).notice).toBeNull();
  });

  it("answers a request without the cookie with no notice and no header", async () => {
    expect(await takeNotice(requestWith())).toEqual({ notice: null, setCookie: null });
    expect(await takeNotice(requestWith("__session=abc; theme=x"))).toEqual({ notice: null, setCookie: null });
  });

  it("ignores a tampered or forged cookie, and clears it", async () => {
    const pair = flashPair(await redirectWithNotice("/x", "Role changed."));
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    const [payload, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    const forgedPayload = Buffer.from(JSON.stringify({ kind: "success", text: "Your account is closed." })).toString(
      "base64",
    );
    for (const forged of [
      `${encodeURIComponent(forgedPayload)}.${signature}`,
      `${payload}.${signature.slice(1)}`,
      payload,
      encodeURIComponent(forgedPayload),
      "",
    ]) {
      const read = await takeNotice(requestWith(`${name}=${forged}`));
      expect(read.notice, forged).toBeNull();
      expect(read.setCookie, forged).toMatch(/Max-Age=0/i);
    }
  });

  it("shows nothing for a signed value that is not a notice", async () => {
    for (const odd of [
      { kind: "shout", text: "Hi" },
      { kind: "success" },
      { kind: "success", text: "x".repeat(501) },
    ]) {
      const pair = flashPair(await redirectWithNotice("/x", odd as never));
      expect((await takeNotice(requestWith(pair))).notice).toBeNull();
    }
  });

  it("tells the edge cache which requests carry one", () => {
    expect(carriesFlash(`${FLASH_COOKIE}=abc`)).toBe(true);
    expect(carriesFlash(`__session=1; ${FLASH_COOKIE}=abc`)).toBe(true);
    expect(carriesFlash(`x${FLASH_COOKIE}=abc`)).toBe(false);
    expect(carriesFlash("__session=1")).toBe(false);
    expect(carriesFlash(null)).toBe(false);
  });
});
