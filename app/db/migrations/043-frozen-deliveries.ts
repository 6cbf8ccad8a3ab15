// The stock forecast's subscriptions (decision 083): it reads only those whose deliveries take
// something, among them any with a planned delivery whose box was frozen at its cut-off.
//   deliveries_frozen_idx   (subscription_id, delivery_date) where box_at_cutoff is not null:
//                           a partial index of the few deliveries with a frozen box, so that test is
//                           a look-up among them rather than a read of every scheduled delivery
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("deliveries_frozen_idx")
    .ifNotExists()
    .on("deliveries")
    .columns(["subscription_id", "delivery_date"])
    .where(sql.ref("box_at_cutoff"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("deliveries_frozen_idx").ifExists().execute();
}
