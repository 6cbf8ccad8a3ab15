// The order breakdown of SPEC §3 (a list whose first item has invoices, each
// with lines of sellable id and name, quantity and price, subtotal, discounted
// and total) and the amounts a payment summary shows. Pure: the API, the pay
// page, the tax invoice and the receipt e-mail all shape money through here.
import type { InvoiceLinesTable, OrderStatus } from "~/db/schema";
import { applyCredit } from "./credit";

export type BreakdownLine = {
  sellable: { id: number | null; type: InvoiceLinesTable["sellableType"]; name: string };
  quantity: number;
  /** unit price in cents */
  price: number;
  /** GST applies (not fresh food), as issued; not part of the SPEC §3 API shape (breakdownJson leaves it out) */
  taxable: boolean;
  /** the GST in this line as issued (decision 071; nor part of the API shape) */
  gstCents: number;
  /** a discount code's free item: its price is all discount (nor part of the API shape) */
  free: boolean;
};

export type BreakdownInvoice = {
  id: number;
  lines: BreakdownLine[];
  /** all amounts in integer cents */
  subtotal: number;
  discounted: number;
  /** credit already spent on this invoice (0 until it is paid) */
  credit: number;
  total: number;
};

export type OrderBreakdown = {
  reference: string;
  status: OrderStatus;
  kind: "box" | "gift_card";
  deliveryDate: string | null;
  currency: "AUD";
  invoices: BreakdownInvoice[];
};

export type OrderRow = {
  reference: string;
  status: OrderStatus;
  kind: "box" | "gift_card";
  deliveryDate: string | null;
};
export type InvoiceRow = {
  id: number;
  subtotalCents: number;
  discountedCents: number;
  creditCents: number;
  totalCents: number;
};
export type LineRow = {
  invoiceId: number;
  sellableType: BreakdownLine["sellable"]["type"];
  sellableId: number | null;
  name: string;
  quantity: number;
  priceCents: number;
  taxable: number;
  gstCents: number;
  free?: number | null;
};

/** Invoices in the order given (oldest first), each with its own lines in the order given. */
export function shapeBreakdown(
  order: OrderRow,
  invoices: InvoiceRow[],
  lines: LineRow[],
): OrderBreakdown {
  return {
    reference: order.reference,
    status: order.status,
    kind: order.kind,
    deliveryDate: order.deliveryDate,
    currency: "AUD",
    invoices: invoices.map((inv) => ({
      id: inv.id,
      lines: lines
        .filter((l) => l.invoiceId === inv.id)
        .map((l) => ({
          sellable: { id: l.sellableId, type: l.sellableType, name: l.name },
          quantity: l.quantity,
          price: l.priceCents,
          taxable: l.taxable === 1,
          gstCents: l.gstCents,
          free: l.free === 1,
        })),
      subtotal: inv.subtotalCents,
      discounted: inv.discountedCents,
      credit: inv.creditCents,
      total: inv.totalCents,
    })),
  };
}

/** The invoice a payment settles: the latest one. */
export function payableInvoice(breakdown: OrderBreakdown): BreakdownInvoice | null {
  return breakdown.invoices.at(-1) ?? null;
}

export type PaymentSummary = {
  lines: { name: string; quantity: number; lineCents: number; taxable: boolean }[];
  subtotalCents: number;
  discountedCents: number;
  creditCents: number;
  /** what is left to pay by card (0 when credit covers it) */
  totalCents: number;
  /** GST included in the invoice total: the sum of its lines' GST as issued (fresh food is GST-free) */
  gstCents: number;
  cardRequired: boolean;
};

/**
 * What the order summary shows. Unpaid: the SPEC §4 credit rule on the
 * balance (null when the user's credit is not fetched, i.e. no password).
 * Paid: the credit that was spent on the invoice.
 */
export function paymentSummary(
  invoice: BreakdownInvoice,
  creditBalanceCents: number | null,
  paid = false,
): PaymentSummary {
  const { creditCents, totalCents } = paid
    ? { creditCents: invoice.credit, totalCents: Math.max(0, invoice.total - invoice.credit) }
    : applyCredit(creditBalanceCents ?? 0, invoice.total);
  return {
    lines: invoice.lines.map((l) => ({
      name: l.sellable.name,
      quantity: l.quantity,
      lineCents: l.price * l.quantity,
      taxable: l.taxable,
    })),
    subtotalCents: invoice.subtotal,
    discountedCents: invoice.discounted,
    creditCents,
    totalCents,
    // what the lines were issued with: a product's tax flag edited later changes no invoice (decision 071)
    gstCents: invoice.lines.reduce((n, l) => n + l.gstCents, 0),
    cardRequired: totalCents > 0,
  };
}

/** The SPEC §3 shape the API answers: the breakdown without what only our pages use. */
export function breakdownJson(b: OrderBreakdown) {
  return {
    ...b,
    invoices: b.invoices.map((inv) => ({
      ...inv,
      lines: inv.lines.map(({ taxable: _taxable, gstCents: _gst, free: _free, ...line }) => line),
    })),
  };
}
