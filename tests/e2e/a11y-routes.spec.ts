// axe on the routes no other spec audits (issue 13, Accessibility), in both the
// js and nojs projects: no serious or critical violations. Already audited
// elsewhere: content pages (content-a11y), sign-in, forgot/reset password,
// empty my-deliveries and the mailbox (accounts-a11y), every box-flow step and
// checkout (box-a11y, checkout-flow), my deliveries, change my box and my
// account (dashboard-*), gift-card personalise, payment, success and activation
// (gift-cards), the pay page and the tax invoice (orders-pay).
import { randomBytes } from "node:crypto";
import { expectNoSeriousViolations } from "./a11y";
import { expect, ready, test } from "./fixtures";
import { remindedSubscriber } from "./one-tap-helpers";

// several whole-page audits per test (axe is CPU-heavy on a 2-core runner)
test.describe.configure({ timeout: 90_000 });

test("legal pages, the news filter and the gift-card landing pages", async ({ page }) => {
  for (const path of [
    "/privacy-policy",
    "/refund-and-returns-policy",
    "/blog/news",
    "/gift-cards",
    "/gift-cards/activate",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await ready(page);
    await expectNoSeriousViolations(page);
  }
});

// the error pages are the layout and a message, the same markup without JavaScript (@reads)
test(
  "error states: not found, session expired, forbidden and a server fault",
  { tag: "@reads" },
  async ({ page }) => {
    for (const [path, status] of [
      ["/no-such-page", 404],
      ["/test-hooks/error?status=419", 419],
      ["/test-hooks/error?status=403", 403],
      ["/test-hooks/error?status=500", 500],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(status);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    }
  },
);

test("the one-tap page of a reminder e-mail, valid and not", async ({ page, request }) => {
  const { skip } = await remindedSubscriber(request);

  await page.goto(skip.pathname + skip.search);
  await ready(page);
  await expect(
    page.getByRole("heading", { level: 1, name: /^Skip your delivery on / }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Skip this delivery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delivery skipped" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto(`/deliveries/one-tap/${randomBytes(24).toString("base64url")}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});
