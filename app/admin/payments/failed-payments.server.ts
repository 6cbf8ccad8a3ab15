// Failed payments (issue 36): renewals whose card was declined, awaiting payment until their packing
// cut-off, with the renewal engine's retry schedule. "Retry now" charges through the engine
// (app/subscriptions/renewals.server.ts retryCharge: the same claim, key and settle); "Send the pay
// link again" queues the e-mail the engine sends after a decline. Both write an audit entry in the
// transaction that makes the change.
import { writeAudit } from "~/staff/audit.server";
import { PAGE_SIZE, offsetOf } from "~/admin/pagination";
import type { Staff } from "~/staff/staff-session.server";
import { db } from "~/db/client.server";
import { scheduleOf } from "~/subscriptions/deliveries.server";
import { resendPayLink, retryCharge } from "~/subscriptions/renewals.server";
import { packingCutoffInstant, renewalChargeKey, retryInstants } from "~/subscriptions/schedule";

export type FailedPayment = {
  deliveryId: number;
  deliveryDate: string;
  orderReference: string;
  customerId: number;
  customerName: string;
  email: string;
  dueCents: number;
  attempts: number;
  failure: string | null;
  /** the engine's retries still ahead (ISO), the next one first */
  retries: string[];
  nextAttemptAt: string | null;
  packingCutoffAt: string;
};

/** Declined renewals still awaiting payment, the soonest delivery first; 50 a page. */
export async function failedPayments(
  page: number,
  now = new Date(),
): Promise<{ rows: FailedPayment[]; total: number }> {
  const base = db
    .selectFrom("deliveries as d")
    .innerJoin("subscriptions as s", "s.id", "d.subscriptionId")
    .innerJoin("users as u", "u.id", "s.userId")
    .innerJoin("orders as o", "o.id", "d.orderId")
    .where("d.status", "=", "payment_failed")
    .where("o.status", "in", ["unpaid", "failed"]);
  const [rows, count] = await Promise.all([
    base
      .select([
        "d.id as deliveryId",
        "d.deliveryDate",
        "d.chargeAttempts",
        "d.nextAttemptAt",
        "s.id as subscriptionId",
        "s.regionId",
        "o.reference",
        "u.id as customerId",
        "u.firstName",
        "u.lastName",
        "u.email",
        (eb) =>
          eb
            .selectFrom("invoices")
            .select("invoices.totalCents")
            .whereRef("invoices.orderId", "=", "o.id")
            .orderBy("invoices.id", "desc")
            .limit(1)
            .as("totalCents"),
      ])
      .orderBy("d.deliveryDate")
      .orderBy("d.id")
      .limit(PAGE_SIZE)
      .offset(offsetOf(page))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  // the last attempt's decline message, one query for the page
  const keys = rows.map((r) =>
    renewalChargeKey(r.subscriptionId, r.deliveryDate, Math.max(1, r.chargeAttempts)),
  );
  const failures = keys.length
    ? await db
        .selectFrom("payments")
        .select(["idempotencyKey", "failureMessage"])
        .where("idempotencyKey", "in", keys)
        .execute()
    : [];
  const failureOf = new Map(failures.map((f) => [f.idempotencyKey, f.failureMessage]));
  const out: FailedPayment[] = [];
  for (const [i, r] of rows.entries()) {
    const schedule = await scheduleOf(r.regionId); // cached per region
    out.push({
      deliveryId: r.deliveryId,
      deliveryDate: r.deliveryDate,
      orderReference: r.reference,
      customerId: r.customerId,
      customerName: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email,
      email: r.email,
      dueCents: Number(r.totalCents ?? 0),
      attempts: r.chargeAttempts,
      failure: failureOf.get(keys[i]) ?? null,
      // the engine's tries not yet used (the next is nextAttemptAt), still ahead
      retries: retryInstants(schedule, r.deliveryDate)
        .slice(Math.max(0, r.chargeAttempts - 1))
        .filter((t) => t.getTime() > now.getTime())
        .map((t) => t.toISOString()),
      nextAttemptAt: r.nextAttemptAt,
      packingCutoffAt: packingCutoffInstant(r.deliveryDate).toISOString(),
    });
  }
  return { rows: out, total: Number(count?.n ?? 0) };
}

export type PaymentActionOutcome =
  { kind: "paid" | "declined" | "sent"; reference: string } | { kind: "refused"; message: string };

const NOT_AWAITING =
  "This renewal no longer awaits payment (paid, retried meanwhile, or past its packing cut-off). Nothing was changed.";

async function deliveryFacts(deliveryId: number) {
  return db
    .selectFrom("deliveries as d")
    .innerJoin("orders as o", "o.id", "d.orderId")
    .select([
      "d.id",
      "d.status",
      "d.chargeAttempts",
      "d.nextAttemptAt",
      "o.reference",
      "o.status as orderStatus",
    ])
    .where("d.id", "=", deliveryId)
    .executeTakeFirst();
}

/** "Retry now": the engine's retry, at once; answers whether the card was charged. */
export async function retryNow(
  staff: Staff,
  deliveryId: number,
  origin: string,
  now = new Date(),
): Promise<PaymentActionOutcome> {
  const before = await deliveryFacts(deliveryId);
  if (!before || before.status !== "payment_failed")
    return { kind: "refused", message: NOT_AWAITING };
  const outcome = await retryCharge({ db, now, origin }, deliveryId, {
    atOnce: true,
    within: (trx, claim) =>
      writeAudit(trx, staff, {
        action: "payment.retry",
        entityType: "delivery",
        entityId: deliveryId,
        before: {
          status: before.status,
          chargeAttempts: before.chargeAttempts,
          nextAttemptAt: before.nextAttemptAt,
        },
        after: {
          status: "ordered",
          chargeAttempts: claim.attempt,
          key: claim.key,
          order: before.reference,
        },
      }),
  });
  if (outcome === "skipped") return { kind: "refused", message: NOT_AWAITING };
  const after = await deliveryFacts(deliveryId);
  return {
    kind: after?.status === "paid" || after?.orderStatus === "paid" ? "paid" : "declined",
    reference: before.reference,
  };
}

/** "Send the pay link again": the decline e-mail with the pay-an-order link, queued again. */
export async function sendPayLinkAgain(
  staff: Staff,
  deliveryId: number,
  origin: string,
  now = new Date(),
): Promise<PaymentActionOutcome> {
  const before = await deliveryFacts(deliveryId);
  if (!before) return { kind: "refused", message: NOT_AWAITING };
  const outcome = await resendPayLink({ db, now, origin }, deliveryId, (trx) =>
    writeAudit(trx, staff, {
      action: "payment.send_pay_link",
      entityType: "delivery",
      entityId: deliveryId,
      before: null,
      after: { order: before.reference, email: "delivery-renewal (declined)" },
    }),
  );
  return outcome === "done"
    ? { kind: "sent", reference: before.reference }
    : { kind: "refused", message: NOT_AWAITING };
}
