import { describe, expect, it } from "vitest";
import sharp from "sharp";
import {
  ImageError,
  toAvatarWebp,
  toLogoWebp,
  TOO_MANY_PIXELS,
  UNREADABLE_IMAGE,
  UNSUPPORTED_FORMAT,
} from "./images.ts";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } });

async function refusal(bytes: Buffer): Promise<string> {
  const error = await toLogoWebp(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageError);
  return (error as ImageError).message;
}

describe("toLogoWebp", () => {
  it("turns a PNG into a WebP that fits inside 256 x 256", async () => {
    const out = await toLogoWebp(await solid(600, 400).png().toBuffer());
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 171 });
  });

  it("turns a JPEG upright per its EXIF orientation and strips its metadata", async () => {
    // 400 x 200 stored sideways (orientation 6: rotate 90° clockwise to view), with an EXIF
    // comment and an ICC profile that must not survive.
    const jpeg = await solid(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6, icc: "p3" })
      .withExif({ IFD0: { ImageDescription: "secret location" } })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const out = await toLogoWebp(jpeg);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 128, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.includes(Buffer.from("secret location"))).toBe(false);
  });

  it("never enlarges a small image", async () => {
    const out = await toLogoWebp(await solid(100, 50).webp().toBuffer());
    expect(await sharp(out).metadata()).toMatchObject({ format: "webp", width: 100, height: 50 });
  });

  it("refuses a file that is not an image", async () => {
    expect(await refusal(Buffer.from("just some text, renamed to logo.png\n"))).toBe(UNREADABLE_IMAGE);
    expect(UNREADABLE_IMAGE).toBe("That file is not an image we can read. Upload a PNG, JPEG or WebP image.");
  });

  it("refuses a truncated PNG", async () => {
    const png = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    expect(await refusal(png.subarray(0, Math.floor(png.length / 2)))).toBe(UNREADABLE_IMAGE);
  });

  it("refuses other image formats: GIF, TIFF and SVG", async () => {
    expect(await refusal(await solid(50, 50).gif().toBuffer())).toBe(UNSUPPORTED_FORMAT);
    expect(await refusal(await solid(50, 50).tiff().toBuffer())).toBe(UNSUPPORTED_FORMAT);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(svg)).toBe(UNSUPPORTED_FORMAT);
    expect(UNSUPPORTED_FORMAT).toBe("Upload a PNG, JPEG or WebP image.");
  });

  it("refuses an image with more pixels than a logo needs", async () => {
    // Compresses to a few kilobytes, but would decode to 196 MB of pixels.
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 4, background: "#fff" } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(bomb)).toBe(TOO_MANY_PIXELS);
  });

  it("takes 25 megapixels and refuses anything past them, from the header alone", async () => {
    expect(TOO_MANY_PIXELS).toBe("The image is too large: at most 25 megapixels.");
    const at = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
    expect((await sharp(await toLogoWebp(at)).metadata()).width).toBe(256);
    // 6000 x 5000 is 30 megapixels; a 40-megapixel logo was taken before.
    for (const [width, height] of [
      [6000, 5000],
      [8000, 5000],
      [5001, 5000],
    ] as const) {
      const large = await sharp({ create: { width, height, channels: 3, background: "#3a7" } })
        .png()
        .toBuffer();
      expect(await refusal(large), `${width} x ${height}`).toBe(TOO_MANY_PIXELS);
    }
  });

  it("re-encodes six large logos at once, each of them", async () => {
    const large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
    const done = await Promise.all(Array.from({ length: 6 }, () => toLogoWebp(large)));
    expect(done.map((b) => b.length > 0)).toEqual([true, true, true, true, true, true]);
  });
});

describe("toAvatarWebp", () => {
  it("crops a photo to its centred square, 128 x 128", async () => {
    // Left third red, middle third green, right third blue: the square must come from the middle.
    const third = (r: number, g: number, b: number) =>
      sharp({ create: { width: 300, height: 300, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
    const photo = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#000" } })
      .composite([
        { input: await third(255, 0, 0), left: 0, top: 0 },
        { input: await third(0, 255, 0), left: 300, top: 0 },
        { input: await third(0, 0, 255), left: 600, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const out = await toAvatarWebp(photo);
    expect(await sharp(out).metadata()).toMatchObject({ format: "webp", width: 128, height: 128 });
    const { channels } = await sharp(out).stats();
    expect(channels[1]!.mean).toBeGreaterThan(200);
    expect(channels[0]!.mean).toBeLessThan(40);
    expect(channels[2]!.mean).toBeLessThan(40);
  });

  it("keeps a small photo's size, squared, and never enlarges it", async () => {
    const out = await toAvatarWebp(await solid(90, 60).png().toBuffer());
    expect(await sharp(out).metadata()).toMatchObject({ format: "webp", width: 60, height: 60 });
  });

  it("turns a phone photo upright and drops its EXIF, GPS included", async () => {
    const jpeg = await solid(1200, 800)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "PhoneCo", ImageDescription: "home address" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const out = await toAvatarWebp(jpeg);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 128, height: 128 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.includes(Buffer.from("home address"))).toBe(false);
    expect(out.includes(Buffer.from("PhoneCo"))).toBe(false);
  });

  it("refuses what a logo refuses", async () => {
    await expect(toAvatarWebp(Buffer.from("not a photo"))).rejects.toThrow(UNREADABLE_IMAGE);
    await expect(toAvatarWebp(await solid(40, 40).gif().toBuffer())).rejects.toThrow(UNSUPPORTED_FORMAT);
  });
});
