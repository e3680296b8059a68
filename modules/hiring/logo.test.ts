import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberFor } from "./index.server.ts";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ImageError, UNREADABLE_IMAGE } from "../../lib/images.ts";
import { LocalDiskStorage, setStorage } from "../../lib/storage.ts";
import { useTestRuntime } from "../../tests/support/runtime.ts";
import { findAccount, signUp } from "../identity/index.server.ts";
import {
  emptyWizardForm,
  HiringError,
  listJobs,
  removeCompanyLogo,
  startDraft,
  updateCompanyLogo,
} from "./index.server.ts";

useTestRuntime();

let dir: string;
let store: LocalDiskStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirewise-logo-"));
  store = new LocalDiskStorage(dir);
  setStorage(store);
});
afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

const png = (width = 512, height = 512) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

const employer = (email: string) =>
  signUp({ email, password: "correct horse", full_name: "Erin", role: "employer", company_name: "Acme" });

const keyOf = (url: string) => url.replace(/^\/files\//, "");
const storedLogos = async () => (await readdir(path.join(dir, "logos")).catch(() => [] as string[])).sort();
const logosOfJobs = async (employerId: string) => (await listJobs({ employerId })).map((j) => j.companyLogo);

describe("company logo", () => {
  it("stores a 256-px WebP and shows it on the account and all of the employer's jobs", async () => {
    const erin = await employer("erin@example.com");
    const other = await employer("olga@example.com");
    await startDraft(await memberFor(erin.id), emptyWizardForm());
    await startDraft(await memberFor(erin.id), emptyWizardForm());
    await startDraft(await memberFor(other.id), emptyWizardForm());

    const { url } = await updateCompanyLogo(erin.id, await png(1024, 512));
    expect(url).toMatch(new RegExp(`^/files/logos/${erin.id}-[0-9a-f]{16}\\.webp$`));
    expect((await findAccount(erin.id))?.companyLogo).toBe(url);
    expect(await logosOfJobs(erin.id)).toEqual([url, url]);
    expect(await logosOfJobs(other.id)).toEqual([null]);

    const file = await store.get(keyOf(url));
    expect(file?.contentType).toBe("image/webp");
    expect(await sharp(file!.body).metadata()).toMatchObject({ format: "webp", width: 256, height: 128 });

    // A new logo gets a new address; the replaced file is deleted once the new one is recorded.
    const second = await updateCompanyLogo(erin.id, await png());
    expect(second.url).not.toBe(url);
    expect(await logosOfJobs(erin.id)).toEqual([second.url, second.url]);
    await expect(store.get(keyOf(url))).resolves.toBeNull();
    expect(await storedLogos()).toEqual([path.basename(second.url)]);

    await removeCompanyLogo(erin.id);
    expect((await findAccount(erin.id))?.companyLogo).toBeNull();
    expect(await logosOfJobs(erin.id)).toEqual([null, null]);
    expect(await storedLogos()).toEqual([]);
  });

  it("refuses a file that is not an image and changes nothing", async () => {
    const erin = await employer("erin2@example.com");
    await startDraft(await memberFor(erin.id), emptyWizardForm());
    const { url } = await updateCompanyLogo(erin.id, await png());
    const before = await storedLogos();

    const refused = updateCompanyLogo(erin.id, Buffer.from("not a picture"));
    await expect(refused).rejects.toBeInstanceOf(ImageError);
    await expect(refused).rejects.toThrow(UNREADABLE_IMAGE);
    expect((await findAccount(erin.id))?.companyLogo).toBe(url);
    expect(await logosOfJobs(erin.id)).toEqual([url]);
    expect(await storedLogos()).toEqual(before);
  });

  it("gives a candidate no logo and stores nothing", async () => {
    const cara = await signUp({
      email: "cara@example.com",
      password: "correct horse",
      full_name: "Cara",
      role: "candidate",
    });
    const before = await storedLogos();
    const refused = updateCompanyLogo(cara.id, await png());
    await expect(refused).rejects.toBeInstanceOf(HiringError);
    await expect(refused).rejects.toMatchObject({ code: "not-found" });
    await expect(removeCompanyLogo(cara.id)).rejects.toMatchObject({ code: "not-found" });
    expect((await findAccount(cara.id))?.companyLogo).toBeNull();
    expect(await storedLogos()).toEqual(before);
  });
});
