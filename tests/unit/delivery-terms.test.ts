// Decision 069's pure side: what a reminder keeps on its delivery, and the amount a quote comes to.
import type { FoundDiscount } from "~/discounts/discount-rules";
import {
  amountOf,
  frozenBoxOf,
  remindedTerms,
  remindedTermsOf,
} from "~/subscriptions/delivery-terms";

const quote = {
  lines: [
    {
      sellableType: "package" as const,
      sellableId: 3,
      name: "Custom box (small)",
      quantity: 1,
      priceCents: 16900,
    },
    {
      sellableType: "product" as const,
      sellableId: 11,
      name: "Eye fillet",
      quantity: 8,
      priceCents: 0,
    },
    {
      sellableType: "addon" as const,
      sellableId: 40,
      name: "Bacon",
      quantity: 2,
      priceCents: 1200,
    },
    {
      sellableType: "addon" as const,
      sellableId: 41,
      name: "Butter",
      quantity: 1,
      priceCents: 900,
      free: true,
    },
  ],
  subtotalCents: 16900 + 2400 + 900,
  discountedCents: 900,
};
const discount = { code: "FREEBUTTER", kind: "free_item" } as unknown as FoundDiscount;

describe("remindedTerms", () => {
  it("keeps the box's and each paid add-on's unit price (cuts are in the box; a free line is the discount's), with the discount and the amount", () => {
    const terms = remindedTerms({ quote, discount });
    expect(terms).toEqual({
      prices: { "package:3": 16900, "product:40": 1200 },
      discount,
      owedCents: 16900 + 2400,
    });
    // stored as JSON on the delivery and read back the same
    expect(remindedTermsOf(JSON.stringify(terms))).toEqual(terms);
  });
});

describe("amountOf", () => {
  it("lists the lines with their totals and states what is charged before credit", () => {
    const a = amountOf({ quote });
    expect(a.owedCents).toBe(16900 + 2400);
    expect(a.lines.map((l) => [l.type, l.lineCents, l.free])).toEqual([
      ["package", 16900, false],
      ["product", 0, false],
      ["addon", 2400, false],
      ["addon", 900, true],
    ]);
  });
});

describe("frozenBoxOf", () => {
  it("reads a stored box, and answers null for none or a damaged value", () => {
    const box = { packageId: 3, postcode: "2000", shippingAddressId: 9, items: [], addons: [] };
    expect(frozenBoxOf(JSON.stringify(box))).toEqual(box);
    expect(frozenBoxOf(null)).toBeNull();
    expect(frozenBoxOf("{not json")).toBeNull();
  });
});
