// Step 1 of a renewal, inside the claim's transaction (./renewals.server.ts holds the subscription's
// lock and the delivery's claim): what the decision writes. A delivery not ordered is closed; an
// order for its date made another way is linked; else the order is written: stock by conditional
// update, credit, the order, its invoice and lines, the discount's use and a pending payment under
// the renewal's key.
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/schema";
import { recordRenewalUse } from "~/discounts/discount-use.server";
import { addLedgerEntry, creditBalance, lockUser } from "~/orders/credit.server";
import { applyCredit } from "~/orders/credit";
import { insertInvoiceLines } from "~/orders/invoice-lines.server";
import { claimPayment, type ResolvedCard } from "~/payments/payments.server";
import {
  advanceDeliveryDate,
  recordEvent,
  type DeliveryRow,
  type SubscriptionFacts,
} from "./deliveries.server";
import type { FrozenBox } from "./delivery-terms";
import { withoutLines, type RenewalQuote } from "./renewal-quote.server";
import type { Decision } from "./schedule";

/** What was read before the claim to write the order: the quote, the box at its cut-off and the card. */
export type PreparedOrder = { rq: RenewalQuote; box: FrozenBox | null; card: ResolvedCard | null };

/** A delivery the cut-off does not order: skipped, paused, missed or cancelled, and the subscription moves on. */
export async function closeDelivery(
  trx: Kysely<DB>,
  d: DeliveryRow,
  sub: SubscriptionFacts | null,
  decision: Decision,
  next: string | null,
  now: Date,
) {
  const status = decision === "order" ? "cancelled" : decision; // an order needs its subscription
  await trx
    .updateTable("deliveries")
    .set({
      status,
      skipReason:
        status === "skipped"
          ? sub?.ownerDisabled
            ? "account disabled"
            : (d.skipReason ?? "subscriber")
          : status === "missed"
            ? "not decided before its packing cut-off"
            : null,
    })
    .where("id", "=", d.id)
    .execute();
  if (sub && next && status !== "cancelled") await advanceDeliveryDate(trx, sub.id, next, now);
}

/** The delivery is being ordered (its first charge attempt); a paused subscription whose pause ended is active again. */
export async function markOrdered(
  trx: Kysely<DB>,
  d: DeliveryRow,
  sub: SubscriptionFacts,
  reference: string,
  now: Date,
) {
  const ts = now.toISOString();
  await trx
    .updateTable("deliveries")
    .set({ status: "ordered", claimedAt: ts, chargeAttempts: 1 })
    .where("id", "=", d.id)
    .execute();
  if (sub.status !== "paused") return;
  await trx
    .updateTable("subscriptions")
    .set({ status: "active", pausedUntil: null, updatedAt: ts })
    .where("id", "=", sub.id)
    .where("status", "=", "paused")
    .execute();
  await recordEvent(
    trx,
    sub.id,
    "resumed",
    { reference: reference.replace(/^PT-/, "CH-"), reason: "pause ended" },
    { kind: "shop" },
    now,
  );
}

/** An order for this date made another way (by hand, or an older system) is linked, never doubled: true when one was. */
export async function linkExistingOrder(
  trx: Kysely<DB>,
  d: DeliveryRow,
  sub: SubscriptionFacts,
  next: string | null,
  now: Date,
): Promise<boolean> {
  const existing = await trx
    .selectFrom("orders")
    .select(["id", "status"])
    .where("subscriptionId", "=", sub.id)
    .where("deliveryDate", "=", d.deliveryDate)
    .executeTakeFirst();
  if (!existing) return false;
  await trx
    .updateTable("deliveries")
    .set({
      orderId: existing.id,
      status: existing.status === "paid" ? "paid" : "payment_failed",
      claimedAt: null,
      nextAttemptAt: null,
    })
    .where("id", "=", d.id)
    .execute();
  if (next) await advanceDeliveryDate(trx, sub.id, next, now);
  return true;
}

/** Stock by conditional update: a line whose stock ran out since the quote is left out (add-ons) or replaced (cuts). */
export async function reserveStock(trx: Kysely<DB>, rq: RenewalQuote) {
  const short = new Set<number>();
  const reserved: { productId: number; quantity: number }[] = [];
  const notes = [...rq.notes];
  for (const s of rq.quote.stock) {
    const res = await trx
      .updateTable("products")
      .set((eb) => ({ inventory: eb("inventory", "-", s.quantity) }))
      .where("id", "=", s.productId)
      .where("inventory", "is not", null)
      .where("inventory", ">=", s.quantity)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) {
      reserved.push({ productId: s.productId, quantity: s.quantity });
      continue;
    }
    const p = await trx
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", s.productId)
      .executeTakeFirst();
    if (p && p.inventory === null) continue; // unlimited
    short.add(s.productId);
    const isCut = rq.quote.lines.some(
      (l) => l.sellableId === s.productId && l.sellableType === "product",
    );
    notes.push(
      isCut
        ? `${s.name} is out of stock this time, so our butchers pack a cut of the same value instead.`
        : `${s.name} is out of stock, so it was left out of this delivery and not charged.`,
    );
  }
  const priced = short.size ? withoutLines(rq, short) : rq.quote;
  return { reserved, notes, priced };
}

type OrderToWrite = {
  d: DeliveryRow;
  sub: SubscriptionFacts;
  prepared: PreparedOrder;
  priced: Pick<RenewalQuote["quote"], "lines" | "subtotalCents" | "discountedCents">;
  reference: string;
  key: string;
  now: Date;
};

/** The order and its invoice (total before credit, the pay-an-order convention; the credit spent is its own column). */
async function insertOrder(trx: Kysely<DB>, o: OrderToWrite, creditCents: number) {
  const { d, sub, priced } = o;
  const ts = o.now.toISOString();
  const box = o.prepared.box;
  const { id: orderId } = await trx
    .insertInto("orders")
    .values({
      reference: o.reference,
      userId: sub.userId,
      subscriptionId: sub.id,
      kind: "box",
      status: "unpaid",
      deliveryDate: d.deliveryDate,
      deliveryWindow: d.deliveryWindow ?? sub.deliveryWindow,
      // where the box went at its cut-off: a later change of address is for the next delivery
      shippingAddressId: box ? box.shippingAddressId : sub.shippingAddressId,
      createdAt: ts,
      paidAt: null,
      paymentKey: o.key,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: invoiceId } = await trx
    .insertInto("invoices")
    .values({
      orderId,
      subtotalCents: priced.subtotalCents,
      discountedCents: priced.discountedCents,
      creditCents,
      totalCents: priced.subtotalCents - priced.discountedCents,
      createdAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { orderId, invoiceId };
}

/** Writes the renewal's order, spends credit and claims the payment; returns the order and what to charge. */
export async function writeRenewalOrder(trx: Transaction<DB>, o: OrderToWrite) {
  const { sub, priced } = o;
  const { rq, card } = o.prepared;
  const owed = priced.subtotalCents - priced.discountedCents;
  await lockUser(trx, sub.userId);
  const split = applyCredit(
    sub.hasPassword ? await creditBalance({ userId: sub.userId }, trx) : 0,
    owed,
  );
  const { orderId, invoiceId } = await insertOrder(trx, o, split.creditCents);
  await insertInvoiceLines(
    trx,
    { id: invoiceId, subtotalCents: priced.subtotalCents, discountedCents: priced.discountedCents },
    priced.lines.map((l) => ({
      sellableType: l.sellableType,
      sellableId: l.sellableId,
      quantity: l.quantity,
      priceCents: l.priceCents,
      name: l.free ? `${l.name} (free with ${rq.discount?.code ?? "discount"})` : l.name,
      free: l.free,
    })),
  );
  // a recurring code's use: the renewals it covers are counted from these rows (decision 056)
  if (rq.discount && priced.discountedCents > 0)
    await recordRenewalUse(trx, {
      discountId: rq.discount.terms.id,
      userId: sub.userId,
      subscriptionId: sub.id,
      orderId,
      discountedCents: priced.discountedCents,
      at: o.now,
    });
  await addLedgerEntry(trx, {
    userId: sub.userId,
    amountCents: -split.creditCents,
    reason: "Credit used on a delivery",
    reference: o.reference,
  });
  const used = split.totalCents > 0 ? card : null;
  await claimPayment(trx, {
    key: o.key,
    userId: sub.userId,
    orderId,
    amountCents: split.totalCents,
    card: used,
  });
  return { orderId, card: used, amountCents: split.totalCents };
}
