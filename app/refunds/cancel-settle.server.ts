// How a gift card's cancel refund ends (decision 072, moved here by decision 079): the press that
// heard back from the gateway and the settlement job (./settle-unknown.server.ts) settle it the same
// way, each claimed by the refund row's own conditional status update in the transaction of its
// effects, so it is settled once.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { giftCardCancelledEmail } from "~/email/templates/gift-card-cancelled";
import { log } from "~/log/log.server";
import { redactLogText } from "~/security/redact.mjs";
import { writeAudit } from "~/staff/audit.server";
import type { StaffRef } from "./settle.server";

/** A cancel's refund errored: the refund is unknown until the settlement job asks the gateway. */
export async function markCancelUnknown(
  db: Kysely<DB>,
  staff: StaffRef,
  { cardId, key, error }: { cardId: number; key: string; error: unknown },
) {
  log().error(
    { type: "refund.unknown", giftCardId: cardId },
    redactLogText((error as Error).message),
  );
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable("refunds")
      .set({ status: "unknown" })
      .where("idempotencyKey", "=", key)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return;
    await writeAudit(trx, staff, {
      action: "gift_card.cancel_unknown",
      entityType: "gift_card",
      entityId: cardId,
      before: { refund: "pending" },
      after: { refund: "unknown", reason: "the gateway did not answer: being confirmed" },
    });
  });
}

/** The cancel's refund with this key, its card and its buyer. */
const cancelOf = (db: Kysely<DB>, key: string) =>
  db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .innerJoin("payments", "payments.id", "refunds.paymentId")
    .innerJoin("giftCards", "giftCards.id", "payments.giftCardId")
    .leftJoin("users", "users.id", "giftCards.purchaserUserId")
    .select([
      "refunds.id as refundId",
      "refunds.orderId",
      "refunds.amountCents",
      "refunds.createdAt",
      "payments.id as paymentId",
      "orders.reference",
      "giftCards.id as cardId",
      "giftCards.codeLast4",
      "giftCards.senderName",
      "giftCards.senderEmail",
      "giftCards.receiverName",
      "users.firstName as buyerFirstName",
    ])
    .where("refunds.idempotencyKey", "=", key)
    .executeTakeFirst();

/**
 * The gateway refunded a cancel (at once, or as the settlement job found): the refund row completes,
 * the payment is refunded, the buyer is told. False when it was settled already.
 */
export async function settleCancelRefunded(
  db: Kysely<DB>,
  {
    key,
    gatewayRefundId,
    from,
    at = new Date(),
  }: { key: string; gatewayRefundId: string; from: "pending" | "unknown"; at?: Date },
): Promise<boolean> {
  const cancel = await cancelOf(db, key);
  if (!cancel) return false;
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("refunds")
      .set({ status: "succeeded", gatewayRefundId, completedAt: at.toISOString() })
      .where("id", "=", cancel.refundId)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable("payments")
      .set({ status: "refunded" })
      .where("id", "=", cancel.paymentId)
      .execute();
    await queueEmail(trx, giftCardCancelledEmail, cancel.senderEmail, {
      buyerName: cancel.buyerFirstName ?? cancel.senderName,
      receiverName: cancel.receiverName,
      codeLast4: cancel.codeLast4,
      refundedCents: cancel.amountCents,
      reference: cancel.reference,
    });
    return true;
  });
}

/**
 * The gateway has no refund for a cancel whose refund errored (the settlement job asked it): the
 * refund is failed, its amount given back to the order, and the card (with its bonus cards) works
 * again, so staff can cancel it again. False when it was settled already.
 */
export async function releaseCancel(
  db: Kysely<DB>,
  staff: StaffRef,
  { key, at = new Date() }: { key: string; at?: Date },
): Promise<boolean> {
  const cancel = await cancelOf(db, key);
  if (!cancel) return false;
  return db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable("refunds")
      .set({ status: "failed", completedAt: at.toISOString() })
      .where("id", "=", cancel.refundId)
      .where("status", "=", "unknown")
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable("orders")
      .set((eb) => ({ refundedCents: eb("refundedCents", "-", cancel.amountCents) }))
      .where("id", "=", cancel.orderId)
      .execute();
    // cancelled by this press (its refund row was written in the same claim, at the same instant)
    await trx
      .updateTable("giftCards")
      .set({ cancelledAt: null })
      .where((eb) => eb.or([eb("id", "=", cancel.cardId), eb("bonusOfId", "=", cancel.cardId)]))
      .where("cancelledAt", "=", cancel.createdAt)
      .execute();
    await writeAudit(
      trx,
      staff,
      {
        action: "gift_card.cancel_failed",
        entityType: "gift_card",
        entityId: cancel.cardId,
        before: { cancelledAt: cancel.createdAt },
        after: { cancelledAt: null, reason: "the gateway did not refund" },
      },
      at,
    );
    return true;
  });
}
