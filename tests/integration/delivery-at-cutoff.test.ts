// Issue 46 item 1, decision 069: a delivery is fixed at its cut-off. A change made after the cut-off
// goes to the next delivery, as the page and the e-mail say, however late the renewal job reaches
// the delivery: it is charged and packed as it stood at the cut-off. On SQLite and PostgreSQL.
import { db } from "~/db/client.server";
import { runDueJobs } from "~/jobs/runner.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { changeAddress, loadNextBox, saveBox } from "~/subscriptions/next-box.server";
import { getDeliveriesPage } from "~/subscriptions/deliveries-summary.server";
import { createAddress } from "../factories";
import { cutoffInstant, nextDeliveryDate, reminderInstant } from "~/subscriptions/schedule";
import { mailsTo, ordersOf, product, subscriber, type Fixture } from "./renewal-fixtures";

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

/** Eight different cuts: a small custom box holds exactly eight, so the change page can save it. */
async function eightCuts(): Promise<string[]> {
  const rows = await db
    .selectFrom("products")
    .select(["slug", "name"])
    .where("kind", "=", "cut")
    .where("active", "=", 1)
    .orderBy("id")
    .execute();
  return rows
    .filter((r) => !/salmon/i.test(r.name))
    .slice(0, 8)
    .map((r) => r.slug);
}

async function invoiceOf(orderId: number) {
  const inv = await db
    .selectFrom("invoices")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("invoiceLines")
    .select(["sellableType", "sellableId", "quantity", "priceCents"])
    .where("invoiceId", "=", inv.id)
    .execute();
  return { inv, lines };
}

async function boxOf(subId: number) {
  const [items, addons] = await Promise.all([
    db
      .selectFrom("subscriptionItems")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", subId)
      .execute(),
    db
      .selectFrom("subscriptionAddons")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", subId)
      .execute(),
  ]);
  return {
    items: Object.fromEntries(items.map((r) => [r.productId, r.quantity])),
    addons: Object.fromEntries(addons.map((r) => [r.productId, r.quantity])),
  };
}

const orderOn = async (f: Fixture, date: string) =>
  (await ordersOf(f.subId)).find((o) => o.deliveryDate === date)!;

afterEach(() => vi.restoreAllMocks());

describe("a delivery is fixed at its cut-off", () => {
  it("2 × scotch fillet added at cut-off + 3 min, the job at + 10 min: charged and packed without them; the next delivery has them", async () => {
    const f = await subscriber({ cuts: await eightCuts(), start: "2031-03-03" });
    const scotch = await product("addon-scotch-fillet");
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    const cutoff1 = cutoffInstant(f.schedule, d1);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(reminderInstant(f.schedule, d1), 1));

    const before = await boxOf(f.subId);
    const saved = await saveBox(
      { id: f.subId, userId: f.userId },
      { items: before.items, addons: { [scotch.id]: 2 } },
      { origin, now: minutes(cutoff1, 3) },
    );
    // what the page and the e-mail promise
    expect(saved.lockedDate).toBe(d1);
    const [changed] = await mailsTo(f.email, "subscription-change");
    expect(changed.text).toContain(
      "was already past its change cut-off, so it still arrives as it stood",
    );

    // before the job reaches it, My deliveries and the change page show the delivery as it stood
    const look = minutes(cutoff1, 5);
    const page = await getDeliveriesPage({ userId: f.userId, hasPassword: true }, look);
    const panel = page.subscriptions.find((s) => s.id === f.subId)!;
    expect(panel.addons).toEqual([]);
    expect(panel.items).toHaveLength(8);
    expect(panel.chargeCents).toBe(f.boxCents);
    const change = await loadNextBox({ id: f.subId, userId: f.userId }, null, look);
    expect(change.nextCharge).toEqual({ date: d1, owedCents: f.boxCents });
    expect(change.pending.addons).toEqual({ [scotch.id]: 2 }); // what comes next is the new box

    await run(minutes(cutoff1, 10));
    const o1 = await orderOn(f, d1);
    const { inv: inv1, lines: lines1 } = await invoiceOf(o1.id);
    expect(inv1.totalCents).toBe(f.boxCents);
    expect(lines1.some((l) => l.sellableId === scotch.id)).toBe(false);
    const first = charge.mock.calls
      .map((c) => c[0])
      .find((r) => r.idempotencyKey === `renewal:${f.subId}:${d1}`);
    expect(first?.amountCents).toBe(f.boxCents);
    // packed as it stood: no scotch reserved for it
    const row1 = await db
      .selectFrom("deliveries")
      .select("stock")
      .where("subscriptionId", "=", f.subId)
      .where("deliveryDate", "=", d1)
      .executeTakeFirstOrThrow();
    expect(
      JSON.parse(row1.stock ?? "[]").some((s: { productId: number }) => s.productId === scotch.id),
    ).toBe(false);

    // the change is in the next delivery
    await run(minutes(reminderInstant(f.schedule, d2), 1));
    await run(minutes(cutoffInstant(f.schedule, d2), 1));
    const { inv: inv2, lines: lines2 } = await invoiceOf((await orderOn(f, d2)).id);
    expect(inv2.totalCents).toBe(f.boxCents + 2 * scotch.priceCents);
    expect(lines2.find((l) => l.sellableId === scotch.id)?.quantity).toBe(2);
  });

  it("an add-on removed after the cut-off is still charged and packed on that delivery, and gone from the next", async () => {
    const f = await subscriber({
      cuts: await eightCuts(),
      addons: [["addon-bacon", 2]],
      start: "2031-05-05",
    });
    const bacon = await product("addon-bacon");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    const cutoff1 = cutoffInstant(f.schedule, d1);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(reminderInstant(f.schedule, d1), 1));
    const before = await boxOf(f.subId);
    await saveBox(
      { id: f.subId, userId: f.userId },
      { items: before.items, addons: {} },
      { origin, now: minutes(cutoff1, 3) },
    );
    await run(minutes(cutoff1, 10));
    const { inv: inv1, lines: lines1 } = await invoiceOf((await orderOn(f, d1)).id);
    expect(inv1.totalCents).toBe(f.boxCents + 2 * bacon.priceCents);
    expect(lines1.find((l) => l.sellableId === bacon.id)?.quantity).toBe(2);

    await run(minutes(reminderInstant(f.schedule, d2), 1));
    await run(minutes(cutoffInstant(f.schedule, d2), 1));
    const { inv: inv2, lines: lines2 } = await invoiceOf((await orderOn(f, d2)).id);
    expect(inv2.totalCents).toBe(f.boxCents);
    expect(lines2.some((l) => l.sellableId === bacon.id)).toBe(false);
  });

  it("a new address given after the cut-off: the delivery still goes where it stood, the next one to the new address", async () => {
    const f = await subscriber({ start: "2031-09-01" });
    const home = await createAddress(db, f.userId, { line1: "1 Home Street" });
    const work = await createAddress(db, f.userId, { line1: "9 Work Lane" });
    await db
      .updateTable("subscriptions")
      .set({ shippingAddressId: home })
      .where("id", "=", f.subId)
      .execute();
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    const cutoff1 = cutoffInstant(f.schedule, d1);
    await run(new Date(`${f.first}T01:00:00Z`));
    const moved = await changeAddress(
      { id: f.subId, userId: f.userId, addressId: work },
      { origin, now: minutes(cutoff1, 3) },
    );
    expect(moved.lockedDate).toBe(d1);
    await run(minutes(cutoff1, 10));
    expect((await orderOn(f, d1)).shippingAddressId).toBe(home);
    await run(minutes(reminderInstant(f.schedule, d2), 1));
    await run(minutes(cutoffInstant(f.schedule, d2), 1));
    expect((await orderOn(f, d2)).shippingAddressId).toBe(work);
  });

  it("a change made before the cut-off is in the delivery", async () => {
    const f = await subscriber({ cuts: await eightCuts(), start: "2031-07-07" });
    const scotch = await product("addon-scotch-fillet");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const cutoff1 = cutoffInstant(f.schedule, d1);
    await run(new Date(`${f.first}T01:00:00Z`));
    const before = await boxOf(f.subId);
    const saved = await saveBox(
      { id: f.subId, userId: f.userId },
      { items: before.items, addons: { [scotch.id]: 1 } },
      { origin, now: minutes(cutoff1, -3) },
    );
    expect(saved.lockedDate).toBeNull();
    await run(minutes(cutoff1, 10));
    const { inv } = await invoiceOf((await orderOn(f, d1)).id);
    expect(inv.totalCents).toBe(f.boxCents + scotch.priceCents);
  });
});
