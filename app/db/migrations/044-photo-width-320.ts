// A 320 px width for photos (decision 099): IMAGE_WIDTHS became 240, 320, 480 and 960.
//   uploaded_images.variants_made_at  set back to null for every photo stored before this
//                                     migration (one with variants, none of them 320 px wide), so
//                                     the image-variants job makes it again: its 320 px variants
//                                     are added, the variants it has are left as they are, and its
//                                     products (moved on the first pass) are not touched. Until the
//                                     job reaches a photo, /images/uploads serves its 480 px variant
//                                     for the 320 px one. A photo that could not be decoded (no
//                                     variants) and an SVG are left alone.
import type { Kysely } from "kysely";

/** The re-queue: photos with variants and none at 320 px go back to the image-variants job. */
export async function requeuePhotosWithout320(db: Kysely<any>) {
  await db
    .updateTable("uploaded_images")
    .set({ variants_made_at: null })
    .where("ext", "!=", "svg")
    .where("variants_made_at", "is not", null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("uploaded_image_variants as v")
          .select("v.hash")
          .whereRef("v.hash", "=", "uploaded_images.hash"),
      ),
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("uploaded_image_variants as v")
            .select("v.hash")
            .whereRef("v.hash", "=", "uploaded_images.hash")
            .where("v.target_width", "=", 320),
        ),
      ),
    )
    .execute();
}

export async function up(db: Kysely<any>) {
  await requeuePhotosWithout320(db);
}

// A photo still waiting for the job is given back its time, so a build without the 320 px width
// (whose job would store its variants again, and fail on those it has) finds nothing to do; the
// 320 px variants made already stay, unserved by such a build.
export async function down(db: Kysely<any>) {
  await db
    .updateTable("uploaded_images")
    .set({ variants_made_at: new Date().toISOString() })
    .where("ext", "!=", "svg")
    .where("variants_made_at", "is", null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("uploaded_image_variants as v")
          .select("v.hash")
          .whereRef("v.hash", "=", "uploaded_images.hash"),
      ),
    )
    .execute();
}
