// The packing cut-off (noon Sydney time the day before delivery): a renewal
// whose card was declined and that is still unpaid then is settled for good.
// Its box is not packed or sent; its order is cancelled (status `cancelled`,
// so nothing can pay it any more); reserved stock and any credit still spent
// on it go back, and so does a recurring code's use (decision 070); the subscriber is told by e-mail and on my-deliveries. The
// next delivery is its own row and goes ahead. Exactly once: the delivery is
// claimed by a conditional update (payment_failed -> skipped) in the
// transaction of all its effects, and the order only while nobody is paying it.
import type { Kysely, Transaction } from "kysely";
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
  type DeliveryRow,
  type SubscriptionFacts,
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
  const seen = await deliveryById(db, deliveryId);
  if (!seen || seen.status !== "payment_failed" || !seen.orderId) return "skipped";
  if (now.getTime() < packingCutoffInstant(seen.deliveryDate).getTime()) return "skipped";
  const sub = await subscriptionFacts(db, seen.subscriptionId);
  if (!sub) return "skipped";
  const orderId = seen.orderId;

  return db.transaction().execute(async (trx) => {
    await lockSubscription(trx, sub.id);
    if (!(await claimAtPacking(trx, seen.id, now))) return "skipped" as const;
    const order = await trx
      .selectFrom("orders")
      .select(["reference", "status", "paymentKey"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    const closedOtherwise = await cancelAtPacking(trx, seen.id, orderId, order, now);
    if (closedOtherwise) return closedOtherwise;
    // a delivery not sent does not use up one of a recurring code's N deliveries (decision 070)
    await releaseRenewalUse(trx, orderId);
    await returnStock(trx, seen.id);
    const creditReturnedCents = await returnCredit(trx, orderId, sub.userId, order.reference);
    await tellNotSent(trx, ctx, sub, seen, order.reference, creditReturnedCents);
    return "done" as const;
  });
}

/** The claim: payment_failed -> skipped, by a conditional update, so exactly one run closes it. */
async function claimAtPacking(trx: Transaction<DB>, deliveryId: number, now: Date) {
  const ts = now.toISOString();
  const claimed = await trx
    .updateTable("deliveries")
    .set({
      status: "skipped",
      skipReason: NOT_PAID_BEFORE_PACKING,
      claimedAt: null,
      nextAttemptAt: null,
      updatedAt: ts,
    })
    .where("id", "=", deliveryId)
    .where("status", "=", "payment_failed")
    .where((eb) => eb.or([eb("nextAttemptAt", "is", null), eb("nextAttemptAt", "<=", ts)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

type OrderAtPacking = { reference: string; status: string; paymentKey: string | null };

/**
 * Cancels the claimed delivery's order; null when it did, so what it held goes back. Otherwise the
 * outcome: paid in time (packed and sent), being paid now (looked at again later), or closed by hand.
 */
async function cancelAtPacking(
  trx: Transaction<DB>,
  deliveryId: number,
  orderId: number,
  order: OrderAtPacking,
  now: Date,
): Promise<RenewalOutcome | null> {
  if (order.status === "paid") {
    // paid by the subscriber at /checkout/{order} before the cut-off: it is packed and sent
    await trx
      .updateTable("deliveries")
      .set({ status: "paid", skipReason: null })
      .where("id", "=", deliveryId)
      .execute();
    return "done";
  }
  // The same condition pay-an-order claims the order with: exactly one of them wins.
  const cancelled = await trx
    .updateTable("orders")
    .set({ status: "cancelled" })
    .where("id", "=", orderId)
    .where("status", "in", PAYABLE)
    .where("paymentKey", "is", null)
    .executeTakeFirst();
  if (Number(cancelled.numUpdatedRows) === 1) return null;
  if (order.paymentKey && (PAYABLE as readonly string[]).includes(order.status)) {
    await trx
      .updateTable("deliveries")
      .set({
        status: "payment_failed",
        skipReason: null,
        nextAttemptAt: new Date(now.getTime() + BUSY_RETRY_MS).toISOString(),
      })
      .where("id", "=", deliveryId)
      .execute();
    return "skipped";
  }
  // closed another way (by hand): say why, give nothing back twice
  await trx
    .updateTable("deliveries")
    .set({ skipReason: `order ${order.status}` })
    .where("id", "=", deliveryId)
    .execute();
  return "done";
}

/** The stock reserved for the delivery goes back on the shelf. */
async function returnStock(trx: Transaction<DB>, deliveryId: number): Promise<void> {
  const stock = (
    await trx
      .selectFrom("deliveries")
      .select("stock")
      .where("id", "=", deliveryId)
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
}

/**
 * Credit spent on the order came back when the card was declined; whatever is still on it comes
 * back now. Answers the credit returned, in cents.
 */
async function returnCredit(
  trx: Transaction<DB>,
  orderId: number,
  userId: number,
  reference: string,
): Promise<number> {
  const invoice = await trx
    .selectFrom("invoices")
    .select(["id", "creditCents"])
    .where("orderId", "=", orderId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const creditReturnedCents = invoice?.creditCents ?? 0;
  if (invoice && creditReturnedCents > 0) {
    await lockUser(trx, userId);
    await addLedgerEntry(trx, {
      userId,
      amountCents: creditReturnedCents,
      reason: "Credit returned: delivery not sent",
      reference,
    });
    await trx
      .updateTable("invoices")
      .set({ creditCents: 0 })
      .where("id", "=", invoice.id)
      .execute();
  }
  return creditReturnedCents;
}

/** The subscription's history records the skip, and the subscriber gets the e-mail "not sent". */
async function tellNotSent(
  trx: Transaction<DB>,
  ctx: RenewalContext,
  sub: SubscriptionFacts,
  seen: DeliveryRow,
  reference: string,
  creditReturnedCents: number,
): Promise<void> {
  await recordEvent(
    trx,
    sub.id,
    "renewal_skipped",
    { reference, deliveryDate: seen.deliveryDate, reason: NOT_PAID_BEFORE_PACKING },
    { kind: "shop" },
    ctx.now,
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
    reference,
    boxName: sub.boxName,
    deliveryDate: formatDeliveryDate(seen.deliveryDate),
    packingCutoff: packingCutoffLabel(seen.deliveryDate),
    creditReturnedCents,
    nextDeliveryDate: sub.status === "active" && nextDate ? formatDeliveryDate(nextDate) : null,
    manageUrl: `${ctx.origin}${MY_DELIVERIES_PATH}`,
  });
}
