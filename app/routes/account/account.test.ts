// /account's forms through the route's own loader and action, with real sessions and a real
// database: the email setting, a candidate's photo, and posts a role may not make.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { LocalDiskStorage, setStorage } from "#lib/storage.ts";
import { useTestRuntime } from "../../../tests/support/runtime.ts";
import { contactFor, findAccount, signInResponse, signUp, type Account } from "#modules/identity/index.server.ts";
import { action, loader } from "./route.tsx";
import { flashOf } from "../../../tests/support/flash.ts";

useTestRuntime();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-account-"));
  setStorage(new LocalDiskStorage(dir));
});
afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

const URL_ = "http://localhost/account";
const args = (request: Request) => ({
  request,
  params: {},
  context: { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" },
});

async function cookieFor(account: Account): Promise<string> {
  const response = await signInResponse(account, "/", {});
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** Posts the fields as the page's multipart forms do; returns the action's response. */
async function post(cookie: string, fields: Record<string, string | File>): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  try {
    const result = await action(
      args(new Request(URL_, { method: "POST", body: form, headers: { Cookie: cookie } })) as never,
    );
    if (result instanceof Response) return result;
    // data(body, { status }): the refused upload's messages.
    const { data, init } = result as unknown as { data: unknown; init?: { status?: number } };
    return Response.json(data, { status: init?.status ?? 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function page(cookie: string, search = "") {
  return loader(args(new Request(URL_ + search, { headers: { Cookie: cookie } })) as never);
}

const png = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 400, height: 300, channels: 3, background: "#0ea5e9" } })
          .png()
          .toBuffer(),
      ),
    ],
    "me.png",
    { type: "image/png" },
  );

describe("plan", () => {
  it("shows a paid plan picked at sign-up as the one to upgrade to, while the account is on its Free Trial", async () => {
    const erin = await signUp({
      email: "picked@example.com",
      password: "correct horse",
      full_name: "Erin",
      role: "employer",
      company_name: "Acme",
      plan: "business",
    });
    expect(await page(await cookieFor(erin))).toMatchObject({
      planName: "Free Trial",
      picked: "You picked Business when you signed up. You're on the Free Trial until your plan is upgraded.",
    });
    const olga = await signUp({
      email: "unpicked@example.com",
      password: "correct horse",
      full_name: "Olga",
      role: "employer",
      company_name: "Beta",
    });
    // No STRIPE_SECRET_KEY in tests: the plan area says nobody can pay online here.
    expect(await page(await cookieFor(olga))).toMatchObject({
      planName: "Free Trial",
      picked: null,
      onlinePayments: false,
    });
  });
});

describe("email setting", () => {
  it("turns a candidate's application emails off and on, with a confirmation in their words", async () => {
    const cara = await signUp({
      email: "cara@example.com",
      password: "correct horse",
      full_name: "Cara",
      role: "candidate",
    });
    const cookie = await cookieFor(cara);
    expect((await page(cookie)).emails).toMatchObject({
      on: true,
      label: "Email me about my applications",
    });

    // An unticked box is simply absent from the form.
    const off = await post(cookie, { intent: "email-notifications" });
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe("/account#emails");
    expect(await flashOf(off)).toMatchObject({
      place: "emails",
      text: expect.stringMatching(/^Saved\. We won't email you/),
    });
    expect(await contactFor(cara.id)).toMatchObject({ emailNotifications: false });
    expect((await page(cookie)).emails).toMatchObject({ on: false });

    const on = await post(cookie, { intent: "email-notifications", emailNotifications: "on" });
    expect(await flashOf(on)).toMatchObject({
      place: "emails",
      text: expect.stringMatching(/^Saved\. We'll email you/),
    });
    expect(await contactFor(cara.id)).toMatchObject({ emailNotifications: true });
  });

  it("gives an employer their own label, and changes only their own setting", async () => {
    const erin = await signUp({
      email: "erin@example.com",
      password: "correct horse",
      full_name: "Erin",
      role: "employer",
      company_name: "Acme",
    });
    const other = await signUp({
      email: "olga@example.com",
      password: "correct horse",
      full_name: "Olga",
      role: "employer",
      company_name: "Beta",
    });
    const cookie = await cookieFor(erin);
    expect((await page(cookie)).emails.label).toBe("Email me when someone applies");
    await post(cookie, { intent: "email-notifications" });
    expect(await contactFor(erin.id)).toMatchObject({ emailNotifications: false });
    expect(await contactFor(other.id)).toMatchObject({ emailNotifications: true });
  });

  it("is not changed by a signed-out post", async () => {
    const dan = await signUp({
      email: "dan@example.com",
      password: "correct horse",
      full_name: "Dan",
      role: "candidate",
    });
    const response = await post("", { intent: "email-notifications" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth/);
    expect(await contactFor(dan.id)).toMatchObject({ emailNotifications: true });
  });
});

describe("photo", () => {
  it("lets a candidate upload a photo and remove it", async () => {
    const ann = await signUp({
      email: "ann@example.com",
      password: "correct horse",
      full_name: "Ann",
      role: "candidate",
    });
    const cookie = await cookieFor(ann);
    const uploaded = await post(cookie, { intent: "upload-photo", photo: await png() });
    expect(uploaded.headers.get("Location")).toBe("/account#photo");
    expect(await flashOf(uploaded)).toMatchObject({
      place: "photo",
      text: "Your photo is updated. Employers see it with your applications.",
    });
    const view = await page(cookie);
    expect(view.photo).toMatchObject({ url: expect.stringMatching(/^\/files\/avatars\/.+\.webp$/) });
    expect(view.company).toBeNull();

    const removed = await post(cookie, { intent: "remove-photo" });
    expect(await flashOf(removed)).toEqual({ kind: "success", place: "photo", text: "Your photo is removed." });
    expect((await findAccount(ann.id))?.avatarUrl).toBeNull();
  });

  it("asks for a file when none was chosen, and names a file that is not an image", async () => {
    const ben = await signUp({
      email: "ben@example.com",
      password: "correct horse",
      full_name: "Ben",
      role: "candidate",
    });
    const cookie = await cookieFor(ben);
    const none = await post(cookie, { intent: "upload-photo" });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ imageErrors: ["Choose a PNG, JPEG or WebP image to upload."] });
    const text = await post(cookie, {
      intent: "upload-photo",
      photo: new File(["just text"], "me.jpg", { type: "image/jpeg" }),
    });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({
      imageErrors: ["That file is not an image we can read. Upload a PNG, JPEG or WebP image."],
    });
    expect((await findAccount(ben.id))?.avatarUrl).toBeNull();
  });

  it("answers 404 to an employer posting a photo and to a candidate posting a logo, changing nothing", async () => {
    const erin = await signUp({
      email: "erin-photo@example.com",
      password: "correct horse",
      full_name: "Erin",
      role: "employer",
      company_name: "Acme",
    });
    const cara = await signUp({
      email: "cara-logo@example.com",
      password: "correct horse",
      full_name: "Cara",
      role: "candidate",
    });
    expect((await post(await cookieFor(erin), { intent: "upload-photo", photo: await png() })).status).toBe(404);
    expect((await post(await cookieFor(cara), { intent: "upload", logo: await png() })).status).toBe(404);
    expect((await post(await cookieFor(cara), { intent: "something-else" })).status).toBe(404);
    expect(await findAccount(erin.id)).toMatchObject({ avatarUrl: null, companyLogo: null });
    expect(await findAccount(cara.id)).toMatchObject({ avatarUrl: null, companyLogo: null });
  });
});
