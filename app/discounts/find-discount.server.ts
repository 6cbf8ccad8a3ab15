// Reads a discount code with its items and excluded regions, as the quote and the claim see it.
// Its own module so that the claim (discount-use.server.ts) and the quote import it without a cycle.
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { inDates, type DiscountTerms, type FoundDiscount } from "./discount-rules";

export async function findDiscount(
  code: string | null | undefined,
  executor: Kysely<DB> = db,
  at = new Date(),
): Promise<FoundDiscount | null> {
  const clean = (code ?? "").trim().toUpperCase();
  if (!clean || clean.length > 40) return null;
  const row = await executor
    .selectFrom("discounts")
    .selectAll()
    .where("code", "=", clean)
    .executeTakeFirst();
  if (!row) return null;
  const [items, excludedRegions] = await Promise.all([
    executor
      .selectFrom("discountItems as di")
      .innerJoin("products as p", "p.id", "di.productId")
      .select(["di.productId", "p.name", "p.priceCents", "di.choice", "di.itemOrder", "di.minimum"])
      .where("di.discountId", "=", row.id)
      .orderBy("di.id")
      .execute(),
    executor
      .selectFrom("discountExcludedRegions as x")
      .innerJoin("deliveryRegions as r", "r.id", "x.regionId")
      .select(["r.id", "r.name"])
      .where("x.discountId", "=", row.id)
      .orderBy("r.sortOrder")
      .execute(),
  ]);
  const terms: DiscountTerms = {
    id: row.id,
    active: row.usable === 1,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    recurring: row.recurring === 1,
    deliveries: row.deliveries,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    usesCount: row.usesCount,
    excludedRegions,
  };
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    usable: terms.active && inDates(terms, at),
    chooseItems: row.chooseItems === 1,
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      priceCents: i.priceCents,
      choice: i.choice === 1,
      itemOrder: i.itemOrder,
      minimum: i.minimum,
    })),
    terms,
  };
}
