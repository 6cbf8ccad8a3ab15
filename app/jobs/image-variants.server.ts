// The image-variants job (issue 48 item 4, decision 078): makes the variants of photos uploaded
// before migration 041, which served their originals, EXIF and all. Each photo is read and encoded
// outside any transaction (a second or more), then claimed, stored and put in the catalogue in one
// transaction (storeVariants): the products that showed its original now show its largest JPEG,
// and the content version moves so every worker's pages follow. A photo that no longer decodes is
// claimed with no variants, and its products show the shop's mark, as a product without an image does.
// It also makes what a photo stored before migration 044 lacks: that migration gave each photo
// with no 320 px variant back to it (decision 099). Such a photo is encoded again in every width,
// and storeVariants adds only the variants it lacks, leaves the rest as they are and moves no
// product (they moved on the first pass). Until the job reaches it, its 480 px variant is served
// for 320.
import type { Kysely } from "kysely";
import { makeVariants } from "~/catalogue/image-variants.server";
import { storeVariants } from "~/catalogue/images.server";
import type { DB } from "~/db/schema";
import type { JobKind } from "./types";

type Waiting = { hash: string; ext: string };

const waiting = (db: Kysely<DB>) =>
  db.selectFrom("uploadedImages").where("variantsMadeAt", "is", null).where("ext", "!=", "svg");

export const imageVariantsJob: JobKind<Waiting> = {
  name: "image-variants",
  async due({ db }, limit) {
    return waiting(db).select(["hash", "ext"]).orderBy("createdAt").limit(limit).execute();
  },
  async run({ db, now }, { hash, ext }) {
    const original = await waiting(db).select("bytes").where("hash", "=", hash).executeTakeFirst();
    if (!original) return "skipped";
    const made = await makeVariants(Buffer.from(original.bytes));
    return db.transaction().execute(async (trx) => {
      const photo = made.ok
        ? { width: made.width, height: made.height, variants: made.variants }
        : null;
      return (await storeVariants(trx, { hash, ext }, photo, now)) ? "done" : "skipped";
    });
  },
  describe: ({ hash }) => ({ image: hash }),
};
