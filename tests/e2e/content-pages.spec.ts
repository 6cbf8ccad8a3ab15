// A content page's links between its categories, in the browser. What each content page renders from
// the database (its heading, content, meta, image sizes and sources, the featured recipes, JSON-LD
// and the 404s of unknown slugs) is read from the server's HTML in
// tests/integration/server-answers.test.ts (decision 076, decision 090).
import { test, expect, ready } from "./fixtures";

test.describe("content pages", () => {
  test("recipe category chips lead to the category's recipes", async ({ page }) => {
    await page.goto("/recipe-post/beef-massaman-curry");
    await ready(page);
    await page
      .getByRole("navigation", { name: "Recipe categories" })
      .getByRole("link", { name: "Slow cooking" })
      .click();
    await expect(page).toHaveURL(/\/blog-recipes\/slow-cooking$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Slow cooking recipes");
    await expect(
      page.getByRole("link", { name: /Read the article: Beef massaman curry/ }),
    ).toBeVisible();
  });
});
