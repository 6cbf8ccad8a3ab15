// Photos sized for phones (issue 48 item 4, decision 078), as a new owner tried it: a 1-2 MB phone
// JPEG with a GPS position, uploaded to an add-on through the back office's product form; then a
// shopper on a 390 px phone at 2x opens the add-ons step. The card's image costs the phone under
// 60 KB (before: all of the upload), and what it is served carries no EXIF.
import sharp from "sharp";
import { randomBytes } from "node:crypto";
import { expect, test } from "./admin-helpers";
import { reachCheckout } from "./checkout-helpers";
import { e2eDb, jsEnabled, ready } from "./fixtures";
import { nuErrors } from "./nu-checker";
import { hasGps, phoneJpeg } from "../photos";

test.describe.configure({ timeout: 120_000 });

// Once (@once): without JavaScript the same multipart form posts the same file (admin-catalogue's
// nojs run covers that form), and the phone picks its <picture> source without scripts either way.
test(
  "a phone photo uploaded by the owner reaches a 390 px phone in under 60 KB, without its EXIF",
  { tag: "@once" },
  async ({ page, staff, browser }) => {
    void staff;
    const photo = await phoneJpeg();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);

    const name = `Smoked trout ${randomBytes(3).toString("hex")}`;
    await page.goto("/admin/catalogue/products/new");
    await ready(page);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Description").fill("Cold-smoked over red gum.");
    await page.getByLabel("Price (AUD)").fill("14.00");
    await page.getByLabel("Category").selectOption({ label: "Meat (add-on)" });
    await page
      .getByLabel("Image (optional)")
      .setInputFiles({ name: "IMG_0420.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Add the product" }).click();
    await expect(page.getByRole("status")).toContainText("The product was saved.", {
      timeout: 30_000,
    });
    const db = e2eDb();
    const { image } = await db
      .selectFrom("products")
      .select("image")
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    expect(image).toMatch(/^\/images\/uploads\/[0-9a-f]{32}-960\.jpg$/);
    const hash = image.split("/").pop()!.slice(0, 32);
    // the original is kept, and never served
    expect((await page.request.get(`/images/uploads/${hash}.jpg`)).status()).toBe(404);

    // the stock page (not this one) gives it stock: here, the database
    await db.updateTable("products").set({ inventory: 50 }).where("name", "=", name).execute();
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: jsEnabled(),
    });
    try {
      const shopper = await phone.newPage();
      const downloads: { url: string; bytes: Buffer }[] = [];
      shopper.on("response", async (res) => {
        if (res.url().includes(`/images/uploads/${hash}`))
          downloads.push({ url: res.url(), bytes: await res.body() });
      });
      await reachCheckout(shopper);
      const card = shopper.locator("article.product-card", { hasText: name });
      // the add-on listing is cached for a few seconds
      await expect(async () => {
        await shopper.goto("/get-started/addons");
        await expect(card).toBeAttached({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await card.scrollIntoViewIfNeeded();
      const img = card.locator("img");
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
      await shopper.waitForLoadState("networkidle");

      // a 480 px AVIF for a card of about 175 CSS px at 2x
      expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(
        new RegExp(`/images/uploads/${hash}-480\\.avif$`),
      );
      expect(downloads.map((d) => new URL(d.url).pathname)).toEqual([
        `/images/uploads/${hash}-480.avif`,
      ]);
      const bytes = downloads.reduce((sum, d) => sum + d.bytes.length, 0);
      console.log(`photo: uploaded ${photo.length} bytes; the 390 px phone downloaded ${bytes}`);
      expect(bytes).toBeLessThan(60 * 1024);
      const meta = await sharp(downloads[0].bytes).metadata();
      expect(meta.format).toBe("heif");
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([480, 360]);
      // nothing shifts: the image has its size before it loads
      expect(await img.getAttribute("width")).toBe("240");
      expect(await img.getAttribute("height")).toBe("180");
      // the server's <picture> markup is valid HTML
      const served = await shopper.request.get("/get-started/addons");
      const html = await served.text();
      expect(html).toContain(`${hash}-480.avif 480w`);
      const { report } = await nuErrors({ "/get-started/addons": html });
      expect(report, report.join("\n")).toEqual([]);
    } finally {
      await phone.close();
      // leave the shared catalogue as it was for the other specs
      await db
        .updateTable("products")
        .set({ active: 0, inventory: 0 })
        .where("name", "=", name)
        .execute();
    }
  },
);
