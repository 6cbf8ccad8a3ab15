// Money is integer cents everywhere; this is the one formatter.
//
// Written out by hand rather than with Intl.NumberFormat: the first Intl object a page creates
// loads the browser's locale data, 100-135 ms of main thread on a slow phone (4x CPU), and almost
// every shop page shows a price while it hydrates. The output is en-AU's AUD format exactly
// (tests/unit/money.test.ts compares the two over many amounts).

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** $169 when whole dollars, $12.50 otherwise; negative amounts as -$5. */
export function formatAud(cents: number): string {
  const rounded = Math.round(cents);
  if (!Number.isFinite(rounded)) return "$NaN"; // never for real amounts; as Intl would show it
  const abs = Math.abs(rounded);
  const dollars = groupThousands(String(Math.floor(abs / 100)));
  const rest = abs % 100;
  return `${rounded < 0 ? "-" : ""}$${dollars}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

/** What a summary says about GST: most of the shop is fresh food, which is GST-free. */
export function gstSentence(gstCents: number): string {
  return gstCents > 0
    ? `Includes GST of ${formatAud(gstCents)}.`
    : "Fresh food is GST-free: no GST is included.";
}
