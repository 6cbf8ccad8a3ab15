// The packing cut-off (issue 33, item 5): a declined renewal is tried again only before noon Sydney
// time the day before delivery; still unpaid then, it is not sent, its order is cancelled (no longer
// payable), its stock and credit go back, the subscriber is told by e-mail and on my-deliveries, and
// the next delivery comes as usual. Exactly once, beside pay-an-order and other runners.
import { db } from "~/db/client.server";
import * as m014 from "~/db/migrations/014-terms-packing-cutoff";
import { SEED_LEGAL_PAGES } from "~/db/seed/content-data";
import { getPage } from "~/content/pages.server";
import { creditBalance } from "~/orders/credit.server";
import { runDueJobs } from "~/jobs/runner.server";
import type { ChargeRequest } from "~/payments/gateway";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { getDeliveriesPage } from "~/subscriptions/deliveries-summary.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import {
  cutoffInstant,
  nextDeliveryDate,
  packingCutoffInstant,
  retryInstants,
} from "~/subscriptions/schedule";
import {
  deliveriesOf,
  mailsTo,
  ordersOf,
  product,
  subscriber,
  type Fixture,
} from "./renewal-fixtures";

const origin = "http://shop.test";
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
const run = (now: Date) =>
  runDueJobs({
    now,
    kinds: SUBSCRIPTION_JOB_KINDS,
    origin,
    log: false,
    batch: 100,
    maxBatches: 200,
  });
const NOTE = "Not delivered: payment wasn't received before packing; nothing was charged.";

function chargesFor(spy: { mock: { calls: [ChargeRequest][] } }, subId: number) {
  return spy.mock.calls
    .map((c) => c[0])
    .filter((r) => r.idempotencyKey.startsWith(`renewal:${subId}:`));
}
const orderOn = async (f: Fixture, date: string) =>
  (await ordersOf(f.subId)).find((o) => o.deliveryDate === date);
const deliveryOn = async (f: Fixture, date: string) =>
  (await deliveriesOf(f.subId)).find((r) => r.deliveryDate === date);

/** A declined subscriber taken through the cut-off and every retry: the order waits to be paid by hand. */
async function declinedThroughRetries(opts: Parameters<typeof subscriber>[0]) {
  const f = await subscriber({ card: "declined", ...opts });
  const d1 = nextDeliveryDate(f.schedule, f.first, 28);
  await run(new Date(`${f.first}T01:00:00Z`));
  await run(minutes(cutoffInstant(f.schedule, d1), 1));
  for (const t of retryInstants(f.schedule, d1)) await run(minutes(t, 1));
  return { f, d1, d2: nextDeliveryDate(f.schedule, d1, 28), packing: packingCutoffInstant(d1) };
}

afterEach(() => vi.restoreAllMocks());

describe("the packing cut-off", () => {
  it("an unpaid renewal is not sent: order cancelled, stock and credit back, e-mail and my-deliveries say so; the next delivery comes", async () => {
    const scallops = await product("addon-scallops");
    const { f, d1, d2, packing } = await declinedThroughRetries({
      start: "2031-02-03",
      addons: [["addon-scallops", 2]],
      creditCents: 1500,
    });
    expect((await product("addon-scallops")).inventory).toBe(scallops.inventory! - 2);
    expect(await creditBalance({ userId: f.userId })).toBe(1500); // spent at each try, given back at each decline
    const ledgerBefore = await db
      .selectFrom("creditLedger")
      .select("id")
      .where("userId", "=", f.userId)
      .execute();

    await run(packing);
    const order = (await orderOn(f, d1))!;
    expect(order).toMatchObject({ status: "cancelled", paymentKey: null, paidAt: null });
    expect(["unpaid", "failed"]).not.toContain(order.status); // pay-an-order's PAYABLE
    expect(await deliveryOn(f, d1)).toMatchObject({
      status: "skipped",
      skipReason: "not_paid_before_packing",
      nextAttemptAt: null,
    });
    expect((await product("addon-scallops")).inventory).toBe(scallops.inventory);
    expect(await creditBalance({ userId: f.userId })).toBe(1500);
    expect(
      await db.selectFrom("creditLedger").select("id").where("userId", "=", f.userId).execute(),
    ).toHaveLength(ledgerBefore.length);
    const payments = await db
      .selectFrom("payments")
      .select("status")
      .where("idempotencyKey", "like", `renewal:${f.subId}:${d1}%`)
      .execute();
    expect(payments.map((p) => p.status)).toEqual(["declined", "declined", "declined", "declined"]);

    const [mail] = await mailsTo(f.email, "delivery-not-sent");
    expect(mail.subject).toMatch(/delivery on .* isn't coming: payment not received/);
    expect(mail.text).toContain(`(order ${order.reference})`);
    expect(mail.text).toMatch(/by noon Sydney time, .*, when we pack the boxes/);
    expect(mail.text).toContain("The order is cancelled and nothing was charged.");
    expect(mail.text).toMatch(
      /your next delivery is on .*\. Please check your saved card before then\./,
    );

    // my-deliveries: the line on the delivery and on its order; nothing awaits payment; the activity says it
    const page = await getDeliveriesPage(
      { userId: f.userId, hasPassword: true },
      minutes(packing, 1),
    );
    const upcoming = page.subscriptions[0].upcoming;
    expect(upcoming.find((u) => u.date === d1)).toMatchObject({
      status: "skipped",
      outcome: NOTE,
      orderReference: order.reference,
    });
    expect(upcoming.find((u) => u.date === d2)).toMatchObject({
      status: "scheduled",
      outcome: null,
    });
    expect(page.awaitingPayment).toEqual([]);
    expect(page.pastOrders.find((o) => o.reference === order.reference)).toMatchObject({
      status: "cancelled",
      note: NOTE,
    });
    expect(page.activity[0].what).toMatch(
      /was not sent: payment wasn't received before packing; nothing was charged$/,
    );

    // the next delivery: ordered and charged at its own cut-off, with a card that works
    await db
      .updateTable("paymentMethods")
      .set({ gatewayToken: "sandbox_pm_fixed_ok" })
      .where("userId", "=", f.userId)
      .execute();
    await run(minutes(cutoffInstant(f.schedule, d2), 1));
    expect((await orderOn(f, d2))?.status).toBe("paid");
    expect(await deliveryOn(f, d2)).toMatchObject({ status: "paid" });
    expect(await mailsTo(f.email, "delivery-not-sent")).toHaveLength(1);
  });

  it("paid by the subscriber before the packing cut-off: it is sent and nothing is cancelled", async () => {
    const { f, d1, packing } = await declinedThroughRetries({ start: "2031-03-03" });
    await db
      .updateTable("orders")
      .set({ status: "paid", paidAt: new Date().toISOString() })
      .where("subscriptionId", "=", f.subId)
      .where("deliveryDate", "=", d1)
      .execute(); // as pay-an-order does
    await run(packing);
    expect((await orderOn(f, d1))?.status).toBe("paid");
    expect((await deliveryOn(f, d1))?.status).toBe("paid");
    expect(await mailsTo(f.email, "delivery-not-sent")).toHaveLength(0);
  });

  it("a payment under way at the packing cut-off is not cancelled under it; a declined one is settled a few minutes later", async () => {
    const { f, d1, packing } = await declinedThroughRetries({ start: "2031-04-07" });
    const order = (await orderOn(f, d1))!;
    await db
      .updateTable("orders")
      .set({ paymentKey: "order:held-by-pay-an-order" })
      .where("id", "=", order.id)
      .execute(); // pay-an-order's claim
    await run(packing);
    expect((await orderOn(f, d1))?.status).toBe("unpaid");
    expect((await deliveryOn(f, d1))?.status).toBe("payment_failed");
    await run(minutes(packing, 2)); // looked at again only after a few minutes
    expect((await deliveryOn(f, d1))?.status).toBe("payment_failed");
    await db.updateTable("orders").set({ paymentKey: null }).where("id", "=", order.id).execute(); // that card was declined too
    await run(minutes(packing, 6));
    expect((await orderOn(f, d1))?.status).toBe("cancelled");
    expect(await mailsTo(f.email, "delivery-not-sent")).toHaveLength(1);
  });

  it("two runners at the packing cut-off close it once", async () => {
    const bacon = await product("addon-bacon");
    const { f, d1, packing } = await declinedThroughRetries({
      start: "2031-05-05",
      addons: [["addon-bacon", 3]],
    });
    await Promise.all([run(packing), run(packing), run(minutes(packing, 1))]);
    expect((await orderOn(f, d1))?.status).toBe("cancelled");
    expect((await product("addon-bacon")).inventory).toBe(bacon.inventory);
    expect(await mailsTo(f.email, "delivery-not-sent")).toHaveLength(1);
    const events = await db
      .selectFrom("subscriptionEvents")
      .select("type")
      .where("subscriptionId", "=", f.subId)
      .where("type", "=", "renewal_skipped")
      .execute();
    expect(events).toHaveLength(1);
  });

  it("nothing is charged after the packing cut-off: no late retry, and a delivery nobody decided in time is missed", async () => {
    const f = await subscriber({ start: "2031-06-02", card: "declined" });
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const packing = packingCutoffInstant(d1);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(cutoffInstant(f.schedule, d1), 1));
    await run(minutes(packing, 30)); // the runner was down through every retry
    expect(chargesFor(charge, f.subId)).toHaveLength(1);
    expect((await orderOn(f, d1))?.status).toBe("cancelled");

    const late = await subscriber({ start: "2031-06-02" });
    await run(new Date(`${late.first}T01:00:00Z`));
    await run(minutes(packing, 1)); // first run after the cut-off, too late to pack
    expect(chargesFor(charge, late.subId)).toHaveLength(0);
    expect(await orderOn(late, d1)).toBeUndefined();
    expect((await deliveryOn(late, d1))?.status).toBe("missed");
  });

  it("the terms state the schedule; migration 014 brings a database seeded before up to date", async () => {
    const seeded = SEED_LEGAL_PAGES.find((p) => p.key === "terms")!;
    const old = seeded.content.replace(
      /<p>We charge your nominated card for each delivery at its change cut-off:.*?<\/p>/,
      "<p>We charge your nominated card when your order is processed, shortly before each delivery. If a payment fails, we may try again or pause your subscription until your payment details are updated. Gift cards and account credits are applied automatically at checkout.</p>",
    );
    expect(old).not.toBe(seeded.content);
    await db
      .updateTable("pages")
      .set({ data: JSON.stringify({ header: seeded.header, content: old }) })
      .where("key", "=", "terms")
      .execute();
    await m014.up(db);
    const terms = (await getPage("terms")).content;
    expect(terms).toContain(
      "we try your card again up to three times, evenly spaced before the packing cut-off at noon Sydney time the day before delivery",
    );
    expect(terms).toContain(
      "that delivery is not packed or sent: its order is cancelled, nothing is charged for it",
    );
    expect(terms).not.toContain("we may try again or pause your subscription");
  });
});
