// Delivery region filter (GET form with Show without JS, instant with JS) and FAQ accordions.
import { test, expect, ready, jsEnabled } from "./fixtures";

test.describe("delivery page", () => {
  test("filters the table by region", async ({ page }) => {
    await page.goto("/delivery");
    await ready(page);
    const rows = page.locator("table tbody tr");
    // the seeded regions; dashboard tests add regions named "E2E" of their own
    await expect(rows.filter({ hasNotText: "E2E" })).toHaveCount(8);
    await page.getByLabel("Region", { exact: true }).selectOption({ label: "WA" });
    if (jsEnabled()) {
      await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
    } else {
      await page.getByRole("button", { name: "Show" }).click();
    }
    await expect(page).toHaveURL(/\/delivery\?region=wa$/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Perth metro");
    await expect(rows.first()).toContainText("fortnightly");
    await expect(page.getByLabel("Region", { exact: true })).toHaveValue("wa");

    await page.getByLabel("Region", { exact: true }).selectOption({ label: "All regions" });
    if (!jsEnabled()) await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/delivery(\?region=)?$/);
    await expect(rows.filter({ hasNotText: "E2E" })).toHaveCount(8);
  });

  test(
    "a region link opens filtered, and shows the support contact",
    { tag: "@reads" },
    async ({ page }) => {
      await page.goto("/delivery?region=tas");
      await expect(page.locator("table tbody tr")).toHaveCount(1);
      await expect(page.locator("table tbody tr")).toContainText("Hobart");
      await expect(
        page.getByRole("link", { name: "hello@paddockandtide.com.au" }).first(),
      ).toHaveAttribute("href", "mailto:hello@paddockandtide.com.au");
      await expect(page.getByRole("link", { name: "1300 975 707" }).first()).toHaveAttribute(
        "href",
        "tel:1300975707",
      );
    },
  );
});

test.describe("FAQ page", () => {
  test(
    "groups questions by product, delivery, order and subscription",
    { tag: "@reads" },
    async ({ page }) => {
      await page.goto("/faq");
      const headings = page.locator("main h2");
      await expect(headings.nth(0)).toHaveText("Product");
      await expect(headings.nth(1)).toHaveText("Delivery");
      await expect(headings.nth(2)).toHaveText("Order");
      await expect(headings.nth(3)).toHaveText("Subscription");
    },
  );

  test("accordions open to sanitised HTML answers", async ({ page }) => {
    await page.goto("/faq");
    await ready(page);
    const item = page.locator("details", { hasText: "What's in a box?" });
    await expect(item.locator("ul")).toBeHidden();
    await item.locator("summary").click();
    await expect(item.locator("ul li").first()).toBeVisible();
    await expect(item.locator("strong").first()).toHaveText("Custom boxes");
    await expect(page.locator("main script")).toHaveCount(0);
  });
});
