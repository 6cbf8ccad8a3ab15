// Photos uploaded before migration 041 (issue 48 item 4, decision 078), on SQLite or PostgreSQL
// (DATABASE_URL_TEST): the migration adds the variants' table; the image-variants job makes each old
// photo's variants, upright and without EXIF, and moves its products to them; an SVG stays as it
// is; a photo that no longer decodes leaves its products with the shop's mark; the same photo
// uploaded again first moves its old products too. The originals stay, and are never served. Two
// runners at once make each photo once.
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { photoUrl } from "~/catalogue/image-sizes";
import { imageUrl, NO_IMAGE, readImage, storeImage } from "~/catalogue/images.server";
import { prepareImage } from "~/catalogue/image-files.server";
import { readContentVersion } from "~/content/content-version.server";
import { createDb, migrateToLatest, migrator } from "~/db/connection.server";
import type { DB } from "~/db/schema";
import { imageVariantsJob } from "~/jobs/image-variants.server";
import { runDueJobs } from "~/jobs/runner.server";
import { emptyDatabaseUrl } from "./databases";
import { hasGps, phoneJpeg, pixel, sidewaysJpeg } from "../photos";

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

/** An upload as stored before migration 041, and a product showing it at its old address. */
async function oldUpload(db: Kysely<DB>, categoryId: number, ext: "jpg" | "svg", bytes: Buffer) {
  const hash = hashOf(bytes);
  await db
    .insertInto("uploadedImages")
    .values({
      hash,
      ext,
      contentType: ext === "svg" ? "image/svg+xml" : "image/jpeg",
      bytes,
      size: bytes.length,
      uploadedBy: null,
      createdAt: new Date().toISOString(),
    })
    .execute();
  await db
    .insertInto("products")
    .values({
      slug: `p-${hash}`,
      name: `Product ${hash.slice(0, 6)}`,
      categoryId,
      kind: "addon",
      description: "",
      weight: null,
      priceCents: 1000,
      inventory: null,
      image: imageUrl(hash, ext),
      isKnife: 0,
      taxable: 0,
      active: 1,
    })
    .execute();
  return hash;
}

const imageOf = async (db: Kysely<DB>, hash: string) =>
  (
    await db
      .selectFrom("products")
      .select("image")
      .where("slug", "=", `p-${hash}`)
      .executeTakeFirstOrThrow()
  ).image;

const run = (db: Kysely<DB>) =>
  runDueJobs({ db, kinds: [imageVariantsJob] as never[], log: false });

describe("migration 041 and the image-variants job", () => {
  it("makes the variants of photos stored before it, and moves their products to them", async () => {
    const old = createDb(await emptyDatabaseUrl("_old041"));
    try {
      const moved = await migrator(old).migrateTo("040-refund-settlement");
      if (moved.error) throw moved.error;
      const { id: categoryId } = await old
        .insertInto("productCategories")
        .values({ name: "Extras", slug: "extras", kind: "addon", sortOrder: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const sideways = await sidewaysJpeg();
      const phone = await phoneJpeg(1200, 900);
      const photo = await oldUpload(old, categoryId, "jpg", sideways);
      const second = await oldUpload(old, categoryId, "jpg", phone);
      const svg = await oldUpload(
        old,
        categoryId,
        "svg",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
      );
      // a JPEG's first bytes and nothing that decodes: sniffed as a JPEG before, unreadable now
      const broken = await oldUpload(
        old,
        categoryId,
        "jpg",
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 1, 2, 3]),
      );

      const againBytes = await phoneJpeg(800, 600, 49);
      const again = await oldUpload(old, categoryId, "jpg", againBytes);

      await migrateToLatest(old);
      // the same bytes uploaded again before the job: stored once, and the old product moves too
      const reupload = await prepareImage(againBytes);
      if (!reupload.ok) throw new Error(reupload.message);
      const versionBefore = await readContentVersion(old);
      expect(await storeImage(old, reupload, null, new Date())).toBe(photoUrl(again));
      expect(await imageOf(old, again)).toBe(photoUrl(again));
      expect(await readContentVersion(old)).not.toBe(versionBefore);
      const before = await readContentVersion(old);
      expect(
        await old
          .selectFrom("uploadedImages")
          .select(["width", "height", "variantsMadeAt"])
          .where("hash", "=", photo)
          .executeTakeFirstOrThrow(),
      ).toEqual({ width: null, height: null, variantsMadeAt: null });
      // until the job has run, the original is not served at its old address
      expect(await readImage(`${photo}.jpg`, old)).toBeNull();

      // two runners at once: each photo is made once between them, the SVG is left alone
      const [a, b] = await Promise.all([run(old), run(old)]);
      const tally = (k: "done" | "skipped" | "failed") =>
        a["image-variants"][k] + b["image-variants"][k];
      expect(tally("done")).toBe(3);
      expect(tally("failed")).toBe(0);
      expect((await run(old))["image-variants"]).toEqual({ done: 0, skipped: 0, failed: 0 });

      expect(await imageOf(old, photo)).toBe(photoUrl(photo));
      expect(await imageOf(old, second)).toBe(photoUrl(second));
      expect(await imageOf(old, svg)).toBe(imageUrl(svg, "svg"));
      expect(await imageOf(old, broken)).toBe(NO_IMAGE);
      expect(await readContentVersion(old)).not.toBe(before);

      const stored = await old
        .selectFrom("uploadedImages")
        .select(["hash", "width", "height", "bytes"])
        .where("hash", "in", [photo, broken])
        .execute();
      const byHash = Object.fromEntries(stored.map((r) => [r.hash, r]));
      expect(byHash[photo]).toMatchObject({ width: 300, height: 400 });
      expect(byHash[broken]).toMatchObject({ width: null, height: null });
      // the original is kept as uploaded, for re-encoding later
      expect(Buffer.from(byHash[photo].bytes).equals(sideways)).toBe(true);

      const variants = await old
        .selectFrom("uploadedImageVariants")
        .select(["hash", "targetWidth", "format", "width", "height"])
        .orderBy("hash")
        .orderBy("targetWidth")
        .orderBy("format")
        .execute();
      expect(variants.filter((v) => v.hash === photo)).toHaveLength(9);
      expect(variants.filter((v) => v.hash === second)).toHaveLength(9);
      expect(variants.filter((v) => v.hash === again)).toHaveLength(9);
      expect(variants.filter((v) => v.hash === broken || v.hash === svg)).toHaveLength(0);
      expect(
        variants.filter((v) => v.hash === second && v.format === "avif").map((v) => v.width),
      ).toEqual([240, 480, 960]);

      // served: upright (red on top), no EXIF; the original under any name: never
      const small = await readImage(`${photo}-240.jpg`, old);
      expect(small?.contentType).toBe("image/jpeg");
      const meta = await sharp(small!.bytes).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([240, 320, undefined]);
      expect((await pixel(small!.bytes, 120, 40))[0]).toBeGreaterThan(200);
      expect(hasGps((await sharp(sideways).metadata()).exif)).toBe(true);
      const avif = await readImage(`${second}-480.avif`, old);
      expect(avif?.contentType).toBe("image/avif");
      expect((await sharp(avif!.bytes).metadata()).exif).toBeUndefined();
      for (const file of [`${photo}.jpg`, `${second}.jpg`, `${broken}.jpg`, `${broken}-480.jpg`])
        expect(await readImage(file, old)).toBeNull();
      expect((await readImage(`${svg}.svg`, old))?.contentType).toBe("image/svg+xml");
    } finally {
      await old.destroy();
    }
  }, 60_000);
});
