// A refund whose outcome is unknown is settled, never guessed (issue 46 item 5, decision 072). The
// sandbox's refund-timeout card refunds and then answers with a timeout, as a gateway that refunded just
// before our call gave up. Until the settlement job asks the gateway by the refund's key, the refund
// stays counted (no second refund of that money), the order pages say "refund being confirmed", and a
// cancelled gift card stays cancelled. Then: refunded, it is recorded with its note or e-mail; not
// refunded, the amount comes back and staff can try again. Runs on SQLite, and on PostgreSQL with
// DATABASE_URL_TEST.
import { randomUUID } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { cancelGiftCard, GIFT_CARD_MESSAGES } from "~/admin/gift-cards/gift-cards.server";
import { refundSettlementJob } from "~/refunds/settle-unknown.server";
import { PAYMENTS } from "~/config";
import { db } from "~/db/client.server";
import { claimGiftCardCode } from "~/gift-cards/claim.server";
import { runDueJobs } from "~/jobs/runner.server";
import { captureLogs } from "~/log/logger.mjs";
import type { PaymentGateway } from "~/payments/gateway";
import {
  paymentGateway,
  REFUND_TIMEOUT_TEST_CARD,
  SandboxGateway,
} from "~/payments/sandbox-gateway.server";
import * as customerOrderRoute from "~/routes/dashboard.orders.$reference";
import { createStaff, createUser, uniqueEmail } from "../factories";
import { boughtGiftCard } from "./admin-gift-cards-fixtures";
import {
  answerOf,
  asResponse,
  customerAuth,
  getOrderPage,
  newKey,
  paidOrder,
  postOrder,
  refundedOf,
  refundsOf,
  staffAuth,
} from "./admin-refunds-fixtures";

afterEach(() => vi.restoreAllMocks());

/** A sandbox charge of the refund-timeout card: its refunds are made, then time out. */
async function refundTimeoutCharge(amountCents: number) {
  const gw = paymentGateway();
  const { token } = await gw.tokenise({
    number: REFUND_TIMEOUT_TEST_CARD,
    expMonth: 12,
    expYear: 2099,
    cvc: "123",
  });
  const charge = await gw.charge({
    token,
    amountCents,
    currency: "AUD",
    idempotencyKey: newKey(),
    description: "test",
  });
  if (charge.status !== "succeeded") throw new Error("the test card was declined");
  return charge.chargeId;
}

const payWith = (paymentId: number, chargeId: string) =>
  db
    .updateTable("payments")
    .set({ gatewayChargeId: chargeId })
    .where("id", "=", paymentId)
    .execute();

/** The settlement job run as if `minutes` after now. */
const settleAt = (minutes: number) =>
  runDueJobs({
    now: new Date(Date.now() + minutes * 60_000),
    kinds: [refundSettlementJob],
    origin: "http://shop.test",
    log: false,
  });
const AFTER_LEASE = PAYMENTS.abandonedAfterMinutes + 1;

const mailsTo = (email: string, template: string) =>
  db
    .selectFrom("emailOutbox")
    .select(["subject", "text"])
    .where("toAddress", "=", email)
    .where("template", "=", template)
    .execute();

const paymentStatus = async (id: number) =>
  (await db.selectFrom("payments").select("status").where("id", "=", id).executeTakeFirstOrThrow())
    .status;

const form = (fields: Record<string, string> = {}, seen = "0") => ({
  idempotencyKey: newKey(),
  seenRefundedCents: seen,
  scope: "order",
  method: "card",
  amount: "",
  reason: "Box arrived warm",
  ...fields,
});

/** The customer's own order page (the tax invoice with its notes). */
async function customerPage(reference: string, userId: number) {
  const auth = await customerAuth(userId);
  const request = new Request(`http://localhost/dashboard/orders/${reference}`, {
    headers: { Cookie: auth.cookie },
  });
  return answerOf(
    await asResponse(
      Promise.resolve(
        customerOrderRoute.loader({
          request,
          params: { reference },
          context: {},
        } as LoaderFunctionArgs),
      ),
    ),
  );
}

describe("a card refund whose gateway call timed out after refunding", () => {
  it("stays counted and being confirmed, starts no second refund, then is recorded as refunded with its note", async () => {
    const logs = captureLogs();
    onTestFinished(() => logs.stop());
    const o = await paidOrder();
    await payWith(o.paymentId, await refundTimeoutCharge(o.cardCents));
    const owner = await staffAuth("owner");
    const refundSpy = vi.spyOn(SandboxGateway.prototype, "refund");

    const res = await postOrder(
      o.reference,
      owner,
      "refund",
      form({ scope: "amount", amount: "50" }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/orders/${o.reference}#refund-confirming`);
    expect(logs.lines().find((l) => l.type === "refund.unknown")).toMatchObject({ level: "error" });
    const [r] = await refundsOf(o.orderId);
    expect(r).toMatchObject({ status: "unknown", amountCents: 5000, gatewayRefundId: null });
    // the gateway did refund; the order still counts it
    expect(await paymentGateway().findRefund(r.idempotencyKey)).toMatchObject({
      status: "refunded",
      amountCents: 5000,
    });
    expect(await refundedOf(o.orderId)).toBe(5000);
    expect(await mailsTo(o.email, "adjustment-note")).toHaveLength(0);

    // the back office's page and the customer's say it is being confirmed
    const page = await answerOf(await getOrderPage(o.reference, owner));
    expect(page.body.order.refunds).toMatchObject([{ status: "unknown", amountCents: 5000 }]);
    expect(page.body.order.refund.orderLeftCents).toBe(o.totalCents - 5000);
    const mine = await customerPage(o.reference, o.userId);
    expect(mine.body.confirming).toEqual([{ amountCents: 5000, card: "Visa ending in 4242" }]);
    expect(mine.body.invoice.adjustmentNotes).toEqual([]);

    // no second refund of that money: a press from the old page view is refused, and all that is
    // left is what the first did not take
    const again = await answerOf(await postOrder(o.reference, owner, "refund", form()));
    expect(again.status).toBe(409);
    expect(again.body.formError).toMatch(/changed while you were looking/);
    expect(refundSpy).toHaveBeenCalledTimes(1);

    // before the lease the job leaves it alone (a request may still be on its way)
    await settleAt(1);
    expect((await refundsOf(o.orderId))[0].status).toBe("unknown");

    await settleAt(AFTER_LEASE);
    const [settled] = await refundsOf(o.orderId);
    expect(settled.status).toBe("succeeded");
    expect(settled.gatewayRefundId).toMatch(/^sandbox_re_/);
    expect(await refundedOf(o.orderId)).toBe(5000);
    const notes = await mailsTo(o.email, "adjustment-note");
    expect(notes).toHaveLength(1);
    expect(notes[0].text).toContain("Amount refunded: $50");
    expect(notes[0].text).toContain("Visa ending in 4242");
    // asked once, refunded once: the job looks up, it never refunds again
    expect(refundSpy).toHaveBeenCalledTimes(1);
    const audits = await db
      .selectFrom("auditEntries")
      .select(["action", "ip"])
      .where("entityType", "=", "order")
      .where("entityId", "=", o.reference)
      .orderBy("id")
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      "order.refund",
      "refund.unknown",
      "refund.succeeded",
    ]);
    expect(audits[2].ip).toBe("refund settlement job");
    const mineAfter = await customerPage(o.reference, o.userId);
    expect(mineAfter.body.confirming).toEqual([]);
    expect(mineAfter.body.invoice.adjustmentNotes).toHaveLength(1);

    // a second run settles nothing more
    await settleAt(AFTER_LEASE + 1);
    expect(await mailsTo(o.email, "adjustment-note")).toHaveLength(1);
  });

  it("is released when the gateway has no such refund: the amount comes back and staff can refund again", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    // the request never reached the gateway: nothing refunded, nothing kept under its key
    vi.spyOn(SandboxGateway.prototype, "refund").mockRejectedValueOnce(new Error("socket hang up"));
    await postOrder(o.reference, owner, "refund", form());
    expect(await refundedOf(o.orderId)).toBe(o.totalCents);

    await settleAt(AFTER_LEASE);
    const [r] = await refundsOf(o.orderId);
    expect(r.status).toBe("failed");
    expect(await refundedOf(o.orderId)).toBe(0);
    expect(await mailsTo(o.email, "adjustment-note")).toHaveLength(0);

    const res = await postOrder(o.reference, owner, "refund", form());
    expect(res.status).toBe(303);
    expect((await refundsOf(o.orderId)).map((x) => x.status)).toEqual(["failed", "succeeded"]);
    expect(await refundedOf(o.orderId)).toBe(o.totalCents);
    expect(await mailsTo(o.email, "adjustment-note")).toHaveLength(1);
  });

  it("leaves the refund unknown while the gateway cannot be asked", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    vi.spyOn(SandboxGateway.prototype, "refund").mockRejectedValueOnce(new Error("gateway down"));
    await postOrder(o.reference, owner, "refund", form());
    vi.spyOn(SandboxGateway.prototype, "findRefund").mockRejectedValue(new Error("gateway down"));
    await settleAt(AFTER_LEASE);
    expect((await refundsOf(o.orderId))[0].status).toBe("unknown");
    expect(await refundedOf(o.orderId)).toBe(o.totalCents);
  });
});

describe("a gift card cancel whose refund timed out after refunding", () => {
  const asStaff = async () => {
    const s = await createStaff(db, { role: "support" });
    return { id: s.id, role: s.role, ip: "203.0.113.7" };
  };
  const cardOf = (id: number) =>
    db.selectFrom("giftCards").select("cancelledAt").where("id", "=", id).executeTakeFirstOrThrow();

  it("keeps the card cancelled, then records the refund and e-mails the buyer", async () => {
    const staff = await asStaff();
    const { card, bonus, order, buyer, paymentId } = await boughtGiftCard({
      valueCents: 7500,
      bonusCents: 500,
    });
    await payWith(paymentId, await refundTimeoutCharge(7500));

    const outcome = await cancelGiftCard(staff, { cardId: card.id, key: randomUUID() });
    expect(outcome).toMatchObject({ ok: true, confirming: true });
    expect((await cardOf(card.id)).cancelledAt).not.toBeNull();
    expect((await cardOf(bonus!.id)).cancelledAt).not.toBeNull();
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(["unknown"]);
    expect(await refundedOf(order.id)).toBe(7500);
    // a refunded card cannot be claimed meanwhile
    const claimer = await createUser(db, { email: uniqueEmail("claimer") });
    expect((await claimGiftCardCode(db, { userId: claimer.id, code: card.code })).ok).toBe(false);
    expect(await mailsTo(buyer.email, "gift-card-cancelled")).toHaveLength(0);

    await settleAt(AFTER_LEASE);
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(["succeeded"]);
    expect(await paymentStatus(paymentId)).toBe("refunded");
    expect((await cardOf(card.id)).cancelledAt).not.toBeNull();
    expect(await mailsTo(buyer.email, "gift-card-cancelled")).toHaveLength(1);
    expect(await refundedOf(order.id)).toBe(7500);
  });

  it("makes the card work again when the gateway has no such refund, and it can be cancelled again", async () => {
    const staff = await asStaff();
    const { card, bonus, order, buyer } = await boughtGiftCard({ bonusCents: 500 });
    const real = paymentGateway();
    const failing: PaymentGateway = {
      tokenise: (c) => real.tokenise(c),
      verify: (t, r) => real.verify(t, r),
      charge: (r) => real.charge(r),
      findCharge: (k) => real.findCharge(k),
      findRefund: (k) => real.findRefund(k),
      refund: async () => {
        throw new Error("socket hang up");
      },
    };
    expect(
      await cancelGiftCard(staff, { cardId: card.id, key: randomUUID() }, { gateway: failing }),
    ).toMatchObject({ ok: true, confirming: true });
    expect((await cardOf(card.id)).cancelledAt).not.toBeNull();

    await settleAt(AFTER_LEASE);
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(["failed"]);
    expect(await refundedOf(order.id)).toBe(0);
    expect((await cardOf(card.id)).cancelledAt).toBeNull();
    expect((await cardOf(bonus!.id)).cancelledAt).toBeNull();
    expect(await mailsTo(buyer.email, "gift-card-cancelled")).toHaveLength(0);

    const key = randomUUID();
    expect(await cancelGiftCard(staff, { cardId: card.id, key })).toMatchObject({ ok: true });
    expect(await cancelGiftCard(staff, { cardId: card.id, key })).not.toEqual({
      ok: false,
      status: 502,
      message: GIFT_CARD_MESSAGES.gateway,
    });
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(["failed", "succeeded"]);
    expect(await mailsTo(buyer.email, "gift-card-cancelled")).toHaveLength(1);
  });
});
