// Decision 036: how a total that moved is explained (box checkout's shown quote, pay-an-order's
// credit) and when a pay-an-order delivery counts as passed. Pure rules, no database.
import {
  describeQuote,
  parseExpectedTotal,
  quoteChangeCause,
  shownTotalCheck,
} from "~/pricing/expected-total.server";
import type { Quote, QuoteLine } from "~/pricing/quote.server";
import { deliveryPassed, payTotalMoved } from "~/orders/pay-order-checks.server";

const box: QuoteLine = {
  sellableType: "package",
  sellableId: 1,
  name: "Value box (small)",
  quantity: 1,
  priceCents: 14900,
};
const bacon: QuoteLine = {
  sellableType: "addon",
  sellableId: 7,
  name: "Smoked bacon",
  quantity: 1,
  priceCents: 1200,
};
const prawns: QuoteLine = {
  sellableType: "addon",
  sellableId: 9,
  name: "Prawns",
  quantity: 2,
  priceCents: 2500,
};

function quote(
  lines: QuoteLine[],
  { creditBalance = 0, code = null as string | null, discounted = 0 } = {},
): Quote {
  const subtotalCents = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
  const owed = subtotalCents - discounted;
  const creditCents = Math.min(creditBalance, owed);
  return {
    lines,
    subtotalCents,
    discountedCents: discounted,
    creditCents,
    totalCents: owed - creditCents,
    recurringCents: subtotalCents,
    discount: code
      ? { code, description: "", needsChoice: false, choices: [], chosenId: null }
      : null,
    discountMessage: null,
    hasKnife: false,
    gstCents: 0,
    stock: [],
  };
}

describe("the box checkout's shown total", () => {
  it("agrees, or says the new total and what moved", () => {
    const shown = quote([box]);
    expect(
      shownTotalCheck({ expectedTotalCents: 14900, shownQuote: describeQuote(shown) }, shown),
    ).toBeNull();
    expect(shownTotalCheck({}, quote([box, bacon]))).toBeNull(); // nothing shown, nothing compared
    expect(
      shownTotalCheck(
        { expectedTotalCents: 14900, shownQuote: describeQuote(shown) },
        quote([box, bacon, prawns]),
      )?.message,
    ).toBe(
      "Your order changed since this page was shown: it now comes to $211 (Smoked bacon and Prawns were added in another window). Nothing was charged. Check the summary, then place your order again.",
    );
  });

  it("names a removed add-on, a new price, a changed box and a code", () => {
    expect(quoteChangeCause(describeQuote(quote([box, bacon, prawns])), quote([box, prawns]))).toBe(
      "Smoked bacon was removed in another window",
    );
    expect(
      quoteChangeCause(
        describeQuote(quote([box, bacon])),
        quote([box, { ...bacon, priceCents: 1400 }]),
      ),
    ).toBe("the price of Smoked bacon changed");
    expect(
      quoteChangeCause(
        describeQuote(quote([box])),
        quote([{ ...box, sellableId: 2, name: "Beef box (small)" }]),
      ),
    ).toBe("your box was changed to the Beef box (small) in another window");
    expect(
      quoteChangeCause(
        describeQuote(quote([box], { code: "WELCOME20", discounted: 2980 })),
        quote([box]),
      ),
    ).toBe("the discount code WELCOME20 no longer applies");
  });

  it("names credit only when the balance itself moved, not when more of an unchanged balance applies", () => {
    // $100 of credit covered a $149 box in part: spent elsewhere, or topped up
    expect(
      quoteChangeCause(
        describeQuote(quote([box], { creditBalance: 10000 })),
        quote([box], { creditBalance: 4000 }),
      ),
    ).toBe("some of your credit was used on another order");
    expect(
      quoteChangeCause(
        describeQuote(quote([box], { creditBalance: 10000 })),
        quote([box], { creditBalance: 12000 }),
      ),
    ).toBe("your credit balance went up");
    // $500 covered everything; an add-on makes it cover more: only the add-on is named
    expect(
      quoteChangeCause(
        describeQuote(quote([box], { creditBalance: 50000 })),
        quote([box, bacon], { creditBalance: 50000 }),
      ),
    ).toBe("Smoked bacon was added in another window");
  });

  it("reads no cause from a shown quote it cannot parse, and only whole cents as a total", () => {
    expect(quoteChangeCause("not-a-quote", quote([box]))).toBeNull();
    expect(quoteChangeCause(null, quote([box]))).toBeNull();
    expect([
      parseExpectedTotal("16900"),
      parseExpectedTotal(" 0 "),
      parseExpectedTotal("169.00"),
      parseExpectedTotal("-1"),
      parseExpectedTotal(null),
    ]).toEqual([16900, 0, null, null, null]);
  });
});

describe("pay-an-order", () => {
  it("names the credit when the total moved", () => {
    expect(payTotalMoved(30300, { totalCents: 30300, creditCents: 0 }, 30300)).toBeNull();
    expect(payTotalMoved(undefined, { totalCents: 27800, creditCents: 2500 }, 30300)).toBeNull();
    expect(
      payTotalMoved(30300, { totalCents: 27800, creditCents: 2500 }, 30300)?.message,
    ).toContain("it now comes to $278 (your credit balance went up)");
    expect(payTotalMoved(0, { totalCents: 30300, creditCents: 0 }, 30300)?.message).toContain(
      "it now comes to $303 (some of your credit was used on another order)",
    );
  });

  it("counts a delivery as passed from its day in Sydney, and a cancelled one always; never a paid one or a gift card", () => {
    const at = new Date("2026-03-02T20:00:00Z"); // 7am Tuesday 3 March in Sydney
    expect(
      deliveryPassed({ kind: "box", status: "unpaid", deliveryDate: "2026-03-04" }, at),
    ).toBeNull();
    expect(
      deliveryPassed({ kind: "box", status: "unpaid", deliveryDate: "2026-03-03" }, at)?.message,
    ).toBe(
      "This order was for the delivery on Tuesday 3 March. That delivery has passed without it, so the order can no longer be paid, and nothing was charged. Your next deliveries are not affected.",
    );
    expect(
      deliveryPassed({ kind: "box", status: "cancelled", deliveryDate: "2026-03-10" }, at)?.status,
    ).toBe("delivery_passed");
    expect(
      deliveryPassed({ kind: "box", status: "paid", deliveryDate: "2026-03-01" }, at),
    ).toBeNull();
    expect(
      deliveryPassed({ kind: "gift_card", status: "unpaid", deliveryDate: "2026-03-01" }, at),
    ).toBeNull();
  });
});
