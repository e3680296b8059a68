// The company logo's refusals over HTTP against the real server, as a browser with JavaScript off
// sends them (the journeys in tests/e2e/logo.test.ts upload, replace and remove in the browser): a
// file that is not an image and files over the 2 MB cap get their message beside the field on the
// reloaded page (400, or 413 for the size), the field marked and focused, the stored logo kept; an upload streamed without a
// Content-Length is cut off; a candidate posting the employer's form gets 404. None changes the
// database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { em } from "../../lib/db.ts";
import { signUp } from "../../modules/identity/index.server.ts";
import { startServerWithModules, type AppServer } from "../support/app-server.ts";
import { httpClient, redirectedTo, signInOverHttp, type HttpClient } from "../support/http.ts";

const PASSWORD = "correct horse battery";
const NOT_AN_IMAGE = "That file is not an image we can read. Upload a PNG, JPEG or WebP image.";
const TOO_BIG = "The logo must be 2 MB or smaller. Choose a smaller image.";

let server: AppServer;
let running: Awaited<ReturnType<typeof startServerWithModules>> | undefined;
let logoPng: Buffer;

beforeAll(async () => {
  running = await startServerWithModules();
  server = running.server;
  logoPng = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await running?.stop();
});

/** The company_logo column of the account with `email`. */
async function storedLogo(email: string): Promise<string | null> {
  const rows = await em().execute<{ company_logo: string | null }[]>("select company_logo from users where email = ?", [
    email,
  ]);
  return rows[0]!.company_logo;
}

async function signedUp(role: "employer" | "candidate", email: string): Promise<HttpClient> {
  await signUp({
    email,
    password: PASSWORD,
    role,
    full_name: "Logo Tester",
    company_name: role === "employer" ? "Bad Files Ltd" : undefined,
  });
  return signInOverHttp(server.baseUrl, email, PASSWORD);
}

const uploadLogo = (client: HttpClient, filename: string, body: Uint8Array | string) =>
  client.postMultipart("/account", [
    { name: "intent", value: "upload" },
    { name: "logo", filename, type: "image/png", body },
  ]);

describe("a refused logo, without JavaScript", () => {
  const email = "badlogo@example.com";
  let client: HttpClient;
  let logo: string;

  beforeAll(async () => {
    client = await signedUp("employer", email);
    const uploaded = await uploadLogo(client, "logo.png", logoPng);
    await uploaded.arrayBuffer();
    expect(redirectedTo(uploaded)).toBe("/account#logo");
    logo = (await storedLogo(email))!;
    expect(logo).toMatch(/^\/files\/logos\//);
  });

  /** The reloaded /account after a refused upload: its message beside the focused field, the old logo shown. */
  async function expectRefusedWith(response: Response, status: number, message: string) {
    const html = await response.text();
    expect(response.status).toBe(status);
    expect(html).toMatch(
      new RegExp(`<ul id="logo-error" class="[^"]*"><li>${message.replace(/[.]/g, "\\.")}</li></ul>`),
    );
    const field = /<input[^>]*id="logo"[^>]*>/.exec(html)?.[0] ?? "";
    expect(field).toContain('aria-invalid="true"');
    expect(field).toMatch(/aria-describedby="[^"]*logo-error/);
    expect(field).toContain("autofocus");
    expect(html).toContain(`<img src="${logo}" alt="Bad Files Ltd logo"`);
    expect(await storedLogo(email)).toBe(logo);
  }

  it("names a file that is not an image", async () => {
    await expectRefusedWith(
      await uploadLogo(client, "notes.png", "These are meeting notes, not a picture.\n"),
      400,
      NOT_AN_IMAGE,
    );
  });

  it("says a file one byte over the cap is too big (refused while it is read)", async () => {
    await expectRefusedWith(await uploadLogo(client, "just-over.png", randomBytes(2 * 1024 * 1024 + 1)), 413, TOO_BIG);
  });

  it("says a file far over the cap is too big (refused on its Content-Length, the rest dropped)", async () => {
    await expectRefusedWith(await uploadLogo(client, "huge.png", randomBytes(20 * 1024 * 1024)), 413, TOO_BIG);
  });

  it("says so too for a file over what the server reads even to drop it", async () => {
    await expectRefusedWith(await uploadLogo(client, "giant.png", randomBytes(40 * 1024 * 1024)), 413, TOO_BIG);
  });
});

it("cuts off an upload without a Content-Length instead of reading it all", async () => {
  const email = "chunked@example.com";
  const client = await signedUp("employer", email);
  // A streamed (chunked) body: the client offers 200 MB, counting what the server pulls.
  const boundary = "logo-boundary";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const chunk = new Uint8Array(64 * 1024);
  let offered = 0;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(head),
    pull(controller) {
      if (offered >= 200 * 1024 * 1024) return controller.close();
      offered += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(`${server.baseUrl}/account`, {
    method: "POST",
    body,
    duplex: "half",
    headers: {
      Cookie: client.cookie!,
      Origin: server.baseUrl,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    },
  } as RequestInit);
  expect(response.status).toBe(413);
  // The rest is dropped up to 25 MB, then no longer read: nowhere near 200 MB is taken.
  await response.text().catch(() => undefined);
  expect(offered).toBeLessThan(64 * 1024 * 1024);
  expect(await storedLogo(email)).toBeNull();
});

it("answers 404 to a candidate posting the employer's logo form, and stores nothing", async () => {
  const email = "candlogo@example.com";
  const candidate = await signedUp("candidate", email);
  const forged = await uploadLogo(candidate, "logo.png", logoPng);
  await forged.arrayBuffer();
  expect(forged.status).toBe(404);
  expect(await storedLogo(email)).toBeNull();
  // Signed out, the post goes to sign-in and stores nothing either.
  const visitor = await uploadLogo(httpClient(server.baseUrl), "logo.png", logoPng);
  await visitor.arrayBuffer();
  expect(redirectedTo(visitor)).toMatch(/^\/auth\?redirect=/);
});
