import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, ready, jsEnabled } from "./fixtures";
import { addCuts, chooseCustom, lookUpPostcode, startBox } from "./box-helpers";

async function audit(page: Page, url: string) {
  const results = await new AxeBuilder({ page }).include("main").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** axe is a script: without JS, audit the server-rendered HTML (scripts removed) in a scripting copy. */
async function expectNoSeriousViolations(page: Page) {
  if (jsEnabled()) return audit(page, page.url());
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = page.url().split("#")[0];
    await copy.route((u) => u.href === url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    await audit(copy, url);
  } finally {
    await context.close();
  }
}

test("every step of the box flow is free of serious accessibility violations", async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto("/get-started");
  await ready(page);
  await lookUpPostcode(page, "9999");
  await expect(page.getByText("I'm sorry, it doesn't look like we can deliver to your postcode yet.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await startBox(page, { postcode: "2000", time: "overnight" });
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Choose a curated box" }).click();
  await expect(page).toHaveURL(/curated-box/);
  await expectNoSeriousViolations(page);
  await page.goto("/get-started/your-box");
  await ready(page);
  await chooseCustom(page);
  await expectNoSeriousViolations(page);
  await page.goto("/get-started/box-size");
  await ready(page);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page).toHaveURL(/your-items/);
  await ready(page);
  await addCuts(page, 8);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page).toHaveURL(/addons/);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page).toHaveURL(/checkout/);
  await expectNoSeriousViolations(page);
});
