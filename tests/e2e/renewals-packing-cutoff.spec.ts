// A renewal whose card is declined and that is still unpaid at the packing cut-off (noon Sydney time
// the day before delivery) is not sent (issue 33, item 5): my-deliveries says so on the delivery
// and on its cancelled order, offers no "Pay now", and the next delivery is still the one after.
// The renewal engine runs through /test-hooks/renewals at the cut-off and then at the packing cut-off.
import { expectNoSeriousViolations } from "./a11y";
import { addDays, createSubscriber, longDate, openDashboard } from "./dashboard-helpers";
import { e2eDb, expect, test } from "./fixtures";
import { E2E_BASE_URL } from "./env";

const NOTE = "Not delivered: payment wasn't received before packing; nothing was charged.";

test("my-deliveries says a declined renewal was not delivered once its packing cut-off passed", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const a = await createSubscriber({ daysAhead: 8 });
  const db = e2eDb();
  await db
    .updateTable("paymentMethods")
    .set({ gatewayToken: `sandbox_pm_${a.subscriptionId}x_declined` })
    .where("userId", "=", a.id)
    .execute();
  const runAt = async (now: string) => {
    const res = await request.post(`${E2E_BASE_URL}/test-hooks/renewals`, {
      form: { now, subscriptionId: String(a.subscriptionId) },
    });
    expect(res.status()).toBe(200);
  };
  await runAt(new Date().toISOString()); // plans the delivery
  const delivery = await db
    .selectFrom("deliveries")
    .selectAll()
    .where("subscriptionId", "=", a.subscriptionId)
    .where("deliveryDate", "=", a.nextDate)
    .executeTakeFirstOrThrow();
  await runAt(new Date(Date.parse(delivery.cutoffAt) + 60_000).toISOString()); // ordered, declined
  const order = await db
    .selectFrom("orders")
    .select(["reference", "status"])
    .where("subscriptionId", "=", a.subscriptionId)
    .where("deliveryDate", "=", a.nextDate)
    .executeTakeFirstOrThrow();
  expect(order.status).toBe("unpaid");

  // before packing: awaiting payment, with "Pay now"
  await openDashboard(page, a);
  await expect(
    page.getByRole("link", { name: `Pay now for order ${order.reference}` }),
  ).toBeVisible();

  // 2:30am UTC the day before delivery is 12:30pm (AEST) or 1:30pm (AEDT) in Sydney: past the packing cut-off
  await runAt(`${addDays(a.nextDate, -1)}T02:30:00.000Z`);
  await page.reload();
  const day = longDate(a.nextDate);
  const item = page.getByRole("listitem", { name: `${day}: Not delivered` });
  await expect(item).toContainText(NOTE);
  await expect(item.getByRole("link", { name: order.reference })).toBeVisible();
  // the next delivery is the one after, still to come
  await expect(page.getByRole("region", { name: "Your next delivery" })).toContainText(
    longDate(addDays(a.nextDate, 14)),
  );
  // the order: cancelled, with the same line, and nothing to pay
  await expect(
    page.getByRole("link", { name: `Pay now for order ${order.reference}` }),
  ).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Awaiting payment" })).toHaveCount(0);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Order ${order.reference}` }) });
  await expect(card).toContainText("Cancelled");
  await expect(card).toContainText(NOTE);
  await expect(page.getByRole("table")).toContainText(
    "was not sent: payment wasn't received before packing; nothing was charged",
  );
  const mail = await db
    .selectFrom("emailOutbox")
    .select(["subject"])
    .where("toAddress", "=", a.email)
    .where("template", "=", "delivery-not-sent")
    .execute();
  expect(mail).toHaveLength(1);
  await expectNoSeriousViolations(page);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath(`not-delivered-${width}.png`),
      fullPage: width === 390 ? false : true,
    });
  }
});

test("the terms state the retry schedule and the packing cut-off", async ({ page }) => {
  await page.goto("/terms");
  const payment = page.locator("p", {
    hasText: "We charge your nominated card for each delivery at its change cut-off",
  });
  await expect(payment).toContainText(
    "we try your card again up to three times, evenly spaced before the packing cut-off at noon Sydney time the day before delivery",
  );
  await expect(payment).toContainText(
    "that delivery is not packed or sent: its order is cancelled, nothing is charged for it",
  );
});
