// What a refund of an order is checked against (issue 36), read in one go (no query per line): the
// order, its latest invoice and lines as issued, its card payments and the refunds made so far.
// Shared by the order's page (what it offers) and the refund press (what it may do).
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import type { CardPayment } from "~/refunds/settle.server";
import type { LineChoice, RefundInvoice, RefundMethod } from "./refund-rules";

export type { CardPayment };

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

/** The order's rows a refund is checked against: its latest invoice and lines, payments and refunds. */
async function readRefundRows(executor: Kysely<DB>, orderId: number) {
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
  return { invoice, payments, refunds, lines };
}

type Rows = Awaited<ReturnType<typeof readRefundRows>>;

/** The invoice's lines with how many of each were refunded already (refunds not failed). */
function refundLinesOf(lines: Rows["lines"], live: RefundRow[]) {
  const refundedQty = new Map<number, number>();
  for (const r of live)
    for (const c of parseLines(r.lines))
      refundedQty.set(c.invoiceLineId, (refundedQty.get(c.invoiceLineId) ?? 0) + c.quantity);
  return lines.map((l) => ({
    id: l.id,
    name: l.name,
    quantity: l.quantity,
    priceCents: l.priceCents,
    taxable: l.taxable === 1,
    gstCents: l.gstCents,
    free: l.free === 1,
    refundedQuantity: refundedQty.get(l.id) ?? 0,
  }));
}

/** The card payments with what was refunded to each (refunds not failed). */
function cardPaymentsOf(payments: Rows["payments"], live: RefundRow[]): CardPayment[] {
  return payments
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
}

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
  const { invoice, payments, refunds, lines } = await readRefundRows(executor, orderId);
  const live = refunds.filter((r) => r.status !== "failed");
  const refundLines = refundLinesOf(lines, live);
  const cardPayments = cardPaymentsOf(payments, live);
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
          gstCents: refundLines.reduce((n, l) => n + l.gstCents, 0),
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
