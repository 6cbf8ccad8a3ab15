import { breakdownJson, payableInvoice, paymentSummary, shapeBreakdown } from "~/orders/breakdown";
import { applyCredit, gstByLine, gstIncluded, gstOf } from "~/orders/credit";
import { taxInvoicePath, payOrderPath } from "~/orders/paths";

const order = {
  reference: "PT-100458",
  status: "unpaid" as const,
  kind: "box" as const,
  deliveryDate: "2026-12-01",
};
const invoices = [
  { id: 7, subtotalCents: 29100, discountedCents: 0, creditCents: 0, totalCents: 29100 },
  { id: 9, subtotalCents: 30300, discountedCents: 3000, creditCents: 0, totalCents: 27300 },
];
const lines = [
  {
    invoiceId: 9,
    sellableType: "package" as const,
    sellableId: 4,
    name: "Custom box (large)",
    quantity: 1,
    priceCents: 27900,
    taxable: 0,
    gstCents: 0,
  },
  {
    invoiceId: 7,
    sellableType: "package" as const,
    sellableId: 4,
    name: "Custom box (large)",
    quantity: 1,
    priceCents: 27900,
    taxable: 0,
    gstCents: 0,
  },
  {
    invoiceId: 9,
    sellableType: "addon" as const,
    sellableId: 12,
    name: "Smoked bacon",
    quantity: 2,
    priceCents: 1200,
    taxable: 0,
    gstCents: 0,
  },
  {
    invoiceId: 7,
    sellableType: "addon" as const,
    sellableId: 12,
    name: "Smoked bacon",
    quantity: 1,
    priceCents: 1200,
    taxable: 0,
    gstCents: 0,
  },
];

describe("shapeBreakdown (SPEC §3 order breakdown)", () => {
  const b = shapeBreakdown(order, invoices, lines);

  it("keeps the order's public fields and lists its invoices with their own lines", () => {
    expect(b).toMatchObject({ reference: "PT-100458", status: "unpaid", currency: "AUD" });
    expect(b.invoices.map((i) => i.id)).toEqual([7, 9]);
    expect(b.invoices[1]).toEqual({
      id: 9,
      lines: [
        {
          sellable: { id: 4, type: "package", name: "Custom box (large)" },
          quantity: 1,
          price: 27900,
          taxable: false,
          gstCents: 0,
          free: false,
        },
        {
          sellable: { id: 12, type: "addon", name: "Smoked bacon" },
          quantity: 2,
          price: 1200,
          taxable: false,
          gstCents: 0,
          free: false,
        },
      ],
      subtotal: 30300,
      discounted: 3000,
      credit: 0,
      total: 27300,
    });
    expect(b.invoices[0].lines).toHaveLength(2);
  });

  it("pays the latest invoice; an order without invoices has nothing to pay", () => {
    expect(payableInvoice(b)?.id).toBe(9);
    expect(payableInvoice(shapeBreakdown(order, [], []))).toBeNull();
  });
});

describe("paymentSummary (SPEC §4 credit rule)", () => {
  const invoice = shapeBreakdown(order, invoices, lines).invoices[1];

  it("deducts a smaller balance from the total", () => {
    expect(paymentSummary(invoice, 2500)).toMatchObject({
      subtotalCents: 30300,
      discountedCents: 3000,
      creditCents: 2500,
      totalCents: 24800,
      cardRequired: true,
    });
  });

  it("shows credit equal to the total and a total of 0 when the balance exceeds it: no card needed", () => {
    expect(paymentSummary(invoice, 50000)).toMatchObject({
      creditCents: 27300,
      totalCents: 0,
      cardRequired: false,
    });
    expect(paymentSummary(invoice, 27300)).toMatchObject({
      creditCents: 27300,
      totalCents: 0,
      cardRequired: false,
    });
  });

  it("uses no credit when it is not fetched (a user without a password)", () => {
    expect(paymentSummary(invoice, null)).toMatchObject({
      creditCents: 0,
      totalCents: 27300,
      cardRequired: true,
    });
  });

  it("shows a paid invoice with the credit that was spent on it", () => {
    expect(paymentSummary({ ...invoice, credit: 2500 }, 99999, true)).toMatchObject({
      creditCents: 2500,
      totalCents: 24800,
    });
  });

  it("multiplies unit prices by quantity for the lines; fresh food carries no GST", () => {
    const s = paymentSummary(invoice, 0);
    expect(s.lines).toEqual([
      { name: "Custom box (large)", quantity: 1, lineCents: 27900, taxable: false },
      { name: "Smoked bacon", quantity: 2, lineCents: 2400, taxable: false },
    ]);
    expect(s.gstCents).toBe(0);
  });

  type Line = (typeof invoice.lines)[number];
  /** the lines as the invoice's writer stores them: each with its GST (insertInvoiceLines) */
  const issued = (lines: Omit<Line, "gstCents">[], subtotal: number, discounted: number) => {
    const gst = gstByLine(
      lines.map((l) => ({ ...l, priceCents: l.price })),
      { subtotalCents: subtotal, discountedCents: discounted },
    );
    return lines.map((l, i) => ({ ...l, gstCents: gst[i] }));
  };
  const knife = {
    sellable: { id: 30, type: "addon" as const, name: "Chef's Knife" },
    quantity: 1,
    price: 8900,
    taxable: true,
    free: false,
  };

  it("counts GST on the taxable lines only, after their share of the discount and before credit", () => {
    const mixed = {
      ...invoice,
      lines: issued([...invoice.lines, knife], 39200, 3920),
      subtotal: 39200,
      discounted: 3920,
      total: 35280,
    };
    // 8900 of 39200 is taxable; a 10% discount leaves 8010 paid for it: GST 8010 / 11 = 728.2
    expect(mixed.lines.map((l) => l.gstCents)).toEqual([0, 0, 728]);
    expect(paymentSummary(mixed, 50000).gstCents).toBe(728);
  });

  it("takes a code's free item off its own line: the knife beside it keeps its full GST", () => {
    const bacon = {
      sellable: { id: 12, type: "addon" as const, name: "Smoked bacon (free with FREEBREAKFAST)" },
      quantity: 1,
      price: 1200,
      taxable: false,
      free: true,
    };
    const withFree = {
      ...invoice,
      lines: issued([invoice.lines[0], knife, bacon], 38000, 1200),
      subtotal: 38000,
      discounted: 1200,
      total: 36800,
    };
    // the knife is paid in full: 8900 / 11 = 809.1 (spread over every line it was 8900 * 36800/38000 / 11 = 784)
    expect(paymentSummary(withFree, 0).gstCents).toBe(809);
  });

  it("reads the GST each line was issued with, never the tax flag (decision 071)", () => {
    // a line issued GST-free stays so; the GST stored on a line is what the invoice says
    const asIssued = {
      ...invoice,
      lines: [invoice.lines[0], { ...knife, gstCents: 0 }],
      subtotal: 36800,
      discounted: 0,
      total: 36800,
    };
    expect(paymentSummary(asIssued, 0).gstCents).toBe(0);
    asIssued.lines[1] = { ...knife, taxable: false, gstCents: 809 };
    expect(paymentSummary(asIssued, 0).gstCents).toBe(809);
  });
});

describe("gstByLine (an invoice's GST shared over its lines at issue)", () => {
  const line = (priceCents: number, quantity = 1, taxable = true, free = false) => ({
    priceCents,
    quantity,
    taxable,
    free,
  });

  it("adds up to the invoice's GST rounded once, the spare cents on the largest remainders", () => {
    // three taxable lines of $10: GST 3000 / 11 = 272.7 → 273, shared 91 each
    expect(
      gstByLine([line(1000), line(1000), line(1000)], { subtotalCents: 3000, discountedCents: 0 }),
    ).toEqual([91, 91, 91]);
    // 1000 + 2000 taxable, 10% off: 2700 / 11 = 245.45 → 245; exact shares 81.67 and 163.33
    const shared = gstByLine([line(1000), line(2000), line(5000, 1, false)], {
      subtotalCents: 8000,
      discountedCents: 800,
    });
    expect(shared).toEqual([82, 163, 0]);
    expect(shared.reduce((n, g) => n + g, 0)).toBe(
      gstOf({ taxableCents: 3000, subtotalCents: 8000, discountedCents: 800 }),
    );
  });

  it("gives GST-free lines and a code's free item none", () => {
    expect(
      gstByLine([line(27900, 1, false), line(8900), line(1200, 1, true, true)], {
        subtotalCents: 38000,
        discountedCents: 1200,
      }),
    ).toEqual([0, 809, 0]);
    expect(
      gstByLine([line(27900, 1, false)], { subtotalCents: 27900, discountedCents: 0 }),
    ).toEqual([0]);
  });
});

describe("GST and credit helpers", () => {
  it.each([
    [11000, 1000],
    [29100, 2645],
    [27800, 2527],
    [0, 0],
    [5, 0],
    [6, 1],
  ])("GST included in %i cents is %i", (total, gst) => expect(gstIncluded(total)).toBe(gst));

  it("GST of a partly GST-free order", () => {
    expect(gstOf({ taxableCents: 0, subtotalCents: 29100, discountedCents: 0 })).toBe(0);
    expect(gstOf({ taxableCents: 8900, subtotalCents: 8900, discountedCents: 0 })).toBe(809);
    expect(gstOf({ taxableCents: 8900, subtotalCents: 17800, discountedCents: 17800 })).toBe(0);
    expect(gstOf({ taxableCents: 1000, subtotalCents: 0, discountedCents: 0 })).toBe(0);
    // a free item (1200) and 10% off the 36800 paid for: the knife's share of that 10% only
    expect(
      gstOf({
        taxableCents: 8900,
        subtotalCents: 38000,
        discountedCents: 1200 + 3680,
        freeCents: 1200,
      }),
    ).toBe(728);
    expect(
      gstOf({ taxableCents: 0, subtotalCents: 1200, discountedCents: 1200, freeCents: 1200 }),
    ).toBe(0);
  });

  it("never lets credit exceed the total", () => {
    expect(applyCredit(2500, 29100)).toEqual({ creditCents: 2500, totalCents: 26600 });
    expect(applyCredit(40000, 29100)).toEqual({ creditCents: 29100, totalCents: 0 });
    expect(applyCredit(0, 29100)).toEqual({ creditCents: 0, totalCents: 29100 });
  });
});

describe("the API's breakdown", () => {
  it("is SPEC §3's shape: lines without the tax flag the pages use", () => {
    const json = breakdownJson(shapeBreakdown(order, invoices, lines));
    expect(json.invoices[0].lines[0]).toEqual({
      sellable: { id: 4, type: "package", name: "Custom box (large)" },
      quantity: 1,
      price: 27900,
    });
  });
});

describe("order paths", () => {
  it("links the tax invoice and the pay page by reference", () => {
    expect(taxInvoicePath("PT-100231")).toBe("/dashboard/orders/PT-100231");
    expect(payOrderPath("PT-100458")).toBe("/checkout/PT-100458");
    expect(taxInvoicePath("PT A/B")).toBe("/dashboard/orders/PT%20A%2FB");
  });
});
