// The packing cut-off (noon Sydney time the day before delivery): a renewal
// whose card was declined and that is still unpaid then is settled for good.
// Its box is not packed or sent; its order is cancelled (status `cancelled`,
// so nothing can pay it any more); reserved stock and any credit still spent
// on it go back, and so does a recurring code's use (decision 070); the subscriber is told by e-mail and on my-deliveries. The
// next delivery is its own row and goes ahead. Exactly once: the delivery is
// claimed by a conditional update (payment_failed -> skipped) in the
// transaction of all its effects, and the order only while nobody is paying it.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { formatDeliveryDate } from "~/delivery/schedule";
import { releaseRenewalUse } from "~/discounts/discount-use.server";
import { queueEmail } from "~/email/mailer.server";
import { deliveryNotSentEmail } from "~/email/templates/delivery-not-sent";
import { addLedgerEntry, lockUser } from "~/orders/credit.server";
import { MY_DELIVERIES_PATH } from "~/orders/paths";
import {
  deliveryById,
  lockSubscription,
  recordEvent,
  subscriptionFacts,
} from "./deliveries.server";
import type { RenewalContext, RenewalOutcome } from "./renewals.server";
import { packedThrough, packingCutoffInstant, packingCutoffLabel } from "./schedule";
import { NOT_PAID_BEFORE_PACKING } from "./subscriber-schedule";

const PAYABLE = ["unpaid", "failed"] as const;
/** Someone is paying the order at the cut-off: look again after this long (their payment settles first). */
const BUSY_RETRY_MS = 5 * 60_000;

/** Deliveries past their packing cut-off still awaiting payment (each due again after a busy look). */
export function unpaidAtPacking(db: Kysely<DB>, now: Date) {
  const ts = now.toISOString();
  return db
    .selectFrom("deliveries")
    .where("status", "=", "payment_failed")
    .where("deliveryDate", "<=", packedThrough(now))
    .where((eb) => eb.or([eb("nextAttemptAt", "is", null), eb("nextAttemptAt", "<=", ts)]));
}

export async function closeUnpaidAtPacking(
  ctx: RenewalContext,
  deliveryId: number,
): Promise<RenewalOutcome> {
  const { db, now } = ctx;
  const ts = now.toISOString();
  const seen = await deliveryById(db, deliveryId);
  if (!seen || seen.status !== "payment_failed" || !seen.orderId) return "skipped";
  if (now.getTime() < packingCutoffInstant(seen.deliveryDate).getTime()) return "skipped";
  const sub = await subscriptionFacts(db, seen.subscriptionId);
  if (!sub) return "skipped";
  const orderId = seen.orderId;

  return db.transaction().execute(async (trx) => {
    await lockSubscription(trx, sub.id);
    const claimed = await trx
      .updateTable("deliveries")
      .set({
        status: "skipped",
        skipReason: NOT_PAID_BEFORE_PACKING,
        claimedAt: null,
        nextAttemptAt: null,
        updatedAt: ts,
      })
      .where("id", "=", seen.id)
      .where("status", "=", "payment_failed")
      .where((eb) => eb.or([eb("nextAttemptAt", "is", null), eb("nextAttemptAt", "<=", ts)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return "skipped" as const;
    const order = await trx
      .selectFrom("orders")
      .select(["reference", "status", "paymentKey"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    if (order.status === "paid") {
      // paid by the subscriber at /checkout/{order} before the cut-off: it is packed and sent
      await trx
        .updateTable("deliveries")
        .set({ status: "paid", skipReason: null })
        .where("id", "=", seen.id)
        .execute();
      return "done" as const;
    }
    // The same condition pay-an-order claims the order with: exactly one of them wins.
    const cancelled = await trx
      .updateTable("orders")
      .set({ status: "cancelled" })
      .where("id", "=", orderId)
      .where("status", "in", PAYABLE)
      .where("paymentKey", "is", null)
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) !== 1) {
      if (order.paymentKey && (PAYABLE as readonly string[]).includes(order.status)) {
        await trx
          .updateTable("deliveries")
          .set({
            status: "payment_failed",
            skipReason: null,
            nextAttemptAt: new Date(now.getTime() + BUSY_RETRY_MS).toISOString(),
          })
          .where("id", "=", seen.id)
          .execute();
        return "skipped" as const;
      }
      // closed another way (by hand): say why, give nothing back twice
      await trx
        .updateTable("deliveries")
        .set({ skipReason: `order ${order.status}` })
        .where("id", "=", seen.id)
        .execute();
      return "done" as const;
    }

    // a delivery not sent does not use up one of a recurring code's N deliveries (decision 070)
    await releaseRenewalUse(trx, orderId);
    const stock = (
      await trx
        .selectFrom("deliveries")
        .select("stock")
        .where("id", "=", seen.id)
        .executeTakeFirst()
    )?.stock;
    for (const s of stock ? (JSON.parse(stock) as { productId: number; quantity: number }[]) : []) {
      await trx
        .updateTable("products")
        .set((eb) => ({ inventory: eb("inventory", "+", s.quantity) }))
        .where("id", "=", s.productId)
        .where("inventory", "is not", null)
        .execute();
    }
    // Credit spent on the order came back when the card was declined; whatever is still on it comes back now.
    const invoice = await trx
      .selectFrom("invoices")
      .select(["id", "creditCents"])
      .where("orderId", "=", orderId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    const creditReturnedCents = invoice?.creditCents ?? 0;
    if (invoice && creditReturnedCents > 0) {
      await lockUser(trx, sub.userId);
      await addLedgerEntry(trx, {
        userId: sub.userId,
        amountCents: creditReturnedCents,
        reason: "Credit returned: delivery not sent",
        reference: order.reference,
      });
      await trx
        .updateTable("invoices")
        .set({ creditCents: 0 })
        .where("id", "=", invoice.id)
        .execute();
    }
    await recordEvent(
      trx,
      sub.id,
      "renewal_skipped",
      {
        reference: order.reference,
        deliveryDate: seen.deliveryDate,
        reason: NOT_PAID_BEFORE_PACKING,
      },
      { kind: "shop" },
      now,
    );
    const next = await trx
      .selectFrom("deliveries")
      .select("deliveryDate")
      .where("subscriptionId", "=", sub.id)
      .where("deliveryDate", ">", seen.deliveryDate)
      .where("status", "in", ["scheduled", "ordered", "paid", "payment_failed"])
      .orderBy("deliveryDate")
      .limit(1)
      .executeTakeFirst();
    const nextDate = next?.deliveryDate ?? sub.deliveryDate;
    await queueEmail(trx, deliveryNotSentEmail, sub.email, {
      firstName: sub.firstName,
      reference: order.reference,
      boxName: sub.boxName,
      deliveryDate: formatDeliveryDate(seen.deliveryDate),
      packingCutoff: packingCutoffLabel(seen.deliveryDate),
      creditReturnedCents,
      nextDeliveryDate: sub.status === "active" && nextDate ? formatDeliveryDate(nextDate) : null,
      manageUrl: `${ctx.origin}${MY_DELIVERIES_PATH}`,
    });
    return "done" as const;
  });
}
