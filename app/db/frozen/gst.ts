// What migration 039 needs of the app's GST arithmetic (app/orders/credit.ts gstOf and gstByLine),
// frozen as it was when the migration was written: a migration is history, so a later change to how
// new invoices count GST must not change what the migration wrote on old ones. No imports.

type Line = { priceCents: number; quantity: number; taxable: boolean; free: boolean };

function gstOf(taxableCents: number, subtotalCents: number, discountedCents: number, free: number) {
  const chargeable = subtotalCents - Math.max(0, free);
  if (chargeable <= 0 || taxableCents <= 0) return 0;
  const spread = Math.max(0, discountedCents - Math.max(0, free));
  const paidShare = Math.max(0, chargeable - spread) / chargeable;
  return Math.round((Math.min(taxableCents, chargeable) * paidShare) / 11);
}

/** Each line's share of the invoice's GST, adding up to it exactly (largest remainders). */
export function frozenGstByLine(
  lines: Line[],
  invoice: { subtotalCents: number; discountedCents: number },
): number[] {
  const taxed = (l: Line) => (l.taxable && !l.free ? l.priceCents * l.quantity : 0);
  const taxableCents = lines.reduce((n, l) => n + taxed(l), 0);
  const freeCents = lines.reduce((n, l) => n + (l.free ? l.priceCents * l.quantity : 0), 0);
  const total = gstOf(taxableCents, invoice.subtotalCents, invoice.discountedCents, freeCents);
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
