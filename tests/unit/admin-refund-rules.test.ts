// The arithmetic of a refund (issue 36): amounts, GST adjusted, the note's number and the form.
import { describe, expect, it } from "vitest";
import {
  noteNumberOf,
  paidShare,
  parseDollars,
  planRefund,
  REFUND_MESSAGES,
  type RefundInvoice,
} from "~/admin/refunds/refund-rules";
import { readRefundForm, REFUND_FIELD_MESSAGES } from "~/admin/refunds/refund-schema";

const invoice = (over: Partial<RefundInvoice> = {}): RefundInvoice => ({
  subtotalCents: 36800,
  discountedCents: 0,
  totalCents: 36800,
  gstCents: 809,
  lines: [
    {
      id: 1,
      name: "Box",
      quantity: 1,
      priceCents: 27900,
      taxable: false,
      gstCents: 0,
      free: false,
      refundedQuantity: 0,
    },
    {
      id: 2,
      name: "Knife",
      quantity: 1,
      priceCents: 8900,
      taxable: true,
      gstCents: 809,
      free: false,
      refundedQuantity: 0,
    },
  ],
  ...over,
});

const room = (left = 36800, orderLeft = left, gstLeft = 809) => ({
  leftCents: left,
  orderLeftCents: orderLeft,
  gstLeftCents: gstLeft,
});

describe("planRefund", () => {
  it("refunds all that is left for the whole order, with all the GST left", () => {
    expect(planRefund(invoice(), { scope: "order" }, room())).toEqual({
      ok: true,
      amountCents: 36800,
      gstCents: 809,
      lines: null,
    });
    // after a $36.80 refund that adjusted 81c: the rest takes the 728c left, not a rounded share
    expect(planRefund(invoice(), { scope: "order" }, room(33120, 33120, 728))).toMatchObject({
      amountCents: 33120,
      gstCents: 728,
    });
  });

  it("adjusts a pro-rata share of the GST for an amount, rounded to the cent", () => {
    expect(planRefund(invoice(), { scope: "amount", amountCents: 3680 }, room())).toMatchObject({
      amountCents: 3680,
      gstCents: 81,
    });
    expect(planRefund(invoice(), { scope: "amount", amountCents: 1 }, room())).toMatchObject({
      gstCents: 0,
    });
  });

  it("refunds chosen lines at what was paid for them, with their own GST", () => {
    expect(
      planRefund(invoice(), { scope: "lines", lines: [{ invoiceLineId: 2, quantity: 1 }] }, room()),
    ).toEqual({
      ok: true,
      amountCents: 8900,
      gstCents: 809,
      lines: [{ invoiceLineId: 2, quantity: 1 }],
    });
    expect(
      planRefund(invoice(), { scope: "lines", lines: [{ invoiceLineId: 1, quantity: 1 }] }, room()),
    ).toMatchObject({ amountCents: 27900, gstCents: 0 });
  });

  it("adjusts the GST each line was issued with, in proportion to the quantity refunded", () => {
    // two knives issued with 1618c GST between them; the flag on the line is not read again
    const two = invoice({ subtotalCents: 45700, totalCents: 45700, gstCents: 1618 });
    two.lines[1] = { ...two.lines[1], quantity: 2, gstCents: 1618 };
    expect(
      planRefund(
        two,
        { scope: "lines", lines: [{ invoiceLineId: 2, quantity: 1 }] },
        room(45700, 45700, 1618),
      ),
    ).toMatchObject({ amountCents: 8900, gstCents: 809 });
    // a line issued GST-free adjusts none, whatever its product is now
    const free = invoice({ gstCents: 0 });
    free.lines[1] = { ...free.lines[1], taxable: false, gstCents: 0 };
    expect(
      planRefund(free, { scope: "lines", lines: [{ invoiceLineId: 2, quantity: 1 }] }, room()),
    ).toMatchObject({ amountCents: 8900, gstCents: 0 });
  });

  it("takes the discount off chosen lines in proportion", () => {
    const discounted = invoice({ discountedCents: 3680, totalCents: 33120, gstCents: 728 });
    discounted.lines[1].gstCents = 728;
    expect(paidShare(discounted)).toBeCloseTo(0.9);
    expect(
      planRefund(
        discounted,
        { scope: "lines", lines: [{ invoiceLineId: 2, quantity: 1 }] },
        room(33120, 33120, 728),
      ),
    ).toMatchObject({ amountCents: 8010, gstCents: 728 });
  });

  it("refuses more than is left, a line already refunded, nothing chosen", () => {
    expect(planRefund(invoice(), { scope: "amount", amountCents: 36801 }, room())).toEqual({
      ok: false,
      message: "That is more than is left to refund: $368.",
    });
    expect(planRefund(invoice(), { scope: "order" }, room(0, 0, 0))).toEqual({
      ok: false,
      message: REFUND_MESSAGES.nothingLeft,
    });
    const refunded = invoice();
    refunded.lines[1].refundedQuantity = 1;
    expect(
      planRefund(refunded, { scope: "lines", lines: [{ invoiceLineId: 2, quantity: 1 }] }, room()),
    ).toEqual({ ok: false, message: "Only 0 of Knife are left to refund." });
    expect(planRefund(invoice(), { scope: "lines", lines: [] }, room())).toEqual({
      ok: false,
      message: REFUND_MESSAGES.noLines,
    });
  });

  it("never adjusts more GST than is left", () => {
    expect(
      planRefund(invoice(), { scope: "amount", amountCents: 36000 }, room(36800, 36800, 100)),
    ).toMatchObject({
      gstCents: 100,
    });
  });
});

describe("the refund form", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries({
      idempotencyKey: "k-0123456789abcdef",
      seenRefundedCents: "0",
      scope: "amount",
      method: "card",
      amount: "12.50",
      reason: "Late delivery",
      ...fields,
    }))
      f.append(k, v);
    return readRefundForm(f);
  };

  it("reads dollars, lines and the page view's key", () => {
    const { parsed } = form({ scope: "lines", amount: "", "qty-7": "2", "qty-8": "" });
    expect(parsed.success && parsed.data).toMatchObject({
      scope: "lines",
      seenRefundedCents: 0,
      lines: [
        { invoiceLineId: 7, quantity: 2 },
        { invoiceLineId: 8, quantity: 0 },
      ],
    });
    expect(parseDollars("$1,234.5")).toBe(123450);
    expect(parseDollars("12.345")).toBeNull();
    expect(parseDollars("-3")).toBeNull();
  });

  it("reads each line field strictly: given twice, or not as the page writes it, is refused", () => {
    const lines = (pairs: [string, string][]) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        idempotencyKey: "k-0123456789abcdef",
        seenRefundedCents: "0",
        scope: "lines",
        method: "card",
        amount: "",
        reason: "Late delivery",
      }))
        f.append(k, v);
      for (const [k, v] of pairs) f.append(k, v);
      const { parsed } = readRefundForm(f);
      return parsed.success ? parsed.data.lines : parsed.error.issues[0].message;
    };
    expect(lines([["qty-41", "1"]])).toEqual([{ invoiceLineId: 41, quantity: 1 }]);
    for (const bad of [
      [
        ["qty-41", "1"],
        ["qty-041", "1"],
      ],
      [
        ["qty-41", "1"],
        ["qty-41", "0"],
      ],
      [["qty-041", "1"]],
      [["qty-41 ", "1"]],
      [["qty-4.1e1", "1"]],
      [["qty-0", "1"]],
      [["qty-", "1"]],
      [["qty-99999999999999999999", "1"]],
    ] as [string, string][][])
      expect(lines(bad), JSON.stringify(bad)).toBe(REFUND_FIELD_MESSAGES.lineField);
  });

  it("refuses a bad amount, a missing reason, a bad quantity or key", () => {
    expect(form({ amount: "ten" }).parsed.success).toBe(false);
    expect(form({ reason: " " }).parsed.success).toBe(false);
    expect(form({ "qty-3": "-1" }).parsed.success).toBe(false);
    expect(form({ idempotencyKey: "short" }).parsed.success).toBe(false);
    expect(form({ scope: "everything" }).parsed.success).toBe(false);
  });

  it("numbers adjustment notes by order", () => {
    expect(noteNumberOf("PT-7K3M-Q9XD", 2)).toBe("AN-PT-7K3M-Q9XD-2");
  });
});

describe("what was typed matches what was chosen", () => {
  const read = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries({
      idempotencyKey: "k-0123456789abcdef",
      seenRefundedCents: "0",
      method: "card",
      amount: "",
      reason: "Late delivery",
      ...fields,
    }))
      f.append(k, v);
    return readRefundForm(f).parsed;
  };

  it("refuses an amount typed beside the whole order, lines beside an amount, and no choice", () => {
    const a = read({ scope: "order", amount: "20" });
    expect(!a.success && a.error.issues[0].message).toMatch(/choose "An amount"/);
    const b = read({ scope: "amount", amount: "20", "qty-4": "1" });
    expect(!b.success && b.error.issues[0].message).toMatch(/choose "Chosen lines"/);
    expect(read({ amount: "" }).success).toBe(false);
    expect(read({ scope: "order" }).success).toBe(true);
  });
});
