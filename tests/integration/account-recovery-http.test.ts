// Password reset and email confirmation over HTTP against the real server (REQUIRE_EMAIL_VERIFICATION
// on, mail to its dev mailbox): the same answer for every address, links that peek on GET and work
// once on POST, 20 parallel uses of one reset link, bad input, other sites, signed-out and
// signed-in visitors, and the dev mailbox page that production never serves.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server.ts";
import {
  httpClient,
  redirectedTo,
  sessionCookieOf,
  signInOverHttp,
  together,
  type HttpClient,
} from "../support/http.ts";
import { linkFromMailbox } from "../support/mailbox.ts";
import { devMailboxEnabled } from "../../lib/mail.ts";
import { loadConfig } from "../../lib/config.ts";

const PASSWORD = "correct horse battery";
const DEAD = "This link has expired or was already used";
const SAME_ANSWER = "If an account exists for that address, we sent a link.";

let server: AppServer;
let visitor: HttpClient;

beforeAll(async () => {
  server = await startAppServer(inject("adminDatabaseUrl"), { REQUIRE_EMAIL_VERIFICATION: "true" });
  visitor = httpClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

async function signUpOverHttp(email: string, role: "candidate" | "employer" = "candidate"): Promise<HttpClient> {
  const response = await visitor.post(`/auth?mode=signup`, {
    mode: "signup",
    role,
    email,
    password: PASSWORD,
    full_name: "Hal Http",
    ...(role === "employer" ? { company_name: "Acme" } : {}),
  });
  // With confirmation required, sign-up says "check your email" and signs nobody in.
  if (redirectedTo(response) !== "/auth?mode=signin")
    throw new Error(`signing up ${email} answered ${response.status}`);
  return signInOverHttp(server.baseUrl, email, PASSWORD);
}

const resetLink = (email: string) =>
  linkFromMailbox(server.dataDir, email, "Reset your Hirewise password", "/auth/reset/");
const verifyLink = (email: string) =>
  linkFromMailbox(server.dataDir, email, "Confirm your email address for Hirewise", "/auth/verify/");

describe("forgot password", { timeout: 120_000 }, () => {
  it("answers a known and an unknown address alike, and refuses bad input and other sites", async () => {
    await signUpOverHttp("known@example.com");
    const known = await visitor.post("/auth/forgot", { email: "known@example.com" });
    const unknown = await visitor.post("/auth/forgot", { email: "unknown@example.com" });
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(303);
      expect(redirectedTo(answer)).toBe("/auth/forgot?sent=1");
    }
    expect(await (await visitor.get("/auth/forgot?sent=1")).text()).toContain(SAME_ANSWER);
    await resetLink("known@example.com");

    for (const [fields, message] of [
      [{ email: "" }, "Enter your email address"],
      [{ email: "not-an-address" }, "Enter a valid email address"],
      [{ email: `${"a".repeat(100_000)}@example.com` }, "Use at most 254 characters"],
      [{ email: "known@example.com\0" }, "characters we can&#x27;t store"],
    ] as const) {
      const response = await visitor.post("/auth/forgot", fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const foreign = await fetch(`${server.baseUrl}/auth/forgot`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=known%40example.com",
    });
    expect(foreign.status).toBe(403);
    // Signed in, the page still works (and offers the account's address).
    const signedIn = await signInOverHttp(server.baseUrl, "known@example.com", PASSWORD);
    const page = await signedIn.get("/auth/forgot");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('value="known@example.com"');
  });
});

describe("reset link", { timeout: 120_000 }, () => {
  it("peeks on GET; of 20 parallel POSTs exactly one sets the password; the rest, and reuse, read as a dead link", async () => {
    const owner = await signUpOverHttp("racer@example.com");
    expect((await owner.get("/candidate/jobs")).status).toBe(200);
    await visitor.post("/auth/forgot", { email: "racer@example.com" });
    const link = await resetLink("racer@example.com");
    for (let i = 0; i < 2; i++) {
      const page = await visitor.get(link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Choose a new password");
    }

    for (const [fields, message] of [
      [{ password: "short" }, "Use at least 8 characters"],
      [{ password: "x".repeat(200_000) }, "Use at most 128 characters"],
      [{ password: "long enough\0" }, "characters we can&#x27;t store"],
      [{}, "Enter a password"],
    ] as const) {
      const response = await visitor.post(link, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }

    const answers = await together(
      Array.from({ length: 20 }, (_, i) => () => visitor.post(link, { password: `new password number ${i}` })),
    );
    const won = answers.filter((a) => a.status === 303);
    expect(won).toHaveLength(1);
    expect(won[0]!.location).toBe("/auth");
    for (const lost of answers.filter((a) => a.status !== 303)) {
      expect(lost.status).toBe(410);
      expect(lost.body).toContain(DEAD);
    }
    const winner = answers.indexOf(won[0]!);
    // Exactly the winner's password works; the old one and every other doesn't.
    await signInOverHttp(server.baseUrl, "racer@example.com", `new password number ${winner}`);
    const loser = await visitor.post("/auth?mode=signin", {
      mode: "signin",
      email: "racer@example.com",
      password: `new password number ${(winner + 1) % 20}`,
    });
    expect(loser.status).toBe(401);
    // The session from before the reset is gone.
    expect(redirectedTo(await owner.get("/candidate/jobs"))).toMatch(/^\/auth\?redirect=/);

    const again = await visitor.get(link);
    expect(await again.text()).toContain(DEAD);
    expect((await visitor.post(link, { password: "one more new password" })).status).toBe(410);
    // The sign-in page says so once: the notice came with the winner's redirect.
    expect(await (await visitor.follow(won[0]!)).text()).toContain(
      "Your password is changed. Sign in with your new password.",
    );
    expect(await (await visitor.get("/auth")).text()).not.toContain("Your password is changed.");
  });

  it("reads every wrong link the same: tampered, garbage, huge, of another purpose; a foreign-Origin POST is refused", async () => {
    await signUpOverHttp("other-purpose@example.com");
    const verification = await verifyLink("other-purpose@example.com");
    const token = verification.split("/").pop()!;
    const tampered = (token[0] === "A" ? "B" : "A") + token.slice(1);
    for (const path of [
      `/auth/reset/${token}`,
      `/auth/reset/${tampered}`,
      "/auth/reset/garbage",
      `/auth/reset/${"x".repeat(4000)}`,
      "/auth/reset/%00",
    ]) {
      const page = await visitor.get(path);
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain(DEAD);
      const post = await visitor.post(path, { password: "a fine new password" });
      expect(post.status, path).toBe(410);
    }
    const foreign = await fetch(`${server.baseUrl}/auth/reset/${tampered}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "password=a+fine+new+password",
    });
    expect(foreign.status).toBe(403);
  });
});

describe("email confirmation", { timeout: 120_000 }, () => {
  it("shows the banner until the link's POST confirms; the GET alone confirms nothing; reuse is a dead link", async () => {
    const employer = await signUpOverHttp("banner@example.com", "employer");
    const home = await (await employer.get("/employer/dashboard")).text();
    expect(home).toContain("Confirm your email address.");
    expect(home).toContain('action="/auth/verify"');

    const link = await verifyLink("banner@example.com");
    // What a mail scanner does: fetch the link, twice. Nothing is confirmed.
    for (let i = 0; i < 2; i++) expect(await (await visitor.get(link)).text()).toContain("Confirm my email");
    expect(await (await employer.get("/employer/dashboard")).text()).toContain("Confirm your email address.");

    // Signed out, the POST confirms and sends to sign-in with the news; nobody is signed in.
    const confirmed = await visitor.post(link, {});
    expect(confirmed.status).toBe(303);
    expect(redirectedTo(confirmed)).toBe("/auth");
    expect(sessionCookieOf(confirmed)).toBeNull();
    expect(await (await visitor.follow(confirmed)).text()).toContain(
      "Your email address is confirmed. Sign in to continue.",
    );
    expect(await (await employer.get("/employer/dashboard")).text()).not.toContain("Confirm your email address.");
    expect((await visitor.post(link, {})).status).toBe(410);
    expect(await (await visitor.get(link)).text()).toContain(DEAD);
    // The NUL byte in a form of buttons refuses the whole form.
    expect((await visitor.post(link, { x: "\0" })).status).toBe(400);
  });

  it("signed in, the link sends home with the news; Resend is limited to 3 an hour and needs a session", async () => {
    const candidate = await signUpOverHttp("resender@example.com");
    const signedOut = await visitor.get("/auth/verify");
    expect(redirectedTo(signedOut)).toBe("/auth?redirect=%2Fauth%2Fverify");
    expect(redirectedTo(await visitor.post("/auth/verify", {}))).toMatch(/^\/auth\?redirect=/);

    for (let i = 0; i < 3; i++) {
      const sent = await candidate.post("/auth/verify", { redirect: "/candidate/jobs" });
      expect(redirectedTo(sent)).toBe("/auth/verify?sent=1&redirect=%2Fcandidate%2Fjobs");
    }
    const limited = await candidate.post("/auth/verify", { redirect: "/candidate/jobs" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("You have reached the limit of 3 confirmation emails per hour.");

    const link = await verifyLink("resender@example.com");
    const confirmed = await candidate.post(link, {});
    expect(redirectedTo(confirmed)).toBe("/candidate/jobs?email=confirmed");
    expect(await (await candidate.get("/candidate/jobs?email=confirmed")).text()).toContain(
      "Your email address is confirmed.",
    );
    expect(redirectedTo(await candidate.post("/auth/verify", {}))).toBe("/auth/verify");
    expect(await (await candidate.get("/auth/verify")).text()).toContain("Your email address is confirmed");
  });

  it("refuses other sites, NUL bytes and oversized fields on the confirmation forms", async () => {
    const candidate = await signUpOverHttp("edges@example.com");
    const link = await verifyLink("edges@example.com");
    for (const [path, cookie] of [
      [link, null],
      ["/auth/verify", candidate.cookie],
    ] as const) {
      const foreign = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: "redirect=%2F",
      });
      expect(foreign.status, path).toBe(403);
    }
    const nul = await candidate.post("/auth/verify", { redirect: "/candidate/jobs\0" });
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("characters we can&#x27;t store");
    // A huge place to come back to is dropped, not echoed into the redirect.
    const huge = await candidate.post("/auth/verify", { redirect: `/${"a".repeat(1_000_000)}` });
    expect(redirectedTo(huge)).toBe("/auth/verify?sent=1");
    // Signed out: no page of its own, a sign-in first.
    expect(redirectedTo(await visitor.get("/auth/verify?redirect=%2Fcandidate%2Fjobs"))).toMatch(/^\/auth\?redirect=/);
    // Still unconfirmed: nothing above used the link up.
    expect(await (await visitor.get(link)).text()).toContain("Confirm my email");
  });
});

describe("dev mailbox page", { timeout: 60_000 }, () => {
  it("is never served in production, nor when mail goes to an SMTP server", async () => {
    expect((await visitor.get("/dev/mailbox")).status).toBe(404);
    const cfg = (env: Record<string, string>) => loadConfig({ NODE_ENV: "development", ...env } as NodeJS.ProcessEnv);
    expect(devMailboxEnabled(cfg({}))).toBe(true);
    expect(devMailboxEnabled(cfg({ NODE_ENV: "test" }))).toBe(true);
    expect(devMailboxEnabled(cfg({ NODE_ENV: "production" }))).toBe(false);
    expect(devMailboxEnabled(cfg({ SMTP_URL: "smtp://mail.example.com:587" }))).toBe(false);
  });
});
