// Customer care's pure parts: what a search string means, phone numbers as the shop stores them,
// the credit and box forms, and the status messages after an action.
import {
  boxOf,
  CreditSchema,
  firstIssue,
  StaffCancelSchema,
} from "~/admin/customers/customer-schema";
import { doneMessage } from "~/admin/customers/done";
import { PaymentActionSchema, paymentDoneMessage } from "~/admin/payments/payment-schema";
import { normalisePhone, parseCustomerQuery } from "~/admin/customers/customers.server";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("customer search", () => {
  it("reads an e-mail, a postcode, a phone number or a name", () => {
    expect(parseCustomerQuery("  ")).toEqual({ kind: "all" });
    expect(parseCustomerQuery("Sam@Example")).toEqual({ kind: "email", prefix: "sam@example" });
    expect(parseCustomerQuery("2000")).toEqual({ kind: "postcode", postcode: "2000" });
    expect(parseCustomerQuery("0412 345 678")).toEqual({ kind: "phone", phone: "+61412345678" });
    expect(parseCustomerQuery("Sam Lee")).toEqual({ kind: "name", words: ["Sam", "Lee"] });
    expect(parseCustomerQuery("O'Brien")).toEqual({ kind: "name", words: ["O'Brien"] });
  });

  it("stores Australian numbers as +61…", () => {
    expect(normalisePhone("+61 412 345 678")).toBe("+61412345678");
    expect(normalisePhone("61412345678")).toBe("+61412345678");
    expect(normalisePhone("(02) 9876-5432")).toBe("+61298765432");
    expect(normalisePhone("12")).toBeNull();
  });
});

describe("the act-for forms", () => {
  it("credit: dollars to cents, a direction and a reason", () => {
    expect(
      CreditSchema.parse({
        direction: "add",
        amount: "$1,000",
        reason: " Late box ",
        key: "k-0123456789abcdef",
      }),
    ).toEqual({ direction: "add", amount: 100000, reason: "Late box", key: "k-0123456789abcdef" });
    const bad = (values: Record<string, string>) => {
      const r = CreditSchema.safeParse({
        direction: "add",
        amount: "5",
        reason: "Why not",
        key: "k-0123456789abcdef",
        ...values,
      });
      return r.success ? null : firstIssue(r.error);
    };
    expect(bad({ amount: "abc" })).toBe("Enter an amount in dollars, like 12.50.");
    expect(bad({ amount: "0" })).toBe("Enter an amount from $0.01 to $1,000.");
    expect(bad({ amount: "1000.01" })).toBe("Enter an amount from $0.01 to $1,000.");
    expect(bad({ reason: "x" })).toBe("Say why, in 3 to 200 characters.");
    expect(bad({ direction: "steal" })).toBe("Choose whether to add or remove credit.");
    // the page's key, made when it was rendered: without it the form is out of date
    expect(bad({ key: "" })).toBe(
      "This page is out of date. Reload the customer's page and try again.",
    );
  });

  it("cancel: staff must choose the customer's reason", () => {
    const r = StaffCancelSchema.safeParse({ subscriptionId: "3", reason: "" });
    expect(r.success ? null : firstIssue(r.error)).toBe(
      "Choose the customer's reason for cancelling.",
    );
    expect(StaffCancelSchema.parse({ subscriptionId: "3", reason: "price" })).toMatchObject({
      subscriptionId: 3,
      reason: "price",
    });
  });

  it("the next box: whole quantities from 0 to 99 per cut and add-on", () => {
    expect(
      boxOf(
        form([
          ["cut-4", "2"],
          ["addon-9", ""],
          ["addon-10", "1"],
          ["intent", "box"],
        ]),
      ),
    ).toEqual({ items: { 4: 2 }, addons: { 9: 0, 10: 1 } });
    expect(boxOf(form([["cut-4", "1.5"]]))).toBeNull();
    expect(boxOf(form([["cut-4", "100"]]))).toBeNull();
    expect(boxOf(form([["addon-4", "-1"]]))).toBeNull();
  });
});

describe("status messages", () => {
  it("say what was done, with the reference", () => {
    expect(doneMessage("skip", "CH-AB12-CD34")).toBe(
      "Delivery skipped. Reference CH-AB12-CD34. The customer was e-mailed a confirmation.",
    );
    expect(doneMessage("credit", "CH-AB12-CD34")).toBe("Credit saved. Reference CH-AB12-CD34.");
    expect(doneMessage("skip", "<script>")).toBe(
      "Delivery skipped. The customer was e-mailed a confirmation.",
    );
    expect(doneMessage("nope", "CH-AB12-CD34")).toBeNull();
    expect(paymentDoneMessage("sent", "PT-ABC123")).toBe(
      "The pay link for order PT-ABC123 was e-mailed to the customer again.",
    );
    expect(paymentDoneMessage("paid", null)).toBeNull();
    expect(PaymentActionSchema.safeParse({ intent: "retry", deliveryId: "x" }).success).toBe(false);
    expect(PaymentActionSchema.parse({ intent: "pay_link", deliveryId: "12" })).toEqual({
      intent: "pay_link",
      deliveryId: 12,
    });
  });
});
