// The renewal engine against a real database (SQLite, or PostgreSQL with
// DATABASE_URL_TEST): reminders, orders and charges at the cut-off exactly
// once, declines and retries, skip/pause/cancel, stock and Tasmania rules,
// crash and resume, one-tap links and the subscriber service.
import { db } from "~/db/client.server";
import { runDueJobs } from "~/jobs/runner.server";
import type { ChargeRequest } from "~/payments/gateway";
import { paymentGateway, SandboxGateway } from "~/payments/sandbox-gateway.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { renewalHooks } from "~/subscriptions/renewals.server";
import { formatAud } from "~/utils/money";
import {
  cancel,
  ChangeRefusedError,
  pause,
  skipDelivery,
  SubscriptionNotFoundError,
  unskipDelivery,
  upcomingDeliveries,
} from "~/subscriptions/changes.server";
import { readOneTap, redeemOneTap } from "~/subscriptions/one-tap.server";
import {
  cutoffInstant,
  nextDeliveryDate,
  packingCutoffInstant,
  packingCutoffLabel,
  reminderInstant,
  retryInstants,
  sydneyClockLabel,
} from "~/subscriptions/schedule";
import {
  deliveriesOf,
  mailsTo,
  ordersOf,
  product,
  rand,
  subscriber,
  ts,
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
async function linesOf(orderId: number) {
  const inv = await db
    .selectFrom("invoices")
    .selectAll()
    .where("orderId", "=", orderId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("invoiceLines")
    .selectAll()
    .where("invoiceId", "=", inv.id)
    .execute();
  return { inv, lines };
}
function chargesFor(spy: { mock: { calls: [ChargeRequest][] } }, subId: number) {
  return spy.mock.calls
    .map((c) => c[0])
    .filter((r) => r.idempotencyKey.startsWith(`renewal:${subId}:`));
}
const cutoff = (f: Fixture, date: string) => cutoffInstant(f.schedule, date);

afterEach(() => {
  vi.restoreAllMocks();
  renewalHooks.afterOrderWritten = undefined;
});

describe("renewals", () => {
  it("three cycles make three reminders, three orders and three charges; the delivery date moves on", async () => {
    const f = await subscriber({ addons: [["addon-bacon", 2]] });
    const bacon = await product("addon-bacon");
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    const d3 = nextDeliveryDate(f.schedule, d2, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    for (const d of [d1, d2, d3]) {
      await run(minutes(reminderInstant(f.schedule, d), 1));
      await run(minutes(cutoff(f, d), 1));
    }
    const orders = (await ordersOf(f.subId)).filter((o) => o.deliveryDate !== f.first);
    expect(orders.map((o) => [o.deliveryDate, o.status])).toEqual([
      [d1, "paid"],
      [d2, "paid"],
      [d3, "paid"],
    ]);
    const calls = chargesFor(charge, f.subId);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([
      `renewal:${f.subId}:${d1}`,
      `renewal:${f.subId}:${d2}`,
      `renewal:${f.subId}:${d3}`,
    ]);
    expect(calls.every((c) => c.amountCents === f.boxCents + 2 * bacon.priceCents)).toBe(true);
    const { inv, lines } = await linesOf(orders[0].id);
    expect(inv).toMatchObject({
      subtotalCents: f.boxCents + 2 * bacon.priceCents,
      discountedCents: 0,
      creditCents: 0,
      totalCents: f.boxCents + 2 * bacon.priceCents,
    });
    expect(lines.map((l) => l.sellableType).sort()).toEqual(["addon", "package", "product"]);
    const payments = await db
      .selectFrom("payments")
      .selectAll()
      .where("idempotencyKey", "like", `renewal:${f.subId}:%`)
      .execute();
    expect(payments.map((p) => p.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect((await mailsTo(f.email, "delivery-reminder")).length).toBe(3);
    expect((await mailsTo(f.email, "delivery-renewal")).length).toBe(3);
    const sub = await db
      .selectFrom("subscriptions")
      .select("deliveryDate")
      .where("id", "=", f.subId)
      .executeTakeFirstOrThrow();
    expect(sub.deliveryDate).toBe(nextDeliveryDate(f.schedule, d3, 28));
    const events = await db
      .selectFrom("subscriptionEvents")
      .select("type")
      .where("subscriptionId", "=", f.subId)
      .execute();
    expect(events.filter((e) => e.type === "renewed")).toHaveLength(3);
  });

  // issue 44, decision 062: a README demo account disabled in production keeps its rows, but nothing is sent, charged or packed for it
  it("a disabled account's deliveries are skipped at the cut-off: no reminder, no order, no charge; the date moves on", async () => {
    const f = await subscriber();
    await db.updateTable("users").set({ disabledAt: ts() }).where("id", "=", f.userId).execute();
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(reminderInstant(f.schedule, d1), 1));
    await run(minutes(cutoff(f, d1), 1));
    expect(chargesFor(charge, f.subId)).toEqual([]);
    expect((await ordersOf(f.subId)).map((o) => o.deliveryDate)).toEqual([f.first]);
    expect(await mailsTo(f.email)).toEqual([]);
    const row = (await deliveriesOf(f.subId)).find((d) => d.deliveryDate === d1);
    expect(row).toMatchObject({ status: "skipped", skipReason: "account disabled" });
    expect(row?.processedAt).not.toBeNull();
    const sub = await db
      .selectFrom("subscriptions")
      .select(["deliveryDate", "status"])
      .where("id", "=", f.subId)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ deliveryDate: nextDeliveryDate(f.schedule, d1, 28), status: "active" });
  });

  it("a second run, or two runners at once, changes nothing", async () => {
    const f = await subscriber({ start: "2027-06-01" });
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await Promise.all([
      run(minutes(reminderInstant(f.schedule, d1), 1)),
      run(minutes(reminderInstant(f.schedule, d1), 1)),
    ]);
    await run(minutes(cutoff(f, d1), 1));
    await run(minutes(cutoff(f, d1), 1));
    await run(minutes(cutoff(f, d1), 30));
    await Promise.all([
      run(minutes(cutoff(f, d2), 1)),
      run(minutes(cutoff(f, d2), 1)),
      run(minutes(cutoff(f, d2), 2)),
    ]);
    await run(minutes(cutoff(f, d2), 5));
    const orders = (await ordersOf(f.subId)).filter((o) => o.deliveryDate !== f.first);
    expect(orders.map((o) => o.deliveryDate)).toEqual([d1, d2]);
    expect(chargesFor(charge, f.subId)).toHaveLength(2);
    expect((await mailsTo(f.email, "delivery-reminder")).length).toBe(1);
    expect((await mailsTo(f.email, "delivery-renewal")).length).toBe(2);
    const rows = await deliveriesOf(f.subId);
    expect(new Set(rows.map((r) => r.deliveryDate)).size).toBe(rows.length);
  });

  it("a declined card leaves the order awaiting payment, retries three times before the packing cut-off, then is not sent", async () => {
    const f = await subscriber({
      start: "2027-09-01",
      card: "declined",
      addons: [["addon-scallops", 1]],
    });
    const scallopsBefore = (await product("addon-scallops")).inventory!;
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    const at = minutes(cutoff(f, d1), 1);
    await run(at);
    let [order] = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
    expect(order).toMatchObject({ status: "unpaid", paymentKey: null });
    expect((await product("addon-scallops")).inventory).toBe(scallopsBefore - 1);
    const declinedMail = await mailsTo(f.email, "delivery-renewal");
    expect(declinedMail).toHaveLength(1);
    expect(declinedMail[0].text).toContain(`${origin}/checkout/${order.reference}`);
    const due = await db
      .selectFrom("invoices")
      .select(["totalCents", "creditCents"])
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(declinedMail[0].text).toContain(
      `${formatAud(due.totalCents - due.creditCents)} is due. Pay it now with another card:`,
    );
    // the schedule it states: three tries, then the packing cut-off (two days' lead: 7pm, midnight and 5am, then noon)
    const tries = retryInstants(f.schedule, d1);
    expect(declinedMail[0].text).toContain(
      `Otherwise we'll try your card again at ${tries.slice(0, 2).map(sydneyClockLabel).join(", ")} and ${sydneyClockLabel(tries[2])} (Sydney time).`,
    );
    expect(declinedMail[0].text).toMatch(
      /try your card again at 7pm .*midnight .* and 5am .*\(Sydney time\)\./,
    );
    expect(declinedMail[0].text).toContain(
      `If it's still unpaid at ${packingCutoffLabel(d1)}, when we pack the boxes, this delivery isn't sent`,
    );
    let [row] = (await deliveriesOf(f.subId)).filter((r) => r.deliveryDate === d1);
    expect(row).toMatchObject({
      status: "payment_failed",
      chargeAttempts: 1,
      nextAttemptAt: tries[0].toISOString(),
    });

    await run(minutes(at, 60)); // the first retry is hours away
    expect(chargesFor(charge, f.subId)).toHaveLength(1);
    for (const t of tries) await run(minutes(t, 1));
    const keys = chargesFor(charge, f.subId).map((c) => c.idempotencyKey);
    expect(keys).toEqual([
      `renewal:${f.subId}:${d1}`,
      `renewal:${f.subId}:${d1}:retry1`,
      `renewal:${f.subId}:${d1}:retry2`,
      `renewal:${f.subId}:${d1}:retry3`,
    ]);
    // every try comes before the box is packed; after the last the order still waits to be paid by hand
    expect(tries.every((t) => t.getTime() < packingCutoffInstant(d1).getTime())).toBe(true);
    [row] = (await deliveriesOf(f.subId)).filter((r) => r.deliveryDate === d1);
    expect(row).toMatchObject({ status: "payment_failed", chargeAttempts: 4, nextAttemptAt: null });
    await run(minutes(packingCutoffInstant(d1), -1));
    expect((await ordersOf(f.subId)).find((o) => o.deliveryDate === d1)?.status).toBe("unpaid");

    await run(packingCutoffInstant(d1));
    [order] = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
    expect(order).toMatchObject({ status: "cancelled", paymentKey: null });
    [row] = (await deliveriesOf(f.subId)).filter((r) => r.deliveryDate === d1);
    expect(row).toMatchObject({
      status: "skipped",
      skipReason: "not_paid_before_packing",
      chargeAttempts: 4,
    });
    expect((await product("addon-scallops")).inventory).toBe(scallopsBefore);
    const notSent = await mailsTo(f.email, "delivery-not-sent");
    expect(notSent).toHaveLength(1);
    expect(notSent[0].subject).toContain("isn't coming: payment not received");
    expect(notSent[0].text).toContain("The order is cancelled and nothing was charged.");
    expect(await mailsTo(f.email, "delivery-renewal")).toHaveLength(1);
    await run(minutes(at, 5 * 24 * 60));
    expect(chargesFor(charge, f.subId)).toHaveLength(4);
    expect(await mailsTo(f.email, "delivery-not-sent")).toHaveLength(1);
  });

  it("a renewal with the knife says the GST it includes in its receipt", async () => {
    const f = await subscriber({ start: "2028-11-06", addons: [["addon-chef-knife", 1]] });
    const knife = await product("addon-chef-knife");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(cutoff(f, d1), 1));
    const [receipt] = await mailsTo(f.email, "delivery-renewal");
    expect(receipt.text).toContain(
      `Includes GST of ${formatAud(Math.round(knife.priceCents / 11))}.`,
    );
  });

  it("two subscriptions sharing one credit balance: only the one ordered first is promised it in its reminder", async () => {
    const a = await subscriber({ start: "2029-05-07", creditCents: 5000 });
    const b = await subscriber({ start: "2029-05-07" });
    // b's subscription belongs to a's subscriber: one balance, two boxes due at the same cut-off
    await db
      .updateTable("subscriptions")
      .set({ userId: a.userId, email: a.email })
      .where("id", "=", b.subId)
      .execute();
    await db
      .updateTable("orders")
      .set({ userId: a.userId })
      .where("subscriptionId", "=", b.subId)
      .execute();
    const d1 = nextDeliveryDate(a.schedule, a.first, 28);
    await run(new Date(`${a.first}T01:00:00Z`));
    await run(minutes(reminderInstant(a.schedule, d1), 1));
    const reminders = await mailsTo(a.email, "delivery-reminder");
    expect(reminders).toHaveLength(2);
    // the $50 is promised once: one reminder takes it off, the other charges its whole box
    expect(reminders.filter((m) => m.text.includes("Credit: -$50"))).toHaveLength(1);
    expect(
      reminders.filter(
        (m) =>
          !m.text.includes("Credit:") && m.text.includes(`We'll charge ${formatAud(b.boxCents)}`),
      ),
    ).toHaveLength(1);
  });

  it("a declined renewal paid by the subscriber meanwhile is not charged again", async () => {
    const f = await subscriber({ start: "2027-10-01", card: "declined" });
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(cutoff(f, d1), 1));
    const [order] = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
    await db
      .updateTable("orders")
      .set({ status: "paid", paidAt: ts() })
      .where("id", "=", order.id)
      .execute(); // as pay-an-order does
    await run(minutes(cutoff(f, d1), 24 * 60 + 1));
    expect(chargesFor(charge, f.subId)).toHaveLength(1);
    const [row] = (await deliveriesOf(f.subId)).filter((r) => r.deliveryDate === d1);
    expect(row.status).toBe("paid");
  });

  it("skip, pause and cancel make no order; a change after the cut-off is refused with the next possible change", async () => {
    const skipper = await subscriber({ start: "2027-11-01" });
    const pauser = await subscriber({ start: "2027-11-01" });
    const canceller = await subscriber({ start: "2027-11-01" });
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(skipper.schedule, skipper.first, 28);
    const d2 = nextDeliveryDate(skipper.schedule, d1, 28);
    const before = new Date(`${skipper.first}T01:00:00Z`);
    await run(before);

    const skipped = await skipDelivery(
      { subscriptionId: skipper.subId, userId: skipper.userId, deliveryDate: d1 },
      { origin, now: before },
    );
    expect(skipped.reference).toMatch(/^CH-/);
    expect(
      (
        await skipDelivery(
          { subscriptionId: skipper.subId, userId: skipper.userId, deliveryDate: d1 },
          { origin, now: before },
        )
      ).already,
    ).toBe(true);
    await pause(
      { subscriptionId: pauser.subId, userId: pauser.userId, until: d2 },
      { origin, now: before },
    );
    await cancel(
      { subscriptionId: canceller.subId, userId: canceller.userId, reason: "moving" },
      { origin, now: before },
    );
    for (const f of [skipper, pauser, canceller])
      expect((await mailsTo(f.email, "subscription-change")).length).toBe(1);

    await run(minutes(cutoff(skipper, d1), 1));
    for (const f of [skipper, pauser, canceller])
      expect((await ordersOf(f.subId)).map((o) => o.deliveryDate)).toEqual([f.first]);
    expect([
      ...chargesFor(charge, skipper.subId),
      ...chargesFor(charge, pauser.subId),
      ...chargesFor(charge, canceller.subId),
    ]).toHaveLength(0);
    expect((await deliveriesOf(skipper.subId)).find((r) => r.deliveryDate === d1)?.status).toBe(
      "skipped",
    );
    expect((await deliveriesOf(pauser.subId)).find((r) => r.deliveryDate === d1)?.status).toBe(
      "paused",
    );

    // after the cut-off: refused, with why and when the next change is possible
    const late = skipDelivery(
      { subscriptionId: pauser.subId, userId: pauser.userId, deliveryDate: d1 },
      { origin, now: minutes(cutoff(skipper, d1), 2) },
    );
    await expect(late).rejects.toBeInstanceOf(ChangeRefusedError);
    const lateSkip = await skipDelivery(
      { subscriptionId: skipper.subId, userId: skipper.userId, deliveryDate: d2 },
      { origin, now: minutes(cutoff(skipper, d2), 1) },
    ).catch((e) => e);
    expect(lateSkip).toBeInstanceOf(ChangeRefusedError);
    expect(lateSkip.reason).toBe("cutoff_passed");
    expect(lateSkip.message).toMatch(
      /can no longer be changed: its change cut-off was 2pm Sydney time/,
    );
    expect(lateSkip.nextChangeable?.date).toBe(nextDeliveryDate(skipper.schedule, d2, 28));

    // the pause ends: the next delivery comes; the cancelled one never does
    await run(minutes(cutoff(skipper, d2), 1));
    expect((await ordersOf(pauser.subId)).map((o) => o.deliveryDate)).toEqual([pauser.first, d2]);
    expect((await ordersOf(skipper.subId)).map((o) => o.deliveryDate)).toEqual([skipper.first, d2]);
    expect((await ordersOf(canceller.subId)).map((o) => o.deliveryDate)).toEqual([canceller.first]);
    expect(
      (
        await db
          .selectFrom("subscriptions")
          .select("status")
          .where("id", "=", pauser.subId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("active");
  });

  it("unskip brings a delivery back; a cancel after the cut-off still delivers that one", async () => {
    const f = await subscriber({ start: "2028-01-03" });
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const scope = { subscriptionId: f.subId, userId: f.userId };
    const before = new Date(`${f.first}T01:00:00Z`);
    await skipDelivery({ ...scope, deliveryDate: d1 }, { origin, now: before });
    expect((await upcomingDeliveries(scope, 2, before)).find((e) => e.date === d1)).toMatchObject({
      status: "skipped",
      changeable: true,
    });
    await unskipDelivery({ ...scope, deliveryDate: d1 }, { origin, now: before });
    const afterCutoff = minutes(cutoff(f, d1), 1);
    const cancelled = await cancel(scope, { origin, now: afterCutoff });
    expect(cancelled.lockedDate).toBe(d1);
    await run(minutes(afterCutoff, 1));
    expect((await ordersOf(f.subId)).map((o) => [o.deliveryDate, o.status])).toEqual([
      [f.first, "paid"],
      [d1, "paid"],
    ]);
    await run(minutes(cutoff(f, nextDeliveryDate(f.schedule, d1, 28)), 1));
    expect(await ordersOf(f.subId)).toHaveLength(2);
  });

  it("an add-on out of stock is left out with a note; a recurring discount and credit apply", async () => {
    await db
      .insertInto("discounts")
      .values({
        code: `EVERY10${rand().toUpperCase()}`,
        description: "10% off every box",
        kind: "percent",
        value: 10,
        usable: 1,
        chooseItems: 0,
        startsAt: null,
        endsAt: null,
        recurring: 1,
      })
      .execute();
    const code = (
      await db
        .selectFrom("discounts")
        .select("code")
        .where("code", "like", "EVERY10%")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow()
    ).code;
    const f = await subscriber({
      start: "2028-03-01",
      addons: [
        ["addon-wagyu-burgers", 1],
        ["addon-bacon", 1],
      ],
      discountCode: code,
      creditCents: 1000,
    });
    const first = await subscriber({ start: "2028-03-01", discountCode: "WELCOME20" });
    const bacon = await product("addon-bacon");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(reminderInstant(f.schedule, d1), 1));
    expect((await mailsTo(f.email, "delivery-reminder"))[0].text).toContain(
      "Wagyu burgers is out of stock",
    );
    await run(minutes(cutoff(f, d1), 1));
    const [order] = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
    const { inv, lines } = await linesOf(order.id);
    expect(lines.map((l) => l.name)).not.toContain("Wagyu burgers");
    const subtotal = f.boxCents + bacon.priceCents;
    const discounted = Math.round(subtotal / 10);
    expect(inv).toMatchObject({
      subtotalCents: subtotal,
      discountedCents: discounted,
      creditCents: 1000,
      totalCents: subtotal - discounted,
    });
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("idempotencyKey", "=", `renewal:${f.subId}:${d1}`)
      .executeTakeFirstOrThrow();
    expect(payment.amountCents).toBe(subtotal - discounted - 1000);
    const receipt = (await mailsTo(f.email, "delivery-renewal"))[0];
    expect(receipt.text).toContain(
      "Wagyu burgers is out of stock, so it was left out of this delivery and not charged.",
    );
    expect(receipt.text).toContain("Fresh food is GST-free: no GST is included."); // box and bacon: no taxable line
    expect(
      JSON.parse((await deliveriesOf(f.subId)).find((r) => r.deliveryDate === d1)!.notes!),
    ).toEqual([expect.stringContaining("Wagyu burgers")]);
    // a first-box code is not applied to renewals
    const [other] = (await ordersOf(first.subId)).filter((o) => o.deliveryDate !== first.first);
    expect((await linesOf(other.id)).inv.discountedCents).toBe(0);
  });

  it("a Tasmanian subscription never gets salmon", async () => {
    const f = await subscriber({
      regionSlug: "tas",
      postcode: "7000",
      start: "2028-05-01",
      cuts: ["eye-fillet", "wild-salmon-portions"],
      addons: [
        ["addon-salmon-portions", 1],
        ["addon-bacon", 1],
      ],
    });
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(reminderInstant(f.schedule, d1), 1));
    await run(minutes(cutoff(f, d1), 1));
    const [order] = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
    expect(order.status).toBe("paid");
    const { lines } = await linesOf(order.id);
    expect(lines.some((l) => /salmon/i.test(l.name))).toBe(false);
    expect(lines.some((l) => l.name === "Smoked bacon")).toBe(true);
    const reminder = (await mailsTo(f.email, "delivery-reminder"))[0];
    expect(reminder.text).not.toMatch(/\d × [^\n]*salmon/i);
    expect(reminder.text).toContain("can't be delivered to Tasmania");
  });

  it("a runner killed between the order and the charge resumes without a double charge", async () => {
    const f = await subscriber({ start: "2028-07-03" });
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    renewalHooks.afterOrderWritten = () => {
      throw new Error("killed after the order was written");
    };
    const at = minutes(cutoff(f, d1), 1);
    const summary = await run(at);
    expect(summary.renewal.failed).toBeGreaterThanOrEqual(1);
    renewalHooks.afterOrderWritten = undefined;
    let [order] = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
    expect(order.status).toBe("unpaid");
    expect(
      (
        await db
          .selectFrom("payments")
          .select("status")
          .where("idempotencyKey", "=", `renewal:${f.subId}:${d1}`)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("pending");
    await run(minutes(at, 1)); // within the lease: left alone
    expect(chargesFor(charge, f.subId)).toHaveLength(0);
    await run(minutes(at, 15));
    await run(minutes(at, 16));
    [order] = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
    expect(order.status).toBe("paid");
    expect(chargesFor(charge, f.subId).map((c) => c.idempotencyKey)).toEqual([
      `renewal:${f.subId}:${d1}`,
    ]);
    expect((await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1)).toHaveLength(1);

    // killed after the gateway charged but before settling, in another process: that process's gateway
    // object is gone with it, and the resume asks the gateway for the key before charging anything
    const g = await subscriber({ start: "2028-07-03" });
    await run(new Date(`${g.first}T01:00:00Z`));
    const results: string[] = [];
    charge.mockImplementationOnce(async (req) => {
      const r = await new SandboxGateway().charge(req); // the dead process's own gateway client
      if (r.status === "succeeded") results.push(r.chargeId);
      throw new Error("killed after the charge");
    });
    await run(at);
    await run(minutes(at, 15));
    const calls = chargesFor(charge, g.subId);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([`renewal:${g.subId}:${d1}`]); // no second charge request
    const paid = await db
      .selectFrom("payments")
      .selectAll()
      .where("idempotencyKey", "like", `renewal:${g.subId}:%`)
      .execute();
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: "succeeded", gatewayChargeId: results[0] });
    expect(results).toHaveLength(1);
  });
});

describe("one-tap links and the subscriber service", () => {
  it("a link sent before the account was disabled opens nothing (decision 062)", async () => {
    const f = await subscriber({ start: "2028-10-01" });
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    const sent = minutes(reminderInstant(f.schedule, d1), 1);
    await run(sent);
    const text = (await mailsTo(f.email, "delivery-reminder"))[0].text;
    const token = new URL(/Skip this delivery: (\S+)/.exec(text)![1]).pathname.split("/").at(-1)!;
    expect((await readOneTap(db, token, sent)).state).toBe("valid");
    await db.updateTable("users").set({ disabledAt: ts() }).where("id", "=", f.userId).execute();
    expect((await readOneTap(db, token, sent)).state).toBe("invalid");
    expect((await redeemOneTap(db, token, "skip", sent, origin)).state).toBe("invalid");
    const row = (await deliveriesOf(f.subId)).find((d) => d.deliveryDate === d1);
    expect(row?.status).toBe("scheduled");
  });

  it("the reminder's skip link works once, until the cut-off; a tampered link does nothing", async () => {
    const f = await subscriber({ start: "2028-09-01" });
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    const sent = minutes(reminderInstant(f.schedule, d1), 1);
    await run(sent);
    const text = (await mailsTo(f.email, "delivery-reminder"))[0].text;
    const skipUrl = /Skip this delivery: (\S+)/.exec(text)![1];
    expect(/Keep it: (\S+)/.exec(text)![1]).toContain("action=keep");
    const token = new URL(skipUrl).pathname.split("/").at(-1)!;
    expect(await readOneTap(db, token, sent)).toMatchObject({ state: "valid", skipped: false });
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await redeemOneTap(db, tampered, "skip", sent, origin)).state).toBe("invalid");
    const used = await redeemOneTap(db, token, "skip", sent, origin);
    expect(used).toMatchObject({ state: "done", action: "skip" });
    const again = await redeemOneTap(db, token, "keep", sent, origin);
    expect(again).toMatchObject({
      state: "used",
      action: "skip",
      reference: used.state === "done" ? used.reference : "",
    });
    expect((await deliveriesOf(f.subId)).find((r) => r.deliveryDate === d1)?.status).toBe(
      "skipped",
    );
    const event = await db
      .selectFrom("subscriptionEvents")
      .select(["type", "data"])
      .where("subscriptionId", "=", f.subId)
      .where("type", "=", "skipped")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.data!)).toMatchObject({ by: "email-link", deliveryDate: d1 });
    await run(minutes(cutoff(f, d1), 1));
    expect(await ordersOf(f.subId)).toHaveLength(1);

    // a second subscriber's link expires at the cut-off
    const g = await subscriber({ start: "2028-09-01" });
    await run(new Date(`${g.first}T01:00:00Z`));
    await run(sent);
    const gText = (await mailsTo(g.email, "delivery-reminder"))[0].text;
    const gToken = new URL(/Skip this delivery: (\S+)/.exec(gText)![1]).pathname.split("/").at(-1)!;
    const late = minutes(cutoff(g, d1), 0);
    expect((await readOneTap(db, gToken, late)).state).toBe("expired");
    expect((await redeemOneTap(db, gToken, "skip", late, origin)).state).toBe("expired");
  });

  it("lists upcoming deliveries with cut-offs, scoped by owner", async () => {
    const f = await subscriber({ start: "2028-11-01", frequency: 14 });
    const other = await subscriber({ start: "2028-11-01" });
    const now = new Date(`${f.first}T01:00:00Z`);
    const list = await upcomingDeliveries({ subscriptionId: f.subId, userId: f.userId }, 4, now);
    const d1 = nextDeliveryDate(f.schedule, f.first, 14);
    expect(list.map((e) => e.date)).toEqual([
      f.first,
      d1,
      nextDeliveryDate(f.schedule, d1, 14),
      nextDeliveryDate(f.schedule, nextDeliveryDate(f.schedule, d1, 14), 14),
    ]);
    expect(list[0]).toMatchObject({ status: "paid", changeable: false });
    expect(list[1]).toMatchObject({
      status: "scheduled",
      changeable: true,
      cutoffAt: cutoff(f, d1).toISOString(),
    });
    expect(list[1].cutoffLabel).toMatch(/^2pm Sydney time, /);
    await expect(
      upcomingDeliveries({ subscriptionId: f.subId, userId: other.userId }, 4, now),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    await expect(
      skipDelivery(
        { subscriptionId: f.subId, userId: other.userId, deliveryDate: d1 },
        { origin, now },
      ),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
  });
});
