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
import { sydneyToday } from "~/subscriptions/schedule";
import { forecast, type ForecastRow, type StockProduct } from "./forecast";
import { deliveryNeeds } from "./needs.server";
import type { StockAdjustInput } from "./stock-schema";

export { deliveryNeeds };

/**
 * Units of each product held by paid box orders not yet dispatched (their latest invoice's lines).
 * The lines are joined on each order's latest invoice id, one look-up of (order_id, id) an order;
 * joining the invoices and then testing each against that look-up read the index twice.
 */
export async function reservedByProduct(executor: Kysely<DB> = db): Promise<Map<number, number>> {
  const rows = await executor
    .selectFrom("orders as o")
    .innerJoin("invoiceLines as l", (join) =>
      join.on((eb) =>
        eb(
          "l.invoiceId",
          "=",
          eb
            .selectFrom("invoices as i")
            .select((e) => e.fn.max("i.id").as("m"))
            .whereRef("i.orderId", "=", "o.id"),
        ),
      ),
    )
    .select(["l.sellableId", (eb) => eb.fn.sum<number | string>("l.quantity").as("units")])
    // literals, not parameters: they match orders_undispatched_idx's predicate (migration 042), so
    // only the orders still to go out are read (a planner cannot match a parameter to it)
    .where("o.status", "=", sql.lit("paid"))
    .where("o.kind", "=", sql.lit("box"))
    .where("o.dispatchedAt", "is", null)
    .where("l.sellableType", "in", ["product", "addon"])
    .where("l.sellableId", "is not", null)
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

type Adjuster = Pick<Staff, "id" | "role" | "ip">;

/** The stock moved by a conditional update that never takes it below zero: the figure after, else the refusal. */
async function moveStock(
  trx: Kysely<DB>,
  product: { id: number; name: string },
  change: number,
): Promise<number | AdjustOutcome> {
  const moved = await trx
    .updateTable("products")
    .set((eb) => ({ inventory: eb("inventory", "+", change) }))
    .where("id", "=", product.id)
    .where("inventory", "is not", null)
    .where((eb) => eb(eb("inventory", "+", change), ">=", 0))
    .returning("inventory")
    .executeTakeFirst();
  if (moved && moved.inventory !== null) return moved.inventory;
  const left = await trx
    .selectFrom("products")
    .select("inventory")
    .where("id", "=", product.id)
    .executeTakeFirst();
  return {
    ok: false,
    status: 409,
    message: `Stock cannot go below zero: ${product.name} has ${left?.inventory ?? 0}, so at most ${left?.inventory ?? 0} can be removed.`,
  };
}

/** The adjustment's row (its key unique: AlreadyDone when another press took it), its audit entry and the content version. */
async function recordAdjustment(
  trx: Kysely<DB>,
  staff: Adjuster,
  input: StockAdjustInput,
  figures: { productId: number; before: number; after: number },
  now: Date,
) {
  const { before, after } = figures;
  const inserted = await trx
    .insertInto("stockAdjustments")
    .values({
      productId: figures.productId,
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
  const change = { change: input.change, reason: input.reason };
  await writeAudit(
    trx,
    staff,
    {
      action: "stock.adjust",
      entityType: "product",
      entityId: figures.productId,
      before: { inventory: before },
      after: { inventory: after, ...change, ...(input.note ? { note: input.note } : {}) },
    },
    now,
  );
  await bumpContentVersion(trx);
}

/** One adjustment inside its transaction. */
async function adjustOnce(
  trx: Kysely<DB>,
  staff: Adjuster,
  input: StockAdjustInput,
  now: Date,
): Promise<AdjustOutcome> {
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
  const after = await moveStock(trx, product, input.change);
  if (typeof after !== "number") return after;
  const figures = { productId: product.id, before: after - input.change, after };
  await recordAdjustment(trx, staff, input, figures, now);
  return { ok: true, duplicate: false, inventory: after };
}

/**
 * Adjusts a product's stock exactly once per form key: the stock moves by a conditional update that
 * never takes it below zero, the adjustment row (its key unique) and the audit entry are written in
 * the same transaction, and the content version moves (the shop lists what is in stock). A second
 * press with the same key changes nothing and answers as the first did.
 */
export async function adjustStock(
  staff: Adjuster,
  input: StockAdjustInput,
  now = new Date(),
): Promise<AdjustOutcome> {
  try {
    return await db.transaction().execute((trx) => adjustOnce(trx, staff, input, now));
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
