// A bought gift card as the gift checkout leaves one: a paid gift-card order, its card payment
// (a sandbox charge) and the card (sealed until sent), with a bonus card when asked.
import { randomUUID } from "node:crypto";
import { db } from "~/db/client.server";
import { createOrder, createUser, uniqueEmail } from "../factories";
import { insertGiftCard } from "./gift-fixtures";

export async function boughtGiftCard({
  valueCents = 10000,
  sent = true,
  bonusCents = 0,
}: { valueCents?: number; sent?: boolean; bonusCents?: number } = {}) {
  const buyer = await createUser(db, { email: uniqueEmail("buyer"), firstName: "Grace" });
  const order = await createOrder(db, buyer.id, {
    kind: "gift_card",
    status: "paid",
    deliveryDate: "2026-12-01",
    deliveryWindow: null,
    invoiceCents: valueCents,
  });
  const ts = new Date().toISOString();
  const common = {
    purchaserUserId: buyer.id,
    senderName: "Grace",
    senderEmail: buyer.email,
    receiverMessage: "Happy birthday",
    deliverOn: "2026-12-01",
    sentAt: sent ? ts : null,
    claimedByUserId: null,
    claimedAt: null,
    createdAt: ts,
    orderId: order.id,
    expiresOn: "2029-12-01",
  };
  const card = await insertGiftCard({
    ...common,
    valueCents,
    bonusOfId: null,
    receiverName: "Oscar",
    receiverEmail: uniqueEmail("oscar"),
  });
  const bonus = bonusCents
    ? await insertGiftCard({
        ...common,
        valueCents: bonusCents,
        bonusOfId: card.id,
        receiverName: "Grace",
        receiverEmail: buyer.email,
      })
    : null;
  const { id: paymentId } = await db
    .insertInto("payments")
    .values({
      userId: buyer.id,
      orderId: order.id,
      giftCardId: card.id,
      amountCents: valueCents,
      status: "succeeded",
      gatewayChargeId: `sandbox_ch_${randomUUID().replace(/-/g, "").slice(0, 18)}`,
      idempotencyKey: `gift-${randomUUID()}`,
      failureMessage: null,
      cardBrand: "Visa",
      cardLastFour: "4242",
      createdAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { buyer, order, card, bonus, paymentId };
}
