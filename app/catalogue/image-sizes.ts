// The sizes and addresses of uploaded photos (issue 48 item 4, decision 078), shared by the server
// that makes them and the pages that show them. A photo is stored once and served only as variants:
// 4 widths × AVIF, WebP and JPEG. Its address in the catalogue (products.image) is its largest JPEG,
// /images/uploads/<hash>-960.jpg, an image any consumer can show (JSON-LD, the back office); a page
// finds the other variants from it by name, so no loader has to look them up.

export const UPLOADS_PATH = "/images/uploads";

/**
 * The widths each photo is made in. A product card is 155-190 CSS px wide on a phone (two columns),
 * 210-403 px on a tablet and 260-300 px on a desktop (PRODUCT_CARD_SIZES), and Chromium takes the
 * narrowest width that covers the card in device pixels. 240 serves a phone at 1x and the back
 * office's thumbnail; 320 a phone at 1.75x (Lighthouse's Moto G, 412 px wide: 182 × 1.75 = 318), a
 * 360 px phone at 2x and a desktop at 1x (decision 099); 480 a 375-430 px phone at 2x (171 × 2 =
 * 342), a 360 px phone at 3x and most tablets at 2x; 960 a desktop at 2x and a 390 px or wider
 * phone at 3x. A narrower original is never enlarged: its "960" is its own width. A photo stored
 * before migration 044 has no 320 until the image-variants job makes it; until then
 * /images/uploads serves its 480 there (readImage).
 */
export const IMAGE_WIDTHS = [240, 320, 480, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const VARIANT_FORMATS = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
} as const;
export type VariantFormat = keyof typeof VARIANT_FORMATS;

const LARGEST: ImageWidth = 960;

export const variantUrl = (hash: string, width: ImageWidth, format: VariantFormat) =>
  `${UPLOADS_PATH}/${hash}-${width}.${format}`;

/** The catalogue's address of a photo: its largest JPEG. */
export const photoUrl = (hash: string) => variantUrl(hash, LARGEST, "jpg");

const PHOTO_URL = new RegExp(`^${UPLOADS_PATH}/([0-9a-f]{32})-${LARGEST}\\.jpg$`);

/**
 * How wide a product card is (app/styles/box.css .product-grid; --gutter is clamp(1rem, 4vw, 2rem)),
 * each a slight overestimate: two columns under 440 px; one column of the page's width up to 473
 * px; then auto-filled columns of at least 210 px: 2 up to 719 px, 3 up to 951, 4 up to 1023; from
 * 1024 px beside the order's summary, 260-300 px. Measured in Chromium: 171 px at 390, 403 at 440,
 * 268 at 600, 223 at 768, 226 at 1023, 284 at 1024, 257 at 1440.
 */
export const PRODUCT_CARD_SIZES = [
  "(max-width: 439px) calc(50vw - 1.5rem)",
  "(max-width: 473px) calc(100vw - 2.5rem)",
  "(max-width: 719px) calc(46vw - 0.5rem)",
  "(max-width: 951px) calc(33vw - 1.5rem)",
  "(max-width: 1023px) calc(25vw - 1.5rem)",
  "300px",
].join(", ");

export type PhotoSources = {
  /** srcset values, one per format, widest last */
  avif: string;
  webp: string;
  jpg: string;
  /** the JPEG a browser without srcset takes */
  src: string;
};

/** The variants of an uploaded photo's address, or null for anything else (an SVG, a seeded file). */
export function photoSources(src: string): PhotoSources | null {
  const m = PHOTO_URL.exec(src);
  if (!m) return null;
  const hash = m[1];
  const set = (format: VariantFormat) =>
    IMAGE_WIDTHS.map((w) => `${variantUrl(hash, w, format)} ${w}w`).join(", ");
  return {
    avif: set("avif"),
    webp: set("webp"),
    jpg: set("jpg"),
    src: variantUrl(hash, 480, "jpg"),
  };
}
