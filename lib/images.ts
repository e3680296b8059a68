// Image processing for uploads. Every uploaded image is decoded and re-encoded, never stored as
// sent: that drops whatever else the file carried (EXIF with GPS, scripts in polyglots) and gives
// pages one small, predictable format.
import sharp, { type Metadata, type ResizeOptions } from "sharp";

/** An image the person must replace; the message is a full sentence for them. */
export class ImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageError";
  }
}

export const LOGO_SIZE = 256;
export const AVATAR_SIZE = 128;
export const UNSUPPORTED_FORMAT = "Upload a PNG, JPEG or WebP image.";
export const TOO_MANY_PIXELS = "The image is too large: at most 25 megapixels.";
export const UNREADABLE_IMAGE = "That file is not an image we can read. Upload a PNG, JPEG or WebP image.";

// Formats as sharp's metadata names them. GIF, SVG, TIFF, AVIF and the rest are refused: SVG can
// carry script, and the others are not worth a decoder's attack surface for a logo or a photo.
const IMAGE_FORMATS = new Set(["png", "jpeg", "webp"]);
// Width x height. A file of a few megabytes can still declare a huge canvas (a decompression
// bomb); 25 megapixels is more than any logo or phone photo within our upload caps needs, and six
// 40-megapixel logos decoded at once took the web process to 521 MB.
export const MAX_INPUT_PIXELS = 25_000_000;

/** A company logo: the whole image, fitting inside 256 x 256 (never enlarged). Throws ImageError. */
export function toLogoWebp(bytes: Buffer | Uint8Array): Promise<Buffer> {
  return toWebp(bytes, () => ({ width: LOGO_SIZE, height: LOGO_SIZE, fit: "inside", withoutEnlargement: true }));
}

/**
 * A person's photo: the largest centred square, at most 128 x 128 (never enlarged), as pages show
 * it in a circle. Throws ImageError.
 */
export function toAvatarWebp(bytes: Buffer | Uint8Array): Promise<Buffer> {
  return toWebp(bytes, ({ width, height }) => {
    const side = Math.min(AVATAR_SIZE, width, height);
    return { width: side, height: side, fit: "cover" };
  });
}

/**
 * Turns an uploaded PNG, JPEG or WebP into a WebP sized by `resize` (given the stored width and
 * height), turned upright per its EXIF orientation, with all metadata stripped. Throws ImageError.
 */
async function toWebp(
  bytes: Buffer | Uint8Array,
  resize: (size: { width: number; height: number }) => ResizeOptions,
): Promise<Buffer> {
  // failOn "warning" (the default, said here on purpose): a truncated or corrupt file is refused
  // rather than half-decoded. Only the first frame of an animated WebP is read.
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning", pages: 1 } as const;
  let metadata: Metadata;
  try {
    // Reads only the header; without the pixel limit here, an oversized image gets its own message.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError(UNREADABLE_IMAGE);
  }
  if (!IMAGE_FORMATS.has(metadata.format)) throw new ImageError(UNSUPPORTED_FORMAT);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageError(TOO_MANY_PIXELS);
  try {
    // No keepMetadata()/withMetadata(): sharp's output then carries no EXIF, XMP or ICC profile.
    return await inTurn(() => sharp(bytes, options).rotate().resize(resize(metadata)).webp({ quality: 85 }).toBuffer());
  } catch {
    // The header was readable but the pixels are not (truncated or corrupt).
    throw new ImageError(UNREADABLE_IMAGE);
  }
}

// Decoding holds pixels outside the V8 heap (about 60 MB for a 25-megapixel PNG), so a process
// decodes one image at a time and the others wait their turn (a fraction of a second each): six
// large logos at once otherwise add up to hundreds of megabytes.
const MAX_PARALLEL_DECODES = 1;
let decoding = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= MAX_PARALLEL_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}
