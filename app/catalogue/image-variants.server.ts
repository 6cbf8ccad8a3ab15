// A photo made ready for phones (issue 48 item 4, decision 078): turned upright by its EXIF
// orientation, then made in each of IMAGE_WIDTHS as AVIF, WebP and JPEG. sharp writes no metadata
// unless asked (its docs), so EXIF, GPS and all, never reaches a variant; colours are converted to
// sRGB first, so a phone's wide-gamut photo still looks right without its profile.
import type { OutputInfo, Sharp } from "sharp";
import { IMAGE_WIDTHS, VARIANT_FORMATS, type ImageWidth, type VariantFormat } from "./image-sizes";

/** Larger than any phone's camera (8064 × 6048 is 48.8 million): a small file that decodes to more is a bomb. */
export const MAX_IMAGE_PIXELS = 60_000_000;

export type ImageVariant = {
  targetWidth: ImageWidth;
  format: VariantFormat;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
};

/** A photo's upright size and every variant of it. */
export type Photo = { width: number; height: number; variants: ImageVariant[] };

export type MadeVariants =
  ({ ok: true } & Photo) | { ok: false; reason: "unreadable" | "tooManyPixels" };

// Settings chosen on phone photos: the 480 px AVIF of a 3000 × 2250 photo is 10-30 KB.
const ENCODE: Record<VariantFormat, (img: Sharp) => Sharp> = {
  avif: (img) => img.avif({ quality: 50, effort: 3 }),
  webp: (img) => img.webp({ quality: 75, effort: 4 }),
  // a JPEG has no transparency: a transparent PNG's background becomes white
  jpg: (img) => img.flatten({ background: "#ffffff" }).jpeg({ quality: 75, mozjpeg: true }),
};

/**
 * Every variant of a PNG, JPEG or WebP, or why none can be made. sharp (libvips, 20 MB of memory,
 * 50 ms) is loaded on the first upload, not in every worker at start: only staff and the job use it.
 */
export async function makeVariants(input: Uint8Array): Promise<MadeVariants> {
  const { default: sharp } = await import("sharp");
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const };
  let upright: { width: number; height: number };
  let largest: { data: Buffer; info: OutputInfo };
  try {
    const meta = await sharp(input, options).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    upright = turned
      ? { width: meta.height ?? 0, height: meta.width ?? 0 }
      : { width: meta.width ?? 0, height: meta.height ?? 0 };
    // decoded once, at the largest width (a JPEG shrinks while it decodes); the rest come from it
    largest = await sharp(input, options)
      .rotate()
      .resize({ width: IMAGE_WIDTHS.at(-1), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const tooMany = /pixel limit/i.test((error as Error).message);
    return { ok: false, reason: tooMany ? "tooManyPixels" : "unreadable" };
  }
  const { width, height, channels } = largest.info;
  const raw = { raw: { width, height, channels } };
  const jobs = IMAGE_WIDTHS.flatMap((targetWidth) =>
    (Object.keys(VARIANT_FORMATS) as VariantFormat[]).map(async (format) => {
      const resized = sharp(largest.data, raw).resize({
        width: targetWidth,
        withoutEnlargement: true,
      });
      const out = await ENCODE[format](resized).toBuffer({ resolveWithObject: true });
      return {
        targetWidth,
        format,
        contentType: VARIANT_FORMATS[format],
        width: out.info.width,
        height: out.info.height,
        bytes: out.data,
      };
    }),
  );
  return { ok: true, ...upright, variants: await Promise.all(jobs) };
}
