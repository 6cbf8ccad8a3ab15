// /admin/catalogue/stock (issue 37): what paid orders not yet dispatched reserve, the 4-week
// forecast against a known set of subscriptions, and adjustments (a row and an audit entry in one
// transaction, never below zero, exactly once per form key even when pressed twice at once).
import { randomUUID } from "node:crypto";
import { db } from "~/db/client.server";
import { readContentVersion } from "~/content/content-version.server";
import { addDays, forecast, unitsOf } from "~/admin/stock/forecast";
import { adjustStock, deliveryNeeds, stockProducts } from "~/admin/stock/stock.server";
import { freezePastCutoff } from "~/subscriptions/delivery-box.server";
import * as stockRoute from "~/routes/admin.catalogue.stock";
import {
  addSubscriptionLines,
  createOrder,
  createSubscription,
  createUser,
  createStaff,
} from "../factories";
import { refusalOf, staffClient } from "./admin-helpers";
import { call, getRequest, postRequest } from "./http-helpers";

const TODAY = "2030-03-04";
let seq = 0;

async function product(kind: "cut" | "addon", inventory: number | null) {
  const source = await db
    .selectFrom("products")
    .selectAll()
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = source;
  const tag = `${Date.now().toString(36)}${seq++}`;
  const row = await db
    .insertInto("products")
    .values({ ...rest, slug: `stock-test-${tag}`, name: `Stock test ${tag}`, inventory, active: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function customPackageId() {
  const row = await db
    .selectFrom("packages")
    .select("id")
    .where("kind", "=", "custom")
    .where("size", "is not", null)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function subscription(
  status: "active" | "paused",
  frequencyDays: number,
  deliveryDate: string,
  lines: { items?: [number, number][]; addons?: [number, number][] },
) {
  const id = await createSubscription(db, {
    status,
    packageId: await customPackageId(),
    boxType: "custom",
    frequencyDays,
    deliveryDate,
    regionId: null, // no region: any day delivers, so dates are exactly frequency apart
  });
  await addSubscriptionLines(db, id, lines);
  return id;
}

async function delivery(
  subscriptionId: number,
  deliveryDate: string,
  status: "scheduled" | "skipped" | "paid",
) {
  const at = `${deliveryDate}T00:00:00.000Z`;
  await db
    .insertInto("deliveries")
    .values({
      subscriptionId,
      deliveryDate,
      deliveryWindow: "day",
      status,
      cutoffAt: at,
      remindAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

describe("stock: reserved and the forecast", () => {
  it("units forecast per week for a known set of subscriptions, shortfalls counted", async () => {
    const a = await product("cut", 5);
    const b = await product("addon", 3);
    const c = await product("cut", null);
    // weekly from TODAY+2, nothing planned yet: TODAY+2, +9, +16, +23
    await subscription("active", 7, addDays(TODAY, 2), { items: [[a, 2]], addons: [[b, 1]] });
    // fortnightly: TODAY+3 skipped, TODAY+17 planned; the next (+31) is past the 4 weeks
    const fortnightly = await subscription("active", 14, addDays(TODAY, 3), { items: [[a, 1]] });
    await delivery(fortnightly, addDays(TODAY, 3), "skipped");
    await delivery(fortnightly, addDays(TODAY, 17), "scheduled");
    // paused: needs nothing
    await subscription("paused", 7, addDays(TODAY, 1), { items: [[a, 10]] });
    // weekly, TODAY+1 already paid (its stock is reserved, not forecast): +8, +15, +22
    const paid = await subscription("active", 7, addDays(TODAY, 1), { items: [[c, 4]] });
    await delivery(paid, addDays(TODAY, 1), "paid");

    const needs = await deliveryNeeds(TODAY);
    const rows = forecast(TODAY, await stockProducts(), needs);
    const row = (id: number) => rows.find((r) => r.id === id)!;
    expect(row(a).weeks.map((w) => w.need)).toEqual([2, 2, 3, 2]);
    expect(row(a).weeks.map((w) => w.left)).toEqual([3, 1, -2, -4]);
    expect(row(a).weeks.map((w) => w.short)).toEqual([0, 0, 2, 4]);
    expect(row(a).short).toBe(4);
    expect(row(a).totalNeed).toBe(9);
    expect(row(b).weeks.map((w) => w.need)).toEqual([1, 1, 1, 1]);
    expect(row(b).weeks.map((w) => w.short)).toEqual([0, 0, 0, 1]);
    expect(row(c).weeks.map((w) => w.need)).toEqual([0, 4, 4, 4]);
    expect(row(c).weeks.map((w) => w.left)).toEqual([null, null, null, null]);
    expect(row(c).short).toBe(0);
    expect(row(a).weeks[0]).toMatchObject({ from: TODAY, to: addDays(TODAY, 6) });
  });

  it("between a delivery's cut-off and its renewal, it needs the box frozen at the cut-off (decision 069), not the box as changed since", async () => {
    const a = await product("cut", 20);
    const b = await product("addon", 20);
    // weekly from TODAY+2, planned: +2, then +9, +16, +23
    const sub = await subscription("active", 7, addDays(TODAY, 2), { items: [[a, 2]] });
    await delivery(sub, addDays(TODAY, 2), "scheduled");
    // a change a minute after +2's cut-off: the box as it stood is frozen on +2 first (as saveBox does)
    const cutoff = new Date(`${addDays(TODAY, 2)}T00:01:00.000Z`);
    expect(await freezePastCutoff(db, sub, cutoff)).toBe(1);
    await db.deleteFrom("subscriptionItems").where("subscriptionId", "=", sub).execute();
    await db
      .insertInto("subscriptionAddons")
      .values({ subscriptionId: sub, productId: b, quantity: 5 })
      .execute();

    const rows = forecast(TODAY, await stockProducts(), await deliveryNeeds(TODAY));
    const need = (id: number) => rows.find((r) => r.id === id)!.weeks.map((w) => w.need);
    expect(need(a)).toEqual([2, 0, 0, 0]);
    expect(need(b)).toEqual([0, 5, 5, 5]);
  });

  it("reserved is what paid box orders not yet dispatched hold, by their latest invoice", async () => {
    const a = await product("cut", 10);
    const user = await createUser(db);
    const line = (quantity: number) => ({
      sellableType: "product" as const,
      sellableId: a,
      name: "A",
      quantity,
      priceCents: 0,
    });
    await createOrder(db, user.id, { status: "paid", lines: [line(2)] });
    const dispatched = await createOrder(db, user.id, { status: "paid", lines: [line(5)] });
    await db
      .updateTable("orders")
      .set({ dispatchedAt: new Date().toISOString() })
      .where("id", "=", dispatched.id)
      .execute();
    await createOrder(db, user.id, { status: "unpaid", lines: [line(4)] });
    await createOrder(db, user.id, { status: "cancelled", lines: [line(6)] });
    // an order invoiced again: only its latest invoice counts
    const again = await createOrder(db, user.id, { status: "paid", lines: [line(7)] });
    const { id: invoiceId } = await db
      .insertInto("invoices")
      .values({
        orderId: again.id,
        subtotalCents: 0,
        discountedCents: 0,
        totalCents: 0,
        createdAt: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("invoiceLines")
      .values({
        invoiceId,
        sellableType: "product",
        sellableId: a,
        name: "A",
        quantity: 1,
        priceCents: 0,
        taxable: 0,
        gstCents: 0,
      })
      .execute();
    const row = (await stockProducts()).find((p) => p.id === a)!;
    expect(row.reserved).toBe(3);
    expect(row.inventory).toBe(10);
  });

  it("a curated line counts the units it names", () => {
    expect(unitsOf("2 x 500g")).toBe(2);
    expect(unitsOf("10 x 180g")).toBe(10);
    expect(unitsOf("1kg")).toBe(1);
    expect(unitsOf("6 pack")).toBe(1);
  });
});

describe("stock: adjustments", () => {
  it("an adjustment moves the stock, writes its row and an audit entry, and moves the content version", async () => {
    const a = await product("cut", 4);
    const staff = await staffClient("owner");
    const before = await readContentVersion();
    const key = randomUUID();
    const res = await call(
      stockRoute.action,
      postRequest("/admin/catalogue/stock", staff, {
        productId: String(a),
        key,
        reason: "received",
        change: "12",
        note: "Tuesday's delivery",
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/catalogue/stock?done=${a}#status`);
    const p = await db
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", a)
      .executeTakeFirstOrThrow();
    expect(p.inventory).toBe(16);
    const rows = await db
      .selectFrom("stockAdjustments")
      .selectAll()
      .where("productId", "=", a)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      delta: 12,
      inventoryBefore: 4,
      inventoryAfter: 16,
      reason: "received",
      note: "Tuesday's delivery",
      staffUserId: staff.userId,
      requestKey: key,
    });
    const audit = await db
      .selectFrom("auditEntries")
      .selectAll()
      .where("action", "=", "stock.adjust")
      .where("entityId", "=", String(a))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffUserId: staff.userId, entityType: "product" });
    expect(JSON.parse(audit[0].before!)).toEqual({ inventory: 4 });
    expect(JSON.parse(audit[0].after!)).toMatchObject({
      inventory: 16,
      change: 12,
      reason: "received",
    });
    expect(await readContentVersion()).not.toBe(before);

    // the page shows the new figure and the adjustment
    const page = await call(
      stockRoute.loader,
      getRequest(`/admin/catalogue/stock?done=${a}`, staff),
    );
    expect(page.status).toBe(200);
    const data = page.body as {
      rows: { id: number; inventory: number }[];
      done: string;
      adjustments: { productName: string }[];
    };
    expect(data.rows.find((r) => r.id === a)?.inventory).toBe(16);
    expect(data.done).toMatch(/16 free to sell/);
    expect(data.adjustments[0].productName).toMatch(/^Stock test/);
  });

  it("never below zero, never on bad input; nothing written then", async () => {
    const a = await product("addon", 2);
    const staff = await staffClient("owner");
    const refused = async (fields: Record<string, string>, status: number, message: RegExp) => {
      const res = await call(
        stockRoute.action,
        postRequest("/admin/catalogue/stock", staff, {
          productId: String(a),
          key: randomUUID(),
          ...fields,
        }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      const refusal = refusalOf(res.body);
      expect(refusal.message).toMatch(message);
      return refusal;
    };
    const kept = await refused(
      { reason: "damaged", change: "-3", note: "fell" },
      409,
      /below zero/,
    );
    expect(kept.values).toMatchObject({ change: "-3", note: "fell" });
    await refused({ reason: "received", change: "-1" }, 400, /positive/);
    await refused({ reason: "damaged", change: "4" }, 400, /negative/);
    await refused({ reason: "other", change: "1" }, 400, /note/);
    await refused({ reason: "stocktake", change: "0" }, 400, /whole number/);
    await refused({ reason: "stocktake", change: "1.5" }, 400, /whole number/);
    await refused({ reason: "nonsense", change: "1" }, 400, /reason/);
    const untracked = await product("cut", null);
    const res = await call(
      stockRoute.action,
      postRequest("/admin/catalogue/stock", staff, {
        productId: String(untracked),
        key: randomUUID(),
        reason: "received",
        change: "5",
      }),
    );
    expect(res.status).toBe(409);
    const p = await db
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", a)
      .executeTakeFirstOrThrow();
    expect(p.inventory).toBe(2);
    expect(
      await db
        .selectFrom("stockAdjustments")
        .select("id")
        .where("productId", "in", [a, untracked])
        .execute(),
    ).toEqual([]);
  });

  it("the same form pressed twice, one after the other or at once, adjusts once", async () => {
    const a = await product("cut", 10);
    const owner = await createStaff(db, { role: "owner" });
    const staff = { id: owner.id, role: "owner" as const, ip: "127.0.0.1" };
    const input = {
      productId: a,
      key: randomUUID(),
      reason: "stocktake" as const,
      change: -4,
      note: null,
    };
    const [one, two] = await Promise.all([adjustStock(staff, input), adjustStock(staff, input)]);
    expect([one.ok, two.ok]).toEqual([true, true]);
    const third = await adjustStock(staff, input);
    expect(third).toMatchObject({ ok: true, duplicate: true, inventory: 6 });
    const p = await db
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", a)
      .executeTakeFirstOrThrow();
    expect(p.inventory).toBe(6);
    expect(
      await db.selectFrom("stockAdjustments").select("id").where("productId", "=", a).execute(),
    ).toHaveLength(1);
    expect(
      await db
        .selectFrom("auditEntries")
        .select("id")
        .where("action", "=", "stock.adjust")
        .where("entityId", "=", String(a))
        .execute(),
    ).toHaveLength(1);
    // two different forms at once both count
    const [x, y] = await Promise.all([
      adjustStock(staff, { ...input, key: randomUUID(), change: -1 }),
      adjustStock(staff, { ...input, key: randomUUID(), change: -1 }),
    ]);
    expect([x.ok, y.ok]).toEqual([true, true]);
    const after = await db
      .selectFrom("products")
      .select("inventory")
      .where("id", "=", a)
      .executeTakeFirstOrThrow();
    expect(after.inventory).toBe(4);
  });

  it("only the catalogue permission opens the page", async () => {
    for (const role of ["support", "packer", "editor"] as const) {
      const client = await staffClient(role);
      const res = await call(stockRoute.loader, getRequest("/admin/catalogue/stock", client));
      expect(res.status, role).not.toBe(200);
    }
  });
});
