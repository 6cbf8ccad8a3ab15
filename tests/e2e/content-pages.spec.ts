// Every content page renders its heading and its content from the database,
// with and without JavaScript; unknown slugs are 404s, never 500s.
import { test, expect, ready } from "./fixtures";

const PAGES: { path: string; h1: RegExp | string; title: RegExp; content: (string | RegExp)[] }[] =
  [
    {
      path: "/",
      h1: "Australian meat & wild-caught seafood, delivered",
      title: /^Home \|/,
      content: [
        "Build your box",
        "Three steps to a better freezer",
        "Custom box",
        "Value box",
        "Loved in kitchens around Australia",
        "From your kitchens",
        "Am I locked in?",
      ],
    },
    {
      path: "/how-it-works",
      h1: "Great meat and seafood, without the trip",
      title: /^How it works \|/,
      content: [
        "Custom small",
        "Curated large",
        "Certified from paddock and boat",
        "Wild-caught seafood",
        "Which size is right for me?",
      ],
    },
    {
      path: "/why-us",
      h1: "Better meat for about what you spend now",
      title: /^Why us \|/,
      content: ["Household meat spend compared", "$173", "$229", "$247", "$325", "$40", "$75"],
    },
    {
      path: "/sourcing",
      h1: "Where our food comes from",
      title: /^Sourcing \|/,
      content: ["From the paddock", "From the tide", "Meet the people behind your box"],
    },
    {
      path: "/delivery",
      h1: "Where and when we deliver",
      title: /^Delivery \|/,
      content: [
        "Sydney metro",
        "Tuesday and Thursday",
        "hello@paddockandtide.com.au",
        "1300 975 707",
      ],
    },
    {
      path: "/blog",
      h1: "Recipes and news",
      title: /^Recipes and news \|/,
      content: ["Highlight recipe", "Latest articles"],
    },
    {
      path: "/blog/recipes",
      h1: "Recipes",
      title: /^Recipes \|/,
      content: ["Highlight recipe", "All recipes"],
    },
    {
      path: "/blog/news",
      h1: "News",
      title: /^News \|/,
      content: ["Latest news", "Christmas 2026: delivery schedule and ordering tips"],
    },
    {
      path: "/blog-recipes/seafood",
      h1: "Seafood recipes",
      title: /^Seafood recipes \|/,
      content: ["Crispy fish tacos with lime slaw"],
    },
    {
      path: "/blog-post/how-we-pack-your-box",
      h1: "How we pack your box so it arrives cold",
      title: /^How we pack your box so it arrives cold \|/,
      content: ["Step by step", "By Priya Nair", "Featured recipes"],
    },
    {
      path: "/recipe-post/beef-massaman-curry",
      h1: "Beef massaman curry",
      title: /^Beef massaman curry \|/,
      content: ["Ingredients", "Directions", "25 min", "150 min", "Featured recipes"],
    },
    {
      path: "/locations/sydney",
      h1: "Meat and seafood delivery in Sydney",
      title: /Sydney/,
      content: ["Build your box for Sydney delivery", "Which Sydney suburbs do you deliver to?"],
    },
    { path: "/locations/hobart", h1: /Hobart/, title: /Hobart/, content: [/Hobart/] },
    {
      path: "/faq",
      h1: "Frequently asked questions",
      title: /^FAQ \|/,
      content: [
        "Product",
        "Delivery",
        "Order",
        "Subscription",
        "hello@paddockandtide.com.au",
        "1300 975 707",
      ],
    },
    {
      path: "/terms",
      h1: "Terms and conditions",
      title: /^Terms and conditions \|/,
      content: ["About us", "Subscriptions"],
    },
    {
      path: "/privacy-policy",
      h1: "Privacy policy",
      title: /^Privacy policy \|/,
      content: [/personal information/i],
    },
    {
      path: "/refund-and-returns-policy",
      h1: "Refund and returns policy",
      title: /^Refund and returns policy \|/,
      content: [/refund/i],
    },
  ];

test.describe("content pages render from the database", () => {
  for (const p of PAGES) {
    test(`${p.path} shows its heading, content and meta`, async ({ page }) => {
      const response = await page.goto(p.path);
      expect(response!.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
      await expect(page).toHaveTitle(p.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      const main = page.locator("main");
      for (const text of p.content) await expect(main.getByText(text).first()).toBeAttached();
      // Every image has dimensions, so nothing shifts as it loads.
      const undimensioned = await page
        .locator("main img:not([width]), main img:not([height])")
        .count();
      expect(undimensioned).toBe(0);
    });
  }

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

  test("the featured recipes list shows at most 5 entries and leaves out the recipe being read", async ({
    page,
  }) => {
    await page.goto("/recipe-post/scotch-fillet-with-garlic-thyme-butter");
    const items = page.getByRole("region", { name: "Featured recipes" }).getByRole("listitem");
    const n = await items.count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(5);
    await expect(
      items.filter({ hasText: "Scotch fillet with garlic and thyme butter" }),
    ).toHaveCount(0);
  });

  test("location pages use mobile and desktop background sources", async ({ page }) => {
    await page.goto("/locations/melbourne");
    await expect(page.locator("header.location-hero picture source")).toHaveAttribute(
      "srcset",
      /desktop\.svg$/,
    );
    await expect(page.locator("header.location-hero picture img")).toHaveAttribute(
      "src",
      /mobile\.svg$/,
    );
  });
});

// the recipe's JSON-LD and the 404s of unknown content: tests/integration/server-answers.test.ts (decision 076)
