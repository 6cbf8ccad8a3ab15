// axe on every content page: no serious or critical violations, with JS and
// (on the server-rendered HTML, scripts removed) without.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, ready, jsEnabled } from "./fixtures";

async function audit(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectNoSeriousViolations(page: Page) {
  if (jsEnabled()) return audit(page);
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = page.url();
    await copy.route((u) => u.href === url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    await audit(copy);
  } finally {
    await context.close();
  }
}

const PATHS = [
  "/", "/how-it-works", "/why-us", "/sourcing", "/delivery", "/blog", "/blog/recipes", "/blog-recipes/beef",
  "/blog-post/how-we-pack-your-box", "/recipe-post/beef-massaman-curry", "/locations/sydney", "/faq", "/terms",
];

for (const path of PATHS) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await ready(page);
    await expectNoSeriousViolations(page);
  });
}

test("phone width: the home page has no serious violations and no sideways overflow", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await ready(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
});
