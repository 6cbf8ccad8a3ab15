// Uploaded images in the database (decision 055): one row per content hash, so every instance and
// worker serves the same bytes with no shared folder, and a backup of the database holds them.
// A photo's original stays in uploaded_images for later re-encoding and is never served; the shop
// serves its variants (uploaded_image_variants, decision 078). An SVG, sanitised on upload, is
// served as stored. Every public URL carries the hash: it never changes meaning, so it is cached
// for a year.
import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { bumpContentVersion } from "~/content/content-version.server";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import type { ImageKind } from "./image-files.server";
import { photoUrl, UPLOADS_PATH, type VariantFormat } from "./image-sizes";
import type { Photo } from "./image-variants.server";

export { UPLOADS_PATH };

type Db = Kysely<DB> | Transaction<DB>;

/** The address an upload had before decision 078, and still has when it is an SVG. */
export const imageUrl = (hash: string, ext: string) => `${UPLOADS_PATH}/${hash}.${ext}`;

/** What a product whose photo cannot be read shows (as a new product does). */
export const NO_IMAGE = "/images/logo-mark.svg";

/**
 * Claims an upload whose variants are not made yet and stores them (a photo's upright size and
 * variants, or null: an SVG, or a photo that could not be read). Products that still show a photo
 * at its address from before decision 078 (the job's uploads, or the same bytes uploaded again
 * before the job reached them) move to its variants, or to NO_IMAGE, and the content version moves.
 * False when another upload of the same bytes, or another run of the job, has claimed it already.
 * A photo may have variants already: migration 044 gave a photo stored before it back to the job
 * for its 320 px variants (decision 099), so only the variants it lacks are added, the others are
 * left as they are, and its products, moved on the first pass, are not touched again.
 */
export async function storeVariants(
  trx: Db,
  { hash, ext }: { hash: string; ext: string },
  photo: Photo | null,
  now: Date,
): Promise<boolean> {
  const claimed = await trx
    .updateTable("uploadedImages")
    .set({
      width: photo?.width ?? null,
      height: photo?.height ?? null,
      variantsMadeAt: now.toISOString(),
    })
    .where("hash", "=", hash)
    .where("variantsMadeAt", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  if (photo?.variants.length)
    await trx
      .insertInto("uploadedImageVariants")
      .values(
        photo.variants.map((v) => ({
          hash,
          targetWidth: v.targetWidth,
          format: v.format,
          contentType: v.contentType,
          width: v.width,
          height: v.height,
          bytes: v.bytes,
          size: v.bytes.length,
        })),
      )
      .onConflict((oc) => oc.columns(["hash", "targetWidth", "format"]).doNothing())
      .execute();
  if (ext === "svg") return true;
  const moved = await trx
    .updateTable("products")
    .set({ image: photo ? photoUrl(hash) : NO_IMAGE })
    .where("image", "=", imageUrl(hash, ext))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0) await bumpContentVersion(trx);
  return true;
}

/** Stores checked bytes (once per content) and answers their public URL: a photo's largest JPEG. */
export async function storeImage(
  trx: Db,
  image: { kind: ImageKind; bytes: Buffer; photo: Photo | null },
  uploadedBy: number | null,
  now: Date,
): Promise<string> {
  const hash = createHash("sha256").update(image.bytes).digest("hex").slice(0, 32);
  await trx
    .insertInto("uploadedImages")
    .values({
      hash,
      ext: image.kind.ext,
      contentType: image.kind.contentType,
      bytes: image.bytes,
      size: image.bytes.length,
      uploadedBy,
      createdAt: now.toISOString(),
    })
    .onConflict((oc) => oc.column("hash").doNothing())
    .execute();
  await storeVariants(trx, { hash, ext: image.kind.ext }, image.photo, now);
  return image.photo ? photoUrl(hash) : imageUrl(hash, image.kind.ext);
}

export type ServedImage = {
  contentType: string;
  bytes: Buffer;
  svg: boolean;
  /** another width stands in for the one asked (its variant is not made yet): not for keeping */
  standIn: boolean;
};

const SERVED = /^([0-9a-f]{32})(?:-(240|320|480|960)\.(avif|webp|jpg)|\.svg)$/;

/**
 * What /images/uploads/<file> serves: a photo's variant ("<hash>-<width>.<format>") or an SVG
 * ("<hash>.svg"); null for anything else, a photo's original ("<hash>.jpg") above all.
 * Pages name every one of IMAGE_WIDTHS without looking anything up, so a width a photo lacks is no
 * 404: a photo stored before migration 044 has no 320 px variant until the image-variants job has
 * made it (decision 099), and meanwhile gets its narrowest variant of the format wider than asked
 * (its 480), or failing that its widest narrower one.
 */
export async function readImage(file: string, db: Kysely<DB> = appDb): Promise<ServedImage | null> {
  const m = SERVED.exec(file);
  if (!m) return null;
  const [, hash, width, format] = m;
  if (width) {
    const asked = Number(width);
    const row = await db
      .selectFrom("uploadedImageVariants")
      .select(["contentType", "bytes", "targetWidth"])
      .where("hash", "=", hash)
      .where("format", "=", format as VariantFormat)
      // which width, chosen from the key alone (no variant's bytes are read but the one served):
      // the width asked for or wider first, narrower after; then the nearest of them
      .where("targetWidth", "=", (eb) =>
        eb
          .selectFrom("uploadedImageVariants as stored")
          .select("stored.targetWidth")
          .where("stored.hash", "=", hash)
          .where("stored.format", "=", format as VariantFormat)
          .orderBy((o) =>
            o.case().when("stored.targetWidth", ">=", asked).then(o.lit(0)).else(o.lit(1)).end(),
          )
          .orderBy((o) => o.fn("abs", [o("stored.targetWidth", "-", asked)]))
          .limit(1),
      )
      .executeTakeFirst();
    return row
      ? {
          contentType: row.contentType,
          bytes: Buffer.from(row.bytes),
          svg: false,
          standIn: row.targetWidth !== asked,
        }
      : null;
  }
  const row = await db
    .selectFrom("uploadedImages")
    .select(["contentType", "bytes"])
    .where("hash", "=", hash)
    .where("ext", "=", "svg")
    .executeTakeFirst();
  return row
    ? { contentType: row.contentType, bytes: Buffer.from(row.bytes), svg: true, standIn: false }
    : null;
}
