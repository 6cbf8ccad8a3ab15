// Photos sized for phones (issue 48 item 4, decision 078): every upload is made in 4 widths as AVIF,
// WebP and JPEG, upright, with no EXIF left; a page finds the variants from the catalogue's address.
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { IMAGE_MESSAGES, prepareImage } from "~/catalogue/image-files.server";
import { IMAGE_WIDTHS, photoSources, photoUrl, variantUrl } from "~/catalogue/image-sizes";
import { makeVariants, MAX_IMAGE_PIXELS } from "~/catalogue/image-variants.server";
import { hasGps, phoneJpeg, pixel, sidewaysJpeg, transparentPng } from "../photos";

const HASH = "0123456789abcdef0123456789abcdef";

/** A 1 × 1 PNG whose header (IHDR, with its CRC) claims another size. */
async function bigHeaderPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  // signature (8), length (4), "IHDR" (4), then width and height; the CRC covers type and data
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe("makeVariants", () => {
  it("makes a phone's photo in 240, 320, 480 and 960 px, as AVIF, WebP and JPEG, without its EXIF", async () => {
    const photo = await phoneJpeg();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);

    const made = await makeVariants(photo);
    if (!made.ok) throw new Error(made.reason);
    expect({ width: made.width, height: made.height }).toEqual({ width: 3000, height: 2250 });
    const shapes = made.variants.map((v) => `${v.targetWidth} ${v.format} ${v.width}x${v.height}`);
    expect(shapes.sort()).toEqual(
      [
        "240 avif 240x180",
        "240 jpg 240x180",
        "240 webp 240x180",
        "320 avif 320x240",
        "320 jpg 320x240",
        "320 webp 320x240",
        "480 avif 480x360",
        "480 jpg 480x360",
        "480 webp 480x360",
        "960 avif 960x720",
        "960 jpg 960x720",
        "960 webp 960x720",
      ].sort(),
    );
    for (const v of made.variants) {
      const meta = await sharp(v.bytes).metadata();
      expect(meta.format).toBe({ avif: "heif", webp: "webp", jpg: "jpeg" }[v.format]);
      expect(v.contentType).toBe(`image/${{ avif: "avif", webp: "webp", jpg: "jpeg" }[v.format]}`);
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // what a 390 px phone at 2x takes (app/catalogue/image-sizes.ts): far below the original
    const forPhone = made.variants.find((v) => v.targetWidth === 480 && v.format === "avif")!;
    expect(forPhone.bytes.length).toBeLessThan(60 * 1024);
    // what a phone at 1.75x takes (decision 099): smaller still
    const at175 = made.variants.find((v) => v.targetWidth === 320 && v.format === "avif")!;
    expect(at175.bytes.length).toBeLessThan(forPhone.bytes.length);
  }, 60_000);

  it("turns a sideways photo upright by its EXIF orientation before resizing", async () => {
    const made = await makeVariants(await sidewaysJpeg());
    if (!made.ok) throw new Error(made.reason);
    expect({ width: made.width, height: made.height }).toEqual({ width: 300, height: 400 });
    const jpg = made.variants.find((v) => v.targetWidth === 240 && v.format === "jpg")!;
    expect([jpg.width, jpg.height]).toEqual([240, 320]);
    // the left half (red) is on top once turned a quarter clockwise; the right (blue) below
    const [r1, , b1] = await pixel(jpg.bytes, 120, 40);
    const [r2, , b2] = await pixel(jpg.bytes, 120, 280);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
    expect((await sharp(jpg.bytes).metadata()).exif).toBeUndefined();
  });

  it("never enlarges a small photo, and gives a transparent PNG's JPEG a white background", async () => {
    const made = await makeVariants(await transparentPng(64, 48));
    if (!made.ok) throw new Error(made.reason);
    expect(new Set(made.variants.map((v) => `${v.width}x${v.height}`))).toEqual(new Set(["64x48"]));
    const jpg = made.variants.find((v) => v.format === "jpg")!;
    expect(await pixel(jpg.bytes, 10, 10)).toEqual([255, 255, 255]);
    const webp = made.variants.find((v) => v.format === "webp")!;
    expect((await sharp(webp.bytes).metadata()).hasAlpha).toBe(true);
  });

  it("refuses a file that does not decode, or decodes to more pixels than a camera takes", async () => {
    const truncated = (await phoneJpeg(600, 450)).subarray(0, 4000);
    expect(await makeVariants(truncated)).toEqual({ ok: false, reason: "unreadable" });
    // a PNG whose header says 10,000 × 8,000 (one colour would compress to 250 KB): a bomb,
    // refused from its header before anything is decoded
    const bomb = await bigHeaderPng(10_000, 8_000);
    expect(10_000 * 8_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(await makeVariants(bomb)).toEqual({ ok: false, reason: "tooManyPixels" });
    expect(await prepareImage(bomb)).toEqual({ ok: false, message: IMAGE_MESSAGES.tooManyPixels });
  }, 30_000);
});

describe("photoSources", () => {
  it("names every variant of an uploaded photo from its catalogue address", () => {
    const sources = photoSources(photoUrl(HASH))!;
    expect(photoUrl(HASH)).toBe(`/images/uploads/${HASH}-960.jpg`);
    expect(sources.avif).toBe(
      IMAGE_WIDTHS.map((w) => `${variantUrl(HASH, w, "avif")} ${w}w`).join(", "),
    );
    expect(sources.webp).toBe(
      [240, 320, 480, 960].map((w) => `/images/uploads/${HASH}-${w}.webp ${w}w`).join(", "),
    );
    expect(sources.jpg).toContain(`/images/uploads/${HASH}-960.jpg 960w`);
    expect(sources.src).toBe(`/images/uploads/${HASH}-480.jpg`);
  });

  it("leaves anything else alone: a seeded file, an SVG upload, an original's old address", () => {
    for (const src of [
      "/images/products/ribeye.svg",
      `/images/uploads/${HASH}.svg`,
      `/images/uploads/${HASH}.jpg`,
      `/images/uploads/${HASH}-480.jpg`,
      `https://example.com/images/uploads/${HASH}-960.jpg`,
    ])
      expect(photoSources(src)).toBeNull();
  });
});
