// Money is integer cents everywhere; this is the one formatter.
const whole = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** $169 when whole dollars, $12.50 otherwise; negative amounts as -$5. */
export function formatAud(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0 ? whole.format(rounded / 100) : withCents.format(rounded / 100);
}
