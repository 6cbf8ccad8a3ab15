// axe on every content page: no serious or critical violations, with JS and
// (on the server-rendered HTML, scripts removed) without.
import { expectNoSeriousViolations } from "./a11y";
import { test, expect, ready } from "./fixtures";

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

for (const path of PATHS) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
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
