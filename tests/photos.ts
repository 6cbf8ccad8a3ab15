// Photos for the tests of issue 48 item 4 (decision 078), made with sharp: a phone's JPEG as a new
// owner would upload it (3000 × 2250, 1-2 MB, with a GPS position in its EXIF), and small ones.
import sharp from "sharp";

/** Sydney Harbour, as a phone writes it (GPS IFD, degrees/minutes/seconds as rationals). */
const GPS = {
  GPSLatitudeRef: "S",
  GPSLatitude: "33/1 51/1 21/1",
  GPSLongitudeRef: "E",
  GPSLongitude: "151/1 12/1 55/1",
};

/**
 * A 3000 × 2250 phone photo: a gradient with noise (seeded, so its size is the same every run;
 * another seed gives another photo),
 * which a JPEG cannot squeeze below a megabyte, with the camera's make and a GPS position.
 */
export async function phoneJpeg(width = 3000, height = 2250, seed = 48): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  const tint = (seed - 48) * 37;
  let state = seed;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const n = state % 40;
      const wave = Math.sin(x / 37) * 30 + Math.cos(y / 23) * 30;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 200) / width + n + wave) & 255;
      raw[i + 1] = ((y * 180) / height + n) & 255;
      raw[i + 2] = (120 + tint + n - wave) & 255;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: "Phone", Model: "Camera" }, IFD3: GPS })
    .toBuffer();
}

/**
 * A 400 × 300 JPEG, red on its left half and blue on its right, stored sideways as a phone does:
 * EXIF orientation 6 says "turn me a quarter clockwise", so upright it is 300 × 400, red on top.
 */
export async function sidewaysJpeg(): Promise<Buffer> {
  const plain = await sharp({
    create: { width: 400, height: 300, channels: 3, background: "#ff0000" },
  })
    .composite([
      {
        input: { create: { width: 200, height: 300, channels: 3, background: "#0000ff" } },
        left: 200,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer();
  return sharp(plain).withMetadata({ orientation: 6 }).withExif({ IFD3: GPS }).jpeg().toBuffer();
}

/** A small transparent PNG. */
export const transparentPng = (width = 64, height = 48) =>
  sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();

/** Whether EXIF bytes hold a GPS IFD (tag 0x8825, in either byte order). */
export const hasGps = (exif: Buffer | undefined) =>
  !!exif &&
  (exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) ||
    exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])));

/** The colour of one pixel of an image, as [r, g, b]. */
export async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}
