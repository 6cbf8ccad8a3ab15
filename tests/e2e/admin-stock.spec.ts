// Stock in the back office, js and nojs (issue 37): the owner adjusts a product's stock with a
// reason, sees the new figure and the adjustment, and finds it in the audit; a refused adjustment
// (below zero) keeps what was typed and changes nothing. The page's Nu check is admin-pages.spec.ts's.
import { expectNoSeriousViolations } from "./a11y";
import { expect, test, trackedProduct } from "./admin-helpers";
import { e2eDb, ready, settled } from "./fixtures";

test.describe("stock", () => {
  test.describe.configure({ timeout: 60_000 });

  test("adjusts a product's stock with a reason, shows the figure and the audit", async ({
    page,
    staff,
  }) => {
    void staff;
    const product = await trackedProduct(7);
    await page.goto("/admin/catalogue/stock");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stock");
    await expect(
      page.getByRole("table", { name: /Units the scheduled deliveries need/ }),
    ).toBeVisible();
    const row = page.locator(`#product-${product.id}`);
    await expect(row.getByRole("cell").first()).toHaveText("7");
    await expectNoSeriousViolations(page);

    // below zero: refused, what was typed stays
    await row.locator("summary").click();
    await row.getByLabel(`Reason for ${product.name}`).selectOption("damaged");
    await row.getByLabel(`Change in units of ${product.name}`).fill("-9");
    await row.getByLabel(`Note for ${product.name}`).fill("Freezer fault");
    await row.getByRole("button", { name: `Save adjustment for ${product.name}` }).click();
    await expect(row.getByRole("alert")).toContainText("Stock cannot go below zero");
    await settled(page);
    await expect(row.getByLabel(`Change in units of ${product.name}`)).toHaveValue("-9");
    await expect(row.getByLabel(`Note for ${product.name}`)).toHaveValue("Freezer fault");

    // a delivery received: +5
    await row.getByLabel(`Reason for ${product.name}`).selectOption("received");
    await row.getByLabel(`Change in units of ${product.name}`).fill("5");
    await row.getByLabel(`Note for ${product.name}`).fill("Tuesday's delivery");
    await row.getByRole("button", { name: `Save adjustment for ${product.name}` }).click();
    await expect(page.getByRole("status")).toContainText(
      `Stock of ${product.name} saved: 12 free to sell.`,
    );
    await settled(page);
    await expect(page.locator(`#product-${product.id}`).getByRole("cell").first()).toHaveText("12");
    const latest = page.getByRole("table", { name: /latest stock adjustments/ });
    await expect(latest.getByRole("row", { name: new RegExp(product.name) })).toContainText(
      "7 to 12",
    );
    await expect(latest.getByRole("row", { name: new RegExp(product.name) })).toContainText(
      "Received a delivery: Tuesday's delivery",
    );
    const stored = await e2eDb()
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(stored.inventory).toBe(12);

    // the audit has it
    await page.goto(`/admin/audit?action=stock.adjust&entity=product&record=${product.id}`);
    await ready(page);
    const entry = page.getByRole("row", { name: new RegExp(`product ${product.id}`) });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("stock.adjust");
    await expect(entry).toContainText("12");
  });

  // the page's markup is the same without JavaScript (its <details> open natively): @reads
  test("axe passes at a phone's width", { tag: "@reads" }, async ({ page, staff }) => {
    void staff;
    await trackedProduct(3);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto("/admin/catalogue/stock");
    await ready(page);
    await page.locator("summary").first().click();
    await expectNoSeriousViolations(page);
  });
});
