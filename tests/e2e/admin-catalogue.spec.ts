// The catalogue in the back office, js and nojs (issue 37): the owner adds an add-on with its image
// (a plain multipart form), a shopper puts it in a box, the owner raises its price, and the
// shopper's checkout shows the new price; bad uploads get the page's message, never an error page.
// The catalogue's Nu check is admin-pages.spec.ts's (one checker run for the back office).
import { randomBytes } from "node:crypto";
import { expectNoSeriousViolations } from "./a11y";
import { expect, test } from "./admin-helpers";
import { reachCheckout } from "./checkout-helpers";
import { e2eDb, ready } from "./fixtures";

// a 1×1 PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("catalogue", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the owner adds an add-on with an image and changes its price; checkout shows the new price", async ({
    page,
    staff,
  }) => {
    void staff;
    const name = `Smoked ham ${randomBytes(3).toString("hex")}`;
    await page.goto("/admin/catalogue");
    await ready(page);
    await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Stock" }).first()).toHaveAttribute(
      "href",
      "/admin/catalogue/stock",
    );
    await expectNoSeriousViolations(page);

    await page.getByRole("link", { name: "Add a product" }).click();
    await expect(page.getByRole("heading", { name: "New product", level: 1 })).toBeVisible();
    await ready(page);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Description").fill("Leg ham, smoked over ironbark.");
    await page.getByLabel("Price (AUD)").fill("9.50");
    await page.getByLabel("Category").selectOption({ label: "Meat (add-on)" });
    await page.getByLabel("Image (optional)").setInputFiles({
      name: "ham.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await page.getByRole("button", { name: "Add the product" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("The product was saved.");
    const image = page.getByRole("img", { name: `${name}, as the shop shows it` });
    // shown by its variants, never the original (decision 078): the PNG's JPEG fallback
    await expect(image).toHaveAttribute("src", /^\/images\/uploads\/[0-9a-f]{32}-480\.jpg$/);
    const src = (await image.getAttribute("src"))!;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect([...(await served.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await expectNoSeriousViolations(page);
    const productUrl = page.url().split("?")[0];

    // a file that is not an image, and one over 2 MB: the page says so
    await ready(page);
    await page.getByLabel("Replace the image (optional)").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("these are not pixels"),
    });
    await page.getByRole("button", { name: "Save the product" }).click();
    await expect(page.getByText("This file is not a PNG, JPEG, WebP or SVG image.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await ready(page);
    const big = Buffer.alloc(2 * 1024 * 1024 + 10);
    PNG.copy(big);
    await page.getByLabel("Replace the image (optional)").setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: big,
    });
    await page.getByRole("button", { name: "Save the product" }).click();
    await expect(
      page.getByText("This image is larger than 2 MB. Please upload a smaller one.").first(),
    ).toBeVisible();

    // the stock page (not this one) gives it stock: here, the database
    const db = e2eDb();
    await db.updateTable("products").set({ inventory: 50 }).where("name", "=", name).execute();
    try {
      // a shopper's box with it (the add-on listing is cached for a few seconds)
      await expect(async () => {
        await reachCheckout(page, { addons: [name] });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByText(name).first()).toBeVisible();
      await expect(page.getByText("$9.50").first()).toBeVisible();
      // the shop's add-on card shows the uploaded image
      await page.goto("/get-started/addons");
      await expect(page.locator(`img[src="${src}"]`).first()).toBeAttached();
      await page.goto("/get-started/checkout");

      // the owner raises the price
      await page.goto(productUrl);
      await ready(page);
      await page.getByLabel("Price (AUD)").fill("12.25");
      await page.getByRole("button", { name: "Save the product" }).click();
      await expect(page.getByRole("status")).toContainText("The product was saved.");
      await expect(
        page.getByRole("table", { name: "Price changes, newest first" }).getByRole("row"),
      ).toHaveCount(2);

      // the shopper's checkout now shows it
      await expect(async () => {
        await page.goto("/get-started/checkout");
        await expect(page.getByText("$12.25").first()).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByText("$9.50")).toHaveCount(0);
    } finally {
      // leave the shared catalogue as it was for the other specs
      await db
        .updateTable("products")
        .set({ active: 0, inventory: 0 })
        .where("name", "=", name)
        .execute();
    }
  });

  test(
    "a box's page shows its sizes and this and next month's contents",
    { tag: "@reads" },
    async ({ page, staff }) => {
      void staff;
      const beef = await e2eDb()
        .selectFrom("packages")
        .select("id")
        .where("slug", "=", "beef")
        .executeTakeFirstOrThrow();
      await page.goto(`/admin/catalogue/boxes/${beef.id}`);
      await ready(page);
      await expect(page.getByRole("heading", { name: "Beef box", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: /^This month: / })).toBeVisible();
      await expect(page.getByRole("heading", { name: /^Next month: / })).toBeVisible();
      await expect(page.getByLabel("Line 1: item").first()).not.toHaveValue("");
      await expectNoSeriousViolations(page);
    },
  );
});
