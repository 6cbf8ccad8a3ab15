// Delivery region filter (GET form with Show without JS, instant with JS) and FAQ accordions. What
// the two pages render from the server (a region link's filtered table and the support contact, the
// FAQ's groups) is read from their HTML in tests/integration/server-answers.test.ts (decision 090).
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
});

test.describe("FAQ page", () => {
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
