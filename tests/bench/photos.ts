// Lighthouse on product listings whose products have uploaded photos (issue 48 items 4 and 5,
// decision 078): the production build on a fresh SQLite file (as `npm run bench` starts it), every
// cut and add-on given its own 3000 × 2250 phone photo through the upload's own code (checked,
// resized, stored: app/catalogue), then Lighthouse mobile, the median of BENCH_LH_RUNS (3) runs, on
// the your-items and add-ons steps of a draft box.
//   BUILD_NAME=x npx remix build && BUILD_NAME=x tsx --tsconfig tsconfig.json tests/bench/photos.ts
// Env: BENCH_PORT (3900), BENCH_LH_RUNS (3).
import { chromium } from "@playwright/test";
import { prepareImage } from "~/catalogue/image-files.server";
import { storeImage } from "~/catalogue/images.server";
import { bumpContentVersion } from "~/content/content-version.server";
import { createDb } from "~/db/connection.server";
import { phoneJpeg } from "../photos";
import { draftFlowCookies } from "./flow";
import { CHROMIUM, lighthouse } from "./measure";
import { slowLighthouseHost } from "./lighthouse-host";
import { startSqliteServer } from "./servers";

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

/** Every sellable cut and add-on gets a photo of its own, as if its owner had uploaded it. */
async function uploadPhotos(): Promise<{ products: number; uploadedBytes: number }> {
  // the e2e server's own file (tests/e2e/server.mjs)
  const db = createDb(`file:/tmp/paddock-e2e-${PORT}/app.db`);
  try {
    const products = await db
      .selectFrom("products")
      .select("id")
      .where("active", "=", 1)
      .orderBy("id")
      .execute();
    let uploadedBytes = 0;
    for (const [i, { id }] of products.entries()) {
      const photo = await phoneJpeg(3000, 2250, 100 + i);
      uploadedBytes += photo.length;
      const image = await prepareImage(photo);
      if (!image.ok) throw new Error(image.message);
      await db.transaction().execute(async (trx) => {
        const url = await storeImage(trx, image, null, new Date());
        await trx.updateTable("products").set({ image: url }).where("id", "=", id).execute();
        await bumpContentVersion(trx);
      });
    }
    return { products: products.length, uploadedBytes };
  } finally {
    await db.destroy();
  }
}

async function main() {
  const server = await startSqliteServer(PORT, "1");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const uploaded = await uploadPhotos();
    console.log(
      `${uploaded.products} products given photos (${Math.round(uploaded.uploadedBytes / 1024)} KB uploaded)`,
    );
    // the listings are cached for a few seconds: let them see the photos
    await new Promise((r) => setTimeout(r, 6_000));
    const flow = await draftFlowCookies(browser, server.base);
    const listings = flow.pages.filter((p) => /your-items|addons/.test(p));
    const cpuIndexes: number[] = [];
    for (const path of listings) {
      const lh = await lighthouse(server.base + path, flow.cookieHeader, RUNS);
      console.log(path, JSON.stringify(lh));
      cpuIndexes.push(...(lh.cpuIndexRuns ?? []));
    }
    const slowHost = slowLighthouseHost(cpuIndexes);
    if (slowHost) console.log(slowHost);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
