// The charge-flow skeleton (app/payments/charge-flow.server.ts) on its own, with a flow made for the
// test: what each failure between claim, charge and settle comes to, the same for every shopper flow.
// Runs on SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import { randomUUID } from "node:crypto";
import { afterEach, onTestFinished, vi } from "vitest";
import { captureLogs } from "~/log/logger.mjs";
import { db } from "~/db/client.server";
import { addLedgerEntry, creditBalance } from "~/orders/credit.server";
import {
  NOT_RECORDED,
  pressedBefore,
  refuse,
  runShopperFlow,
  type ShopperFlow,
} from "~/payments/charge-flow.server";
import { GatewayTimeoutError } from "~/payments/gateway";
import { claimPayment, resolveCard, type ResolvedCard } from "~/payments/payments.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { VISA, customer, gatewayRecord, paymentOf } from "./payment-fixtures";
import { testClientIp } from "./client-ip";

afterEach(() => vi.restoreAllMocks());

/** A flow that spends 500 of the user's credit in its claim and gives it back on a decline. */
function creditFlow(
  userId: number,
  card: ResolvedCard,
  over: Partial<ShopperFlow<number, string, string>> = {},
): ShopperFlow<number, string, string> {
  const key = `test:${randomUUID()}`;
  return {
    key,
    name: "test",
    async claim(trx) {
      await addLedgerEntry(trx, {
        userId,
        amountCents: -500,
        reason: "test spend",
        reference: key,
      });
      await claimPayment(trx, { key, userId, amountCents: 2000, card });
      return { claim: 500, charge: { card, amountCents: 2000, description: "test" } };
    },
    release: (trx, spent) =>
      addLedgerEntry(trx, { userId, amountCents: spent, reason: "test return", reference: key }),
    record: async () => "recorded",
    ...over,
  };
}

async function payer(number = VISA.number) {
  const user = await customer(1000);
  const card = (await resolveCard(
    user.id,
    { kind: "new", card: { ...VISA, number } },
    { userId: user.id, clientIp: testClientIp(), submitKey: null },
  ))!;
  return { user, card };
}

describe("a shopper's payment on the skeleton", () => {
  it("paid: claimed, charged once and recorded", async () => {
    const { user, card } = await payer();
    const flow = creditFlow(user.id, card);
    expect(await runShopperFlow(flow)).toEqual({ kind: "paid", claim: 500, recorded: "recorded" });
    expect(await paymentOf(flow.key)).toMatchObject({ status: "succeeded" });
    expect(await creditBalance({ userId: user.id })).toBe(500);
  });

  it("declined: the claim's credit comes back and the key keeps the decline", async () => {
    const { user, card } = await payer("4000000000000002");
    const flow = creditFlow(user.id, card);
    expect(await runShopperFlow(flow)).toEqual({
      kind: "declined",
      claim: 500,
      message: "Your card was declined.",
    });
    expect(await paymentOf(flow.key)).toMatchObject({
      status: "declined",
      failureMessage: "Your card was declined.",
    });
    expect(await creditBalance({ userId: user.id })).toBe(1000);
    // a second press of the same key finds it claimed
    expect(await runShopperFlow(flow)).toEqual({ kind: "pressed-before" });
  });

  it("a charge that cannot be recorded is refunded once and its claim given back at once", async () => {
    const { user, card } = await payer();
    const refund = vi.spyOn(paymentGateway(), "refund");
    const logs = captureLogs();
    onTestFinished(() => logs.stop());
    const flow = creditFlow(user.id, card, {
      record: async () => {
        throw new Error("disk full");
      },
    });
    expect(await runShopperFlow(flow)).toEqual({ kind: "refunded", message: NOT_RECORDED });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await gatewayRecord(flow.key)).toMatchObject({
      charge: { status: "succeeded" },
      refunds: 1,
    });
    expect(await paymentOf(flow.key)).toMatchObject({
      status: "declined",
      failureMessage: NOT_RECORDED,
    });
    expect(await creditBalance({ userId: user.id })).toBe(1000);
    expect(logs.lines().find((l) => l.type === "test.record_failed")).toMatchObject({
      level: "error",
      message: "disk full",
    });
  });

  it("an unreachable gateway is a decline with the flow's words; a timeout leaves the payment pending for recovery", async () => {
    const { user, card } = await payer();
    const charge = vi
      .spyOn(paymentGateway(), "charge")
      .mockRejectedValueOnce(new Error("ECONNRESET"));
    const down = creditFlow(user.id, card, { unavailable: "No gateway today." });
    expect(await runShopperFlow(down)).toMatchObject({
      kind: "declined",
      message: "No gateway today.",
    });
    expect(await creditBalance({ userId: user.id })).toBe(1000);

    charge.mockRejectedValueOnce(new GatewayTimeoutError());
    const slow = creditFlow(user.id, card);
    expect(await runShopperFlow(slow)).toEqual({ kind: "awaiting-gateway" });
    expect(await paymentOf(slow.key)).toMatchObject({ status: "pending" });
    expect(await creditBalance({ userId: user.id })).toBe(500); // until recovery gives it back
  });

  it("a refused claim rolls back everything it wrote; so does a claim that finds its own key", async () => {
    const { user, card } = await payer();
    const refused = creditFlow(user.id, card);
    const claim = refused.claim;
    refused.claim = async (trx) => {
      await claim(trx);
      return refuse("out of stock");
    };
    expect(await runShopperFlow(refused)).toEqual({ kind: "refused", refusal: "out of stock" });
    expect(
      await db
        .selectFrom("payments")
        .select("id")
        .where("idempotencyKey", "=", refused.key)
        .execute(),
    ).toEqual([]);
    expect(await creditBalance({ userId: user.id })).toBe(1000);

    const again = creditFlow(user.id, card, { claim: async () => pressedBefore() });
    expect(await runShopperFlow(again)).toEqual({ kind: "pressed-before" });
  });
});
