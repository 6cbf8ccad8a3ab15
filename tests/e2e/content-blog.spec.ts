// Blog filters, load-more to the last page (a link without JS, a fetcher with JS), and the share button.
import { test, expect, ready, jsEnabled } from "./fixtures";

const cards = (page: import("@playwright/test").Page) => page.locator("main ul.post-list > li");

test.describe("blog", () => {
  test("filter buttons switch between all, recipes and news", async ({ page }) => {
    await page.goto("/blog");
    await ready(page);
    const filters = page.getByRole("navigation", { name: "Filter articles" });
    await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(cards(page).getByText("News", { exact: true }).first()).toBeVisible();
    await expect(cards(page).getByText("Recipe", { exact: true }).first()).toBeVisible();

    await filters.getByRole("link", { name: "News" }).click();
    await expect(page).toHaveURL(/\/blog\/news$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("News");
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).getByText("Recipe", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Highlight recipe")).toHaveCount(0);

    await page
      .getByRole("navigation", { name: "Filter articles" })
      .getByRole("link", { name: "Recipes" })
      .click();
    await expect(page).toHaveURL(/\/blog\/recipes$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recipes");
    await expect(cards(page).getByText("News", { exact: true })).toHaveCount(0);
    await expect(
      page
        .getByRole("navigation", { name: "Recipe categories" })
        .getByRole("link", { name: "Seafood" }),
    ).toHaveAttribute("href", "/blog-recipes/seafood");
  });

  test("load more reaches the last page", async ({ page }) => {
    await page.goto("/blog");
    await ready(page);
    await expect(cards(page)).toHaveCount(9);
    const status = page.getByText(/Showing \d+ articles \(page \d+ of \d+\)/);
    const last = Number((await status.textContent())!.match(/of (\d+)/)![1]);
    expect(last).toBeGreaterThan(2);
    const more = page.getByRole("link", { name: "Load more" });
    for (let n = 2; n <= last; n++) {
      await expect(more).toHaveAttribute("href", `/blog?page=${n}`);
      await more.click();
      await expect(status).toContainText(`(page ${n} of ${last})`);
      if (jsEnabled())
        await expect(page).toHaveURL(/\/blog$/); // appended in place
      else await expect(page).toHaveURL(new RegExp(`/blog\\?page=${n}$`));
    }
    await expect(more).toHaveCount(0);
    const total = await cards(page).count();
    expect(total).toBeGreaterThan(9 * (last - 1));
    expect(total).toBeLessThanOrEqual(9 * last);
    // No card appears twice.
    const titles = await cards(page).locator("h3").allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
  });

  test("a recipe category page loads more of its own recipes", async ({ page }) => {
    await page.goto("/blog/recipes?page=2");
    await ready(page);
    await expect(cards(page)).toHaveCount(18);
    await expect(page.getByText(/page 2 of 3/)).toBeVisible();
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page.getByText(/page 3 of 3/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    await expect(cards(page).getByText("News", { exact: true })).toHaveCount(0);
  });

  test("the highlight recipe card links to its recipe", { tag: "@reads" }, async ({ page }) => {
    await page.goto("/blog");
    await ready(page);
    const card = page.locator("article.highlight-card");
    await expect(card.getByText("New", { exact: true })).toBeVisible();
    await expect(card.getByText("Highlight recipe")).toBeVisible();
    await card.getByRole("link", { name: /See the recipe/ }).click();
    await expect(page).toHaveURL(/\/recipe-post\/scotch-fillet-with-garlic-thyme-butter$/);
  });

  test("article cards link to /{postUrl}/{slug}", { tag: "@reads" }, async ({ page }) => {
    await page.goto("/blog/news");
    await ready(page);
    const link = page.getByRole("link", {
      name: "Read the article: Christmas 2026: delivery schedule and ordering tips",
    });
    await expect(link).toHaveAttribute("href", "/blog-post/christmas-2026-delivery-schedule");
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Christmas 2026: delivery schedule and ordering tips",
    );
    await page.goto("/blog/recipes");
    const recipeLinks = page.getByRole("link", { name: /^Read the article: / });
    await expect(recipeLinks).toHaveCount(9);
    for (const href of await recipeLinks.evaluateAll((els) =>
      els.map((e) => e.getAttribute("href")),
    )) {
      expect(href).toMatch(/^\/recipe-post\/[a-z0-9-]+$/);
    }
  });
});

test.describe("share button", () => {
  test("copies the page URL and says so for 3 seconds (plain link without JS)", async ({
    page,
    context,
  }) => {
    const path = "/recipe-post/garlic-and-chilli-barbecue-prawns";
    await page.goto(path);
    await ready(page);
    const url = page.url();
    if (!jsEnabled()) {
      await expect(page.getByRole("link", { name: /^Share/ })).toHaveAttribute("href", url);
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Share" }).click();
    const status = page.getByRole("status").filter({ hasText: "URL Copied !" });
    await expect(status).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(status).toHaveCount(0, { timeout: 5_000 });
  });

  test("is on news posts too", async ({ page, context }) => {
    await page.goto("/blog-post/what-wild-caught-really-means");
    await ready(page);
    if (!jsEnabled()) {
      await expect(page.getByRole("link", { name: /^Share/ })).toHaveAttribute("href", page.url());
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("URL Copied !")).toBeVisible();
  });
});
