// The GST arithmetic frozen for migration 039 (app/db/frozen/gst.ts) agrees with the app's own
// (app/orders/credit.ts gstByLine), as of today: the lines it fills add up to what invoices showed.
import { describe, expect, it } from "vitest";
import { frozenGstByLine } from "~/db/frozen/gst";
import { gstByLine, gstOf } from "~/orders/credit";

/** a small deterministic generator: the same invoices on every run */
function* invoices(n: number) {
  let seed = 46;
  const next = (max: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % max;
  };
  for (let i = 0; i < n; i++) {
    const lines = Array.from({ length: 1 + next(5) }, () => ({
      priceCents: 100 + next(30000),
      quantity: 1 + next(3),
      taxable: next(2) === 0,
      free: next(6) === 0,
    }));
    const subtotalCents = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
    const freeCents = lines.reduce((s, l) => s + (l.free ? l.priceCents * l.quantity : 0), 0);
    yield {
      lines,
      invoice: { subtotalCents, discountedCents: freeCents + next(subtotalCents - freeCents + 1) },
      freeCents,
    };
  }
}

describe("GST frozen for migration 039", () => {
  it("shares each invoice's GST over its lines as the app does, adding up to the invoice's GST", () => {
    for (const { lines, invoice, freeCents } of invoices(2000)) {
      const frozen = frozenGstByLine(lines, invoice);
      expect(frozen).toEqual(gstByLine(lines, invoice));
      const taxableCents = lines.reduce(
        (s, l) => s + (l.taxable && !l.free ? l.priceCents * l.quantity : 0),
        0,
      );
      expect(frozen.reduce((s, g) => s + g, 0)).toBe(
        gstOf({ taxableCents, freeCents, ...invoice }),
      );
      lines.forEach((l, i) => {
        if (!l.taxable || l.free) expect(frozen[i]).toBe(0);
      });
    }
  });
});
