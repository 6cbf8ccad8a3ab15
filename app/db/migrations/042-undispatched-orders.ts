// The stock forecast's "reserved" figure (decision 080): the paid box orders not yet dispatched,
// whose latest invoice's product and add-on lines hold stock.
//   orders_undispatched_idx   (id) where status = 'paid' and kind = 'box' and dispatched_at is null:
//                             a partial index, so the page reads only the orders still to go out
//                             (a fortnight's) rather than scanning every order the shop ever took
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("orders_undispatched_idx")
    .ifNotExists()
    .on("orders")
    .column("id")
    .where(sql.ref("status"), "=", "paid")
    .where(sql.ref("kind"), "=", "box")
    .where(sql.ref("dispatched_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("orders_undispatched_idx").ifExists().execute();
}
