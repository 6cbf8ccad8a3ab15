import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, ready, createUser, jsEnabled } from "./fixtures";

async function audit(page: Page) {
  const results = await new AxeBuilder({ page }).include("main").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * axe runs as a script, which the no-JS project forbids; there the page's
 * server-rendered HTML (scripts removed) is audited in a scripting context instead.
 */
async function expectNoSeriousViolations(page: Page) {
  if (jsEnabled()) return audit(page);
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = page.url();
    await copy.route((u) => u.href === url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    expect(await copy.locator("script").count()).toBe(0);
    await audit(copy);
  } finally {
    await context.close();
  }
}

test.describe("account pages are accessible", () => {
  // axe is slow on a busy two-core machine
  test.describe.configure({ timeout: 90_000 });

  test("sign-in, with and without errors", async ({ page }) => {
    await page.goto("/sign-in");
    await ready(page);
    await expectNoSeriousViolations(page);
    await page.getByLabel("Email address").fill("wrong@example.com");
    await page.getByLabel("Password", { exact: true }).fill("not-this-one");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("forgot and reset password", async ({ page }) => {
    await page.goto("/forgot-password");
    await ready(page);
    await page.getByLabel("Email address").press("Enter");
    await expect(page.getByText("Email address must be a valid email")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto("/reset-password?token=abc&email=sam%40example.com");
    await ready(page);
    await expectNoSeriousViolations(page);
  });

  test("my deliveries (empty) and the mailbox", async ({ page }) => {
    const user = await createUser();
    await page.goto("/sign-in");
    await ready(page);
    await page.getByLabel("Email address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password!);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { name: "You have no deliveries yet" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto("/dev/mailbox");
    await ready(page);
    await expectNoSeriousViolations(page);
  });
});
