// The price history (issue 37, decision 055): every change of a box size's or a product's price is
// a row (before, after, when, by whom), written in the transaction of the change. It decides what a
// renewal costs: a delivery whose reminder went out before a change keeps the price the reminder
// stated; every later one pays the price of the day. Rows are only inserted.
import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db/schema";

export type Sellable = { type: "package" | "product"; id: number };

export async function recordPriceChange(
  trx: Kysely<DB> | Transaction<DB>,
  staffUserId: number | null,
  change: Sellable & { oldCents: number; newCents: number },
  now: Date,
): Promise<void> {
  if (change.oldCents === change.newCents) return;
  await trx
    .insertInto("priceChanges")
    .values({
      sellableType: change.type,
      sellableId: change.id,
      oldCents: change.oldCents,
      newCents: change.newCents,
      changedAt: now.toISOString(),
      staffUserId,
    })
    .execute();
}

/**
 * Each sellable's price as it was at `at` (ISO): the old price of the first change after that
 * instant, or its price now when nothing changed since. Keyed "package:12", "product:7".
 */
export async function pricesAt(
  db: Kysely<DB>,
  items: (Sellable & { currentCents: number })[],
  at: string,
): Promise<Map<string, number>> {
  const out = new Map(items.map((i) => [`${i.type}:${i.id}`, i.currentCents]));
  if (!items.length) return out;
  const later = await db
    .selectFrom("priceChanges")
    .select(["sellableType", "sellableId", "oldCents", "changedAt", "id"])
    .where("changedAt", ">", at)
    .where((eb) =>
      eb.or(
        items.map((i) => eb.and([eb("sellableType", "=", i.type), eb("sellableId", "=", i.id)])),
      ),
    )
    .orderBy("changedAt", "desc")
    .orderBy("id", "desc")
    .execute();
  // newest first, so the last one written for a key is the first change after `at`
  for (const c of later) out.set(`${c.sellableType}:${c.sellableId}`, c.oldCents);
  return out;
}

/** A sellable's changes, newest first (the product and box pages show them). */
export async function priceHistory(db: Kysely<DB>, s: Sellable, limit = 20) {
  return db
    .selectFrom("priceChanges")
    .leftJoin("users", "users.id", "priceChanges.staffUserId")
    .select([
      "priceChanges.id",
      "priceChanges.oldCents",
      "priceChanges.newCents",
      "priceChanges.changedAt",
      "users.firstName as staffName",
    ])
    .where("priceChanges.sellableType", "=", s.type)
    .where("priceChanges.sellableId", "=", s.id)
    .orderBy("priceChanges.changedAt", "desc")
    .orderBy("priceChanges.id", "desc")
    .limit(limit)
    .execute();
}
