// /account's settings forms as a browser without JavaScript posts them, through the route's own
// loader and action (and the email link's page), with real sessions and a real database.
import { describe, expect, it } from "vitest";
import { em } from "#lib/db.ts";
import { useTestRuntime } from "../../../tests/support/runtime.ts";
import {
  findAccount,
  issueAccountToken,
  listSessions,
  requestEmailChange,
  signIn,
  signInResponse,
  signUp,
  type Account,
} from "#modules/identity/index.server.ts";
import { UNSTORABLE_FIELD } from "#lib/forms.ts";
import { action, loader } from "./route.tsx";
import * as confirmRoute from "../account_.email.$token.tsx";
import { flashOf } from "../../../tests/support/flash.ts";

useTestRuntime();

const PASSWORD = "correct horse";
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" },
});

async function cookieFor(account: Account): Promise<string> {
  const response = await signInResponse(account, "/", {
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  });
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

type Answer = { status: number; location: string | null; notice?: unknown; body: Record<string, any> };

/** Runs a route function as Remix would, and reads its answer whatever its form (redirect, data(), thrown). */
async function answer(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      notice: await flashOf(result),
      body: result.status < 300 ? await result.json() : {},
    };
  }
  const { data, init } = result as { data: Record<string, unknown>; init?: { status?: number } };
  if (data === undefined) return { status: 200, location: null, body: result as Record<string, unknown> };
  return { status: init?.status ?? 200, location: null, body: data };
}

const post = (cookie: string, fields: Record<string, string>, url = "http://localhost/account") =>
  answer(() =>
    action(
      args(
        new Request(url, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ) as never,
    ),
  );

const page = (cookie: string, search = "") =>
  answer(() =>
    loader(args(new Request(`http://localhost/account${search}`, { headers: { Cookie: cookie } })) as never),
  );

const person = (email: string, role: "candidate" | "employer" = "candidate") =>
  signUp({
    email,
    password: PASSWORD,
    full_name: "Pat Person",
    role,
    company_name: role === "employer" ? "Acme" : undefined,
  });

describe("names form", () => {
  it("saves and confirms, or puts the message beside the field and keeps what was typed", async () => {
    const erin = await person("route-erin@example.com", "employer");
    const cookie = await cookieFor(erin);
    const refused = await post(cookie, { intent: "names", full_name: "", company_name: "Acme Robotics" });
    expect(refused.status).toBe(400);
    expect(refused.body.form).toBe("names");
    expect(refused.body.result.error).toMatchObject({ full_name: ["Enter your full name"] });
    expect(refused.body.result.initialValue).toMatchObject({ company_name: "Acme Robotics" });

    const saved = await post(cookie, { intent: "names", full_name: "Erin Boss", company_name: "Acme Robotics" });
    expect(saved).toMatchObject({
      status: 302,
      location: "/account#profile",
      notice: { kind: "success", place: "profile", text: "Saved. Your name and company name are updated." },
    });
    expect(await findAccount(erin.id)).toMatchObject({ fullName: "Erin Boss", companyName: "Acme Robotics" });
  });

  it("answers NUL characters and huge values with messages, saving nothing", async () => {
    const cara = await person("route-cara@example.com");
    const cookie = await cookieFor(cara);
    const nul = await post(cookie, { intent: "names", full_name: "Cara\0Evil" });
    expect(nul.status).toBe(400);
    expect(nul.body.result.error).toMatchObject({ full_name: [UNSTORABLE_FIELD] });
    const huge = await post(cookie, { intent: "names", full_name: "x".repeat(100_000) });
    expect(huge.status).toBe(400);
    expect(huge.body.result.error).toMatchObject({ full_name: ["Use at most 120 characters"] });
    expect((await findAccount(cara.id))?.fullName).toBe("Pat Person");
    // A button form with a NUL character is refused whole.
    expect((await post(cookie, { intent: "end-other-sessions\0" })).status).toBe(400);
    expect((await post(cookie, { intent: "nonsense" })).status).toBe(404);
  });

  it("sends a signed-out post to /auth", async () => {
    const refused = await post("", { intent: "names", full_name: "Nobody" });
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/^\/auth\?redirect=/);
  });
});

describe("email form", () => {
  it("puts messages beside the fields, never echoing the password, and shows the pending change after success", async () => {
    const ann = await person("route-ann@example.com");
    const cookie = await cookieFor(ann);
    for (const [new_email, message] of [
      ["not-an-address", "Enter a valid email address, like name@example.com"],
      ["ROUTE-ANN@example.com", "That is already your email address."],
    ] as const) {
      const refused = await post(cookie, { intent: "change-email", new_email, current_password: PASSWORD });
      expect(refused.status, new_email).toBe(400);
      expect(refused.body.result.error).toMatchObject({ new_email: [message] });
      expect(refused.body.result.initialValue).toMatchObject({ new_email });
      expect(JSON.stringify(refused.body)).not.toContain(PASSWORD);
    }
    const wrong = await post(cookie, {
      intent: "change-email",
      new_email: "ann2@example.com",
      current_password: "not my password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.error).toMatchObject({ current_password: ["That password is not right."] });
    expect(JSON.stringify(wrong.body)).not.toContain("not my password");

    const sent = await post(cookie, {
      intent: "change-email",
      new_email: "ann2@example.com",
      current_password: PASSWORD,
    });
    const linkSent = {
      kind: "success",
      place: "email",
      text: "Link sent. Open it from your inbox to finish the change.",
    };
    expect(sent).toMatchObject({ status: 302, location: "/account#email", notice: linkSent });
    const view = (await page(cookie)).body;
    expect(view.emailAddress).toMatchObject({ current: "route-ann@example.com", pending: "ann2@example.com" });

    // Resend: two more links this hour, then a message in the pending box.
    expect(await post(cookie, { intent: "resend-email" })).toMatchObject({
      status: 302,
      location: "/account#email",
      notice: linkSent,
    });
    expect(await post(cookie, { intent: "resend-email" })).toMatchObject({ status: 302 });
    const tooMany = await post(cookie, { intent: "resend-email" });
    expect(tooMany).toMatchObject({
      status: 429,
      body: { form: "pending-email", message: expect.stringMatching(/3 links in the last hour/) },
    });

    expect(await post(cookie, { intent: "cancel-email" })).toMatchObject({
      status: 302,
      location: "/account#email",
      notice: { place: "email", text: "The change is cancelled. Your email address stays route-ann@example.com." },
    });
    expect(await post(cookie, { intent: "resend-email" })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/no change of email address/) },
    });
    expect((await page(cookie)).body.emailAddress.pending).toBeNull();
    expect((await findAccount(ann.id))?.email).toBe("route-ann@example.com");
  });

  it("confirms through the link's page: the GET changes nothing, another account gets a 404, the owner's POST changes the address", async () => {
    const bea = await person("route-bea@example.com");
    const other = await person("route-other@example.com");
    await requestEmailChange(bea, { new_email: "bea2@example.com", current_password: PASSWORD }, "127.0.0.1", null);
    const token = (await issueAccountToken(bea.id, "email-change", "bea3@example.com", { validMinutes: 60 }))!;
    const url = `http://localhost/account/email/${token}`;
    const get = (cookie: string) =>
      answer(() => confirmRoute.loader(args(new Request(url, { headers: { Cookie: cookie } }), { token }) as never));
    const confirm = (cookie: string) =>
      answer(() =>
        confirmRoute.action(
          args(
            new Request(url, {
              method: "POST",
              body: new URLSearchParams(),
              headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            }),
            { token },
          ) as never,
        ),
      );

    expect(await get(await cookieFor(bea))).toMatchObject({
      status: 200,
      body: { state: "ready", email: "bea3@example.com" },
    });
    expect((await get("")).location).toBe(`/auth?redirect=${encodeURIComponent(`/account/email/${token}`)}`);
    const otherCookie = await cookieFor(other);
    expect(await get(otherCookie)).toMatchObject({ status: 404, body: { state: "invalid" } });
    expect(await confirm(otherCookie)).toMatchObject({ status: 404, body: { state: "invalid" } });
    expect((await findAccount(other.id))?.email).toBe("route-other@example.com");
    expect((await findAccount(bea.id))?.email).toBe("route-bea@example.com");

    expect(await confirm(await cookieFor(bea))).toMatchObject({
      status: 302,
      location: "/account#email",
      notice: {
        place: "email",
        text: "Your email address is now bea3@example.com. We told your previous address about the change.",
      },
    });
    expect(await findAccount(bea.id)).toMatchObject({ email: "bea3@example.com", emailVerified: true });
    expect(await confirm(await cookieFor(bea))).toMatchObject({ status: 404, body: { state: "invalid" } });
  });

  it("refuses the link when another account took the address in the meantime", async () => {
    const cy = await person("route-cy@example.com");
    const token = (await issueAccountToken(cy.id, "email-change", "route-wanted@example.com", { validMinutes: 60 }))!;
    await person("route-wanted@example.com");
    const url = `http://localhost/account/email/${token}`;
    const refused = await answer(() =>
      confirmRoute.action(
        args(
          new Request(url, {
            method: "POST",
            body: new URLSearchParams(),
            headers: { Cookie: "", "Content-Type": "application/x-www-form-urlencoded" },
          }),
          { token },
        ) as never,
      ),
    );
    expect(refused.status).toBe(302); // signed out: to /auth first
    const cookie = await cookieFor(cy);
    const taken = await answer(() =>
      confirmRoute.action(
        args(
          new Request(url, {
            method: "POST",
            body: new URLSearchParams(),
            headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          }),
          { token },
        ) as never,
      ),
    );
    expect(taken).toMatchObject({ status: 409, body: { state: "taken", email: "route-wanted@example.com" } });
    expect((await findAccount(cy.id))?.email).toBe("route-cy@example.com");
  });
});

describe("an account without a password", () => {
  it("changes the email only after a provider sign-in in this session, and offers no password form", async () => {
    const fay = await person("route-fay@example.com");
    await em().execute(`update users set password_hash = null where id = ?`, [fay.id]);
    const cookie = await cookieFor(fay);
    expect((await page(cookie)).body.hasPassword).toBe(false);
    expect((await page(cookie)).body.confirmEmail).toMatchObject({ method: "provider", confirmed: false });
    // A session without a provider sign-in in it (a stolen cookie) is refused, the address kept.
    const refusedEmail = await post(cookie, { intent: "change-email", new_email: "fay2@example.com" });
    expect(refusedEmail.status).toBe(400);
    expect(refusedEmail.body.result.error.current_password[0]).toMatch(/confirm it's you with your identity provider/);
    expect(refusedEmail.body.result.initialValue.new_email).toBe("fay2@example.com");
    const confirmed = (await signInResponse(fay, "/", { userAgent: "test", viaProvider: true })).headers
      .get("Set-Cookie")!
      .split(";")[0]!;
    expect((await page(confirmed)).body.confirmEmail).toMatchObject({ method: "provider", confirmed: true });
    expect(await post(confirmed, { intent: "change-email", new_email: "fay2@example.com" })).toMatchObject({
      status: 302,
    });
    const refused = await post(cookie, {
      intent: "change-password",
      current_password: "anything at all",
      new_password: "brand new password",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.result.error.current_password[0]).toMatch(/no password yet/);
  });
});

describe("password form", () => {
  it("refuses a wrong current password beside its field, then changes it and signs out only the other browsers", async () => {
    const dan = await person("route-dan@example.com");
    const here = await cookieFor(dan);
    const there = await cookieFor(dan);
    const wrong = await post(here, {
      intent: "change-password",
      current_password: "not it at all",
      new_password: "brand new password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.error).toMatchObject({ current_password: ["Your current password is incorrect."] });
    expect(JSON.stringify(wrong.body)).not.toContain("brand new password");
    const short = await post(here, { intent: "change-password", current_password: PASSWORD, new_password: "short" });
    expect(short.body.result.error).toMatchObject({ new_password: ["Use at least 8 characters"] });

    const changed = await post(here, {
      intent: "change-password",
      current_password: PASSWORD,
      new_password: "brand new password",
    });
    expect(changed).toMatchObject({
      status: 302,
      location: "/account#password",
      notice: { place: "password", text: expect.stringMatching(/^Your password is changed\./) },
    });
    expect((await page(here)).status).toBe(200);
    expect((await page(there)).location).toMatch(/^\/auth/);
    await expect(signIn({ email: dan.email, password: "brand new password" }, "127.0.0.1")).resolves.toBeTruthy();
  });
});

describe("sessions", () => {
  it("lists this browser and others, signs one out, refuses another account's session with a 404, and signs out all others", async () => {
    const eve = await person("route-eve@example.com");
    const here = await cookieFor(eve);
    const phone = await cookieFor(eve);
    const laptop = await cookieFor(eve);
    const mallory = await person("route-mallory@example.com");
    const malloryCookie = await cookieFor(mallory);

    const sessions = (await page(here)).body.sessions as { id: string; device: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: "Firefox on Linux", current: true });
    expect(JSON.stringify(sessions)).not.toContain(here.split("=")[1]);

    // Mallory posting Eve's session id: not found, nothing signed out.
    expect((await post(malloryCookie, { intent: "end-session", session: sessions[1]!.id })).status).toBe(404);
    expect((await listSessions(eve.id, null)).length).toBe(3);
    // Eve's own browser by its id is not signed out here (that is /signout's job).
    expect((await post(here, { intent: "end-session", session: sessions[0]!.id })).status).toBe(404);

    expect(await post(here, { intent: "end-session", session: sessions[1]!.id })).toMatchObject({
      status: 302,
      location: "/account#sessions",
      notice: { place: "sessions", text: "That session is signed out." },
    });
    expect((await listSessions(eve.id, null)).length).toBe(2);
    expect(await post(here, { intent: "end-other-sessions" })).toMatchObject({
      status: 302,
      location: "/account#sessions",
      notice: { place: "sessions", text: "Every other session is signed out." },
    });
    expect((await page(phone)).location).toMatch(/^\/auth/);
    expect((await page(laptop)).location).toMatch(/^\/auth/);
    expect((await page(here)).body.sessions).toHaveLength(1);
    expect((await page(malloryCookie)).body.sessions).toHaveLength(1);
  });
});
