// The arithmetic of a refund (issue 36), pure so it is unit-tested on its own: how much a refund of the
// whole order, of chosen lines or of an amount is, the GST it adjusts, and the adjustment note's number.
//
// What counts as paid: the card payments that succeeded for the order plus the credit spent on its
// invoice (credit is a way of paying, like the card). orders.refundedCents counts every refund that is
// not failed, whichever way it went back, so the whole order can never be refunded twice over. A refund
// to the card also fits in what its card payment took less the card refunds before it; a refund as
// credit may give back all that was paid (card and credit) as account credit.
import { formatAud } from "~/utils/money";

export type RefundScope = "order" | "lines" | "amount";
export type RefundMethod = "card" | "credit";

/** An invoice line as a refund sees it. */
export type RefundableLine = {
  id: number;
  name: string;
  quantity: number;
  priceCents: number;
  taxable: boolean;
  /** the GST in the whole line as issued (decision 071) */
  gstCents: number;
  free: boolean;
  /** already refunded by earlier refunds (not failed) */
  refundedQuantity: number;
};

export type RefundInvoice = {
  subtotalCents: number;
  discountedCents: number;
  /** the invoice total, GST included, before credit */
  totalCents: number;
  gstCents: number;
  lines: RefundableLine[];
};

/** The share of a line's price actually paid once the order's discount is spread over the paid-for lines. */
export function paidShare(
  invoice: Pick<RefundInvoice, "subtotalCents" | "discountedCents" | "lines">,
) {
  const freeCents = invoice.lines.reduce((n, l) => n + (l.free ? l.priceCents * l.quantity : 0), 0);
  const chargeable = invoice.subtotalCents - freeCents;
  if (chargeable <= 0) return 0;
  const spread = Math.max(0, invoice.discountedCents - freeCents);
  return Math.max(0, chargeable - spread) / chargeable;
}

export type LineChoice = { invoiceLineId: number; quantity: number };

export type RefundPlan =
  | { ok: true; amountCents: number; gstCents: number; lines: LineChoice[] | null }
  | { ok: false; message: string };

export const REFUND_MESSAGES = {
  nothingLeft: "Nothing is left to refund on this order.",
  giftCard:
    "A gift card order is refunded by cancelling its card (under Gift cards), so the card cannot be spent as well.",
  noLines: "Choose at least one line to refund.",
  tooManyOfLine: (name: string, left: number) =>
    `Only ${left} of ${name} ${left === 1 ? "is" : "are"} left to refund.`,
  noAmount: "Enter an amount to refund, like 12.50.",
  moreThanLeft: (leftCents: number) =>
    `That is more than is left to refund: ${formatAud(leftCents)}.`,
  moreThanCard: (leftCents: number) =>
    `That is more than is left to refund to the card: ${formatAud(leftCents)}. Refund the rest as account credit.`,
  overLimit: (limitCents: number) =>
    `Support may refund up to ${formatAud(limitCents)} at a time. Ask the owner to make a larger refund.`,
  changed:
    "This order changed while you were looking (another refund was made). Nothing was refunded: check the order and try again.",
  noCard: "This order has no card payment to refund. Refund it as account credit.",
  pending:
    "This refund is already being made. Nothing more was refunded: reload the order in a moment.",
  failed: "The card refund did not go through, and nothing was refunded. Please try again.",
} as const;

/**
 * The amount and GST of a refund. `leftCents` is what is left to refund this way (to the card: what
 * its payment took less its refunds, at most what is left on the order); `orderLeftCents` what is
 * left on the order (paid − refunded); `gstLeftCents` the invoice's GST not yet adjusted. A refund
 * that empties the order adjusts all the GST that is left, so rounding never leaves a cent behind.
 */
export function planRefund(
  invoice: RefundInvoice,
  choice:
    | { scope: "order" }
    | { scope: "lines"; lines: LineChoice[] }
    | { scope: "amount"; amountCents: number },
  {
    leftCents,
    orderLeftCents,
    gstLeftCents,
  }: { leftCents: number; orderLeftCents: number; gstLeftCents: number },
): RefundPlan {
  if (leftCents <= 0) return { ok: false, message: REFUND_MESSAGES.nothingLeft };
  const proRata = (amount: number) =>
    invoice.totalCents > 0 ? Math.round((invoice.gstCents * amount) / invoice.totalCents) : 0;
  const finish = (amountCents: number, gst: number, lines: LineChoice[] | null): RefundPlan => {
    if (amountCents > leftCents)
      return { ok: false, message: REFUND_MESSAGES.moreThanLeft(leftCents) };
    const gstCents =
      amountCents === orderLeftCents ? gstLeftCents : Math.min(Math.max(0, gst), gstLeftCents);
    return { ok: true, amountCents, gstCents: Math.max(0, gstCents), lines };
  };
  if (choice.scope === "order") return finish(leftCents, proRata(leftCents), null);
  if (choice.scope === "amount") {
    if (!Number.isInteger(choice.amountCents) || choice.amountCents <= 0)
      return { ok: false, message: REFUND_MESSAGES.noAmount };
    return finish(choice.amountCents, proRata(choice.amountCents), null);
  }
  const chosen = choice.lines.filter((c) => c.quantity > 0);
  if (chosen.length === 0) return { ok: false, message: REFUND_MESSAGES.noLines };
  const share = paidShare(invoice);
  let lineCents = 0;
  let gstCents = 0;
  for (const c of chosen) {
    const line = invoice.lines.find((l) => l.id === c.invoiceLineId);
    if (!line) return { ok: false, message: REFUND_MESSAGES.noLines };
    const left = line.quantity - line.refundedQuantity;
    if (c.quantity > left)
      return { ok: false, message: REFUND_MESSAGES.tooManyOfLine(line.name, Math.max(0, left)) };
    if (line.free) continue;
    lineCents += line.priceCents * c.quantity;
    // the line's GST as issued, for the share of it refunded
    if (line.quantity > 0) gstCents += (line.gstCents * c.quantity) / line.quantity;
  }
  const amountCents = Math.round(lineCents * share);
  if (amountCents <= 0) return { ok: false, message: REFUND_MESSAGES.noLines };
  return finish(amountCents, Math.round(gstCents), chosen);
}

/** "12.50", "$12.50", "12" → cents; null when it is not an amount of money. */
export function parseDollars(value: string): number | null {
  const v = value.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return null;
  const [dollars, cents = ""] = v.split(".");
  return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
}

/** The adjustment note's number: AN-{reference}-{n}, n counting the order's refunds from 1. */
export const noteNumberOf = (reference: string, n: number) => `AN-${reference}-${n}`;
