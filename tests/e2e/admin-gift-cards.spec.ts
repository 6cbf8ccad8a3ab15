// Gift cards in the back office, js and nojs (issue 36): support finds a bought card by e-mail or
// its last four, resends it with a new code, and cancels an unclaimed one with a refund (once).
import { randomUUID } from "node:crypto";
import { newGiftCardCode, storedGiftCode } from "../../app/gift-cards/stored-code.server";
import * as factories from "../factories";
import { expectNoSeriousViolations } from "./a11y";
import { expect, test } from "./admin-helpers";
import { e2eDb, ready, settled, uniqueEmail } from "./fixtures";
import { E2E_SESSION_SECRET } from "./session-secret.mjs";

/** A card bought and e-mailed: its paid gift-card order, its sandbox card payment and the card. */
async function boughtCard(valueCents = 6000) {
  const db = e2eDb();
  const buyer = await factories.createUser(db, { email: uniqueEmail("buyer"), firstName: "Grace" });
  const order = await factories.createOrder(db, buyer.id, {
    kind: "gift_card",
    status: "paid",
    deliveryWindow: null,
    invoiceCents: valueCents,
  });
  const code = newGiftCardCode();
  const now = new Date().toISOString();
  const receiverEmail = uniqueEmail("oscar");
  const { id } = await db
    .insertInto("giftCards")
    .values({
      ...storedGiftCode(E2E_SESSION_SECRET, code, { sealed: false }),
      valueCents,
      bonusOfId: null,
      purchaserUserId: buyer.id,
      senderName: "Grace",
      senderEmail: buyer.email,
      receiverName: "Oscar",
      receiverEmail,
      receiverMessage: null,
      deliverOn: now.slice(0, 10),
      sentAt: now,
      claimedByUserId: null,
      claimedAt: null,
      createdAt: now,
      orderId: order.id,
      expiresOn: "2029-12-31",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("payments")
    .values({
      userId: buyer.id,
      orderId: order.id,
      giftCardId: id,
      amountCents: valueCents,
      status: "succeeded",
      gatewayChargeId: `sandbox_ch_${randomUUID().replace(/-/g, "").slice(0, 18)}`,
      idempotencyKey: `gift-${randomUUID()}`,
      failureMessage: null,
      cardBrand: "Visa",
      cardLastFour: "4242",
      createdAt: now,
    })
    .execute();
  return { id, code, last4: code.slice(-4), buyer, receiverEmail, orderId: order.id };
}

test.describe("gift cards", () => {
  test.describe.configure({ timeout: 60_000 });
  test.use({ staffRole: "support" });

  test("finds a card, resends it with a new code, cancels it with one refund", async ({
    page,
    staff,
  }) => {
    void staff;
    const card = await boughtCard();
    await page.goto("/admin/gift-cards");
    await ready(page);
    await page.getByLabel("E-mail or last four of the code").fill(card.receiverEmail);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=/);
    const link = page.getByRole("link", { name: `Gift card ending ${card.last4}` });
    await expect(link).toBeVisible();
    await expectNoSeriousViolations(page);
    await link.click();
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Gift card •••• ${card.last4}`,
    );

    // resend: a new code, the old one stops working
    await page.getByRole("button", { name: "Resend with a new code" }).click();
    await expect(page.getByRole("status")).toContainText(
      `Gift card resent to ${card.receiverEmail} with a new code`,
    );
    await settled(page);
    const after = await e2eDb()
      .selectFrom("giftCards")
      .select("codeLast4")
      .where("id", "=", card.id)
      .executeTakeFirstOrThrow();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Gift card •••• ${after.codeLast4}`,
    );

    // cancel with a refund
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: /Cancel and refund \$60/ }).click();
    await expect(page.getByRole("status")).toContainText(
      `Gift card cancelled and its purchase refunded to the buyer's card. We e-mailed ${card.buyer.email}.`,
    );
    await settled(page);
    await expect(page.getByRole("button", { name: /Cancel and refund/ })).toHaveCount(0);
    await expect(page.getByText("Nothing to do: the card was cancelled.")).toBeVisible();
    const refunds = await e2eDb()
      .selectFrom("refunds")
      .select(["status", "amountCents"])
      .where("orderId", "=", card.orderId)
      .execute();
    expect(refunds).toEqual([{ status: "succeeded", amountCents: 6000 }]);
  });
});
