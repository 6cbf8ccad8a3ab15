// One order for the back office (issue 36): its lines and invoice, its payments (brand and last four
// only: no charge ids or tokens leave the server), the credit used, the delivery, the e-mails sent for
// it, its refunds and its history (payments, refunds, status times, packing, and the audit entries).
import { formatAud } from "~/admin/format";
import { sentEmails, type SentEmail } from "~/admin/sent-emails.server";
import { db } from "~/db/client.server";
import type { OrderStatus } from "~/db/schema";
import { paymentSummary, payableInvoice, type PaymentSummary } from "~/orders/breakdown";
import { breakdownOf, normaliseReference } from "~/orders/breakdown.server";
import { refundContext, roomOf, type RefundContext } from "~/admin/refunds/refund-context.server";

export type AdminPayment = {
  id: number;
  amountCents: number;
  status: string;
  card: string | null;
  createdAt: string;
  failureMessage: string | null;
};

export type AdminRefund = {
  noteNumber: string;
  method: "card" | "credit";
  amountCents: number;
  gstCents: number;
  reason: string;
  status: "pending" | "unknown" | "succeeded" | "failed";
  staffName: string;
  createdAt: string;
};

export type HistoryEntry = { at: string; what: string; who: string | null };

export type AdminOrder = {
  id: number;
  reference: string;
  status: OrderStatus;
  kind: "box" | "gift_card";
  createdAt: string;
  paidAt: string | null;
  customer: { id: number; name: string; email: string };
  delivery: {
    date: string | null;
    window: string | null;
    address: string | null;
    packedAt: string | null;
    dispatchedAt: string | null;
  };
  summary: PaymentSummary | null;
  invoiceTotalCents: number | null;
  payments: AdminPayment[];
  refunds: AdminRefund[];
  emails: SentEmail[];
  history: HistoryEntry[];
  /** what the refund form needs (never the gateway's charge id) */
  refund: RefundView;
};

export type RefundView = {
  paidCents: number;
  cardPaidCents: number;
  creditUsedCents: number;
  refundedCents: number;
  orderLeftCents: number;
  cardLeftCents: number;
  card: string | null;
  lines: { id: number; name: string; quantity: number; priceCents: number; left: number }[];
};

function refundView(context: RefundContext | null): RefundView {
  if (!context)
    return {
      paidCents: 0,
      cardPaidCents: 0,
      creditUsedCents: 0,
      refundedCents: 0,
      orderLeftCents: 0,
      cardLeftCents: 0,
      card: null,
      lines: [],
    };
  return {
    paidCents: context.paidCents,
    cardPaidCents: context.cardPaidCents,
    creditUsedCents: context.creditUsedCents,
    refundedCents: context.refundedCents,
    ...roomOf(context),
    card: context.cardPayment
      ? cardOf(context.cardPayment.cardBrand, context.cardPayment.cardLastFour)
      : null,
    lines: (context.invoice?.lines ?? [])
      .filter((l) => !l.free)
      .map((l) => ({
        id: l.id,
        name: l.name,
        quantity: l.quantity,
        priceCents: l.priceCents,
        left: Math.max(0, l.quantity - l.refundedQuantity),
      })),
  };
}

const cardOf = (brand: string | null | undefined, lastFour: string | null | undefined) =>
  brand && lastFour ? `${brand} ending in ${lastFour}` : null;

const nameOf = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

const PAYMENT_WORDS: Record<string, string> = {
  succeeded: "paid",
  refunded: "paid (since refunded)",
  declined: "declined",
  pending: "being charged",
  recovering: "being checked",
};

const AUDIT_WORDS: Record<string, string> = {
  "order.refund": "Refund requested",
  "refund.succeeded": "Card refund went through",
  "refund.unknown": "Card refund: the gateway did not answer, so it is being confirmed",
  "refund.failed": "Card refund not made; its amount was given back to the order",
  "order.resend_email": "E-mail resent",
};

/** The order with its customer and delivery address, by its (normalised) reference. */
function findOrder(reference: string) {
  return db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.userId")
    .leftJoin("addresses", "addresses.id", "orders.shippingAddressId")
    .select([
      "orders.id",
      "orders.reference",
      "orders.status",
      "orders.kind",
      "orders.createdAt",
      "orders.paidAt",
      "orders.deliveryDate",
      "orders.deliveryWindow",
      "orders.packedAt",
      "orders.dispatchedAt",
      "orders.subscriptionId",
      "users.id as userId",
      "users.email",
      "users.firstName",
      "users.lastName",
      "addresses.line1",
      "addresses.line2",
      "addresses.city",
      "addresses.state",
      "addresses.postcode",
    ])
    .where("orders.reference", "=", normaliseReference(reference))
    .executeTakeFirst();
}

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

function paymentsOf(orderId: number) {
  return db
    .selectFrom("payments")
    .select([
      "id",
      "amountCents",
      "status",
      "cardBrand",
      "cardLastFour",
      "createdAt",
      "failureMessage",
    ])
    .where("orderId", "=", orderId)
    .orderBy("id", "asc")
    .execute();
}

function refundsOf(orderId: number) {
  return db
    .selectFrom("refunds")
    .innerJoin("users", "users.id", "refunds.staffUserId")
    .select([
      "refunds.noteNumber",
      "refunds.method",
      "refunds.amountCents",
      "refunds.gstCents",
      "refunds.reason",
      "refunds.status",
      "refunds.createdAt",
      "refunds.completedAt",
      "users.firstName",
      "users.lastName",
      "users.email",
    ])
    .where("refunds.orderId", "=", orderId)
    .orderBy("refunds.id", "asc")
    .execute();
}

/** The staff's audit entries on the order (the latest 200 at most), oldest first. */
function auditsOf(reference: string) {
  return db
    .selectFrom("auditEntries")
    .innerJoin("users", "users.id", "auditEntries.staffUserId")
    .select([
      "auditEntries.action",
      "auditEntries.after",
      "auditEntries.createdAt",
      "users.firstName",
      "users.lastName",
      "users.email",
    ])
    .where("auditEntries.entityType", "=", "order")
    .where("auditEntries.entityId", "=", reference)
    .orderBy("auditEntries.id", "asc")
    .limit(200)
    .execute();
}

type PaymentRow = Awaited<ReturnType<typeof paymentsOf>>[number];
type AuditRow = Awaited<ReturnType<typeof auditsOf>>[number];

/** An audit entry's refund, amount, method and template, in words after its action. */
function auditDetail(after: string | null): string {
  let detail = "";
  try {
    const parsed = after ? (JSON.parse(after) as Record<string, unknown>) : {};
    if (typeof parsed.refund === "string") detail += ` ${parsed.refund}`;
    if (typeof parsed.amountCents === "number") detail += `: ${formatAud(parsed.amountCents)}`;
    if (typeof parsed.method === "string")
      detail += parsed.method === "card" ? " to the card" : " as credit";
    if (typeof parsed.template === "string") detail += `: ${parsed.template}`;
  } catch {
    // an entry written by hand: its action is enough
  }
  return detail;
}

/** What happened to the order, in time order: its status times, payments and staff's actions. */
function historyOf(order: FoundOrder, payments: PaymentRow[], audits: AuditRow[]): HistoryEntry[] {
  const history: HistoryEntry[] = [{ at: order.createdAt, what: "Order created", who: null }];
  if (order.paidAt) history.push({ at: order.paidAt, what: "Order paid", who: null });
  for (const p of payments)
    history.push({
      at: p.createdAt,
      what: `Payment of ${formatAud(p.amountCents)} ${PAYMENT_WORDS[p.status] ?? p.status}${
        cardOf(p.cardBrand, p.cardLastFour) ? ` (${cardOf(p.cardBrand, p.cardLastFour)})` : ""
      }`,
      who: null,
    });
  if (order.packedAt) history.push({ at: order.packedAt, what: "Packed", who: null });
  if (order.dispatchedAt) history.push({ at: order.dispatchedAt, what: "Dispatched", who: null });
  for (const a of audits)
    history.push({
      at: a.createdAt,
      what: `${AUDIT_WORDS[a.action] ?? a.action}${auditDetail(a.after)}`,
      who: nameOf(a),
    });
  history.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  return history;
}

const addressOf = (order: FoundOrder) =>
  order.line1
    ? [
        order.line2 ? `${order.line2}, ${order.line1}` : order.line1,
        `${order.city} ${order.state} ${order.postcode}`,
      ].join(", ")
    : null;

/** The order with this reference (any customer's), or null. */
export async function loadAdminOrder(reference: string): Promise<AdminOrder | null> {
  // eslint-disable-next-line no-control-regex -- PostgreSQL refuses a NUL in text
  if (/[\u0000-\u001f]/.test(reference)) return null;
  const order = await findOrder(reference);
  if (!order) return null;
  const [breakdown, payments, refunds, audits, emails, context] = await Promise.all([
    breakdownOf(order),
    paymentsOf(order.id),
    refundsOf(order.id),
    auditsOf(order.reference),
    sentEmails({ to: order.email, mentioning: order.reference }),
    refundContext(order.id),
  ]);
  const invoice = payableInvoice(breakdown);
  const summary = invoice ? paymentSummary(invoice, null, order.status === "paid") : null;
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    kind: order.kind,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    customer: { id: order.userId, name: nameOf(order), email: order.email },
    delivery: {
      date: order.deliveryDate,
      window: order.deliveryWindow,
      address: addressOf(order),
      packedAt: order.packedAt ?? null,
      dispatchedAt: order.dispatchedAt ?? null,
    },
    summary,
    invoiceTotalCents: invoice?.total ?? null,
    payments: payments.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      status: p.status,
      card: cardOf(p.cardBrand, p.cardLastFour),
      createdAt: p.createdAt,
      failureMessage: p.failureMessage,
    })),
    refunds: refunds.map((r) => ({
      noteNumber: r.noteNumber,
      method: r.method,
      amountCents: r.amountCents,
      gstCents: r.gstCents,
      reason: r.reason,
      status: r.status,
      staffName: nameOf(r),
      createdAt: r.createdAt,
    })),
    emails,
    history: historyOf(order, payments, audits),
    refund: refundView(context),
  };
}
