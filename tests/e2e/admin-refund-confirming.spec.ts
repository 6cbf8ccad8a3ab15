// A refund whose outcome is unknown (issue 46 item 5, decision 072), in the js and nojs projects: the
// order was paid with the sandbox's refund-timeout card (its refunds are made, then time out; the e2e
// server runs with APP_ENV=test). Staff refund part of it: the page says "Refund being confirmed",
// the money stays counted, and the form offers only what is left. The customer's page says so too.
import { randomBytes } from "node:crypto";
import * as factories from "../factories";
import { expectNoSeriousViolations } from "./a11y";
import { expect, test } from "./admin-helpers";
import { e2eDb, ready, signInAs, submitAndWait } from "./fixtures";

const rand = () => randomBytes(4).toString("hex");

/** A customer's paid $368 order, charged to the refund-timeout card as the sandbox names its charges. */
async function paidOrder() {
  const db = e2eDb();
  const user = await factories.createUser(db, {
    email: `confirming.${rand()}@example.com`,
    password: "Correct-Horse-42",
    firstName: "Ava",
    lastName: `Confirm${rand()}`,
  });
  const order = await factories.createOrder(db, user.id, {
    status: "paid",
    lines: [
      { sellableType: "package", name: "Custom box (large)", quantity: 1, priceCents: 36800 },
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
      gatewayChargeId: `sandbox_ch_${rand()}${rand()}_refundtimeout`,
      cardBrand: "Visa",
      cardLastFour: "7023",
      idempotencyKey: `pay-${rand()}${rand()}`,
      failureMessage: null,
      createdAt: new Date().toISOString(),
    })
    .execute();
  return { user, reference: order.reference, orderId: order.id };
}

test("a refund the gateway did not confirm is shown as being confirmed, and its money cannot be refunded again", async ({
  page,
  staff: _staff,
}) => {
  test.setTimeout(60_000);
  const { user, reference, orderId } = await paidOrder();
  await page.goto(`/admin/orders/${reference}`);
  await ready(page);
  const form = page.getByRole("form", { name: "Refund" });
  await form.getByRole("radio", { name: "An amount" }).check();
  await form.getByLabel(/^Amount in dollars/).fill("50");
  await form.getByLabel(/^Reason/).fill("Crushed box");
  await submitAndWait(page, form.getByRole("button", { name: "Refund" }));
  await ready(page);

  const notice = page.locator("#refund-confirming");
  await expect(notice).toContainText("Refund being confirmed.");
  await expect(notice).toContainText(`AN-${reference}-1 ($50 to the card)`);
  const refunds = page.getByRole("table", { name: `Refunds of order ${reference}` });
  await expect(refunds.getByRole("row", { name: new RegExp(`AN-${reference}-1`) })).toContainText(
    "Refund being confirmed",
  );
  await expect(page.getByRole("table", { name: /^What happened to order/ })).toContainText(
    "the gateway did not answer, so it is being confirmed",
  );
  // the $50 stays counted: only $318 is left to refund
  await form.getByRole("radio", { name: "An amount" }).check();
  await form.getByLabel(/^Amount in dollars/).fill("368");
  await form.getByLabel(/^Reason/).fill("Again");
  await submitAndWait(page, form.getByRole("button", { name: "Refund" }));
  await ready(page);
  await expect(page.getByRole("alert")).toContainText("That is more than is left to refund: $318.");
  await expectNoSeriousViolations(page);
  const rows = await e2eDb()
    .selectFrom("refunds")
    .select(["status", "amountCents"])
    .where("orderId", "=", orderId)
    .execute();
  expect(rows).toEqual([{ status: "unknown", amountCents: 5000 }]);

  // the customer, at their tax invoice
  await signInAs(page, user);
  await page.goto(`/dashboard/orders/${reference}`);
  await ready(page);
  await expect(
    page.getByRole("status").filter({ hasText: "Refund being confirmed." }),
  ).toContainText("A refund of $50 to your Visa ending in 7023 is being confirmed");
  await expect(page.getByRole("article", { name: "Adjustment note" })).toHaveCount(0);
});
