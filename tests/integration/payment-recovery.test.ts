// A payment whose process died between claim and settle (SIGKILL, OOM, a
// deploy): after the lease the recovery job refunds a charge that went
// through, declines the payment and gives back the draft, the stock and the
// credit its claim reserved, exactly once; a payment still within its lease
// and renewals (which resume their own charges) are left alone.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { PAYMENTS } from "~/config";
import { runDueJobs } from "~/jobs/runner.server";
import { creditBalance } from "~/orders/credit.server";
import { INTERRUPTED, INTERRUPTED_REFUNDED, paymentRecoveryJob } from "~/payments/recovery.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { createSubscription, createUser } from "../factories";

const ts = (d = new Date()) => d.toISOString();
const rand = () => randomBytes(5).toString("hex");
const run = (now: Date) =>
  runDueJobs({ now, kinds: [paymentRecoveryJob], origin: "http://shop.test", log: false });

async function product(id: number) {
  return db
    .selectFrom("products")
    .select(["id", "inventory"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
/** A product whose stock is counted (most add-ons are unlimited). */
const countedProduct = () =>
  db
    .selectFrom("products")
    .select(["id", "inventory"])
    .where("inventory", ">=", 10)
    .orderBy("id")
    .executeTakeFirstOrThrow();

/** What box checkout's claim leaves when its process dies before settling. */
async function abandonedCheckout({
  minutesAgo = PAYMENTS.abandonedAfterMinutes + 1,
  creditCents = 2000,
} = {}) {
  const email = `recover.${rand()}@example.com`;
  const { id: userId } = await createUser(db, {
    email,
    firstName: "Robin",
    lastName: "Lee",
    sms: 0,
    newsletter: 0,
    creditCents: 5000,
  });
  const key = `checkout:${rand()}`;
  const pkg = await db
    .selectFrom("packages")
    .select("id")
    .where("slug", "=", "custom-small")
    .executeTakeFirstOrThrow();
  const draftId = await createSubscription(db, {
    status: "draft",
    email,
    packageId: pkg.id,
    boxType: "custom",
    postcode: "2000",
    deliveryWindow: "day",
    frequencyDays: 28,
    checkoutKey: key,
  });
  const counted = await countedProduct();
  await db
    .updateTable("products")
    .set({ inventory: counted.inventory! - 2 })
    .where("id", "=", counted.id)
    .execute();
  await db
    .insertInto("creditLedger")
    .values({
      userId,
      amountCents: -creditCents,
      reason: "Credit spent at checkout",
      reference: key,
      createdAt: ts(),
    })
    .execute();
  const created = new Date(Date.now() - minutesAgo * 60_000);
  await db
    .insertInto("payments")
    .values({
      userId,
      orderId: null,
      giftCardId: null,
      amountCents: 14900,
      status: "pending",
      gatewayChargeId: null,
      idempotencyKey: key,
      failureMessage: null,
      cardBrand: "Visa",
      cardLastFour: "4242",
      reserved: JSON.stringify({
        stock: [{ productId: counted.id, quantity: 2 }],
        creditCents,
        creditReference: key,
      }),
      createdAt: ts(created),
    })
    .execute();
  return { userId, key, draftId, stockId: counted.id, stockBefore: counted.inventory! };
}

const paymentOf = (key: string) =>
  db.selectFrom("payments").selectAll().where("idempotencyKey", "=", key).executeTakeFirstOrThrow();
const draftKey = async (id: number) =>
  (
    await db
      .selectFrom("subscriptions")
      .select("checkoutKey")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).checkoutKey;

afterEach(() => vi.restoreAllMocks());

describe("payment recovery", () => {
  it("declines an abandoned checkout payment and gives back the draft, the stock and the credit, once", async () => {
    const c = await abandonedCheckout();
    expect(await creditBalance({ userId: c.userId })).toBe(3000);
    const refund = vi.spyOn(paymentGateway(), "refund");
    const first = await run(new Date());
    expect(first["payment-recovery"].done).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(c.key)).toMatchObject({
      status: "declined",
      failureMessage: INTERRUPTED,
    });
    expect(await draftKey(c.draftId)).toBeNull();
    expect((await product(c.stockId)).inventory).toBe(c.stockBefore);
    expect(await creditBalance({ userId: c.userId })).toBe(5000);
    expect(refund).not.toHaveBeenCalled();
    // a second run, or two at once, changes nothing
    await Promise.all([run(new Date()), run(new Date())]);
    expect((await product(c.stockId)).inventory).toBe(c.stockBefore);
    expect(await creditBalance({ userId: c.userId })).toBe(5000);
  });

  it("refunds a charge that went through before the process died", async () => {
    const c = await abandonedCheckout({ creditCents: 0 });
    const charged = await paymentGateway().charge({
      token: "sandbox_pm_recovery_ok",
      amountCents: 14900,
      currency: "AUD",
      idempotencyKey: c.key,
      description: "Box",
    });
    expect(charged.status).toBe("succeeded");
    const refund = vi.spyOn(paymentGateway(), "refund");
    await run(new Date());
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0][1]).toBe(14900);
    expect(await paymentOf(c.key)).toMatchObject({
      status: "declined",
      failureMessage: INTERRUPTED_REFUNDED,
    });
    expect(await draftKey(c.draftId)).toBeNull();
  });

  it("leaves a payment within its lease, and renewals, alone; reports the oldest due one", async () => {
    const fresh = await abandonedCheckout({ minutesAgo: 1 });
    await run(new Date());
    expect((await paymentOf(fresh.key)).status).toBe("pending");
    expect(await draftKey(fresh.draftId)).toBe(fresh.key);
    const later = new Date(Date.now() + PAYMENTS.abandonedAfterMinutes * 60_000);
    const oldest = await paymentRecoveryJob.oldestDue!({ db, now: later, origin: "" });
    expect(oldest && Date.parse(oldest) <= later.getTime()).toBe(true);
    await run(later);
    expect((await paymentOf(fresh.key)).status).toBe("declined");

    const renewalKey = `renewal:999999:2027-01-01:${rand()}`;
    await db
      .insertInto("payments")
      .values({
        userId: null,
        orderId: null,
        giftCardId: null,
        amountCents: 100,
        status: "pending",
        gatewayChargeId: null,
        idempotencyKey: renewalKey,
        failureMessage: null,
        createdAt: ts(new Date(Date.now() - 60 * 60_000)),
      })
      .execute();
    await run(new Date());
    expect((await paymentOf(renewalKey)).status).toBe("pending");
  });
});
