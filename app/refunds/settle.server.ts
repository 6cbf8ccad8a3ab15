// How a card refund of an order ends (decision 072, moved here by decision 079): the press that
// heard back from the gateway and the settlement job (./settle-unknown.server.ts) settle it the same
// way. Each outcome is claimed by the refund row's own conditional status update, in the transaction
// of its effects, so whichever gets there first settles it and the other changes nothing.
import { sql } from "kysely";
import { db } from "~/db/client.server";
import { queueEmail } from "~/email/mailer.server";
import { adjustmentNoteEmail } from "~/email/templates/adjustment-note";
import { log } from "~/log/log.server";
import { formatPaidDate } from "~/orders/components/tax-invoice";
import { taxInvoicePath } from "~/orders/paths";
import { redactLogText } from "~/security/redact.mjs";
import { writeAudit } from "~/staff/audit.server";
import type { Staff } from "~/staff/staff-session.server";

export type StaffRef = Pick<Staff, "id" | "role" | "ip">;

export type CardPayment = {
  id: number;
  amountCents: number;
  cardBrand: string | null;
  cardLastFour: string | null;
  gatewayChargeId: string;
  /** refunds to this payment that are not failed */
  refundedCents: number;
};

export type Customer = { email: string; firstName: string | null };

/** The adjustment note's e-mail: what was refunded, where to, and the tax invoice it adjusts. */
export function noteEmail(
  refund: { noteNumber: string; amountCents: number; gstCents: number; reason: string },
  reference: string,
  destination: string,
  customer: Customer,
  origin: string,
  at: Date,
) {
  return {
    firstName: customer.firstName,
    noteNumber: refund.noteNumber,
    reference,
    date: formatPaidDate(at.toISOString()),
    amountCents: refund.amountCents,
    gstCents: refund.gstCents,
    reason: refund.reason,
    destination,
    invoiceUrl: `${origin}${taxInvoicePath(reference)}`,
  };
}

const cardWords = (p: Pick<CardPayment, "cardBrand" | "cardLastFour"> | null) =>
  p?.cardBrand && p.cardLastFour
    ? `to your ${p.cardBrand} ending in ${p.cardLastFour}`
    : "to your card";

/** The gateway refunded: the refund succeeds, its payment is marked refunded when nothing is left, its note is e-mailed. */
/** A refund row as the settling reads it back (its payment's card and its order's customer joined). */
export type RefundRow = {
  id: number;
  noteNumber: string;
  amountCents: number;
  gstCents: number;
  reason: string;
  paymentId: number;
  paymentCents: number;
  cardBrand?: string | null;
  cardLastFour?: string | null;
  reference: string;
  email: Customer["email"];
  firstName: Customer["firstName"];
};

/** settleSucceeded for a refund read back as a row: the resumed press and the settlement job. */
export function settleRowSucceeded(
  staff: StaffRef,
  r: RefundRow,
  settle: { origin: string; gatewayRefundId: string; at: Date; from?: "pending" | "unknown" },
): Promise<boolean> {
  return settleSucceeded({
    staff,
    refund: r,
    payment: {
      id: r.paymentId,
      amountCents: r.paymentCents,
      cardBrand: r.cardBrand ?? null,
      cardLastFour: r.cardLastFour ?? null,
    },
    reference: r.reference,
    customer: { email: r.email, firstName: r.firstName },
    ...settle,
  });
}

export async function settleSucceeded({
  staff,
  refund,
  payment,
  reference,
  customer,
  origin,
  gatewayRefundId,
  at,
  from = "pending",
}: {
  staff: StaffRef;
  refund: { id: number; noteNumber: string; amountCents: number; gstCents: number; reason: string };
  payment: Pick<CardPayment, "id" | "amountCents" | "cardBrand" | "cardLastFour">;
  reference: string;
  customer: Customer;
  origin: string;
  gatewayRefundId: string;
  at: Date;
  /** the status it is settled from: pending (the press heard back) or unknown (the settlement job) */
  from?: "pending" | "unknown";
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const settled = await trx
      .updateTable("refunds")
      .set({ status: "succeeded", gatewayRefundId, completedAt: at.toISOString() })
      .where("id", "=", refund.id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(settled.numUpdatedRows) !== 1) return false;
    const row = await trx
      .selectFrom("refunds")
      .select((eb) => eb.fn.sum<number>("amountCents").as("sum"))
      .where("paymentId", "=", payment.id)
      .where("status", "=", "succeeded")
      .executeTakeFirst();
    if (Number(row?.sum ?? 0) >= payment.amountCents)
      await trx
        .updateTable("payments")
        .set({ status: "refunded" })
        .where("id", "=", payment.id)
        .where("status", "=", "succeeded")
        .execute();
    await writeAudit(
      trx,
      staff,
      {
        action: "refund.succeeded",
        entityType: "order",
        entityId: reference,
        before: { refund: refund.noteNumber, status: from },
        after: { refund: refund.noteNumber, status: "succeeded", amountCents: refund.amountCents },
      },
      at,
    );
    await queueEmail(
      trx,
      adjustmentNoteEmail,
      customer.email,
      noteEmail(refund, reference, cardWords(payment), customer, origin, at),
    );
    return true;
  });
}

/**
 * The gateway erred: whether it refunded is not known. The refund stays counted as refunded (no
 * second refund of that money can start) until the settlement job asks the gateway (decision 072).
 */
export async function markUnknown(
  staff: StaffRef,
  refundId: number,
  reference: string,
  error: unknown,
  at: Date,
) {
  log().error({ type: "refund.unknown", refundId }, redactLogText((error as Error).message));
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable("refunds")
      .set({ status: "unknown" })
      .where("id", "=", refundId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return;
    await writeAudit(
      trx,
      staff,
      {
        action: "refund.unknown",
        entityType: "order",
        entityId: reference,
        before: { refundId, status: "pending" },
        after: { refundId, status: "unknown" },
      },
      at,
    );
  });
}

/** The gateway made no refund with the refund's key: the refund is failed and its amount given back to the order. */
export async function settleFailed(
  staff: StaffRef,
  refundId: number,
  orderId: number,
  reference: string,
  amountCents: number,
  at: Date,
  from: "pending" | "unknown" = "unknown",
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable("refunds")
      .set({ status: "failed", completedAt: at.toISOString() })
      .where("id", "=", refundId)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable("orders")
      .set({ refundedCents: sql<number>`refunded_cents - ${amountCents}` })
      .where("id", "=", orderId)
      .execute();
    await writeAudit(
      trx,
      staff,
      {
        action: "refund.failed",
        entityType: "order",
        entityId: reference,
        before: { refundId, status: from },
        after: { refundId, status: "failed", amountCents },
      },
      at,
    );
    return true;
  });
}
