// Refunds (issue 36): the whole order, chosen lines or an amount, with a reason, to the card through the
// PaymentGateway or as account credit. Each refund is an adjustment note the customer sees beside the
// tax invoice and receives by e-mail.
//
// Exactly once: the form carries an idempotency key made when the page was rendered and the
// "refunded so far" the member of staff saw. One transaction claims the refund: it moves
// orders.refundedCents with a conditional update that checks both the room left and that it still
// equals what was seen (0 rows: nothing is refunded), and inserts the refunds row under its unique key
// (a repeat press answers with the first result). The gateway is asked outside the transaction with
// the refund's key; then the refund is settled (succeeded: its note is e-mailed). A gateway error does
// not say the refund was not made (it may time out after refunding), so the refund is left unknown,
// still counted as refunded, until the settlement job (./settle-unknown.server.ts) asks the gateway
// by the refund's key (decision 072). A refund as credit is a credit_ledger row in the claim itself.
import { sql, type Kysely } from "kysely";
import { log } from "~/log/log.server";
import { redactLogText } from "~/security/redact.mjs";
import type { Staff } from "~/staff/staff-session.server";
import { writeAudit } from "~/admin/audit.server";
import { staffMoneyRefusal } from "~/admin/money-limits.server";
import { REFUND_LIMIT_CENTS } from "~/staff/permissions";
import { PAYMENTS } from "~/config";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { adjustmentNoteEmail } from "~/email/templates/adjustment-note";
import { formatPaidDate } from "~/orders/components/tax-invoice";
import { addLedgerEntry } from "~/orders/credit.server";
import { taxInvoicePath } from "~/orders/paths";
import { isUniqueViolation } from "~/payments/payments.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import {
  noteNumberOf,
  parseDollars,
  planRefund,
  REFUND_MESSAGES,
  type LineChoice,
  type RefundInvoice,
  type RefundMethod,
} from "./refund-rules";
import type { RefundForm } from "./refund-schema";

export type CardPayment = {
  id: number;
  amountCents: number;
  cardBrand: string | null;
  cardLastFour: string | null;
  gatewayChargeId: string;
  /** refunds to this payment that are not failed */
  refundedCents: number;
};

export type RefundContext = {
  order: {
    id: number;
    reference: string;
    userId: number;
    status: string;
    kind: "box" | "gift_card";
  };
  invoice: (RefundInvoice & { creditCents: number }) | null;
  /** card payments that succeeded for the order */
  cardPaidCents: number;
  creditUsedCents: number;
  /** card + credit: what a refund may give back in all */
  paidCents: number;
  refundedCents: number;
  gstAdjustedCents: number;
  /** the card payment a card refund goes back to (the latest with room left), or null */
  cardPayment: CardPayment | null;
};

type RefundRow = {
  id: number;
  method: RefundMethod;
  paymentId: number | null;
  amountCents: number;
  gstCents: number;
  status: "pending" | "unknown" | "succeeded" | "failed";
  lines: string | null;
};

const parseLines = (json: string | null): LineChoice[] => {
  if (!json) return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as LineChoice[]) : [];
  } catch {
    return [];
  }
};

/** Everything a refund of the order is checked against, read in one go (no query per line). */
export async function refundContext(
  orderId: number,
  executor: Kysely<DB> = db,
): Promise<RefundContext | null> {
  const order = await executor
    .selectFrom("orders")
    .select(["id", "reference", "userId", "status", "kind", "refundedCents"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  const [invoice, payments, refunds] = await Promise.all([
    executor
      .selectFrom("invoices")
      .select(["id", "subtotalCents", "discountedCents", "creditCents", "totalCents"])
      .where("orderId", "=", orderId)
      .orderBy("id", "desc")
      .executeTakeFirst(),
    executor
      .selectFrom("payments")
      .select(["id", "amountCents", "cardBrand", "cardLastFour", "gatewayChargeId"])
      .where("orderId", "=", orderId)
      .where("status", "in", ["succeeded", "refunded"])
      .orderBy("id", "asc")
      .execute(),
    executor
      .selectFrom("refunds")
      .select(["id", "method", "paymentId", "amountCents", "gstCents", "status", "lines"])
      .where("orderId", "=", orderId)
      .execute() as Promise<RefundRow[]>,
  ]);
  const live = refunds.filter((r) => r.status !== "failed");
  const lines = invoice
    ? await executor
        .selectFrom("invoiceLines")
        // the lines as issued: a refund adjusts the GST the invoice charged, whatever the catalogue says now
        .select([
          "invoiceLines.id",
          "invoiceLines.name",
          "invoiceLines.quantity",
          "invoiceLines.priceCents",
          "invoiceLines.free",
          "invoiceLines.taxable",
          "invoiceLines.gstCents",
        ])
        .where("invoiceLines.invoiceId", "=", invoice.id)
        .orderBy("invoiceLines.id", "asc")
        .execute()
    : [];
  const refundedQty = new Map<number, number>();
  for (const r of live)
    for (const c of parseLines(r.lines))
      refundedQty.set(c.invoiceLineId, (refundedQty.get(c.invoiceLineId) ?? 0) + c.quantity);
  const refundLines = lines.map((l) => ({
    id: l.id,
    name: l.name,
    quantity: l.quantity,
    priceCents: l.priceCents,
    taxable: l.taxable === 1,
    gstCents: l.gstCents,
    free: l.free === 1,
    refundedQuantity: refundedQty.get(l.id) ?? 0,
  }));
  const gstCents = refundLines.reduce((n, l) => n + l.gstCents, 0);
  const cardPayments = payments
    .filter((p) => p.amountCents > 0 && p.gatewayChargeId)
    .map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      cardBrand: p.cardBrand ?? null,
      cardLastFour: p.cardLastFour ?? null,
      gatewayChargeId: p.gatewayChargeId!,
      refundedCents: live
        .filter((r) => r.method === "card" && r.paymentId === p.id)
        .reduce((n, r) => n + r.amountCents, 0),
    }));
  const cardPaidCents = cardPayments.reduce((n, p) => n + p.amountCents, 0);
  const creditUsedCents = invoice && order.status === "paid" ? invoice.creditCents : 0;
  const cardPayment =
    [...cardPayments].reverse().find((p) => p.amountCents > p.refundedCents) ??
    cardPayments.at(-1) ??
    null;
  return {
    order: {
      id: order.id,
      reference: order.reference,
      userId: order.userId,
      status: order.status,
      kind: order.kind,
    },
    invoice: invoice
      ? {
          subtotalCents: invoice.subtotalCents,
          discountedCents: invoice.discountedCents,
          totalCents: invoice.totalCents,
          creditCents: invoice.creditCents,
          gstCents,
          lines: refundLines,
        }
      : null,
    cardPaidCents,
    creditUsedCents,
    paidCents: cardPaidCents + creditUsedCents,
    refundedCents: order.refundedCents,
    gstAdjustedCents: live.reduce((n, r) => n + r.gstCents, 0),
    cardPayment,
  };
}

/** What is left to refund in all, and to the card. */
export function roomOf(ctx: RefundContext) {
  const orderLeftCents = Math.max(0, ctx.paidCents - ctx.refundedCents);
  const cardLeftCents = ctx.cardPayment
    ? Math.min(
        orderLeftCents,
        Math.max(0, ctx.cardPayment.amountCents - ctx.cardPayment.refundedCents),
      )
    : 0;
  return { orderLeftCents, cardLeftCents };
}

export type RefundOutcome =
  | { kind: "done"; noteNumber: string; amountCents: number; method: RefundMethod }
  | { kind: "refused"; message: string }
  | { kind: "pending"; message: string }
  /** the gateway erred: the refund is being confirmed (decision 072) */
  | { kind: "unknown"; noteNumber: string; amountCents: number }
  | { kind: "failed"; message: string };

class Refused extends Error {
  constructor(public answer: RefundOutcome) {
    super(answer.kind);
  }
}

async function answerForKey(key: string, orderId: number): Promise<RefundOutcome | null> {
  const row = await db
    .selectFrom("refunds")
    .select(["orderId", "status", "noteNumber", "amountCents", "method"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.orderId !== orderId) return { kind: "refused", message: REFUND_MESSAGES.changed };
  if (row.status === "succeeded")
    return {
      kind: "done",
      noteNumber: row.noteNumber,
      amountCents: row.amountCents,
      method: row.method,
    };
  if (row.status === "pending") return { kind: "pending", message: REFUND_MESSAGES.pending };
  if (row.status === "unknown")
    return { kind: "unknown", noteNumber: row.noteNumber, amountCents: row.amountCents };
  return { kind: "failed", message: REFUND_MESSAGES.failed };
}

type Customer = { email: string; firstName: string | null };

function noteEmail(
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

/** One press of the refund button. */
export async function refundOrder({
  staff,
  orderId,
  form,
  origin,
  now = () => new Date(),
}: {
  staff: Pick<Staff, "id" | "role" | "ip">;
  orderId: number;
  form: RefundForm;
  origin: string;
  now?: () => Date;
}): Promise<RefundOutcome> {
  const repeat = await answerForKey(form.idempotencyKey, orderId);
  if (repeat) return repeat;
  // a refund whose request died half-way is finished first (it is already counted as refunded)
  await resumeAbandonedRefunds({ staff, orderId, origin, now: now() });
  const ctx = await refundContext(orderId);
  if (!ctx || ctx.order.status !== "paid" || !ctx.invoice)
    return { kind: "refused", message: REFUND_MESSAGES.nothingLeft };
  if (ctx.order.kind === "gift_card") return { kind: "refused", message: REFUND_MESSAGES.giftCard };
  if (ctx.refundedCents !== form.seenRefundedCents)
    return { kind: "refused", message: REFUND_MESSAGES.changed };
  const { orderLeftCents, cardLeftCents } = roomOf(ctx);
  if (form.method === "card" && !ctx.cardPayment)
    return { kind: "refused", message: REFUND_MESSAGES.noCard };
  const methodLeft = form.method === "card" ? cardLeftCents : orderLeftCents;
  const plan = planRefund(
    ctx.invoice,
    form.scope === "order"
      ? { scope: "order" }
      : form.scope === "lines"
        ? { scope: "lines", lines: form.lines }
        : { scope: "amount", amountCents: parseDollars(form.amount) ?? 0 },
    {
      leftCents: methodLeft,
      orderLeftCents,
      gstLeftCents: ctx.invoice.gstCents - ctx.gstAdjustedCents,
    },
  );
  if (!plan.ok) {
    const cardShort =
      form.method === "card" && cardLeftCents < orderLeftCents && orderLeftCents > 0;
    return {
      kind: "refused",
      message:
        cardShort && plan.message === REFUND_MESSAGES.moreThanLeft(methodLeft)
          ? REFUND_MESSAGES.moreThanCard(cardLeftCents)
          : plan.message,
    };
  }
  const limit = REFUND_LIMIT_CENTS[staff.role];
  if (plan.amountCents > limit)
    return { kind: "refused", message: REFUND_MESSAGES.overLimit(limit) };

  const customer = await db
    .selectFrom("users")
    .select(["email", "firstName"])
    .where("id", "=", ctx.order.userId)
    .executeTakeFirstOrThrow();
  const payment = form.method === "card" ? ctx.cardPayment : null;
  const at = now();
  let claimed: { id: number; noteNumber: string };
  try {
    claimed = await db.transaction().execute(async (trx) => {
      // support's $200 a press and $500 a Sydney day, across every route that moves money
      const overLimit = await staffMoneyRefusal(trx, staff, plan.amountCents, at);
      if (overLimit) throw new Refused({ kind: "refused", message: overLimit });
      const moved = await trx
        .updateTable("orders")
        .set({ refundedCents: sql<number>`refunded_cents + ${plan.amountCents}` })
        .where("id", "=", orderId)
        .where("status", "=", "paid")
        .where("refundedCents", "=", form.seenRefundedCents)
        .where(sql<boolean>`refunded_cents + ${plan.amountCents} <= ${ctx.paidCents}`)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new Refused({ kind: "refused", message: "" });
      if (payment) {
        // the order's row is held: no other refund of this order moves now
        const row = await trx
          .selectFrom("refunds")
          .select((eb) => eb.fn.sum<number>("amountCents").as("sum"))
          .where("paymentId", "=", payment.id)
          .where("method", "=", "card")
          .where("status", "!=", "failed")
          .executeTakeFirst();
        const cardLeft = payment.amountCents - Number(row?.sum ?? 0);
        if (plan.amountCents > cardLeft)
          throw new Refused({ kind: "refused", message: REFUND_MESSAGES.moreThanCard(cardLeft) });
      }
      const count = await trx
        .selectFrom("refunds")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("orderId", "=", orderId)
        .executeTakeFirst();
      const noteNumber = noteNumberOf(ctx.order.reference, Number(count?.n ?? 0) + 1);
      const credit = form.method === "credit";
      const inserted = await trx
        .insertInto("refunds")
        .values({
          orderId,
          paymentId: payment?.id ?? null,
          method: form.method,
          amountCents: plan.amountCents,
          gstCents: plan.gstCents,
          reason: form.reason,
          lines: plan.lines ? JSON.stringify(plan.lines) : null,
          staffUserId: staff.id,
          idempotencyKey: form.idempotencyKey,
          status: credit ? "succeeded" : "pending",
          gatewayRefundId: null,
          noteNumber,
          createdAt: at.toISOString(),
          completedAt: credit ? at.toISOString() : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await writeAudit(
        trx,
        staff,
        {
          action: "order.refund",
          entityType: "order",
          entityId: ctx.order.reference,
          before: { refundedCents: form.seenRefundedCents },
          after: {
            refundedCents: form.seenRefundedCents + plan.amountCents,
            refund: noteNumber,
            method: form.method,
            amountCents: plan.amountCents,
            gstCents: plan.gstCents,
            reason: form.reason,
            status: credit ? "succeeded" : "pending",
          },
        },
        at,
      );
      if (credit) {
        await addLedgerEntry(trx, {
          userId: ctx.order.userId,
          amountCents: plan.amountCents,
          reason: `Refund ${noteNumber}`,
          reference: ctx.order.reference,
        });
        await queueEmail(
          trx,
          adjustmentNoteEmail,
          customer.email,
          noteEmail(
            {
              noteNumber,
              amountCents: plan.amountCents,
              gstCents: plan.gstCents,
              reason: form.reason,
            },
            ctx.order.reference,
            "as account credit",
            customer,
            origin,
            at,
          ),
        );
      }
      return { id: inserted.id, noteNumber };
    });
  } catch (error) {
    if (!(error instanceof Refused) && !isUniqueViolation(error)) throw error;
    // a press with the same key got there first: answer with its result
    const first = await answerForKey(form.idempotencyKey, orderId);
    if (first) return first;
    if (error instanceof Refused && error.answer.kind === "refused" && error.answer.message)
      return error.answer;
    const fresh = await db
      .selectFrom("orders")
      .select(["refundedCents"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (fresh && fresh.refundedCents !== form.seenRefundedCents)
      return { kind: "refused", message: REFUND_MESSAGES.changed };
    return {
      kind: "refused",
      message: REFUND_MESSAGES.moreThanLeft(
        Math.max(0, ctx.paidCents - (fresh?.refundedCents ?? 0)),
      ),
    };
  }
  if (!payment)
    return {
      kind: "done",
      noteNumber: claimed.noteNumber,
      amountCents: plan.amountCents,
      method: "credit",
    };

  let gatewayRefundId: string;
  try {
    const result = await paymentGateway().refund(
      payment.gatewayChargeId,
      plan.amountCents,
      form.idempotencyKey,
    );
    gatewayRefundId = result.refundId;
  } catch (error) {
    await markUnknown(staff, claimed.id, ctx.order.reference, error, now());
    return { kind: "unknown", noteNumber: claimed.noteNumber, amountCents: plan.amountCents };
  }
  await settleSucceeded({
    staff,
    refund: {
      id: claimed.id,
      noteNumber: claimed.noteNumber,
      amountCents: plan.amountCents,
      gstCents: plan.gstCents,
      reason: form.reason,
    },
    payment,
    reference: ctx.order.reference,
    customer,
    origin,
    gatewayRefundId,
    at: now(),
  });
  return {
    kind: "done",
    noteNumber: claimed.noteNumber,
    amountCents: plan.amountCents,
    method: "card",
  };
}

/** The gateway refunded: the refund succeeds, its payment is marked refunded when nothing is left, its note is e-mailed. */
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
  staff: Pick<Staff, "id" | "role" | "ip">;
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
 * A card refund left pending longer than PAYMENTS.abandonedAfterMinutes was claimed by a request
 * that died before it heard from the gateway. The next refund press on the order finishes it: the
 * gateway is asked again with the refund's own key (it refunds a key at most once), then it is
 * settled as usual. Its amount stayed counted in refundedCents all along, so nothing was refunded twice.
 */
export async function resumeAbandonedRefunds({
  staff,
  orderId,
  origin,
  now = new Date(),
}: {
  staff: Pick<Staff, "id" | "role" | "ip">;
  orderId: number;
  origin: string;
  now?: Date;
}): Promise<number> {
  const before = new Date(now.getTime() - PAYMENTS.abandonedAfterMinutes * 60_000).toISOString();
  const stale = await db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.paymentId")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .innerJoin("users", "users.id", "orders.userId")
    .select([
      "refunds.id",
      "refunds.noteNumber",
      "refunds.amountCents",
      "refunds.gstCents",
      "refunds.reason",
      "refunds.idempotencyKey",
      "payments.id as paymentId",
      "payments.amountCents as paymentCents",
      "payments.cardBrand",
      "payments.cardLastFour",
      "payments.gatewayChargeId",
      "orders.reference",
      "users.email",
      "users.firstName",
    ])
    .where("refunds.orderId", "=", orderId)
    .where("refunds.status", "=", "pending")
    .where("refunds.method", "=", "card")
    .where("refunds.createdAt", "<", before)
    .execute();
  let resumed = 0;
  for (const r of stale) {
    if (!r.gatewayChargeId) continue;
    let refundId: string;
    try {
      refundId = (await paymentGateway().refund(r.gatewayChargeId, r.amountCents, r.idempotencyKey))
        .refundId;
    } catch (error) {
      await markUnknown(staff, r.id, r.reference, error, new Date());
      continue;
    }
    await settleSucceeded({
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
      origin,
      gatewayRefundId: refundId,
      at: new Date(),
    });
    resumed++;
  }
  return resumed;
}

/**
 * The gateway erred: whether it refunded is not known. The refund stays counted as refunded (no
 * second refund of that money can start) until the settlement job asks the gateway (decision 072).
 */
async function markUnknown(
  staff: Pick<Staff, "id" | "role" | "ip">,
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
  staff: Pick<Staff, "id" | "role" | "ip">,
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
