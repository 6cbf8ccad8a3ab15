// Discount codes, js and nojs (issue 37): the owner creates a code in the back office, a shopper
// (another browser) uses it at checkout and sees the discount, and the code's page reports the use.
import { randomBytes } from "node:crypto";
import { expectNoSeriousViolations } from "./a11y";
import { expect, test } from "./admin-helpers";
import {
  fillCheckout,
  ordersOf,
  placeOrder,
  reachCheckout,
  submitCheckout,
} from "./checkout-helpers";
import { e2eDb, jsEnabled, ready, settled } from "./fixtures";

test.describe("discount codes", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the owner creates a code, a shopper uses it at checkout, the report shows the use", async ({
    page,
    staff,
    browser,
  }) => {
    void staff;
    const typed = `e2e-${randomBytes(3).toString("hex")}`;
    const code = typed.toUpperCase();

    await page.goto("/admin/discounts");
    await ready(page);
    await expect(page.getByRole("heading", { name: "Discount codes", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "WELCOME20" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: "New code" }).click();
    await expect(page).toHaveURL(/\/admin\/discounts\/new$/);
    await ready(page);

    // a mistake first: the page says so and keeps what was typed
    await page.getByLabel("Code", { exact: true }).fill(typed);
    await page.getByLabel("Description for the shopper").fill("15% off your first box");
    await page.getByRole("radio", { name: "A percentage off the box and add-ons" }).check();
    await page.getByRole("textbox", { name: "Percentage off" }).fill("150");
    await page.getByRole("button", { name: "Create the code" }).click();
    await settled(page);
    await expect(page.getByText("Enter a whole percentage from 1 to 100.")).toBeVisible();
    await expect(page.getByLabel("Code", { exact: true })).toHaveValue(typed);
    await expectNoSeriousViolations(page);

    await page.getByRole("textbox", { name: "Percentage off" }).fill("15");
    await page.getByLabel("Limit on total uses (optional)").fill("10");
    await page.getByRole("button", { name: "Create the code" }).click();
    await expect(page).toHaveURL(/\/admin\/discounts\/\d+\?done=created/);
    await ready(page);
    await expect(page.getByRole("status").filter({ hasText: `${code} created.` })).toBeVisible();
    await expect(page.getByText("No order has used this code yet.")).toBeVisible();
    const codeUrl = page.url().split("?")[0];

    // the shopper, in a browser of their own
    const shopperContext = await browser.newContext({ javaScriptEnabled: jsEnabled() });
    const shopper = await shopperContext.newPage();
    try {
      const { email } = await reachCheckout(shopper);
      await shopper.getByLabel("Discount code (optional)").fill(typed);
      await submitCheckout(shopper, shopper.getByRole("button", { name: "Apply", exact: true }));
      await expect(
        shopper.getByRole("status").filter({ hasText: `${code} applied: 15% off your first box.` }),
      ).toBeVisible();
      await fillCheckout(shopper);
      const reference = await placeOrder(shopper);
      const { orders } = await ordersOf(email!);
      const invoice = await e2eDb()
        .selectFrom("invoices")
        .selectAll()
        .where("orderId", "=", orders[0].id)
        .executeTakeFirstOrThrow();
      expect(invoice.discountedCents).toBe(Math.round(invoice.subtotalCents * 0.15));

      // the report
      await page.goto(codeUrl);
      await ready(page);
      const usage = page.getByRole("table", { name: `Orders that used ${code}, newest first` });
      await expect(usage.getByRole("link", { name: reference })).toBeVisible();
      const given = `$${(invoice.discountedCents / 100).toFixed(2)}`;
      await expect(usage.getByRole("cell", { name: given })).toBeVisible();
      await expect(page.getByText(`1 order, discount given ${given}.`)).toBeVisible();
      await expect(page.getByText("1 of 10; per customer: no limit")).toBeVisible();
      await expectNoSeriousViolations(page);
    } finally {
      await shopperContext.close();
    }
  });

  // renewals have no checkout to choose at (decision 070): a recurring choice is refused, what was typed stays
  test("a recurring choice of free product is refused with a message, and nothing is saved", async ({
    page,
    staff,
  }) => {
    void staff;
    const typed = `E2E${randomBytes(3).toString("hex").toUpperCase()}`;
    await page.goto("/admin/discounts/new");
    await ready(page);
    await page.getByLabel("Code", { exact: true }).fill(typed);
    await page.getByLabel("Description for the shopper").fill("A free add-on of your choice");
    await page.getByRole("radio", { name: "A free product" }).check();
    const products = page.getByRole("group", { name: "Free products" }).getByRole("checkbox");
    await products.nth(0).check();
    await products.nth(1).check();
    await page.getByRole("radio", { name: /^Recurring/ }).check();
    await page.getByLabel("Deliveries covered (recurring codes)").fill("3");
    await page.getByRole("button", { name: "Create the code" }).click();
    await settled(page);
    await expect(
      page.getByText(
        "A choice of free product is for the first order only: tick one product to give it on every delivery, or choose first order only.",
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Code", { exact: true })).toHaveValue(typed);
    await expect(products.nth(1)).toBeChecked();
    await expect(page.getByRole("radio", { name: /^Recurring/ })).toBeChecked();
    await expectNoSeriousViolations(page);
    const saved = await e2eDb()
      .selectFrom("discounts")
      .select("id")
      .where("code", "=", typed)
      .executeTakeFirst();
    expect(saved).toBeUndefined();
  });
});
