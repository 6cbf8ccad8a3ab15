// Renewals: at its cut-off a delivery becomes an order and a charge, exactly
// once (docs/decisions/009-renewals.md), in the shape every payment has
// (app/payments/charge-flow.server.ts):
//
//   decide   one transaction claims the delivery (`processed_at` set where it
//            is null) and either closes it (skipped, paused, cancelled,
//            missed) or writes the order, invoice, lines, reserved stock,
//            spent credit and a pending payment whose key is
//            `renewal:{subscriptionId}:{deliveryDate}`;
//   charge   the primary card, off-session, with that key;
//   settle   one transaction: paid (order, payment, receipt e-mail) or
//            declined (order left awaiting payment at /checkout/{order},
//            credit returned, a retry tomorrow; after the last retry the
//            delivery is skipped and the stock given back).
//
// A run that dies between the order and the charge leaves the delivery
// `ordered` with a pending payment; after a lease another run charges again
// with the SAME key (the gateway de-duplicates it) and settles. So a failure
// is thrown on rather than undone, and the delivery row, not the payment row,
// decides who settles.
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { deliveryRenewalEmail } from "~/email/templates/delivery-renewal";
import { newOrderReference } from "~/orders/reference.server";
import { claimStep, refuse, type ChargeRequest } from "~/payments/charge-flow.server";
import {
  advanceDeliveryDate,
  deliveryById,
  lockSubscription,
  recordEvent,
  scheduleOf,
  subscriptionFacts,
  type DeliveryRow,
} from "./deliveries.server";
import {
  cardLabel,
  chargeDescription,
  keyTaken,
  PAYABLE,
  type RenewalContext,
  type RenewalOutcome,
} from "./renewal-charge.server";
import { decide, lookOutside, type Looked } from "./renewal-decide.server";
import {
  closeDelivery,
  linkExistingOrder,
  markOrdered,
  reserveStock,
  writeRenewalOrder,
} from "./renewal-order.server";
import { chargeAndSettle, declinedMail, mailProps } from "./renewal-settle.server";
import { packingCutoffInstant, renewalChargeKey } from "./schedule";

export type { RenewalContext, RenewalOutcome } from "./renewal-charge.server";
export { resumeCharge, retryCharge, type RetryOptions } from "./renewal-retry.server";

/**
 * Test seam: runs after the order is committed and before the card is
 * charged, so a test can kill the run there and prove the resume.
 */
export const renewalHooks: { afterOrderWritten?: (deliveryId: number) => void | Promise<void> } =
  {};

/* ------------------------------------------------------------ decide */

/** Decides a delivery whose cut-off has passed: closes it, or orders and charges it. */
export async function renewAtCutoff(
  ctx: RenewalContext,
  deliveryId: number,
): Promise<RenewalOutcome> {
  // A change committed between the look outside and the decision inside can turn a close into an
  // order, which needs the quote made outside: then look again (rare, and at most a few times).
  for (let round = 0; round < 3; round++) {
    const outcome = await decideOnce(ctx, deliveryId);
    if (outcome !== "look again") return outcome;
  }
  return "skipped";
}

/** Claims the delivery: set `processed_at` only while it is unprocessed and still scheduled or skipped. */
async function claimDelivery(trx: Kysely<DB>, d: DeliveryRow, ts: string): Promise<boolean> {
  await lockSubscription(trx, d.subscriptionId);
  const took = await trx
    .updateTable("deliveries")
    .set({ processedAt: ts, updatedAt: ts })
    .where("id", "=", d.id)
    .where("processedAt", "is", null)
    .where("status", "in", ["scheduled", "skipped"])
    .executeTakeFirst();
  return Number(took.numUpdatedRows) === 1;
}

/**
 * The claim's transaction: claims the delivery, decides again from the rows as they are now (held
 * locked), then closes it, links an order made another way, or writes the order and claims its
 * payment. The claim is the payment's key.
 */
async function claimAndOrder(
  trx: Transaction<DB>,
  look: Looked,
  reference: string,
  now: Date,
): Promise<{ refused: RenewalOutcome | "look again" } | { claim: string; charge: ChargeRequest }> {
  const { seen, seenSub, schedule } = look;
  if (!(await claimDelivery(trx, seen, now.toISOString()))) return { refused: "skipped" };
  const d = (await deliveryById(trx, seen.id))!;
  const facts = await subscriptionFacts(trx, seen.subscriptionId);
  const { decision, sub, next } = await decide(trx, d, facts, schedule, now);
  if (sub && sub.regionId !== (seenSub?.regionId ?? null)) refuse("look again"); // moved area meanwhile: its schedule is read again
  if (decision !== "order" || !sub) {
    await closeDelivery(trx, d, sub, decision, next, now);
    return { refused: "done" };
  }
  const prepared = look.prepared;
  if (!prepared) refuse("look again");
  const key = renewalChargeKey(sub.id, d.deliveryDate, 1);
  await markOrdered(trx, d, sub, reference, now);
  if (await linkExistingOrder(trx, d, sub, next, now)) return { refused: "done" };
  const { reserved, notes, priced } = await reserveStock(trx, prepared.rq);
  const order = { d, sub, prepared, priced, reference, key, now };
  const { orderId, card, amountCents } = await writeRenewalOrder(trx, order);
  await trx
    .updateTable("deliveries")
    .set({
      orderId,
      stock: JSON.stringify(reserved),
      notes: notes.length ? JSON.stringify(notes) : null,
    })
    .where("id", "=", d.id)
    .execute();
  const renewed = { reference, deliveryDate: d.deliveryDate };
  await recordEvent(trx, sub.id, "renewed", renewed, { kind: "shop" }, now);
  if (next) await advanceDeliveryDate(trx, sub.id, next, now);
  const description = chargeDescription(sub.boxName, d.deliveryDate, 1);
  return { claim: key, charge: { card, amountCents, description } };
}

/**
 * One try at the decision. What is read before the transaction only prepares
 * the order (its quote and card: they read outside it). The transaction locks
 * the subscription (as skip, pause and cancel do first), claims the delivery
 * only while it is unprocessed and still scheduled or skipped, and then decides
 * from the subscription, events and delivery as they are now: a skip, pause or
 * cancel either committed before (and is honoured) or waits and finds the
 * delivery processed (and is refused, or told the delivery still comes).
 */
async function decideOnce(
  ctx: RenewalContext,
  deliveryId: number,
): Promise<RenewalOutcome | "look again"> {
  const { db, now } = ctx;
  const look = await lookOutside(db, deliveryId, now);
  if (!look) return "skipped";
  const reference = newOrderReference();
  const claimed = await claimStep<string, RenewalOutcome | "look again">(
    (trx) => claimAndOrder(trx, look, reference, now),
    db,
  );
  if (claimed.kind === "refused") return claimed.refusal;
  if (claimed.kind === "pressed-before") throw keyTaken(look.seen.id);
  await renewalHooks.afterOrderWritten?.(look.seen.id);
  const { claim: key, charge } = claimed.claimed;
  return chargeAndSettle(ctx, look.seen.id, key, charge);
}

/**
 * Queues again the e-mail a declined renewal sends (its pay-an-order link, what is due, the tries left),
 * for staff's "Send the pay link again"; "skipped" when the delivery no longer awaits payment.
 */
export async function resendPayLink(
  ctx: RenewalContext,
  deliveryId: number,
  within?: (trx: Kysely<DB>) => Promise<void>,
): Promise<RenewalOutcome> {
  const { db, now } = ctx;
  const d = await deliveryById(db, deliveryId);
  if (!d || d.status !== "payment_failed" || !d.orderId) return "skipped";
  if (now.getTime() >= packingCutoffInstant(d.deliveryDate).getTime()) return "skipped";
  const sub = await subscriptionFacts(db, d.subscriptionId);
  if (!sub) return "skipped";
  const orderId = d.orderId;
  const mail = await mailProps(db, ctx, sub, orderId, d.notes, d.deliveryDate);
  const payment = await db
    .selectFrom("payments")
    .select(["cardBrand", "cardLastFour", "failureMessage"])
    .where("idempotencyKey", "=", renewalChargeKey(sub.id, d.deliveryDate, d.chargeAttempts))
    .executeTakeFirst();
  const schedule = await scheduleOf(sub.regionId);
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select("status")
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order || !(PAYABLE as readonly string[]).includes(order.status)) return "skipped";
    await queueEmail(
      trx,
      deliveryRenewalEmail,
      sub.email,
      declinedMail(
        mail,
        d,
        schedule,
        now,
        cardLabel(payment),
        payment?.failureMessage ?? "Your card was declined.",
      ),
    );
    await within?.(trx);
    return "done" as const;
  });
}
