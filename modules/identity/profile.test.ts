import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ImageError, UNREADABLE_IMAGE } from "../../lib/images.ts";
import { LocalDiskStorage, setStorage } from "../../lib/storage.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import {
  AccountError,
  contactFor,
  findAccount,
  publicProfiles,
  removeAvatar,
  setEmailNotifications,
  signUp,
  updateAvatar,
} from "./index.server.ts";

useTestRuntime();

let dir: string;
let store: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-avatar-"));
  store = new LocalDiskStorage(dir);
  setStorage(store);
});
afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

const candidate = (email: string, fullName = "Cara Jones") =>
  signUp({ email, password: "correct horse", full_name: fullName, role: "candidate" });
const employer = (email: string) =>
  signUp({ email, password: "correct horse", full_name: "Erin", role: "employer", company_name: "Acme" });
const photo = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: "taken at home" } })
    .toBuffer();
const keyOf = (url: string) => url.replace(/^\/files\//, "");
/** The stored photo files, all or one account's. */
const storedAvatars = async (userId = "") =>
  (await readdir(path.join(dir, "avatars")).catch(() => [] as string[]))
    .filter((name) => name.startsWith(userId))
    .sort();

describe("email notifications", () => {
  it("are on for a new account, and each person can turn theirs off and on again", async () => {
    const cara = await candidate("cara@example.com");
    const erin = await employer("erin@example.com");
    expect(await contactFor(cara.id)).toEqual({
      email: "cara@example.com",
      fullName: "Cara Jones",
      emailNotifications: true,
      // The weekly digest of waiting applicants is on by default (decision 075).
      waitingDigest: true,
      // No language chosen: emails are in English (decision 090).
      language: "en",
    });
    expect(cara.emailNotifications).toBe(true);

    await setEmailNotifications(cara.id, false);
    expect(await contactFor(cara.id)).toMatchObject({ emailNotifications: false });
    expect((await findAccount(cara.id))?.emailNotifications).toBe(false);
    // Only that person's setting changed.
    expect(await contactFor(erin.id)).toMatchObject({ email: "erin@example.com", emailNotifications: true });

    await setEmailNotifications(cara.id, true);
    expect(await contactFor(cara.id)).toMatchObject({ emailNotifications: true });
  });

  it("answer null for an account that does not exist, and cannot be set for one", async () => {
    const nobody = "00000000-0000-4000-8000-000000000000";
    expect(await contactFor(nobody)).toBeNull();
    await expect(setEmailNotifications(nobody, false)).rejects.toBeInstanceOf(AccountError);
  });
});

describe("public profiles", () => {
  it("gives name, photo and email of each existing account, keyed by id", async () => {
    const ann = await candidate("ann@example.com", "Ann Lee");
    const bob = await signUp({ email: "bob@example.com", password: "correct horse", full_name: "", role: "candidate" });
    const { url } = await updateAvatar(ann.id, await photo());
    const missing = "00000000-0000-4000-8000-000000000001";

    const profiles = await publicProfiles([ann.id, bob.id, ann.id, missing]);
    expect([...profiles.keys()].sort()).toEqual([ann.id, bob.id].sort());
    expect(profiles.get(ann.id)).toEqual({ fullName: "Ann Lee", avatarUrl: url, email: "ann@example.com" });
    expect(profiles.get(bob.id)).toEqual({ fullName: null, avatarUrl: null, email: "bob@example.com" });
    expect(await publicProfiles([])).toEqual(new Map());
  });
});

describe("candidate photo", () => {
  it("stores a 128-px WebP without metadata, replaces it, and removes it, deleting each replaced file", async () => {
    const cara = await candidate("cara-photo@example.com");
    const { url } = await updateAvatar(cara.id, await photo(1200, 900));
    expect(url).toMatch(new RegExp(`^/files/avatars/${cara.id}-[0-9a-f]{16}\\.webp$`));
    expect((await findAccount(cara.id))?.avatarUrl).toBe(url);

    const file = await store.get(keyOf(url));
    expect(file?.contentType).toBe("image/webp");
    const meta = await sharp(file!.body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 128, height: 128 });
    expect(meta.exif).toBeUndefined();
    expect(file!.body.includes(Buffer.from("taken at home"))).toBe(false);

    const second = await updateAvatar(cara.id, await photo(300, 300));
    expect(second.url).not.toBe(url);
    expect((await findAccount(cara.id))?.avatarUrl).toBe(second.url);
    await expect(store.get(keyOf(url))).resolves.toBeNull();
    expect(await storedAvatars(cara.id)).toEqual([path.basename(second.url)]);

    await removeAvatar(cara.id);
    expect((await findAccount(cara.id))?.avatarUrl).toBeNull();
    expect(await storedAvatars(cara.id)).toEqual([]);
    // Removing again is harmless.
    await removeAvatar(cara.id);
  });

  it("keeps exactly the file the account points to when two uploads race", async () => {
    const dan = await candidate("dan@example.com");
    const photos = await Promise.all([photo(), photo(500, 500), photo(400, 300)]);
    const results = await Promise.all(photos.map((bytes) => updateAvatar(dan.id, bytes)));
    const current = (await findAccount(dan.id))?.avatarUrl;
    expect(results.map((r) => r.url)).toContain(current);
    expect(await storedAvatars(dan.id)).toEqual([path.basename(current!)]);
    await removeAvatar(dan.id);
  });

  it("refuses a file that is not an image and changes nothing", async () => {
    const eve = await candidate("eve@example.com");
    const { url } = await updateAvatar(eve.id, await photo());
    const before = await storedAvatars();
    const refused = updateAvatar(eve.id, Buffer.from("a text file named me.jpg"));
    await expect(refused).rejects.toBeInstanceOf(ImageError);
    await expect(refused).rejects.toThrow(UNREADABLE_IMAGE);
    expect((await findAccount(eve.id))?.avatarUrl).toBe(url);
    expect(await storedAvatars()).toEqual(before);
  });

  it("is for candidates only: an employer can neither set nor remove one, and nothing is stored", async () => {
    const erin = await employer("erin-photo@example.com");
    const before = await storedAvatars();
    await expect(updateAvatar(erin.id, await photo())).rejects.toBeInstanceOf(AccountError);
    await expect(removeAvatar(erin.id)).rejects.toBeInstanceOf(AccountError);
    expect((await findAccount(erin.id))?.avatarUrl).toBeNull();
    expect(await storedAvatars()).toEqual(before);
  });
});
