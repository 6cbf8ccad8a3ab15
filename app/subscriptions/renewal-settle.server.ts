// Step 3 of a renewal (./renewals.server.ts): settle the charge's result. One transaction: paid (the
// order, the payment, the receipt e-mail) or declined (the order left awaiting payment at
// /checkout/{order}, credit returned, a retry on the schedule, the first decline e-mailed). The
// delivery row decides who settles: only the run that finds it still `ordered`.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { formatDeliveryDate, type RegionSchedule } from "~/delivery/schedule";
import { queueEmail } from "~/email/mailer.server";
import {
  deliveryRenewalEmail,
  type DeliveryRenewalProps,
} from "~/email/templates/delivery-renewal";
import { addLedgerEntry } from "~/orders/credit.server";
import { payableInvoice, paymentSummary } from "~/orders/breakdown";
import { breakdownOf } from "~/orders/breakdown.server";
import { MY_DELIVERIES_PATH, payOrderPath, taxInvoicePath } from "~/orders/paths";
import type { ChargeResult } from "~/payments/gateway";
import {
  chargeStep,
  settleStep,
  type ChargeRequest,
  type SettleGuard,
} from "~/payments/charge-flow.server";
import { settlePayment } from "~/payments/payments.server";
import {
  deliveryById,
  recordEvent,
  scheduleOf,
  subscriptionFacts,
  type DeliveryRow,
  type SubscriptionFacts,
} from "./deliveries.server";
import {
  cardLabel,
  PAYABLE,
  type RenewalContext,
  type RenewalOutcome,
} from "./renewal-charge.server";
import { nextAttemptAfter, packingCutoffLabel, retryInstants, sydneyClockLabel } from "./schedule";

/** What the renewal e-mails of an order say: its lines, amounts and links. */
export async function mailProps(
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

type MailProps = Awaited<ReturnType<typeof mailProps>>;

/** The declined e-mail: what is due, the card, why, the tries left before the packing cut-off. */
export function declinedMail(
  m: Pick<MailProps, "base" | "invoice">,
  d: Pick<DeliveryRow, "deliveryDate">,
  schedule: RegionSchedule,
  now: Date,
  card: string | null,
  failure: string,
): DeliveryRenewalProps {
  return {
    ...m.base,
    kind: "declined",
    creditCents: 0,
    chargedCents: m.invoice.totalCents,
    card,
    failure,
    retryTimes: retryInstants(schedule, d.deliveryDate)
      .filter((t) => t.getTime() > now.getTime())
      .map(sydneyClockLabel),
    packingCutoff: packingCutoffLabel(d.deliveryDate),
  };
}

type Declined = {
  sub: SubscriptionFacts;
  d: DeliveryRow;
  orderId: number;
  key: string;
  mail: MailProps;
  card: string | null;
  schedule: RegionSchedule;
  now: Date;
};

/** Declined: credit comes back (paying the order spends it again, SPEC §4), the order's key is let go, the first decline is e-mailed. */
async function releaseDeclined(trx: Kysely<DB>, x: Declined, message: string) {
  const { sub, d, mail } = x;
  const { invoice, reference } = mail;
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
    .where("id", "=", x.orderId)
    .where("paymentKey", "=", x.key)
    .execute();
  await recordEvent(
    trx,
    sub.id,
    "payment_failed",
    { reference, deliveryDate: d.deliveryDate, attempt: d.chargeAttempts },
    { kind: "shop" },
    x.now,
  );
  if (d.chargeAttempts === 1)
    await queueEmail(
      trx,
      deliveryRenewalEmail,
      sub.email,
      declinedMail(mail, d, x.schedule, x.now, x.card, message),
    );
}

/**
 * Step 3 of a renewal: the delivery row decides who settles (ownDelivery), so a resumed run settles a
 * payment that is no longer pending, and a run that finds the delivery moved on leaves it ("skipped").
 */
export async function settle(
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
  const mail = await mailProps(db, ctx, sub, orderId, d.notes, d.deliveryDate);
  const payment = await db
    .selectFrom("payments")
    .select(["cardBrand", "cardLastFour"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
  const card = cardLabel(payment);
  // Declined: the order awaits payment until the packing cut-off, tried again on the retry schedule
  // (none left: it waits for the subscriber to pay it, or for the `packing` step to cancel it).
  const schedule = await scheduleOf(sub.regionId);
  const nextAt = nextAttemptAfter(schedule, d.deliveryDate, d.chargeAttempts);
  const declined: Declined = { sub, d, orderId, key, mail, card, schedule, now };
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
          ...mail.base,
          kind: "paid",
          card: mail.base.chargedCents > 0 ? card : null,
        });
      },
      release: (trx, _claim, decline) => releaseDeclined(trx, declined, decline.message),
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

/** Steps 2 and 3. An error here (the gateway unreachable, the process killed) leaves the payment pending: resumed later with the same key. */
export async function chargeAndSettle(
  ctx: RenewalContext,
  deliveryId: number,
  key: string,
  request: ChargeRequest,
) {
  return settle(ctx, deliveryId, key, await chargeStep(key, request));
}
