// Stock in the back office (issue 37): each product's stock, what paid orders not yet dispatched
// hold, the forecast of the next 4 weeks of deliveries, and adjustments with a reason, each a row
// and an audit entry in one transaction (docs/decisions/059-stock-forecast.md).
//
// What "reserved" means here: checkout and renewals take stock out of products.inventory when an
// order is placed or a renewal is charged (app/checkout/place-order.server.ts,
// app/subscriptions/renewals.server.ts); it comes back only if the payment fails or the order is
// cancelled. So `inventory` is what is free to sell, and the units of paid orders not yet
// dispatched are on the shelf but spoken for: on hand = inventory + reserved.
import { sql, type Kysely } from "kysely";
import { writeAudit } from "~/admin/audit.server";
import type { Staff } from "~/staff/staff-session.server";
import { bumpContentVersion } from "~/content/content-version.server";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { scheduleOf } from "~/subscriptions/deliveries.server";
import { nextDeliveryDate, sydneyToday } from "~/subscriptions/schedule";
import {
  FORECAST_WEEKS,
  addDays,
  forecast,
  unitsOf,
  type ForecastRow,
  type Need,
  type StockProduct,
} from "./forecast";
import type { StockAdjustInput } from "./stock-schema";

/** Units of each product held by paid box orders not yet dispatched (their latest invoice's lines). */
export async function reservedByProduct(executor: Kysely<DB> = db): Promise<Map<number, number>> {
  const rows = await executor
    .selectFrom("invoiceLines as l")
    .innerJoin("invoices as i", "i.id", "l.invoiceId")
    .innerJoin("orders as o", "o.id", "i.orderId")
    .select(["l.sellableId", (eb) => eb.fn.sum<number | string>("l.quantity").as("units")])
    .where("o.status", "=", "paid")
    .where("o.kind", "=", "box")
    .where("o.dispatchedAt", "is", null)
    .where("l.sellableType", "in", ["product", "addon"])
    .where("l.sellableId", "is not", null)
    .where((eb) =>
      eb(
        "i.id",
        "=",
        eb
          .selectFrom("invoices as i2")
          .select((e) => e.fn.max("i2.id").as("m"))
          .whereRef("i2.orderId", "=", "o.id"),
      ),
    )
    .groupBy("l.sellableId")
    .execute();
  return new Map(rows.map((r) => [Number(r.sellableId), Number(r.units)]));
}

export async function stockProducts(executor: Kysely<DB> = db): Promise<StockProduct[]> {
  const [rows, reserved] = await Promise.all([
    executor
      .selectFrom("products")
      .select(["id", "name", "kind", "inventory"])
      .where("active", "=", 1)
      .orderBy("kind")
      .orderBy("name")
      .orderBy("id")
      .execute(),
    reservedByProduct(executor),
  ]);
  return rows.map((r) => ({ ...r, reserved: reserved.get(r.id) ?? 0 }));
}

/**
 * What the active subscriptions' deliveries from `today` through the forecast's last day will take:
 * planned delivery rows still `scheduled` (not skipped, paused, or already ordered, whose stock is
 * reserved), then the dates the subscription's rhythm brings after its last planned one. Each
 * delivery takes the subscription's cuts and recurring add-ons; a curated box without chosen cuts
 * takes its month's contents where a line names a product.
 */
export async function deliveryNeeds(
  today: string,
  weeks = FORECAST_WEEKS,
  executor: Kysely<DB> = db,
): Promise<Need[]> {
  const last = addDays(today, 7 * weeks - 1);
  const subs = await executor
    .selectFrom("subscriptions")
    .select(["id", "packageId", "frequencyDays", "regionId", "deliveryDate"])
    .where("status", "=", "active")
    .where("packageId", "is not", null)
    .execute();
  if (subs.length === 0) return [];
  const activeIds = () =>
    executor.selectFrom("subscriptions").select("id").where("status", "=", "active");
  const [rows, ends, ordered, items, addons, products, packages] = await Promise.all([
    executor
      .selectFrom("deliveries")
      .select(["subscriptionId", "deliveryDate", "status"])
      .where("deliveryDate", ">=", today)
      .where("deliveryDate", "<=", last)
      .where("subscriptionId", "in", activeIds())
      .execute(),
    executor
      .selectFrom("deliveries")
      .select(["subscriptionId", (eb) => eb.fn.max("deliveryDate").as("end")])
      .where("subscriptionId", "in", activeIds())
      .groupBy("subscriptionId")
      .execute(),
    executor
      .selectFrom("orders")
      .select(["subscriptionId", "deliveryDate"])
      .where("subscriptionId", "is not", null)
      .where("deliveryDate", ">=", today)
      .where("status", "in", ["unpaid", "paid"])
      .where("subscriptionId", "in", activeIds())
      .execute(),
    executor
      .selectFrom("subscriptionItems")
      .select(["subscriptionId", "productId", "quantity"])
      .where("subscriptionId", "in", activeIds())
      .execute(),
    executor
      .selectFrom("subscriptionAddons")
      .select(["subscriptionId", "productId", "quantity"])
      .where("subscriptionId", "in", activeIds())
      .execute(),
    executor.selectFrom("products").select(["id", "name"]).execute(),
    executor.selectFrom("packages").select(["id", "kind"]).execute(),
  ]);
  const contents = await executor
    .selectFrom("packageContents")
    .select(["packageId", "month", "item", "quantity"])
    .where("month", "<=", last.slice(0, 7))
    .orderBy("month", "desc")
    .execute();

  const group = <T extends { subscriptionId: number | null }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of list) {
      if (r.subscriptionId === null) continue;
      const list = map.get(r.subscriptionId);
      if (list) list.push(r);
      else map.set(r.subscriptionId, [r]);
    }
    return map;
  };
  const rowsBySub = group(rows);
  const endBySub = new Map(ends.map((e) => [e.subscriptionId, String(e.end)]));
  const orderedSet = new Set(ordered.map((o) => `${o.subscriptionId}:${o.deliveryDate}`));
  const itemsBySub = group(items);
  const addonsBySub = group(addons);
  const productByName = new Map(products.map((p) => [p.name.trim().toLowerCase(), p.id]));
  const kindOf = new Map(packages.map((p) => [p.id, p.kind]));
  /** a package's contents for a delivery month: the latest month on or before it */
  const contentsFor = (packageId: number, month: string) => {
    const mine = contents.filter((c) => c.packageId === packageId && c.month <= month);
    const latest = mine[0]?.month;
    return mine.filter((c) => c.month === latest);
  };

  const needs: Need[] = [];
  for (const sub of subs) {
    const dates: string[] = [];
    const planned = rowsBySub.get(sub.id) ?? [];
    for (const r of planned) if (r.status === "scheduled") dates.push(r.deliveryDate);
    // the subscription's next date with neither a planned row nor an order of its own (not yet planned)
    const known = new Set(planned.map((r) => r.deliveryDate));
    if (
      sub.deliveryDate &&
      sub.deliveryDate >= today &&
      sub.deliveryDate <= last &&
      !known.has(sub.deliveryDate) &&
      !orderedSet.has(`${sub.id}:${sub.deliveryDate}`)
    )
      dates.push(sub.deliveryDate);
    // after the last planned delivery, the rhythm goes on
    const anchor = [endBySub.get(sub.id), sub.deliveryDate]
      .filter((d): d is string => !!d)
      .sort()
      .at(-1);
    if (anchor && sub.frequencyDays) {
      const schedule = await scheduleOf(sub.regionId);
      let d = anchor;
      for (let i = 0; i < 60; i++) {
        d = nextDeliveryDate(schedule, d, sub.frequencyDays);
        if (d > last) break;
        if (d >= today) dates.push(d);
      }
    }
    if (dates.length === 0) continue;

    const chosen = itemsBySub.get(sub.id) ?? [];
    for (const date of dates) {
      for (const i of chosen) needs.push({ productId: i.productId, date, quantity: i.quantity });
      for (const a of addonsBySub.get(sub.id) ?? [])
        needs.push({ productId: a.productId, date, quantity: a.quantity });
      if (chosen.length === 0 && sub.packageId && kindOf.get(sub.packageId) === "curated") {
        for (const c of contentsFor(sub.packageId, date.slice(0, 7))) {
          const productId = productByName.get(c.item.trim().toLowerCase());
          if (productId) needs.push({ productId, date, quantity: unitsOf(c.quantity) });
        }
      }
    }
  }
  return needs;
}

export type StockAdjustmentView = {
  id: number;
  productName: string;
  delta: number;
  inventoryBefore: number;
  inventoryAfter: number;
  reason: string;
  note: string | null;
  staffName: string;
  createdAt: string;
};

export async function recentAdjustments(limit = 20): Promise<StockAdjustmentView[]> {
  return db
    .selectFrom("stockAdjustments as a")
    .innerJoin("products as p", "p.id", "a.productId")
    .innerJoin("users as u", "u.id", "a.staffUserId")
    .select([
      "a.id",
      "p.name as productName",
      "a.delta",
      "a.inventoryBefore",
      "a.inventoryAfter",
      "a.reason",
      "a.note",
      sql<string>`coalesce(u.first_name, u.email)`.as("staffName"),
      "a.createdAt",
    ])
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}

/** Everything the stock page shows. */
export async function stockOverview(now = new Date()): Promise<{
  today: string;
  rows: ForecastRow[];
  adjustments: StockAdjustmentView[];
}> {
  const today = sydneyToday(now);
  const [products, needs, adjustments] = await Promise.all([
    stockProducts(),
    deliveryNeeds(today),
    recentAdjustments(),
  ]);
  return { today, rows: forecast(today, products, needs), adjustments };
}

export type AdjustOutcome =
  | { ok: true; duplicate: boolean; inventory: number | null }
  | { ok: false; status: number; message: string };

class AlreadyDone extends Error {}

/**
 * Adjusts a product's stock exactly once per form key: the stock moves by a conditional update that
 * never takes it below zero, the adjustment row (its key unique) and the audit entry are written in
 * the same transaction, and the content version moves (the shop lists what is in stock). A second
 * press with the same key changes nothing and answers as the first did.
 */
export async function adjustStock(
  staff: Pick<Staff, "id" | "role" | "ip">,
  input: StockAdjustInput,
  now = new Date(),
): Promise<AdjustOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const seen = await trx
        .selectFrom("stockAdjustments")
        .select(["inventoryAfter", "productId"])
        .where("requestKey", "=", input.key)
        .executeTakeFirst();
      if (seen) throw new AlreadyDone();
      const product = await trx
        .selectFrom("products")
        .select(["id", "name", "inventory"])
        .where("id", "=", input.productId)
        .executeTakeFirst();
      if (!product) return { ok: false, status: 404, message: "This product no longer exists." };
      if (product.inventory === null)
        return {
          ok: false,
          status: 409,
          message: `${product.name} is not tracked (unlimited stock): set its stock on the product first.`,
        };
      const moved = await trx
        .updateTable("products")
        .set((eb) => ({ inventory: eb("inventory", "+", input.change) }))
        .where("id", "=", input.productId)
        .where("inventory", "is not", null)
        .where((eb) => eb(eb("inventory", "+", input.change), ">=", 0))
        .returning("inventory")
        .executeTakeFirst();
      if (!moved || moved.inventory === null) {
        const left = await trx
          .selectFrom("products")
          .select("inventory")
          .where("id", "=", input.productId)
          .executeTakeFirst();
        return {
          ok: false,
          status: 409,
          message: `Stock cannot go below zero: ${product.name} has ${left?.inventory ?? 0}, so at most ${left?.inventory ?? 0} can be removed.`,
        };
      }
      const after = moved.inventory;
      const before = after - input.change;
      const inserted = await trx
        .insertInto("stockAdjustments")
        .values({
          productId: product.id,
          delta: input.change,
          inventoryBefore: before,
          inventoryAfter: after,
          reason: input.reason,
          note: input.note,
          staffUserId: staff.id,
          requestKey: input.key,
          createdAt: now.toISOString(),
        })
        .onConflict((oc) => oc.column("requestKey").doNothing())
        .returning("id")
        .executeTakeFirst();
      // the same form pressed twice at once: the other press adjusted; this one undoes itself
      if (!inserted) throw new AlreadyDone();
      await writeAudit(
        trx,
        staff,
        {
          action: "stock.adjust",
          entityType: "product",
          entityId: product.id,
          before: { inventory: before },
          after: {
            inventory: after,
            change: input.change,
            reason: input.reason,
            ...(input.note ? { note: input.note } : {}),
          },
        },
        now,
      );
      await bumpContentVersion(trx);
      return { ok: true, duplicate: false, inventory: after };
    });
  } catch (error) {
    if (!(error instanceof AlreadyDone)) throw error;
    const done = await db
      .selectFrom("stockAdjustments")
      .innerJoin("products", "products.id", "stockAdjustments.productId")
      .select("products.inventory")
      .where("requestKey", "=", input.key)
      .executeTakeFirst();
    return { ok: true, duplicate: true, inventory: done?.inventory ?? null };
  }
}
