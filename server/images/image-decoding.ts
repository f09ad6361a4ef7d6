/**
 * Decoding of uploaded images, for every feature that takes them (profile photos; later feed images
 * and report screenshots). A decoded image costs memory for each of its pixels (4 bytes: 64 MB at
 * the limit) and a core while it decodes, whatever the size of its file: a 250 KB PNG may hold 17
 * million pixels. So nothing is decoded past IMAGE_MAX_PIXELS, and at most two images decode at
 * once in the process; a few more wait their turn, the rest are answered 503.
 */
import sharp, { type Sharp } from "sharp";
import { AppError } from "../errors.ts";
import { ConcurrencyLimit } from "../http/concurrency-limit.ts";

/** 16 megapixels: a 4,000 × 4,000 image, more than a phone's photo. */
export const IMAGE_MAX_PIXELS = 16_000_000;

export const imageDecoding = new ConcurrencyLimit({
  concurrency: 2,
  queue: 4,
  waitMs: 5_000,
  busyMessage: "Too many images are being processed right now. Try again in a moment.",
});

/** sharp on uploaded bytes, refusing (reading the header, and decoding) an image past IMAGE_MAX_PIXELS. */
export const openImage = (bytes: Uint8Array): Sharp => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS });

/** Whether sharp refused an image for its number of pixels (its errors carry no code). */
export const exceedsPixelLimit = (error: unknown): boolean => error instanceof Error && /exceeds pixel limit/i.test(error.message);

const UPLOAD_FORMATS = new Set(["png", "jpeg", "webp"]);

export interface ReencodedImage {
  data: Buffer;
  contentType: "image/webp";
  width: number;
  height: number;
}

/**
 * Decodes an upload whatever it claims to be and re-encodes it as WebP through `shape` (resize,
 * crop): metadata (GPS, camera) is dropped and the orientation applied. The header is read first
 * (no decoding), then the decode waits its turn. `what` names the image in the errors ("The photo").
 */
export async function reencodeImage(bytes: Uint8Array, what: string, shape: (image: Sharp) => Sharp): Promise<ReencodedImage> {
  let format: string | undefined;
  try {
    format = (await openImage(bytes).metadata()).format;
  } catch (error) {
    if (exceedsPixelLimit(error))
      throw new AppError("invalid-argument", `${what} must be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`, {
        reason: "image-pixels",
      });
    throw new AppError("invalid-argument", `${what} must be a PNG, JPEG or WebP image.`, { reason: "image-format" });
  }
  if (!format || !UPLOAD_FORMATS.has(format))
    throw new AppError("invalid-argument", `${what} must be a PNG, JPEG or WebP image.`, { reason: "image-format" });
  const { data, info } = await imageDecoding.run(() =>
    shape(openImage(bytes).rotate())
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw new AppError("invalid-argument", `${what} could not be read: the file is damaged or incomplete.`, {
          reason: "image-damaged",
        });
      }),
  );
  return { data, contentType: "image/webp", width: info.width, height: info.height };
}
