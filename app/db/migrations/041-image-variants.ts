// Photos sized for phones (issue 48 item 4, decision 078).
//   uploaded_images.width, .height  the original's size once turned upright (null for an SVG, and
//                                   for a photo whose variants are not made yet or could not be)
//   uploaded_images.variants_made_at when its variants were made (or found impossible): the
//                                   image-variants job makes them for uploads older than this
//                                   migration, and claims each upload by setting it
//   uploaded_image_variants         each photo in 3 widths (240, 480, 960) × AVIF, WebP and JPEG,
//                                   without EXIF; the only bytes of a photo the shop serves
//                                   (a fourth width, 320, since migration 044)
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("uploaded_images").addColumn("width", "integer").execute();
  await db.schema.alterTable("uploaded_images").addColumn("height", "integer").execute();
  await db.schema.alterTable("uploaded_images").addColumn("variants_made_at", "text").execute();
  await db.schema
    .createTable("uploaded_image_variants")
    .addColumn("hash", "text", (c) => c.notNull().references("uploaded_images.hash"))
    // the width it was made for: a narrower original keeps its own width (never enlarged)
    .addColumn("target_width", "integer", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("bytes", pg ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("uploaded_image_variants_pk", ["hash", "target_width", "format"])
    .execute();
  // the job's look-up of photos still waiting for their variants
  await db.schema
    .createIndex("uploaded_images_variants_made_idx")
    .on("uploaded_images")
    .columns(["variants_made_at", "ext"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("uploaded_images_variants_made_idx").execute();
  await db.schema.dropTable("uploaded_image_variants").execute();
  await db.schema.alterTable("uploaded_images").dropColumn("variants_made_at").execute();
  await db.schema.alterTable("uploaded_images").dropColumn("height").execute();
  await db.schema.alterTable("uploaded_images").dropColumn("width").execute();
}
