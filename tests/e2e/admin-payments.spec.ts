// Failed payments in the js and nojs projects (issue 36): a declined renewal is listed with its
// retry schedule; "Send the pay link again" e-mails the pay-an-order link again; "Retry now" charges
// the (now good) card through the renewal engine and the renewal leaves the list.
import { expectNoSeriousViolations } from "./a11y";
import { shoot } from "./care-shots";
import { expect, test } from "./admin-helpers";
import { createSubscriber, e2eDb, ready, settled } from "./fixtures";
import * as factories from "../factories";

async function declinedRenewal() {
  const a = await createSubscriber();
  const db = e2eDb();
  const order = await factories.createOrder(db, a.id, {
    subscriptionId: a.subscriptionId,
    status: "unpaid",
    deliveryDate: a.nextDate,
    lines: factories.LARGE_BOX_AND_BACON,
  });
  const past = new Date(Date.now() - 3_600_000).toISOString();
  const later = new Date(Date.now() + 3_600_000).toISOString();
  const row = {
    subscriptionId: a.subscriptionId,
    deliveryDate: a.nextDate,
    deliveryWindow: "day",
    status: "payment_failed" as const,
    processedAt: past,
    orderId: order.id,
    chargeAttempts: 1,
    nextAttemptAt: later,
    cutoffAt: past,
    remindAt: past,
    createdAt: past,
    updatedAt: past,
  };
  await db
    .insertInto("deliveries")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["subscriptionId", "deliveryDate"]).doUpdateSet({
        status: row.status,
        processedAt: past,
        orderId: order.id,
        chargeAttempts: 1,
        nextAttemptAt: later,
        cutoffAt: past,
      }),
    )
    .execute();
  return { a, order };
}

const renewalMails = (to: string) =>
  e2eDb()
    .selectFrom("emailOutbox")
    .select(["subject", "text"])
    .where("toAddress", "=", to)
    .where("template", "=", "delivery-renewal")
    .execute();

test.describe("failed payments", () => {
  test.describe.configure({ timeout: 60_000 });
  test.use({ staffRole: "support" });

  test("send the pay link again, then retry now: charged, and off the list", async ({
    page,
    staff,
  }) => {
    expect(staff.role).toBe("support");
    const { a, order } = await declinedRenewal();
    await page.goto("/admin/payments");
    await ready(page);
    const row = page.getByRole("row").filter({ hasText: order.reference });
    await expect(row).toContainText("1 try");
    await expect(row).toContainText(a.email);
    await expectNoSeriousViolations(page);
    await shoot(page, "payments");

    await row.getByRole("button", { name: `Send the pay link again: ${order.reference}` }).click();
    await expect(page.getByRole("status")).toContainText(
      `The pay link for order ${order.reference} was e-mailed to the customer again.`,
    );
    await settled(page);
    const mails = await renewalMails(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/checkout/${order.reference}`);

    await page
      .getByRole("row")
      .filter({ hasText: order.reference })
      .getByRole("button", { name: `Retry now: ${order.reference}` })
      .click();
    await expect(page.getByRole("status")).toContainText(
      `Order ${order.reference} was charged and is paid.`,
    );
    await settled(page);
    await expect(page.getByRole("row").filter({ hasText: order.reference })).toHaveCount(0);
    const paid = await e2eDb()
      .selectFrom("orders")
      .select("status")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(paid.status).toBe("paid");
  });
});
