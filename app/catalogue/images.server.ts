// Uploaded images in the database (decision 055): one row per content hash, so every instance and
// worker serves the same bytes with no shared folder, and a backup of the database holds them.
// The public URL carries the hash (/images/uploads/<hash>.<ext>): it never changes meaning, so it
// is cached for a year.
import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import type { ImageKind } from "./image-files.server";

export const UPLOADS_PATH = "/images/uploads";

export const imageUrl = (hash: string, ext: string) => `${UPLOADS_PATH}/${hash}.${ext}`;

/** Stores checked bytes (once per content) and answers their public URL. */
export async function storeImage(
  trx: Kysely<DB> | Transaction<DB>,
  image: { kind: ImageKind; bytes: Buffer },
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
  return imageUrl(hash, image.kind.ext);
}

/** An uploaded image by the last segment of its URL ("<hash>.<ext>"), or null. */
export async function readImage(
  file: string,
  db: Kysely<DB> = appDb,
): Promise<{ contentType: string; bytes: Buffer; ext: string } | null> {
  const m = /^([0-9a-f]{32})\.(png|jpg|webp|svg)$/.exec(file);
  if (!m) return null;
  const row = await db
    .selectFrom("uploadedImages")
    .select(["contentType", "bytes", "ext"])
    .where("hash", "=", m[1])
    .where("ext", "=", m[2] as "png")
    .executeTakeFirst();
  return row ? { ...row, bytes: Buffer.from(row.bytes) } : null;
}
