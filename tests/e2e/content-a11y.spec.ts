// axe on every content page: no serious or critical violations, with JS and
// (on the server-rendered HTML, scripts removed) without where the page's markup differs without it.
import { expectNoSeriousViolations } from "./a11y";
import { test, expect, ready } from "./fixtures";

// the pages as most visitors see them, the home page's ticker and carousel moving: the suite
// otherwise runs with prefers-reduced-motion (tests/playwright.config.ts)
test.use({ reducedMotion: "no-preference" });

const PATHS = [
  "/",
  "/how-it-works",
  "/why-us",
  "/sourcing",
  "/delivery",
  "/blog",
  "/blog/recipes",
  "/blog-recipes/beef",
  "/blog-post/how-we-pack-your-box",
  "/recipe-post/beef-massaman-curry",
  "/locations/sydney",
  "/faq",
  "/terms",
];

/**
 * Pages whose markup is the same without JavaScript: nothing on them renders by a hydrated flag or an
 * effect (the home page's carousel and marquee, the delivery regions, the post lists and the share
 * button do), so the JS-off audit would audit what the JS audit already did; the nojs project skips
 * them (@reads). The layout's own JS-off markup is audited on the other pages.
 */
const SAME_WITHOUT_JS = [
  "/how-it-works",
  "/why-us",
  "/sourcing",
  "/locations/sydney",
  "/faq",
  "/terms",
];

for (const path of PATHS) {
  const tag = SAME_WITHOUT_JS.includes(path) ? ["@reads"] : [];
  test(`${path} has no serious accessibility violations`, { tag }, async ({ page }) => {
    await page.goto(path);
    await ready(page);
    await expectNoSeriousViolations(page);
  });
}

test("phone width: the home page has no serious violations and no sideways overflow", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await ready(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
});
