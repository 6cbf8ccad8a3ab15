// The tax invoice of a paid order (owner only): lines, discount, credit,
// total, how it was paid, and the GST included, with the shop's ABN and address.
import { db } from "~/db/client.server";
import { isTestShop } from "~/payments/gateway-config.server";
import { payableInvoice, paymentSummary, type PaymentSummary } from "./breakdown";
import { breakdownOf, findOwnOrder } from "./breakdown.server";

export type TaxInvoice = {
  reference: string;
  kind: "box" | "gift_card";
  paidAt: string | null;
  deliveryDate: string | null;
  customer: { name: string; email: string };
  billingAddress: { lines: string[] } | null;
  /** where a box order was delivered: the order's own address, kept when its subscription moved later */
  deliveryAddress: { lines: string[] } | null;
  summary: PaymentSummary;
  /** the invoice total, GST included */
  invoiceTotalCents: number;
  payment: {
    brand: string | null;
    lastFour: string | null;
    amountCents: number;
    paidAt: string | null;
  };
  /** the refunds that went through, each an adjustment note against this invoice (issue 36) */
  adjustmentNotes: AdjustmentNote[];
  /** a production shop on the payment sandbox: the invoice says TEST (decision 063) */
  test: boolean;
};

export type AdjustmentNote = {
  noteNumber: string;
  /** when the refund went through */
  issuedAt: string;
  amountCents: number;
  gstCents: number;
  reason: string;
  /** "Visa ending in 4242", or null for a refund as account credit */
  card: string | null;
  method: "card" | "credit";
};

export type InvoiceLookup =
  | { status: "ok"; invoice: TaxInvoice }
  | { status: "unpaid"; reference: string }
  | { status: "not_found" };

function addressLines(a: {
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postcode: string;
}) {
  return [
    a.company,
    a.line2 ? `${a.line2}, ${a.line1}` : a.line1,
    `${a.city} ${a.state} ${a.postcode}`,
    "Australia",
  ].filter((l): l is string => Boolean(l));
}

export async function loadTaxInvoice({
  userId,
  reference,
}: {
  userId: number;
  reference: string;
}): Promise<InvoiceLookup> {
  const order = await findOwnOrder({ userId, reference });
  if (!order) return { status: "not_found" };
  if (order.status !== "paid") return { status: "unpaid", reference: order.reference };
  const invoice = payableInvoice(await breakdownOf(order));
  if (!invoice) return { status: "not_found" };
  const [user, payment, billing, delivery, notes] = await Promise.all([
    db
      .selectFrom("users")
      .select(["email", "firstName", "lastName"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("payments")
      .select(["cardBrand", "cardLastFour", "amountCents", "createdAt"])
      .where("orderId", "=", order.id)
      .where("userId", "=", userId)
      // a payment refunded in full (issue 36) still paid this invoice
      .where("status", "in", ["succeeded", "refunded"])
      .orderBy("id", "desc")
      .executeTakeFirst(),
    billingAddressOf(userId, order.billingAddressId, order.subscriptionId),
    order.shippingAddressId ? addressOf(userId, order.shippingAddressId) : null,
    adjustmentNotesOf(order.id),
  ]);
  const summary = paymentSummary(invoice, null, true);
  return {
    status: "ok",
    invoice: {
      reference: order.reference,
      kind: order.kind,
      paidAt: order.paidAt,
      deliveryDate: order.deliveryDate,
      customer: {
        name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email,
        email: user.email,
      },
      billingAddress: billing ? { lines: addressLines(billing) } : null,
      deliveryAddress: delivery ? { lines: addressLines(delivery) } : null,
      summary,
      invoiceTotalCents: invoice.total,
      payment: {
        brand: payment && payment.amountCents > 0 ? (payment.cardBrand ?? null) : null,
        lastFour: payment && payment.amountCents > 0 ? (payment.cardLastFour ?? null) : null,
        amountCents: payment?.amountCents ?? summary.totalCents,
        paidAt: order.paidAt ?? payment?.createdAt ?? null,
      },
      adjustmentNotes: notes,
      test: isTestShop,
    },
  };
}

/** The order's refunds that went through, oldest first. */
async function adjustmentNotesOf(orderId: number): Promise<AdjustmentNote[]> {
  const rows = await db
    .selectFrom("refunds")
    .leftJoin("payments", "payments.id", "refunds.paymentId")
    .select([
      "refunds.noteNumber",
      "refunds.createdAt",
      "refunds.completedAt",
      "refunds.amountCents",
      "refunds.gstCents",
      "refunds.reason",
      "refunds.method",
      "payments.cardBrand",
      "payments.cardLastFour",
    ])
    .where("refunds.orderId", "=", orderId)
    .where("refunds.status", "=", "succeeded")
    .orderBy("refunds.id", "asc")
    .execute();
  return rows.map((r) => ({
    noteNumber: r.noteNumber,
    issuedAt: r.completedAt ?? r.createdAt,
    amountCents: r.amountCents,
    gstCents: r.gstCents,
    reason: r.reason,
    method: r.method,
    card:
      r.method === "card" && r.cardBrand && r.cardLastFour
        ? `${r.cardBrand} ending in ${r.cardLastFour}`
        : null,
  }));
}

/** The address the order was paid with; older orders fall back to their subscription's billing address. */
async function billingAddressOf(
  userId: number,
  billingAddressId: number | null,
  subscriptionId: number | null,
) {
  let id = billingAddressId;
  if (!id && subscriptionId) {
    const sub = await db
      .selectFrom("subscriptions")
      .select(["billingAddressId"])
      .where("id", "=", subscriptionId)
      .where("userId", "=", userId)
      .executeTakeFirst();
    id = sub?.billingAddressId ?? null;
  }
  return id ? addressOf(userId, id) : null;
}

async function addressOf(userId: number, id: number) {
  return (
    (await db
      .selectFrom("addresses")
      .select(["company", "line1", "line2", "city", "state", "postcode"])
      .where("id", "=", id)
      .where("userId", "=", userId)
      .executeTakeFirst()) ?? null
  );
}
