// Photos uploaded before migration 041 (issue 48 item 4, decision 078), on SQLite or PostgreSQL
// (DATABASE_URL_TEST): the migration adds the variants' table; the image-variants job makes each old
// photo's variants, upright and without EXIF, and moves its products to them; an SVG stays as it
// is; a photo that no longer decodes leaves its products with the shop's mark; the same photo
// uploaded again first moves its old products too. The originals stay, and are never served. Two
// runners at once make each photo once.
// Photos stored before migration 044 (decision 099) have no 320 px variant: their 480 is served for
// it until the migration's re-queue and the job add the 320s, which leaves every other variant and
// product as it was.
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { photoUrl } from "~/catalogue/image-sizes";
import { imageUrl, NO_IMAGE, readImage, storeImage } from "~/catalogue/images.server";
import type { VariantFormat } from "~/catalogue/image-sizes";
import { prepareImage } from "~/catalogue/image-files.server";
import { readContentVersion } from "~/content/content-version.server";
import { createDb, migrateToLatest, migrator } from "~/db/connection.server";
import type { DB } from "~/db/schema";
import { imageVariantsJob } from "~/jobs/image-variants.server";
import { runDueJobs } from "~/jobs/runner.server";
import { emptyDatabaseUrl } from "./databases";
import { hasGps, phoneJpeg, pixel, sidewaysJpeg } from "../photos";

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

/** An add-on of its own showing the image at `image`. */
async function addonShowing(db: Kysely<DB>, categoryId: number, hash: string, image: string) {
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
      image,
      isKnife: 0,
      taxable: 0,
      active: 1,
    })
    .execute();
}

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
  await addonShowing(db, categoryId, hash, imageUrl(hash, ext));
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
      expect(variants.filter((v) => v.hash === photo)).toHaveLength(12);
      expect(variants.filter((v) => v.hash === second)).toHaveLength(12);
      expect(variants.filter((v) => v.hash === again)).toHaveLength(12);
      expect(variants.filter((v) => v.hash === broken || v.hash === svg)).toHaveLength(0);
      expect(
        variants.filter((v) => v.hash === second && v.format === "avif").map((v) => v.width),
      ).toEqual([240, 320, 480, 960]);

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

describe("migration 044 and the image-variants job", () => {
  /** A photo uploaded through the back office's code before migration 044: no 320 px variants. */
  async function uploadWithout320(db: Kysely<DB>, categoryId: number, bytes: Buffer) {
    const image = await prepareImage(bytes);
    if (!image.ok) throw new Error(image.message);
    const url = await storeImage(db, image, null, new Date());
    const hash = url.split("/").pop()!.slice(0, 32);
    await db
      .deleteFrom("uploadedImageVariants")
      .where("hash", "=", hash)
      .where("targetWidth", "=", 320)
      .execute();
    await addonShowing(db, categoryId, hash, url);
    return hash;
  }

  const variantsOf = (db: Kysely<DB>, hash: string) =>
    db
      .selectFrom("uploadedImageVariants")
      .select(["targetWidth", "format", "width", "height", "size", "bytes"])
      .where("hash", "=", hash)
      .orderBy("targetWidth")
      .orderBy("format")
      .execute();

  const bytesOf = async (db: Kysely<DB>, hash: string, width: number, format: VariantFormat) =>
    Buffer.from(
      (
        await db
          .selectFrom("uploadedImageVariants")
          .select("bytes")
          .where("hash", "=", hash)
          .where("targetWidth", "=", width)
          .where("format", "=", format)
          .executeTakeFirstOrThrow()
      ).bytes,
    );

  const madeAt = async (db: Kysely<DB>, hash: string) =>
    (
      await db
        .selectFrom("uploadedImages")
        .select("variantsMadeAt")
        .where("hash", "=", hash)
        .executeTakeFirstOrThrow()
    ).variantsMadeAt;

  it("serves an old photo's 480 px variant for 320 until the job adds its 320s, and leaves the rest as it was", async () => {
    const old = createDb(await emptyDatabaseUrl("_old044"));
    try {
      const moved = await migrator(old).migrateTo("043-frozen-deliveries");
      if (moved.error) throw moved.error;
      const { id: categoryId } = await old
        .insertInto("productCategories")
        .values({ name: "Extras", slug: "extras", kind: "addon", sortOrder: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const photo = await uploadWithout320(old, categoryId, await phoneJpeg(1200, 900, 51));
      // uploaded again by its owner after the migration, before the job reaches it
      const againBytes = await phoneJpeg(800, 600, 52);
      const again = await uploadWithout320(old, categoryId, againBytes);
      // left alone: an SVG, and a photo that could not be decoded (claimed with no variants)
      const svg = await prepareImage(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
      );
      if (!svg.ok) throw new Error(svg.message);
      const svgHash = (await storeImage(old, svg, null, new Date())).split("/").pop()!.slice(0, 32);
      const broken = hashOf(Buffer.from("broken"));
      await old
        .insertInto("uploadedImages")
        .values({
          hash: broken,
          ext: "jpg",
          contentType: "image/jpeg",
          bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 1, 2, 3]),
          size: 11,
          uploadedBy: null,
          createdAt: new Date().toISOString(),
          variantsMadeAt: new Date().toISOString(),
        })
        .execute();

      const before = await variantsOf(old, photo);
      expect(before.map((v) => v.targetWidth)).toEqual([
        240, 240, 240, 480, 480, 480, 960, 960, 960,
      ]);
      // every width a page names is served: the 480 for the 320 it lacks, in the format asked
      for (const format of ["avif", "webp", "jpg"] as const) {
        const served = await readImage(`${photo}-320.${format}`, old);
        expect(served?.bytes.equals(await bytesOf(old, photo, 480, format))).toBe(true);
        expect(served?.contentType).toBe(`image/${format === "jpg" ? "jpeg" : format}`);
        // a stand-in, so the route keeps it an hour, not a year
        expect(served?.standIn).toBe(true);
      }
      const own = await readImage(`${photo}-240.avif`, old);
      expect(own?.bytes).toEqual(await bytesOf(old, photo, 240, "avif"));
      expect(own?.standIn).toBe(false);

      await migrateToLatest(old);
      expect(await madeAt(old, photo)).toBeNull();
      expect(await madeAt(old, again)).toBeNull();
      expect(await madeAt(old, svgHash)).not.toBeNull();
      expect(await madeAt(old, broken)).not.toBeNull();
      // undone, a photo waiting for its 320s has nothing left for an older build's job to do
      expect((await migrator(old).migrateDown()).error).toBeUndefined();
      expect(await madeAt(old, photo)).not.toBeNull();
      await migrateToLatest(old);
      expect(await madeAt(old, photo)).toBeNull();
      const version = await readContentVersion(old);

      // the same bytes uploaded again: their 320s are added beside the variants they had
      const reupload = await prepareImage(againBytes);
      if (!reupload.ok) throw new Error(reupload.message);
      expect(await storeImage(old, reupload, null, new Date())).toBe(photoUrl(again));
      expect((await variantsOf(old, again)).map((v) => v.targetWidth)).toEqual([
        240, 240, 240, 320, 320, 320, 480, 480, 480, 960, 960, 960,
      ]);
      expect(await madeAt(old, again)).not.toBeNull();

      expect((await run(old))["image-variants"]).toEqual({ done: 1, skipped: 0, failed: 0 });
      expect((await run(old))["image-variants"]).toEqual({ done: 0, skipped: 0, failed: 0 });
      expect(await madeAt(old, photo)).not.toBeNull();

      const after = await variantsOf(old, photo);
      expect(after).toHaveLength(12);
      // the nine it had, byte for byte
      expect(after.filter((v) => v.targetWidth !== 320)).toEqual(before);
      const made = after.filter((v) => v.targetWidth === 320);
      expect(made.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
        "avif 320x240",
        "jpg 320x240",
        "webp 320x240",
      ]);
      const avif = await readImage(`${photo}-320.avif`, old);
      expect(avif?.standIn).toBe(false);
      const meta = await sharp(avif!.bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
        "heif",
        320,
        240,
        undefined,
      ]);
      // its products were moved on the first pass: nothing moves, the content version stays
      expect(await imageOf(old, photo)).toBe(photoUrl(photo));
      expect(await imageOf(old, again)).toBe(photoUrl(again));
      expect(await readContentVersion(old)).toBe(version);
      expect(
        await old
          .selectFrom("uploadedImageVariants")
          .select("hash")
          .where("hash", "in", [svgHash, broken])
          .execute(),
      ).toEqual([]);

      // failing a wider one, the widest narrower one is served
      await old
        .deleteFrom("uploadedImageVariants")
        .where("hash", "=", photo)
        .where("targetWidth", "=", 960)
        .where("format", "=", "webp")
        .execute();
      expect((await readImage(`${photo}-960.webp`, old))?.bytes).toEqual(
        await bytesOf(old, photo, 480, "webp"),
      );
      expect(await readImage(`${broken}-320.jpg`, old)).toBeNull();
      expect(await readImage(`${photo}-400.jpg`, old)).toBeNull();
    } finally {
      await old.destroy();
    }
  }, 60_000);
});
