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
