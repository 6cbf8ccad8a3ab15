// Settling owns its payment (issue 33 item 6). A charge is held at the gateway
// past the 10-minute lease while payment recovery runs, then let finish: the
// end is exactly one of "paid with one charge" or "nothing kept (refunded
// once)", with credit and stock given back at most once, for box checkout,
// pay-an-order and the gift-card purchase. Runs on SQLite, and on PostgreSQL
// with DATABASE_URL_TEST.
import { afterEach, vi } from "vitest";
import { db } from "~/db/client.server";
import { placeOrder } from "~/checkout/place-order.server";
import { purchaseGiftCard } from "~/gift-cards/purchase.server";
import { creditBalance } from "~/orders/credit.server";
import { payOrder } from "~/orders/pay-order.server";
import { PAYMENTS } from "~/config";
import { chargeCard } from "~/payments/payments.server";
import { GatewayTimeoutError } from "~/payments/gateway";
import {
  INTERRUPTED,
  INTERRUPTED_REFUNDED,
  paymentRecoveryJob,
  recoverPayment,
} from "~/payments/recovery.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import {
  ORIGIN,
  VISA,
  boxDraft,
  customer,
  gatewayRecord,
  giftInput,
  holdCharges,
  inventoryOf,
  paymentOf,
  payRequest,
  recoverPastLease,
  unpaidOrder,
  until,
} from "./payment-fixtures";
import { testClientIp } from "./client-ip";

afterEach(() => vi.restoreAllMocks());

const ordersOfUser = (userId: number) =>
  db.selectFrom("orders").select(["id", "status", "kind"]).where("userId", "=", userId).execute();
const statusOf = async (key: string) =>
  (
    await db
      .selectFrom("payments")
      .select("status")
      .where("idempotencyKey", "=", key)
      .executeTakeFirst()
  )?.status;

describe("a charge that outlives the lease", () => {
  for (const mode of ["before", "after"] as const) {
    const held =
      mode === "before"
        ? "held before it reaches the gateway"
        : "made at the gateway with its answer held";
    it(`box checkout, charge ${held}: no order, refunded once, credit and stock back once`, async () => {
      const user = await customer(5000);
      const box = await boxDraft(user);
      const stockBefore = await inventoryOf(box.bacon);
      const hold = holdCharges(mode);
      const placing = placeOrder(box.actor, box.input(), ORIGIN);
      const key = await hold.reached;
      expect(await creditBalance({ userId: user.id })).toBe(0);

      const run = await recoverPastLease();
      expect(run["payment-recovery"].done).toBeGreaterThanOrEqual(1);
      expect(await statusOf(key)).toBe("declined");
      hold.release();
      const outcome = await placing;

      expect(outcome).toEqual({ kind: "declined", message: INTERRUPTED_REFUNDED });
      expect(await ordersOfUser(user.id)).toEqual([]);
      expect(await paymentOf(key)).toMatchObject({
        status: "declined",
        failureMessage: INTERRUPTED_REFUNDED,
      });
      const gateway = await gatewayRecord(key);
      expect(gateway.charge).toMatchObject({ status: "succeeded" });
      expect(gateway.refunds).toBe(1);
      expect([...hold.refundKeys]).toEqual([`refund:${key}`]);
      expect(await creditBalance({ userId: user.id })).toBe(5000);
      expect(await inventoryOf(box.bacon)).toBe(stockBefore);
      const draft = await db
        .selectFrom("subscriptions")
        .select(["status", "checkoutKey"])
        .where("id", "=", box.draftId)
        .executeTakeFirstOrThrow();
      expect(draft).toEqual({ status: "draft", checkoutKey: null });
      expect(
        await db.selectFrom("paymentMethods").select("id").where("userId", "=", user.id).execute(),
      ).toEqual([]);
    });
  }

  it("pay-an-order: the order stays unpaid and payable, the charge is refunded once, the credit comes back once", async () => {
    const user = await customer(3000);
    const { reference, orderId } = await unpaidOrder(user);
    const hold = holdCharges("before");
    const paying = payOrder(payRequest(user, reference));
    const key = await hold.reached;
    await recoverPastLease();
    hold.release();
    const outcome = await paying;

    expect(outcome).toMatchObject({ status: "declined", message: INTERRUPTED_REFUNDED });
    const order = await db
      .selectFrom("orders")
      .select(["status", "paymentKey", "paidAt"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "unpaid", paymentKey: null, paidAt: null });
    expect(await paymentOf(key)).toMatchObject({
      status: "declined",
      failureMessage: INTERRUPTED_REFUNDED,
    });
    expect(await gatewayRecord(key)).toMatchObject({ charge: { status: "succeeded" }, refunds: 1 });
    expect(await creditBalance({ userId: user.id })).toBe(3000);
    // and it can be paid again with a new key
    const again = await payOrder(payRequest(user, reference));
    expect(again).toMatchObject({ status: "paid", creditCents: 3000, chargedCents: 27300 });
  });

  it("gift card: no order and no card, the charge refunded once", async () => {
    const hold = holdCharges("after");
    const input = giftInput();
    const buying = purchaseGiftCard({ user: null, clientIp: testClientIp() }, input, ORIGIN);
    const key = await hold.reached;
    // recovery found the charge (it was made) and refunded it; the late settle refunds with the same key
    await recoverPastLease();
    hold.release();
    const outcome = await buying;

    expect(outcome).toEqual({ kind: "declined", message: INTERRUPTED_REFUNDED });
    const payment = await paymentOf(key);
    expect(payment).toMatchObject({ status: "declined", orderId: null, giftCardId: null });
    expect(
      await db
        .selectFrom("giftCards")
        .select("id")
        .where("receiverEmail", "=", input.personalise.receiver.email)
        .execute(),
    ).toEqual([]);
    expect(await gatewayRecord(key)).toMatchObject({ charge: { status: "succeeded" }, refunds: 1 });
    expect([...hold.refundKeys]).toEqual([`refund:${key}`]);
  });

  it("recovery and the late settle racing each other end in exactly one consistent state (10 rounds of pay-an-order)", async () => {
    const ends = { paid: 0, refunded: 0 };
    for (let round = 0; round < 10; round++) {
      vi.restoreAllMocks();
      const user = await customer(2000);
      const { reference, orderId } = await unpaidOrder(user);
      const hold = holdCharges("before");
      const paying = payOrder(payRequest(user, reference));
      const key = await hold.reached;
      const [outcome] = await Promise.all([
        paying,
        (async () => {
          hold.release();
          await recoverPastLease();
        })(),
      ]);
      const order = await db
        .selectFrom("orders")
        .select(["status"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      const payment = await paymentOf(key);
      const gateway = await gatewayRecord(key);
      const credit = await creditBalance({ userId: user.id });
      if (order.status === "paid") {
        ends.paid++;
        expect(outcome.status).toBe("paid");
        expect(payment.status).toBe("succeeded");
        expect(gateway).toMatchObject({ charge: { status: "succeeded" }, refunds: 0 });
        expect(credit).toBe(0);
      } else {
        ends.refunded++;
        expect(outcome).toMatchObject({ status: "declined" });
        expect(payment.status).toBe("declined");
        expect(gateway.refunds).toBe(gateway.charge ? 1 : 0);
        expect(credit).toBe(2000);
      }
    }
    expect(ends.paid + ends.refunded).toBe(10);
  });
});

describe("payment recovery claims the row first", () => {
  it("holds the row as recovering while it refunds, so the charging submit can no longer settle it", async () => {
    const hold = holdCharges("after");
    const buying = purchaseGiftCard({ user: null, clientIp: testClientIp() }, giftInput(), ORIGIN);
    const key = await hold.reached;
    const seen: (string | undefined)[] = [];
    const refund = paymentGateway().refund;
    vi.spyOn(paymentGateway(), "refund").mockImplementation(async (...args) => {
      seen.push(await statusOf(key));
      return refund(...args);
    });
    await recoverPastLease();
    expect(seen[0]).toBe("recovering");
    hold.release();
    expect(await buying).toMatchObject({ kind: "declined" });
  });

  it("takes a recovery that died half-way again after another lease, and gives back once", async () => {
    const user = await customer(4000);
    const { reference, orderId } = await unpaidOrder(user);
    const hold = holdCharges("before");
    const paying = payOrder(payRequest(user, reference));
    const key = await hold.reached;
    // a recovery took the row and died before giving anything back
    const { id } = await paymentOf(key);
    await db
      .updateTable("payments")
      .set({ status: "recovering", recoveryClaimedAt: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    const soon = await paymentRecoveryJob.due(
      { db, now: new Date(Date.now() + 60_000), origin: ORIGIN },
      100,
    );
    expect(soon.map((i) => i.paymentId)).not.toContain(id);
    expect(await recoverPayment(db, id, new Date(Date.now() + 60_000))).toBe("skipped");

    const later = new Date(Date.now() + (PAYMENTS.abandonedAfterMinutes + 1) * 60_000);
    const due = await paymentRecoveryJob.due({ db, now: later, origin: ORIGIN }, 100);
    expect(due.map((i) => i.paymentId)).toContain(id);
    expect(await paymentRecoveryJob.oldestDue!({ db, now: later, origin: ORIGIN })).not.toBeNull();
    const results = await Promise.all([
      recoverPayment(db, id, later),
      recoverPayment(db, id, later),
    ]);
    expect(results.sort()).toEqual(["done", "skipped"]);
    expect(await paymentOf(key)).toMatchObject({ status: "declined", failureMessage: INTERRUPTED });
    expect(await creditBalance({ userId: user.id })).toBe(4000);
    hold.release();
    expect(await paying).toMatchObject({ status: "declined", message: INTERRUPTED_REFUNDED });
    expect(await creditBalance({ userId: user.id })).toBe(4000);
    expect(
      (
        await db
          .selectFrom("orders")
          .select("status")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("unpaid");
  });
});

describe("the gateway timeout", () => {
  it("is well inside the recovery lease", () => {
    expect(PAYMENTS.gatewayTimeoutSeconds * 5).toBeLessThanOrEqual(
      PAYMENTS.abandonedAfterMinutes * 60,
    );
  });

  it("stops waiting for a slow gateway, which then charges nothing; the flows leave the payment for recovery", async () => {
    const gateway = paymentGateway();
    const token = (await gateway.tokenise({ ...VISA, number: "4000000000002503" })).token;
    const card = {
      token,
      brand: "Visa",
      lastFour: "2503",
      expMonth: VISA.expMonth,
      expYear: VISA.expYear,
      savedId: null,
    };
    const key = `gift:timeout-${Date.now()}`;
    const started = Date.now();
    await expect(chargeCard(key, card, 5000, "test", { timeoutMs: 300 })).rejects.toBeInstanceOf(
      GatewayTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await gateway.findCharge(key)).toBeNull();

    // a flow whose gateway call timed out answers "still waiting" and leaves its claim for recovery
    vi.spyOn(gateway, "charge").mockRejectedValue(new GatewayTimeoutError());
    const user = await customer(1000);
    const { reference, orderId } = await unpaidOrder(user);
    const request = payRequest(user, reference);
    const outcome = await payOrder(request);
    expect(outcome).toMatchObject({ status: "in_progress" });
    expect((await paymentOf(request.idempotencyKey)).status).toBe("pending");
    expect(
      (
        await db
          .selectFrom("orders")
          .select("paymentKey")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).paymentKey,
    ).toBe(request.idempotencyKey);
    await until(
      async () =>
        (await recoverPastLease())["payment-recovery"].done >= 0 &&
        (await statusOf(request.idempotencyKey)) === "declined",
    );
    expect(await creditBalance({ userId: user.id })).toBe(1000);
  });
});
