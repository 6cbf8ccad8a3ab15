// Refunds from the back office (issue 36), through the order page's action as staff post it: exactly
// once (the same key twice; two presses from one page view with different keys), never above what was
// paid, the role limits, to the card through the gateway or as credit, the adjustment note (its
// e-mail and the customer's page) and the audit. Runs on SQLite, and on PostgreSQL with
// DATABASE_URL_TEST.
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { db } from "~/db/client.server";
import { captureLogs } from "~/log/logger.mjs";
import { creditBalance } from "~/orders/credit.server";
import { loadTaxInvoice } from "~/orders/invoice.server";
import { SandboxGateway } from "~/payments/sandbox-gateway.server";
import { BUSINESS } from "~/config";
import {
  answerOf,
  customerAuth,
  getOrderPage,
  KNIFE_CENTS,
  KNIFE_GST,
  newKey,
  paidOrder,
  postOrder,
  refundedOf,
  refundsOf,
  staffAuth,
} from "./admin-refunds-fixtures";

const refund = (fields: Record<string, string>, seen = "0") => ({
  idempotencyKey: newKey(),
  seenRefundedCents: seen,
  scope: "order",
  method: "card",
  amount: "",
  reason: "Box arrived warm",
  ...fields,
});

const auditOf = (reference: string) =>
  db
    .selectFrom("auditEntries")
    .selectAll()
    .where("entityType", "=", "order")
    .where("entityId", "=", reference)
    .orderBy("id")
    .execute();

const notesTo = (email: string) =>
  db
    .selectFrom("emailOutbox")
    .selectAll()
    .where("toAddress", "=", email)
    .where("template", "=", "adjustment-note")
    .execute();

afterEach(() => vi.restoreAllMocks());

describe("a refund to the card", () => {
  it("refunds the whole order once, through the gateway with the refund's key, and e-mails the adjustment note", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const spy = vi.spyOn(SandboxGateway.prototype, "refund");
    const fields = refund({});
    const res = await postOrder(o.reference, owner, "refund", fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(
      `/admin/orders/${o.reference}?refunded=AN-${o.reference}-1#order-status`,
    );
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][1]).toBe(o.totalCents);
    expect(spy.mock.calls[0][2]).toBe(fields.idempotencyKey);
    const [r] = await refundsOf(o.orderId);
    expect(r).toMatchObject({
      status: "succeeded",
      method: "card",
      amountCents: o.totalCents,
      gstCents: KNIFE_GST,
      noteNumber: `AN-${o.reference}-1`,
      paymentId: o.paymentId,
      staffUserId: owner.userId,
    });
    expect(r.gatewayRefundId).toMatch(/^sandbox_re_/);
    expect(await refundedOf(o.orderId)).toBe(o.totalCents);
    const payment = await db
      .selectFrom("payments")
      .select("status")
      .where("id", "=", o.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe("refunded");
    const [mail] = await notesTo(o.email);
    expect(mail.subject).toContain(`AN-${o.reference}-1`);
    for (const words of [
      "Adjustment note",
      `ABN ${BUSINESS.abn}`,
      `Original tax invoice: ${o.reference}`,
      "Amount refunded: $368",
      "GST adjusted: $8.09",
      "Visa ending in 4242",
    ])
      expect(mail.text).toContain(words);
    // the page now says so, and there is nothing left to refund
    const page = await answerOf(
      await getOrderPage(o.reference, owner, `?refunded=AN-${o.reference}-1`),
    );
    expect(page.body.status).toContain("Refunded $368 to the card");
    expect(page.body.order.refund.orderLeftCents).toBe(0);
    expect(JSON.stringify(page.body)).not.toContain("sandbox_ch_");
  });

  it("answers the same key twice with the first result and refunds once", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const spy = vi.spyOn(SandboxGateway.prototype, "refund");
    const fields = refund({ scope: "amount", amount: "50" });
    const first = await postOrder(o.reference, owner, "refund", fields);
    const second = await postOrder(o.reference, owner, "refund", fields);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    expect(await refundedOf(o.orderId)).toBe(5000);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(await notesTo(o.email)).toHaveLength(1);
  });

  it("refunds once when two presses from the same page view (different keys) arrive together", async () => {
    const o = await paidOrder();
    const [a, b] = [await staffAuth("owner"), await staffAuth("support")];
    const spy = vi.spyOn(SandboxGateway.prototype, "refund");
    const answers = await Promise.all([
      postOrder(o.reference, a, "refund", refund({ scope: "amount", amount: "120" })),
      postOrder(o.reference, b, "refund", refund({ scope: "amount", amount: "120" })),
    ]);
    const statuses = (await Promise.all(answers.map(answerOf))).map((x) => x.status).sort();
    expect(statuses).toEqual([303, 409]);
    const refused = await answerOf(
      answers.find((x) => !(x instanceof Response) || x.status !== 303),
    );
    expect(refused.body.formError).toMatch(/^This order changed while you were looking/);
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    expect(await refundedOf(o.orderId)).toBe(12000);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("refunds once when many presses with different keys race", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        postOrder(o.reference, owner, "refund", refund({ scope: "order" })),
      ),
    );
    const ok = (await Promise.all(answers.map(answerOf))).filter((x) => x.status === 303);
    expect(ok).toHaveLength(1);
    expect(await refundedOf(o.orderId)).toBe(o.totalCents);
    expect((await refundsOf(o.orderId)).filter((r) => r.status !== "failed")).toHaveLength(1);
  });

  it("never refunds more than was paid less earlier refunds", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const over = await answerOf(
      await postOrder(o.reference, owner, "refund", refund({ scope: "amount", amount: "368.01" })),
    );
    expect(over.status).toBe(409);
    expect(over.body.formError).toBe("That is more than is left to refund: $368.");
    expect(await refundsOf(o.orderId)).toHaveLength(0);
    expect(
      (await postOrder(o.reference, owner, "refund", refund({ scope: "amount", amount: "300" })))
        .status,
    ).toBe(303);
    const again = await answerOf(
      await postOrder(
        o.reference,
        owner,
        "refund",
        refund({ scope: "amount", amount: "100" }, "30000"),
      ),
    );
    expect(again.status).toBe(409);
    expect(again.body.formError).toBe("That is more than is left to refund: $68.");
    // a page that saw an older "refunded so far" refunds nothing
    const stale = await answerOf(
      await postOrder(o.reference, owner, "refund", refund({ scope: "amount", amount: "10" }, "0")),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.formError).toMatch(/^This order changed while you were looking/);
    expect(await refundedOf(o.orderId)).toBe(30000);
  });

  it("refunds chosen lines with their own GST, each line only as often as it was bought", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const res = await postOrder(
      o.reference,
      owner,
      "refund",
      refund({ scope: "lines", [`qty-${o.lineIds.knife}`]: "1", [`qty-${o.lineIds.box}`]: "0" }),
    );
    expect(res.status).toBe(303);
    const [r] = await refundsOf(o.orderId);
    expect(r).toMatchObject({ amountCents: KNIFE_CENTS, gstCents: KNIFE_GST });
    expect(JSON.parse(r.lines!)).toEqual([{ invoiceLineId: o.lineIds.knife, quantity: 1 }]);
    const twice = await answerOf(
      await postOrder(
        o.reference,
        owner,
        "refund",
        refund({ scope: "lines", [`qty-${o.lineIds.knife}`]: "1" }, String(KNIFE_CENTS)),
      ),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.formError).toBe("Only 0 of Chef's knife are left to refund.");
  });

  it("adjusts a pro-rata share of the invoice's GST for an amount", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    await postOrder(o.reference, owner, "refund", refund({ scope: "amount", amount: "36.80" }));
    const [r] = await refundsOf(o.orderId);
    // $36.80 of $368: a tenth of the $8.09 of GST
    expect(r).toMatchObject({ amountCents: 3680, gstCents: 81 });
  });

  it("keeps the amount counted when the gateway errs (it may have refunded): the refund is being confirmed", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    vi.spyOn(SandboxGateway.prototype, "refund").mockRejectedValue(new Error("gateway down"));
    const logs = captureLogs();
    onTestFinished(() => logs.stop());
    const res = await postOrder(o.reference, owner, "refund", refund({}));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/orders/${o.reference}#refund-confirming`);
    expect(logs.lines().find((l) => l.type === "refund.unknown")).toMatchObject({
      level: "error",
      message: "gateway down",
    });
    const [r] = await refundsOf(o.orderId);
    expect(r.status).toBe("unknown");
    expect(await refundedOf(o.orderId)).toBe(o.totalCents);
    expect(await notesTo(o.email)).toHaveLength(0);
    expect((await auditOf(o.reference)).map((a) => a.action)).toEqual([
      "order.refund",
      "refund.unknown",
    ]);
  });
});

describe("a refund as account credit", () => {
  it("adds the amount to the customer's credit in the claim, with its note, e-mail and audit", async () => {
    const o = await paidOrder({ creditCents: 5000 });
    const owner = await staffAuth("owner");
    const spy = vi.spyOn(SandboxGateway.prototype, "refund");
    const before = await creditBalance({ userId: o.userId });
    // what was paid counts the credit: the whole $368 may come back as credit
    const res = await postOrder(o.reference, owner, "refund", refund({ method: "credit" }));
    expect(res.status).toBe(303);
    expect(spy).not.toHaveBeenCalled();
    expect(await creditBalance({ userId: o.userId })).toBe(before + o.totalCents);
    const [r] = await refundsOf(o.orderId);
    expect(r).toMatchObject({ method: "credit", status: "succeeded", paymentId: null });
    expect((await notesTo(o.email))[0].text).toContain("as account credit");
  });

  it("sends to the card no more than the card paid", async () => {
    const o = await paidOrder({ creditCents: 5000 });
    const owner = await staffAuth("owner");
    const res = await answerOf(
      await postOrder(o.reference, owner, "refund", refund({ scope: "amount", amount: "330" })),
    );
    expect(res.status).toBe(409);
    expect(res.body.formError).toBe(
      "That is more than is left to refund to the card: $318. Refund the rest as account credit.",
    );
  });
});

describe("who may refund", () => {
  it("lets support refund up to $200 each, the owner without a limit", async () => {
    const o = await paidOrder();
    const support = await staffAuth("support");
    // the page states both of support's limits; the owner's has none
    expect((await answerOf(await getOrderPage(o.reference, support))).body).toMatchObject({
      limitCents: 20_000,
      dayLimitCents: 50_000,
    });
    expect(
      (await answerOf(await getOrderPage(o.reference, await staffAuth("owner")))).body,
    ).toMatchObject({ limitCents: null, dayLimitCents: null });
    const over = await answerOf(
      await postOrder(
        o.reference,
        support,
        "refund",
        refund({ scope: "amount", amount: "200.01" }),
      ),
    );
    expect(over.status).toBe(409);
    expect(over.body.formError).toMatch(/^Support may refund up to \$200 at a time/);
    expect(
      (await postOrder(o.reference, support, "refund", refund({ scope: "amount", amount: "200" })))
        .status,
    ).toBe(303);
    const owner = await staffAuth("owner");
    expect(
      (await postOrder(o.reference, owner, "refund", refund({ scope: "order" }, "20000"))).status,
    ).toBe(303);
    expect(await refundedOf(o.orderId)).toBe(o.totalCents);
  });

  it("refuses a packer (403) and a customer (404), and changes nothing", async () => {
    const o = await paidOrder();
    const packer = await staffAuth("packer");
    expect((await postOrder(o.reference, packer, "refund", refund({}))).status).toBe(403);
    expect((await getOrderPage(o.reference, packer)).status).toBe(403);
    const customer = await customerAuth(o.userId);
    expect((await postOrder(o.reference, customer, "refund", refund({}))).status).toBe(404);
    expect(await refundsOf(o.orderId)).toHaveLength(0);
    expect(await auditOf(o.reference)).toHaveLength(0);
  });

  it("refuses a post without the CSRF token", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const res = await postOrder(o.reference, { ...owner, token: "nope" }, "refund", refund({}));
    // the shop's CSRF refusal
    expect(res.status).toBe(419);
    expect(await refundsOf(o.orderId)).toHaveLength(0);
  });
});

describe("the refund form", () => {
  it("answers bad input with 400, its messages and what was typed", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const res = await answerOf(
      await postOrder(
        o.reference,
        owner,
        "refund",
        refund({ scope: "amount", amount: "twelve", reason: "" }),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.amount).toBe("Enter an amount to refund, like 12.50.");
    expect(res.body.fieldErrors.reason).toMatch(/^Give a reason/);
    expect(res.body.repopulateFields.amount).toBe("twelve");
    expect(await refundsOf(o.orderId)).toHaveLength(0);
  });

  it("gives each page view its own key", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const one = await answerOf(await getOrderPage(o.reference, owner));
    const two = await answerOf(await getOrderPage(o.reference, owner));
    expect(one.body.idempotencyKey).not.toBe(two.body.idempotencyKey);
    expect(one.body.order.refund.refundedCents).toBe(0);
  });
});

describe("the audit and the adjustment note", () => {
  it("writes the claim's and the settlement's entries, and the customer sees the note beside the invoice", async () => {
    const o = await paidOrder();
    const support = await staffAuth("support");
    await postOrder(
      o.reference,
      support,
      "refund",
      refund({ scope: "amount", amount: "36.80", reason: "Bacon missing" }),
    );
    const entries = await auditOf(o.reference);
    expect(entries.map((e) => [e.action, e.staffUserId, e.staffRole])).toEqual([
      ["order.refund", support.userId, "support"],
      ["refund.succeeded", support.userId, "support"],
    ]);
    expect(JSON.parse(entries[0].before!)).toEqual({ refundedCents: 0 });
    expect(JSON.parse(entries[0].after!)).toMatchObject({
      refundedCents: 3680,
      refund: `AN-${o.reference}-1`,
      amountCents: 3680,
      gstCents: 81,
      method: "card",
      reason: "Bacon missing",
    });
    const found = await loadTaxInvoice({ userId: o.userId, reference: o.reference });
    expect(found.status).toBe("ok");
    if (found.status !== "ok") return;
    expect(found.invoice.adjustmentNotes).toEqual([
      expect.objectContaining({
        noteNumber: `AN-${o.reference}-1`,
        amountCents: 3680,
        gstCents: 81,
        reason: "Bacon missing",
        card: "Visa ending in 4242",
      }),
    ]);
    // the order page's history lists both
    const page = await answerOf(await getOrderPage(o.reference, support));
    const whats = page.body.order.history.map((h: { what: string }) => h.what);
    expect(whats).toContain(`Refund requested AN-${o.reference}-1: $36.80 to the card`);
  });
});

describe("a gift card order", () => {
  it("is not refunded here: its card is cancelled under Gift cards", async () => {
    const o = await paidOrder();
    await db.updateTable("orders").set({ kind: "gift_card" }).where("id", "=", o.orderId).execute();
    const owner = await staffAuth("owner");
    const res = await answerOf(await postOrder(o.reference, owner, "refund", refund({})));
    expect(res.status).toBe(409);
    expect(res.body.formError).toMatch(/^A gift card order is refunded by cancelling its card/);
    expect(await refundedOf(o.orderId)).toBe(0);
  });
});

describe("a card refund whose request died before the gateway answered", () => {
  it("is finished with its own key by the next press on the order, once", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const key = newKey();
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    await db
      .insertInto("refunds")
      .values({
        orderId: o.orderId,
        paymentId: o.paymentId,
        method: "card",
        amountCents: 5000,
        gstCents: 110,
        reason: "Crushed box",
        lines: null,
        staffUserId: owner.userId,
        idempotencyKey: key,
        status: "pending",
        gatewayRefundId: null,
        noteNumber: `AN-${o.reference}-1`,
        createdAt: old,
        completedAt: null,
      })
      .execute();
    await db
      .updateTable("orders")
      .set({ refundedCents: 5000 })
      .where("id", "=", o.orderId)
      .execute();
    const spy = vi.spyOn(SandboxGateway.prototype, "refund");
    const res = await postOrder(
      o.reference,
      owner,
      "refund",
      refund({ scope: "amount", amount: "10" }, "5000"),
    );
    expect(res.status).toBe(303);
    expect(spy.mock.calls.map((c) => c[2])).toEqual([key, expect.any(String)]);
    const rows = await refundsOf(o.orderId);
    expect(rows.map((r) => [r.noteNumber, r.status, r.amountCents])).toEqual([
      [`AN-${o.reference}-1`, "succeeded", 5000],
      [`AN-${o.reference}-2`, "succeeded", 1000],
    ]);
    expect(await refundedOf(o.orderId)).toBe(6000);
    expect(await notesTo(o.email)).toHaveLength(2);
  });
});
