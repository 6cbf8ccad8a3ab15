// The credit rule of SPEC §4, shared by box checkout, pay an order and the
// summaries: credit never exceeds what is owed, and what is left is charged.
export function applyCredit(
  balanceCents: number,
  totalCents: number,
): { creditCents: number; totalCents: number } {
  const balance = Math.max(0, Math.floor(balanceCents));
  const total = Math.max(0, Math.round(totalCents));
  if (balance >= total) return { creditCents: total, totalCents: 0 };
  return { creditCents: balance, totalCents: total - balance };
}

/** GST included in a taxable Australian total: one eleventh, rounded to the cent. */
export function gstIncluded(totalCents: number): number {
  return Math.round(totalCents / 11);
}

/**
 * GST in an order whose lines are partly GST-free (fresh food): one eleventh of what is paid for the
 * taxable lines. A code's free items are discounted in full on their own lines (freeCents, part of
 * discountedCents); the rest of a discount is taken off every paid-for line in proportion. Credit (a
 * gift card) is a way of paying, so it does not lower the GST. taxableCents counts paid-for lines only.
 */
export function gstOf({
  taxableCents,
  subtotalCents,
  discountedCents,
  freeCents = 0,
}: {
  taxableCents: number;
  subtotalCents: number;
  discountedCents: number;
  freeCents?: number;
}): number {
  const chargeable = subtotalCents - Math.max(0, freeCents);
  if (chargeable <= 0 || taxableCents <= 0) return 0;
  const spread = Math.max(0, discountedCents - Math.max(0, freeCents));
  const paidShare = Math.max(0, chargeable - spread) / chargeable;
  return gstIncluded(Math.min(taxableCents, chargeable) * paidShare);
}

export type GstLine = { priceCents: number; quantity: number; taxable: boolean; free: boolean };

/**
 * The GST of each line of an invoice, as issued: the invoice's GST (gstOf, rounded once) shared over
 * its taxable paid-for lines in proportion to what each cost, the cents left by rounding going to the
 * largest remainders, so the lines add up to the invoice's GST exactly. A line that is GST-free or a
 * code's free item carries none. Stored on the line when the invoice is written (decision 071).
 */
export function gstByLine(
  lines: GstLine[],
  invoice: { subtotalCents: number; discountedCents: number },
): number[] {
  const taxed = (l: GstLine) => (l.taxable && !l.free ? l.priceCents * l.quantity : 0);
  const taxableCents = lines.reduce((n, l) => n + taxed(l), 0);
  const total = gstOf({
    taxableCents,
    subtotalCents: invoice.subtotalCents,
    discountedCents: invoice.discountedCents,
    freeCents: lines.reduce((n, l) => n + (l.free ? l.priceCents * l.quantity : 0), 0),
  });
  if (total <= 0) return lines.map(() => 0);
  const exact = lines.map((l) => (total * taxed(l)) / taxableCents);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((n, g) => n + g, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, r: e - Math.floor(e) }))
    .filter(({ i }) => taxed(lines[i]) > 0)
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}
