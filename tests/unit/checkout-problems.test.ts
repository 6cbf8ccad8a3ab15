// The no-JS checkout answer's summary: errors in page order, named by section,
// the dialog's question first, and a message given twice listed once.
import { describe, expect, it } from "vitest";
import { checkoutProblems } from "~/checkout/components/checkout-problems";

describe("checkoutProblems", () => {
  it("lists field errors by section in page order, whatever order the validator gave them", () => {
    const problems = checkoutProblems(
      {
        "card.number": "Enter a card number",
        knifeAdult: "You must be an adult to order a knife.",
        firstName: "First name is required",
        "shipping.postcode": "Enter a postcode",
        "billing.line1": "Street address is required",
      },
      null,
    );
    expect(problems).toEqual([
      { href: "#co-contact", section: "Contact details", message: "First name is required" },
      { href: "#shipping-address", section: "Delivery", message: "Enter a postcode" },
      { href: "#co-billing", section: "Billing address", message: "Street address is required" },
      {
        href: "#co-knife",
        section: "Chef's knife",
        message: "You must be an adult to order a knife.",
      },
      { href: "#checkout-payment", section: "Payment", message: "Enter a card number" },
    ]);
  });

  it("puts the dialog first and does not repeat its message from under the card field", () => {
    const problems = checkoutProblems(
      { "card.number": "Your card was declined." },
      { kind: "error", title: "Payment declined", message: "Your card was declined." },
    );
    expect(problems).toEqual([
      { href: "#checkout-dialog", section: "Payment declined", message: "Your card was declined." },
    ]);
    expect(checkoutProblems({}, { kind: "overnight", message: "Overnight." })[0]).toMatchObject({
      section: "Overnight silent delivery",
      href: "#checkout-dialog",
    });
  });

  it("keeps an error of a field no section claims, and is empty for an answer without errors", () => {
    expect(checkoutProblems({ idempotencyKey: "Something went wrong" }, null)).toEqual([
      { href: "#checkout-answer", section: "Your order", message: "Something went wrong" },
    ]);
    expect(checkoutProblems({}, null)).toEqual([]);
    expect(checkoutProblems({ firstName: "" }, null)).toEqual([]);
  });
});
