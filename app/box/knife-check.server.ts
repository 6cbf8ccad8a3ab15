// Which products are knives: a box that gains one needs the age check (SPEC §5, §6).
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";

export async function productsAreKnives(
  ids: number[],
  executor: Kysely<DB> = db,
): Promise<boolean> {
  if (!ids.length) return false;
  const row = await executor
    .selectFrom("products")
    .select("id")
    .where("id", "in", ids)
    .where("isKnife", "=", 1)
    .executeTakeFirst();
  return Boolean(row);
}
