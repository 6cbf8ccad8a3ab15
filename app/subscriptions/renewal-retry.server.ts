// A declined renewal tried again, and a renewal charge resumed after a run died half-way
// (./renewals.server.ts): each claims the delivery, charges with its key and settles
// (./renewal-settle.server.ts).
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/schema";
import { RENEWALS } from "~/config";
import { addLedgerEntry, creditBalance, lockUser } from "~/orders/credit.server";
import { applyCredit } from "~/orders/credit";
import type { ChargeResult } from "~/payments/gateway";
import { claimStep, type ChargeRequest } from "~/payments/charge-flow.server";
import { claimPayment, type ResolvedCard } from "~/payments/payments.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import {
  deliveryById,
  subscriptionFacts,
  type DeliveryRow,
  type SubscriptionFacts,
} from "./deliveries.server";
import {
  chargeDescription,
  keyTaken,
  PAYABLE,
  primaryCard,
  type RenewalContext,
  type RenewalOutcome,
} from "./renewal-charge.server";
import { chargeAndSettle, settle } from "./renewal-settle.server";
import { packingCutoffInstant, renewalChargeKey } from "./schedule";

export type RetryOptions = {
  /** staff's "Retry now": tried at once, whatever the retry schedule says (never after the packing cut-off) */
  atOnce?: boolean;
  /** runs in the claim's transaction once the retry is claimed (the back office's audit entry) */
  within?: (trx: Kysely<DB>, claim: { key: string; attempt: number }) => Promise<void>;
};

type Retry = {
  d: DeliveryRow & { orderId: number };
  sub: SubscriptionFacts;
  card: ResolvedCard | null;
  attempt: number;
  key: string;
  now: Date;
};

/** Claims the retry: only from `payment_failed` at the attempt this run read, and when it is due (unless at once). */
async function claimRetry(trx: Kysely<DB>, r: Retry, atOnce: boolean | undefined) {
  const ts = r.now.toISOString();
  const got = await trx
    .updateTable("deliveries")
    .set({ status: "ordered", claimedAt: ts, chargeAttempts: r.attempt, updatedAt: ts })
    .where("id", "=", r.d.id)
    .where("status", "=", "payment_failed")
    // the attempt this run read: another retry settled meanwhile would otherwise share its key
    .where("chargeAttempts", "=", r.d.chargeAttempts)
    .$if(!atOnce, (q) => q.where("nextAttemptAt", "<=", ts))
    .executeTakeFirst();
  return Number(got.numUpdatedRows) === 1;
}

/**
 * The order is not this retry's to charge: paid by the subscriber at /checkout/{order} (the
 * delivery is paid), being paid right now (looked at again in an hour) or closed by hand (skipped).
 * False when the order was taken for the retry (its payment key set).
 */
async function orderNotOurs(trx: Kysely<DB>, r: Retry): Promise<boolean> {
  const { d, now } = r;
  const order = await trx
    .selectFrom("orders")
    .select(["status"])
    .where("id", "=", d.orderId)
    .executeTakeFirstOrThrow();
  const back = { claimedAt: null, chargeAttempts: d.chargeAttempts };
  if (order.status === "paid") {
    // paid by the subscriber at /checkout/{order}: nothing to charge
    await trx
      .updateTable("deliveries")
      .set({ status: "paid", nextAttemptAt: null, ...back })
      .where("id", "=", d.id)
      .execute();
    return true;
  }
  const takeOrder = await trx
    .updateTable("orders")
    .set({ paymentKey: r.key })
    .where("id", "=", d.orderId)
    .where("status", "in", PAYABLE)
    .where("paymentKey", "is", null)
    .executeTakeFirst();
  if (Number(takeOrder.numUpdatedRows) === 1) return false;
  // the subscriber is paying it right now (or it was closed by hand): look again in an hour
  const later = new Date(now.getTime() + 3_600_000).toISOString();
  const closed = !(PAYABLE as readonly string[]).includes(order.status);
  await trx
    .updateTable("deliveries")
    .set(
      closed
        ? { status: "skipped", skipReason: `order ${order.status}`, nextAttemptAt: null, ...back }
        : { status: "payment_failed", nextAttemptAt: later, ...back },
    )
    .where("id", "=", d.id)
    .execute();
  return true;
}

/** Spends credit on the order's latest invoice again and claims the payment under the retry's key. */
async function claimRetryPayment(trx: Transaction<DB>, r: Retry): Promise<ChargeRequest> {
  const { d, sub, key } = r;
  const invoice = await trx
    .selectFrom("invoices")
    .select(["id", "totalCents"])
    .where("orderId", "=", d.orderId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  await lockUser(trx, sub.userId);
  const split = applyCredit(
    sub.hasPassword ? await creditBalance({ userId: sub.userId }, trx) : 0,
    invoice.totalCents,
  );
  await addLedgerEntry(trx, {
    userId: sub.userId,
    amountCents: -split.creditCents,
    reason: "Credit used on a delivery",
    reference: `retry:${key}`,
  });
  await trx
    .updateTable("invoices")
    .set({ creditCents: split.creditCents })
    .where("id", "=", invoice.id)
    .execute();
  const used = split.totalCents > 0 ? r.card : null;
  await claimPayment(trx, {
    key,
    userId: sub.userId,
    orderId: d.orderId,
    amountCents: split.totalCents,
    card: used,
  });
  return {
    card: used,
    amountCents: split.totalCents,
    description: chargeDescription(sub.boxName, d.deliveryDate, r.attempt),
  };
}

/**
 * A declined renewal tried again (RENEWALS.maxRetries times before the packing
 * cut-off, schedule.ts retryInstants), unless the subscriber paid it meanwhile.
 * Never after the packing cut-off: the `packing` step settles it then.
 */
export async function retryCharge(
  ctx: RenewalContext,
  deliveryId: number,
  opts: RetryOptions = {},
): Promise<RenewalOutcome> {
  const { db, now } = ctx;
  const d = await deliveryById(db, deliveryId);
  if (!d || d.status !== "payment_failed" || !d.orderId) return "skipped";
  const packing = packingCutoffInstant(d.deliveryDate).toISOString();
  if (now.toISOString() >= packing) return "skipped";
  const sub = await subscriptionFacts(db, d.subscriptionId);
  if (!sub) return "skipped";
  const card = await primaryCard(db, sub.userId);
  const attempt = d.chargeAttempts + 1;
  const key = renewalChargeKey(sub.id, d.deliveryDate, attempt);
  const r: Retry = { d: { ...d, orderId: d.orderId }, sub, card, attempt, key, now };
  const claimed = await claimStep<null, RenewalOutcome>(async (trx) => {
    if (!(await claimRetry(trx, r, opts.atOnce))) return { refused: "skipped" };
    await opts.within?.(trx, { key, attempt });
    if (await orderNotOurs(trx, r)) return { refused: "done" };
    return { claim: null, charge: await claimRetryPayment(trx, r) };
  }, db);
  if (claimed.kind === "refused") return claimed.refusal;
  if (claimed.kind === "pressed-before") throw keyTaken(d.id);
  return chargeAndSettle(ctx, d.id, key, claimed.claimed.charge);
}

/** A charge left half-way by a run that died: charged again with the same key (the gateway answers the first result), then settled. */
export async function resumeCharge(
  ctx: RenewalContext,
  deliveryId: number,
): Promise<RenewalOutcome> {
  const { db, now } = ctx;
  const ts = now.toISOString();
  const leaseStart = new Date(now.getTime() - RENEWALS.claimLeaseMinutes * 60_000).toISOString();
  const got = await db
    .updateTable("deliveries")
    .set({ claimedAt: ts, updatedAt: ts })
    .where("id", "=", deliveryId)
    .where("status", "=", "ordered")
    .where((eb) => eb.or([eb("claimedAt", "is", null), eb("claimedAt", "<=", leaseStart)]))
    .executeTakeFirst();
  if (Number(got.numUpdatedRows) !== 1) return "skipped";
  const d = (await deliveryById(db, deliveryId))!;
  const key = renewalChargeKey(d.subscriptionId, d.deliveryDate, d.chargeAttempts);
  const payment = await db
    .selectFrom("payments")
    .select([
      "status",
      "amountCents",
      "gatewayChargeId",
      "failureMessage",
      "cardBrand",
      "cardLastFour",
      "userId",
    ])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
  if (!payment) {
    await db
      .updateTable("deliveries")
      .set({ status: "payment_failed", claimedAt: null, nextAttemptAt: ts })
      .where("id", "=", d.id)
      .where("status", "=", "ordered")
      .execute();
    return "done";
  }
  if (payment.status === "pending") {
    // Ask the gateway first: the run that died may have been charged. Only a key it never saw is charged,
    // with the request the first run made (a real gateway refuses a reused key with other details).
    const charged = payment.amountCents > 0 ? await paymentGateway().findCharge(key) : null;
    if (charged) return settle(ctx, d.id, key, charged);
    // Past the packing cut-off a charge the gateway never saw is not made: the box is not packed.
    if (now.getTime() >= packingCutoffInstant(d.deliveryDate).getTime()) {
      return settle(ctx, d.id, key, {
        status: "declined",
        code: "card_declined",
        message: "The payment didn't go through before we packed the boxes.",
      });
    }
    const card = payment.userId
      ? await primaryCard(db, payment.userId, {
          brand: payment.cardBrand,
          lastFour: payment.cardLastFour,
        })
      : null;
    const sub = await subscriptionFacts(db, d.subscriptionId);
    return chargeAndSettle(ctx, d.id, key, {
      card,
      amountCents: payment.amountCents,
      description: chargeDescription(sub?.boxName ?? "Your box", d.deliveryDate, d.chargeAttempts),
    });
  }
  const result: ChargeResult =
    payment.status === "succeeded" || payment.status === "refunded"
      ? {
          status: "succeeded",
          chargeId: payment.gatewayChargeId ?? "",
          amountCents: payment.amountCents,
        }
      : {
          status: "declined",
          code: "card_declined",
          message: payment.failureMessage ?? "Your card was declined.",
        };
  return settle(ctx, d.id, key, result);
}
