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
