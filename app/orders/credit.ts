// The credit rule of SPEC §4, shared by box checkout, pay an order and the
// summaries: credit never exceeds what is owed, and what is left is charged.
export function applyCredit(balanceCents: number, totalCents: number): { creditCents: number; totalCents: number } {
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
 * taxable lines, a discount taken off every line in proportion. Credit (a gift card) is a way of paying,
 * so it does not lower the GST.
 */
export function gstOf({ taxableCents, subtotalCents, discountedCents }: { taxableCents: number; subtotalCents: number; discountedCents: number }): number {
  if (subtotalCents <= 0 || taxableCents <= 0) return 0;
  const paidShare = Math.max(0, subtotalCents - discountedCents) / subtotalCents;
  return gstIncluded(Math.min(taxableCents, subtotalCents) * paidShare);
}
