// /admin/orders in the js and nojs projects (issue 36): staff find an order, refund its knife to the
// card with a reason, and the customer then sees the adjustment note beside the tax invoice at
// /dashboard/orders/{reference} (and has it by e-mail). A packer cannot open orders. Axe on each page.
import { randomBytes } from "node:crypto";
import * as factories from "../factories";
import { expectNoSeriousViolations } from "./a11y";
import { expect, test } from "./admin-helpers";
import { e2eDb, jsEnabled, ready, signInAs, submitAndWait } from "./fixtures";

const rand = () => randomBytes(4).toString("hex");

/** A customer's paid order: a large box ($279) and a chef's knife ($89, GST $8.09), by a Visa ending in 4242. */
async function paidOrder() {
  const db = e2eDb();
  const user = await factories.createUser(db, {
    email: `refunded.${rand()}@example.com`,
    password: "Correct-Horse-42",
    firstName: "Ava",
    lastName: `Refund${rand()}`,
  });
  const knife = await factories.productId(db, "addon-chef-knife");
  const order = await factories.createOrder(db, user.id, {
    status: "paid",
    lines: [
      { sellableType: "package", name: "Custom box (large)", quantity: 1, priceCents: 27900 },
      {
        sellableType: "addon",
        sellableId: knife,
        name: "Chef's knife",
        quantity: 1,
        priceCents: 8900,
      },
    ],
  });
  await db
    .insertInto("payments")
    .values({
      userId: user.id,
      orderId: order.id,
      giftCardId: null,
      amountCents: order.totalCents,
      status: "succeeded",
      gatewayChargeId: `sandbox_ch_${rand()}${rand()}`,
      cardBrand: "Visa",
      cardLastFour: "4242",
      idempotencyKey: `pay-${rand()}${rand()}`,
      failureMessage: null,
      createdAt: new Date().toISOString(),
    })
    .execute();
  return { user, reference: order.reference };
}

test.describe("orders and refunds", () => {
  test.describe.configure({ timeout: 60_000 });

  test("staff refund a line to the card; the customer sees the adjustment note", async ({
    page,
    staff,
  }) => {
    const { user, reference } = await paidOrder();
    await page.goto("/admin/orders");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await page.getByLabel("Reference, e-mail or name").fill(user.email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await ready(page);
    const results = page.getByRole("table", { name: /Orders matching your search/ });
    await expect(results.getByRole("row")).toHaveCount(2);
    await expectNoSeriousViolations(page);
    await results.getByRole("link", { name: reference }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
    await ready(page);
    const payments = page.getByRole("table", { name: `Payments for order ${reference}` });
    await expect(payments).toContainText("Visa ending in 4242");
    await expect(payments).toContainText("$368");

    const form = page.getByRole("form", { name: "Refund" });
    await form.getByRole("radio", { name: "Chosen lines" }).check();
    await form.getByLabel(/^Chef's knife/).fill("1");
    await form.getByLabel(/^Reason/).fill("Knife arrived chipped");
    await submitAndWait(page, form.getByRole("button", { name: "Refund" }));
    await ready(page);
    const status = page.getByRole("status");
    await expect(status).toContainText(
      `Refunded $89 to the card. Adjustment note AN-${reference}-1 was e-mailed to ${user.email}.`,
    );
    const refunds = page.getByRole("table", { name: `Refunds of order ${reference}` });
    await expect(refunds).toContainText(`AN-${reference}-1`);
    await expect(refunds).toContainText("$8.09");
    await expect(refunds).toContainText(staff.firstName);
    await expect(page.getByRole("table", { name: /^What happened to order/ })).toContainText(
      "Card refund went through",
    );
    await expectNoSeriousViolations(page);

    const mail = await e2eDb()
      .selectFrom("emailOutbox")
      .select(["subject", "text"])
      .where("toAddress", "=", user.email)
      .where("template", "=", "adjustment-note")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("GST adjusted: $8.09");

    // the customer, at their tax invoice
    await signInAs(page, user);
    await page.goto(`/dashboard/orders/${reference}`);
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
    const note = page.getByRole("article", { name: "Adjustment note" });
    await expect(note).toContainText("ABN 49 624 595 711");
    await expect(note).toContainText(`AN-${reference}-1`);
    await expect(note).toContainText(`Original tax invoice${reference}`);
    await expect(note).toContainText("Amount refunded$89");
    await expect(note).toContainText("GST adjusted$8.09");
    await expect(note).toContainText("Knife arrived chipped");
    await expect(note).toContainText("Refunded to your Visa ending in 4242.");
    await expectNoSeriousViolations(page);
  });

  test("a refund of more than is left is refused with the amount left, keeping what was typed", async ({
    page,
    staff: _staff,
  }) => {
    const { reference } = await paidOrder();
    await page.goto(`/admin/orders/${reference}`);
    await ready(page);
    const form = page.getByRole("form", { name: "Refund" });
    await form.getByRole("radio", { name: "An amount" }).check();
    await form.getByLabel(/^Amount in dollars/).fill("400");
    await form.getByLabel(/^Reason/).fill("Goodwill");
    await submitAndWait(page, form.getByRole("button", { name: "Refund" }));
    await ready(page);
    await expect(page.getByRole("alert")).toContainText(
      "That is more than is left to refund: $368.",
    );
    await expect(form.getByLabel(/^Amount in dollars/)).toHaveValue("400");
    await expect(form.getByLabel(/^Reason/)).toHaveValue("Goodwill");
    if (!jsEnabled()) await expect(page.getByRole("status")).toHaveCount(0);
  });
});
