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
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { RENEWALS } from "~/config";
import { formatDeliveryDate } from "~/delivery/schedule";
import { queueEmail } from "~/email/mailer.server";
import {
  deliveryRenewalEmail,
  type DeliveryRenewalProps,
} from "~/email/templates/delivery-renewal";
import { addLedgerEntry, creditBalance, lockUser } from "~/orders/credit.server";
import { applyCredit } from "~/orders/credit";
import { payableInvoice, paymentSummary } from "~/orders/breakdown";
import { breakdownOf } from "~/orders/breakdown.server";
import { MY_DELIVERIES_PATH, payOrderPath, taxInvoicePath } from "~/orders/paths";
import { newOrderReference } from "~/orders/reference.server";
import type { ChargeResult } from "~/payments/gateway";
import {
  chargeStep,
  claimStep,
  refuse,
  settleStep,
  type ChargeRequest,
  type SettleGuard,
} from "~/payments/charge-flow.server";
import { claimPayment, settlePayment, type ResolvedCard } from "~/payments/payments.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import type { RegionSchedule } from "~/delivery/schedule";
import {
  advanceDeliveryDate,
  changeEvents,
  deliveryById,
  lockSubscription,
  recordEvent,
  scheduleOf,
  skippedByEvents,
  subscriptionFacts,
  type DeliveryRow,
  type SubscriptionFacts,
} from "./deliveries.server";
import { withoutLines } from "./renewal-quote.server";
import { deliveryTerms, freezePastCutoff, quoteDelivery } from "./delivery-box.server";
import { frozenBoxOf } from "./delivery-terms";
import { recordRenewalUse } from "~/checkout/discount-use.server";
import { insertInvoiceLines } from "~/orders/invoice-lines.server";
import {
  decideAtCutoff,
  nextAttemptAfter,
  nextDeliveryDate,
  packingCutoffInstant,
  packingCutoffLabel,
  renewalChargeKey,
  retryInstants,
  sydneyClockLabel,
  type Decision,
} from "./schedule";

export type RenewalContext = { db: Kysely<DB>; now: Date; origin: string };
export type RenewalOutcome = "done" | "skipped";

/**
 * Test seam: runs after the order is committed and before the card is
 * charged, so a test can kill the run there and prove the resume.
 */
export const renewalHooks: { afterOrderWritten?: (deliveryId: number) => void | Promise<void> } =
  {};

const PAYABLE = ["unpaid", "failed"] as const;

/** The card renewals charge: the primary card (else the newest saved one). */
async function primaryCard(
  db: Kysely<DB>,
  userId: number,
  prefer?: { brand: string | null; lastFour: string | null },
): Promise<ResolvedCard | null> {
  const rows = await db
    .selectFrom("paymentMethods")
    .select(["id", "gatewayToken", "brand", "lastFour", "expMonth", "expYear", "isPrimary"])
    .where("userId", "=", userId)
    .orderBy("isPrimary", "desc")
    .orderBy("id", "desc")
    .execute();
  const row =
    (prefer && rows.find((r) => r.brand === prefer.brand && r.lastFour === prefer.lastFour)) ??
    rows[0];
  return row
    ? {
        token: row.gatewayToken,
        brand: row.brand,
        lastFour: row.lastFour,
        expMonth: row.expMonth,
        expYear: row.expYear,
        savedId: row.id,
      }
    : null;
}

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

type Decided = { decision: Decision; sub: SubscriptionFacts | null; next: string | null };

/** What the delivery's cut-off makes of it, from the rows `db` sees (inside the decision: rows it holds locked). */
async function decide(
  db: Kysely<DB>,
  d: DeliveryRow,
  sub: SubscriptionFacts | null,
  schedule: RegionSchedule,
  now: Date,
): Promise<Decided> {
  if (!sub) return { decision: "cancelled", sub: null, next: null };
  const next = nextDeliveryDate(schedule, d.deliveryDate, sub.frequencyDays);
  // a disabled account's deliveries are skipped at their cut-off: never charged nor packed (decision 062)
  if (sub.ownerDisabled) return { decision: "skipped", sub, next };
  const events = await changeEvents(db, sub.id);
  const pausedAt = [...events].reverse().find((e) => e.type === "paused")?.createdAt ?? null;
  const decision = decideAtCutoff(
    {
      deliveryDate: d.deliveryDate,
      cutoffAt: new Date(d.cutoffAt),
      subscription: sub,
      pausedAt,
      skipped: d.status === "skipped" || skippedByEvents(events).has(d.deliveryDate),
    },
    now,
  );
  return { decision, sub, next };
}

/**
 * The box as it stood at the cut-off, written on the delivery unless a change after the cut-off
 * already did (decision 069): from here on the delivery's contents no longer follow the subscription.
 */
async function freeze(db: Kysely<DB>, subscriptionId: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    await lockSubscription(trx, subscriptionId);
    await freezePastCutoff(trx, subscriptionId, now);
  });
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
  const seen = await deliveryById(db, deliveryId);
  if (!seen || seen.processedAt) return "skipped";
  const seenSub = await subscriptionFacts(db, seen.subscriptionId);
  const schedule = await scheduleOf(seenSub?.regionId ?? null);
  const hint = await decide(db, seen, seenSub, schedule, now);
  if (hint.decision === "order" && hint.sub) await freeze(db, seen.subscriptionId, now);
  const terms = hint.decision === "order" ? await deliveryTerms(db, seen.id) : null;
  const prepared =
    hint.decision === "order" && hint.sub && terms
      ? {
          // the box at its cut-off, priced as its reminder said (decisions 055, 069)
          rq: await quoteDelivery(hint.sub, terms, now),
          box: frozenBoxOf(terms.boxAtCutoff),
          card: await primaryCard(db, hint.sub.userId),
        }
      : null;
  const ts = now.toISOString();
  const reference = newOrderReference();

  // the claim is the payment's key
  const claimed = await claimStep<string, RenewalOutcome | "look again">(async (trx) => {
    await lockSubscription(trx, seen.subscriptionId);
    const took = await trx
      .updateTable("deliveries")
      .set({ processedAt: ts, updatedAt: ts })
      .where("id", "=", seen.id)
      .where("processedAt", "is", null)
      .where("status", "in", ["scheduled", "skipped"])
      .executeTakeFirst();
    if (Number(took.numUpdatedRows) !== 1) return { refused: "skipped" };
    const d = (await deliveryById(trx, seen.id))!;
    const { decision, sub, next } = await decide(
      trx,
      d,
      await subscriptionFacts(trx, seen.subscriptionId),
      schedule,
      now,
    );
    if (sub && sub.regionId !== (seenSub?.regionId ?? null)) refuse("look again"); // moved area meanwhile: its schedule is read again

    if (decision !== "order" || !sub) {
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
      return { refused: "done" };
    }
    if (!prepared) refuse("look again");
    const { rq, card, box } = prepared;
    const key = renewalChargeKey(sub.id, d.deliveryDate, 1);
    await trx
      .updateTable("deliveries")
      .set({ status: "ordered", claimedAt: ts, chargeAttempts: 1 })
      .where("id", "=", d.id)
      .execute();
    if (sub.status === "paused") {
      // the pause has ended: the subscription is active again
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

    // An order for this date made another way (by hand, or an older system) is linked, never doubled.
    const existing = await trx
      .selectFrom("orders")
      .select(["id", "status"])
      .where("subscriptionId", "=", sub.id)
      .where("deliveryDate", "=", d.deliveryDate)
      .executeTakeFirst();
    if (existing) {
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
      return { refused: "done" };
    }

    // Stock by conditional update: a line whose stock ran out since the quote is left out (add-ons) or replaced (cuts).
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
    const owed = priced.subtotalCents - priced.discountedCents;

    await lockUser(trx, sub.userId);
    const split = applyCredit(
      sub.hasPassword ? await creditBalance({ userId: sub.userId }, trx) : 0,
      owed,
    );
    const { id: orderId } = await trx
      .insertInto("orders")
      .values({
        reference,
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
        paymentKey: key,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Invoice total before credit (the pay-an-order convention); the credit spent is its own column.
    const { id: invoiceId } = await trx
      .insertInto("invoices")
      .values({
        orderId,
        subtotalCents: priced.subtotalCents,
        discountedCents: priced.discountedCents,
        creditCents: split.creditCents,
        totalCents: owed,
        createdAt: ts,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertInvoiceLines(
      trx,
      {
        id: invoiceId,
        subtotalCents: priced.subtotalCents,
        discountedCents: priced.discountedCents,
      },
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
        at: now,
      });
    await addLedgerEntry(trx, {
      userId: sub.userId,
      amountCents: -split.creditCents,
      reason: "Credit used on a delivery",
      reference,
    });
    const used = split.totalCents > 0 ? card : null;
    await claimPayment(trx, {
      key,
      userId: sub.userId,
      orderId,
      amountCents: split.totalCents,
      card: used,
    });
    await trx
      .updateTable("deliveries")
      .set({
        orderId,
        stock: JSON.stringify(reserved),
        notes: notes.length ? JSON.stringify(notes) : null,
      })
      .where("id", "=", d.id)
      .execute();
    await recordEvent(
      trx,
      sub.id,
      "renewed",
      { reference, deliveryDate: d.deliveryDate },
      { kind: "shop" },
      now,
    );
    if (next) await advanceDeliveryDate(trx, sub.id, next, now);
    return {
      claim: key,
      charge: {
        card: used,
        amountCents: split.totalCents,
        description: chargeDescription(sub.boxName, d.deliveryDate, 1),
      },
    };
  }, db);
  if (claimed.kind === "refused") return claimed.refusal;
  if (claimed.kind === "pressed-before") throw keyTaken(seen.id);
  await renewalHooks.afterOrderWritten?.(seen.id);
  const { claim: key, charge } = claimed.claimed;
  return chargeAndSettle(ctx, seen.id, key, charge);
}

/** A payment under the key a delivery's claim writes, without that claim: never expected, so the job logs it as failed. */
const keyTaken = (deliveryId: number) =>
  new Error(`delivery ${deliveryId}: its payment key is taken`);

/* ------------------------------------------------------------ charge */

/** What a renewal charge says; the same for a first try and its resumption after a crash. */
function chargeDescription(boxName: string, deliveryDate: string, attempt: number) {
  return attempt > 1
    ? `${boxName}, delivery ${deliveryDate} (retry ${attempt - 1})`
    : `${boxName}, delivery ${deliveryDate}`;
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
  const { base, invoice } = await mailProps(db, ctx, sub, orderId, d.notes, d.deliveryDate);
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
    await queueEmail(trx, deliveryRenewalEmail, sub.email, {
      ...base,
      kind: "declined",
      creditCents: 0,
      chargedCents: invoice.totalCents,
      card:
        payment?.cardBrand && payment.cardLastFour
          ? `${payment.cardBrand} ending in ${payment.cardLastFour}`
          : null,
      failure: payment?.failureMessage ?? "Your card was declined.",
      retryTimes: retryInstants(schedule, d.deliveryDate)
        .filter((t) => t.getTime() > now.getTime())
        .map(sydneyClockLabel),
      packingCutoff: packingCutoffLabel(d.deliveryDate),
    });
    await within?.(trx);
    return "done" as const;
  });
}

/** An error here (the gateway unreachable, the process killed) leaves the payment pending: resumed later with the same key. */
async function chargeAndSettle(
  ctx: RenewalContext,
  deliveryId: number,
  key: string,
  request: ChargeRequest,
) {
  return settle(ctx, deliveryId, key, await chargeStep(key, request));
}

export type RetryOptions = {
  /** staff's "Retry now": tried at once, whatever the retry schedule says (never after the packing cut-off) */
  atOnce?: boolean;
  /** runs in the claim's transaction once the retry is claimed (the back office's audit entry) */
  within?: (trx: Kysely<DB>, claim: { key: string; attempt: number }) => Promise<void>;
};

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
  const ts = now.toISOString();
  const d = await deliveryById(db, deliveryId);
  if (!d || d.status !== "payment_failed" || !d.orderId) return "skipped";
  const packing = packingCutoffInstant(d.deliveryDate).toISOString();
  if (ts >= packing) return "skipped";
  const sub = await subscriptionFacts(db, d.subscriptionId);
  if (!sub) return "skipped";
  const card = await primaryCard(db, sub.userId);
  const attempt = d.chargeAttempts + 1;
  const key = renewalChargeKey(sub.id, d.deliveryDate, attempt);
  const orderId = d.orderId;
  const claimed = await claimStep<null, RenewalOutcome>(async (trx) => {
    const got = await trx
      .updateTable("deliveries")
      .set({ status: "ordered", claimedAt: ts, chargeAttempts: attempt, updatedAt: ts })
      .where("id", "=", d.id)
      .where("status", "=", "payment_failed")
      // the attempt this run read: another retry settled meanwhile would otherwise share its key
      .where("chargeAttempts", "=", d.chargeAttempts)
      .$if(!opts.atOnce, (q) => q.where("nextAttemptAt", "<=", ts))
      .executeTakeFirst();
    if (Number(got.numUpdatedRows) !== 1) return { refused: "skipped" };
    await opts.within?.(trx, { key, attempt });
    const order = await trx
      .selectFrom("orders")
      .select(["status"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    if (order.status === "paid") {
      // paid by the subscriber at /checkout/{order}: nothing to charge
      await trx
        .updateTable("deliveries")
        .set({
          status: "paid",
          claimedAt: null,
          nextAttemptAt: null,
          chargeAttempts: d.chargeAttempts,
        })
        .where("id", "=", d.id)
        .execute();
      return { refused: "done" };
    }
    const takeOrder = await trx
      .updateTable("orders")
      .set({ paymentKey: key })
      .where("id", "=", orderId)
      .where("status", "in", PAYABLE)
      .where("paymentKey", "is", null)
      .executeTakeFirst();
    if (Number(takeOrder.numUpdatedRows) !== 1) {
      // the subscriber is paying it right now (or it was closed by hand): look again in an hour
      const later = new Date(now.getTime() + 3_600_000).toISOString();
      const closed = !(PAYABLE as readonly string[]).includes(order.status);
      await trx
        .updateTable("deliveries")
        .set(
          closed
            ? {
                status: "skipped",
                skipReason: `order ${order.status}`,
                claimedAt: null,
                nextAttemptAt: null,
                chargeAttempts: d.chargeAttempts,
              }
            : {
                status: "payment_failed",
                claimedAt: null,
                nextAttemptAt: later,
                chargeAttempts: d.chargeAttempts,
              },
        )
        .where("id", "=", d.id)
        .execute();
      return { refused: "done" };
    }
    const invoice = await trx
      .selectFrom("invoices")
      .select(["id", "totalCents"])
      .where("orderId", "=", orderId)
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
    const used = split.totalCents > 0 ? card : null;
    await claimPayment(trx, {
      key,
      userId: sub.userId,
      orderId,
      amountCents: split.totalCents,
      card: used,
    });
    return {
      claim: null,
      charge: {
        card: used,
        amountCents: split.totalCents,
        description: chargeDescription(sub.boxName, d.deliveryDate, attempt),
      },
    };
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

/* ------------------------------------------------------------ settle */

async function mailProps(
  db: Kysely<DB>,
  ctx: RenewalContext,
  sub: SubscriptionFacts,
  orderId: number,
  notes: string | null,
  deliveryDate: string,
) {
  const order = await db
    .selectFrom("orders")
    .select(["id", "reference", "status", "kind", "deliveryDate"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const latest = payableInvoice(await breakdownOf(order, db));
  const invoice = await db
    .selectFrom("invoices")
    .select(["id", "subtotalCents", "discountedCents", "creditCents", "totalCents"])
    .where("orderId", "=", orderId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("invoiceLines")
    .select(["name", "quantity", "priceCents"])
    .where("invoiceId", "=", invoice.id)
    .orderBy("id")
    .execute();
  const base: Omit<DeliveryRenewalProps, "kind"> = {
    firstName: sub.firstName,
    reference: order.reference,
    boxName: sub.boxName,
    deliveryDate: formatDeliveryDate(deliveryDate),
    lines: lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      lineCents: l.priceCents * l.quantity,
    })),
    subtotalCents: invoice.subtotalCents,
    discountedCents: invoice.discountedCents,
    creditCents: invoice.creditCents,
    chargedCents: Math.max(0, invoice.totalCents - invoice.creditCents),
    card: null,
    gstCents: latest ? paymentSummary(latest, null, true).gstCents : 0,
    notes: notes ? (JSON.parse(notes) as string[]) : [],
    payUrl: `${ctx.origin}${payOrderPath(order.reference)}`,
    invoiceUrl: `${ctx.origin}${taxInvoicePath(order.reference)}`,
    manageUrl: `${ctx.origin}${MY_DELIVERIES_PATH}`,
  };
  return { base, invoice, reference: order.reference };
}

/**
 * Step 3 of a renewal: the delivery row decides who settles (ownDelivery), so a resumed run settles a
 * payment that is no longer pending, and a run that finds the delivery moved on leaves it ("skipped").
 */
async function settle(
  ctx: RenewalContext,
  deliveryId: number,
  key: string,
  result: ChargeResult,
): Promise<RenewalOutcome> {
  const { db, now } = ctx;
  const d = await deliveryById(db, deliveryId);
  if (!d || d.status !== "ordered" || !d.orderId) return "skipped";
  const sub = await subscriptionFacts(db, d.subscriptionId);
  if (!sub) return "skipped";
  const orderId = d.orderId;
  const { base, invoice, reference } = await mailProps(
    db,
    ctx,
    sub,
    orderId,
    d.notes,
    d.deliveryDate,
  );
  const payment = await db
    .selectFrom("payments")
    .select(["cardBrand", "cardLastFour"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
  const card =
    payment?.cardBrand && payment.cardLastFour
      ? `${payment.cardBrand} ending in ${payment.cardLastFour}`
      : null;
  // Declined: the order awaits payment until the packing cut-off, tried again on the retry schedule
  // (none left: it waits for the subscriber to pay it, or for the `packing` step to cancel it).
  const schedule = await scheduleOf(sub.regionId);
  const nextAt = nextAttemptAfter(schedule, d.deliveryDate, d.chargeAttempts);
  const settled = await settleStep<null, void>(
    {
      async record(trx) {
        await trx
          .updateTable("orders")
          .set({ status: "paid", paidAt: now.toISOString() })
          .where("id", "=", orderId)
          .where("status", "in", PAYABLE)
          .execute();
        await queueEmail(trx, deliveryRenewalEmail, sub.email, {
          ...base,
          kind: "paid",
          card: base.chargedCents > 0 ? card : null,
        });
      },
      async release(trx, _claim, decline) {
        // Credit comes back: the order awaits payment, and paying it spends credit again (SPEC §4).
        if (invoice.creditCents > 0) {
          await addLedgerEntry(trx, {
            userId: sub.userId,
            amountCents: invoice.creditCents,
            reason: "Credit returned: payment declined",
            reference,
          });
          await trx
            .updateTable("invoices")
            .set({ creditCents: 0 })
            .where("id", "=", invoice.id)
            .execute();
        }
        await trx
          .updateTable("orders")
          .set({ paymentKey: null })
          .where("id", "=", orderId)
          .where("paymentKey", "=", key)
          .execute();
        await recordEvent(
          trx,
          sub.id,
          "payment_failed",
          { reference, deliveryDate: d.deliveryDate, attempt: d.chargeAttempts },
          { kind: "shop" },
          now,
        );
        if (d.chargeAttempts === 1) {
          await queueEmail(trx, deliveryRenewalEmail, sub.email, {
            ...base,
            kind: "declined",
            creditCents: 0,
            chargedCents: invoice.totalCents,
            card,
            failure: decline.message,
            retryTimes: retryInstants(schedule, d.deliveryDate)
              .filter((t) => t.getTime() > now.getTime())
              .map(sydneyClockLabel),
            packingCutoff: packingCutoffLabel(d.deliveryDate),
          });
        }
      },
    },
    null,
    result,
    ownDelivery(d.id, orderId, key, now, nextAt),
    db,
  );
  return settled.kind === "settled-elsewhere" ? "skipped" : "done";
}

/** The delivery is this run's to settle while it is still `ordered`; the payment row follows, whatever its state. */
function ownDelivery(
  deliveryId: number,
  orderId: number,
  key: string,
  now: Date,
  nextAt: Date | null,
): SettleGuard {
  const ts = now.toISOString();
  return async (trx, result) => {
    const paid = result.status === "succeeded";
    const got = await trx
      .updateTable("deliveries")
      .set({
        status: paid ? "paid" : "payment_failed",
        claimedAt: null,
        nextAttemptAt: paid ? null : (nextAt?.toISOString() ?? null),
        updatedAt: ts,
      })
      .where("id", "=", deliveryId)
      .where("status", "=", "ordered")
      .executeTakeFirst();
    if (Number(got.numUpdatedRows) !== 1) return false;
    await settlePayment(trx, key, result, paid ? { orderId } : {});
    return true;
  };
}
